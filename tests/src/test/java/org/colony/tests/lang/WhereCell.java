package org.colony.tests.lang;

import org.colony.Attribute;
import org.colony.Place;
import org.colony.Step;

/** Records the place intrinsics of a 2-D grid: index, coordinates, sizes, boundary tests and time. */
public class WhereCell extends Place {

    @Attribute
    long idx;

    @Attribute
    int cx;

    @Attribute
    int cy;

    @Attribute
    int sx;

    @Attribute
    int sy;

    @Attribute
    boolean edge;

    @Attribute
    boolean east;

    @Attribute
    boolean corner;

    @Attribute
    long t;

    @Step
    void locate() {
        idx = index();
        cx = x();
        cy = coord(1);
        sx = size(0);
        sy = size(1);
        edge = onBoundary();
        east = hasNeighbor(1, 0);
        corner = hasNeighbor(-1, -1) && !hasNeighbor(1, 1);
        t = time() * 10 + index() % 7;
    }
}
