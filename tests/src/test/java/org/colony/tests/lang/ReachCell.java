package org.colony.tests.lang;

import org.colony.Attribute;
import org.colony.Place;
import org.colony.Step;

/** Neighbour offsets that are not constants, within a declared reach of 2. */
public class ReachCell extends Place {

    @Attribute
    int v;

    @Attribute
    int out;

    @Step(reach = 2)
    public void gather(int d) {
        ReachCell a = neighbor(d, 0);
        ReachCell b = neighbor(0, -d);
        ReachCell c = neighbor(d - 1, d);
        out = a.v + 10 * b.v + 100 * c.v;
    }

    /** The offset depends on the place: -1, 0 or 1 along x. */
    @Step(reach = 2)
    public void wobble() {
        int dx = x() % 3 - 1;
        ReachCell n = neighbor(dx, 0);
        out = n.v;
    }
}
