package org.colony.tests.lang;

import org.colony.Attribute;
import org.colony.Place;
import org.colony.Step;

/** A 1-D rod whose two ends exchange values (a step that acts on the ends only). */
public class EndsRod extends Place {

    @Attribute
    long v;

    /** The first place takes its right neighbour's value, the last its left neighbour's. */
    @Step
    void exchange() {
        if (onBoundary()) {
            EndsRod from = x() == 0 ? neighbor(1) : neighbor(-1);
            v = from.v * 3 + 1;
        }
    }
}
