package org.colony.tests.lang;

import org.colony.Attribute;
import org.colony.Place;
import org.colony.Step;

/**
 * Integer division by a neighbour's value, which is never 0 on the grid (every value stays 1 or more), and an array
 * index from a neighbour's value: a run that computed a cell from values it does not have (zeros) would fail where
 * the model cannot.
 */
public class DivideCell extends Place {

    @Attribute
    int v;

    @Attribute(length = 4)
    int[] h;

    /** Sets every value to 1 or more, by place. */
    @Step
    public void init() {
        v = 1 + (x() * 7 + y() * 13) % 11;
        for (int k = 0; k < 4; k++) {
            h[k] = k + x() % 3;
        }
    }

    /** A new value in 1 .. the northern (else the western, else 1) neighbour's, by a remainder of it. */
    @Step
    public void divide() {
        int by = 1;
        if (hasNeighbor(0, -1)) {
            DivideCell n = neighbor(0, -1);
            by = n.v;
        } else if (hasNeighbor(-1, 0)) {
            DivideCell w = neighbor(-1, 0);
            by = w.v;
        }
        v = 1 + (v * 31 + x() + 3 * y()) % by;
    }

    /** Reads the element of the eastern neighbour's history that its value names (1 .. 4, less one). */
    @Step
    public void pick() {
        int ev = v;
        int k = (ev - 1) % 4;
        int eh = h[3 - k];
        if (hasNeighbor(1, 0)) {
            DivideCell e = neighbor(1, 0);
            ev = e.v;
            k = (ev - 1) % 4;
            eh = e.h[3 - k];
        }
        h[k] = h[k] + eh / ev;
    }
}
