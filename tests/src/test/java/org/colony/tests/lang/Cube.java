package org.colony.tests.lang;

import org.colony.Attribute;
import org.colony.Place;
import org.colony.Step;

/** A 3-D block diffusing heat with the 7-point stencil; cells outside are absent. */
public class Cube extends Place {

    @Attribute
    double u;

    @Step
    void diffuse(double r) {
        Cube xm = neighbor(-1, 0, 0), xp = neighbor(1, 0, 0);
        Cube ym = neighbor(0, -1, 0), yp = neighbor(0, 1, 0);
        Cube zm = neighbor(0, 0, -1), zp = neighbor(0, 0, 1);
        u = u + r * (xm.u + xp.u + ym.u + yp.u + zm.u + zp.u - 6 * u);
    }
}
