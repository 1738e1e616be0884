package org.colony.tests.cuda;

import org.colony.Attribute;
import org.colony.Place;
import org.colony.Step;

/**
 * A place with an attribute of every type and an array attribute, whose step reads a neighbour (so its columns are
 * stored with a halo): the columns of the device histogram tests.
 */
public class BinCell extends Place {

    @Attribute
    double v;

    @Attribute
    float f;

    @Attribute
    long big;

    @Attribute
    int n;

    @Attribute
    short s;

    @Attribute
    byte b;

    @Attribute
    boolean flag;

    @Attribute(length = 2)
    double[] h;

    /** Takes the value of the cell east of it, inside the grid. */
    @Step
    void shift() {
        if (!onBoundary()) {
            BinCell east = neighbor(1, 0);
            v = east.v;
        }
    }
}
