package org.colony.tests.lang;

import org.colony.Attribute;
import org.colony.Place;
import org.colony.Step;

/** Reads z() without calling neighbor: any grid with at least three dimensions serves. */
public class DepthCell extends Place {

    @Attribute
    int depth;

    @Step
    void measure() {
        depth = z() * 100 + y() * 10 + x();
    }
}
