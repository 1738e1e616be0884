package org.colony.tests.lang;

import org.colony.Attribute;
import org.colony.Place;
import org.colony.Step;

/** A 1-D rod diffusing heat explicitly; cells beyond the ends are absent, so they read as 0. */
public class Rod extends Place {

    @Attribute
    double u;

    @Step
    void diffuse(double r) {
        Rod left = neighbor(-1);
        Rod right = neighbor(1);
        u = u + r * (left.u - 2 * u + right.u);
    }
}
