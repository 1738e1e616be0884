package org.colony.tests.lang;

import org.colony.Attribute;
import org.colony.Place;
import org.colony.Step;

/** A 3-D box whose faces copy the values of the places one step inward: a step that acts on the boundary only. */
public class FaceCube extends Place {

    @Attribute
    float v;

    /** Each boundary place takes its inward neighbour's value plus one. */
    @Step
    void pull() {
        if (!onBoundary()) {
            return;
        }
        int dx = x() == 0 ? 1 : x() == size(0) - 1 ? -1 : 0;
        int dy = y() == 0 ? 1 : y() == size(1) - 1 ? -1 : 0;
        int dz = z() == 0 ? 1 : z() == size(2) - 1 ? -1 : 0;
        FaceCube in = neighbor(dx, dy, dz);
        v = in.v + 1;
    }
}
