package org.colony.tests.lang;

import org.colony.Attribute;
import org.colony.Place;
import org.colony.Step;

/** A model that names no dimension beyond x, so it runs on 1-, 2- and 3-D grids. */
public class AnyCell extends Place {

    @Attribute
    long idx;

    @Attribute
    boolean edge;

    @Attribute
    int c0;

    @Step
    void locate() {
        idx = index();
        edge = onBoundary();
        c0 = coord(0) + size(0) * 1000;
    }
}
