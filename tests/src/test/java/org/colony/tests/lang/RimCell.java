package org.colony.tests.lang;

import org.colony.Attribute;
import org.colony.Place;
import org.colony.Step;

/**
 * Values turning clockwise around the rim of a 2-D grid (a step that acts on boundary places only and reads
 * boundary places it also writes), and a blend that changes every place.
 */
public class RimCell extends Place {

    @Attribute
    double v;

    @Attribute
    int turns;

    /** Each boundary place takes the value of the place before it, clockwise along the rim. */
    @Step(reach = 1)
    public void turn() {
        if (!onBoundary()) {
            return;
        }
        int nx = size(0);
        int ny = size(1);
        int dx = 0;
        int dy = 0;
        if (y() == 0 && x() > 0) {
            dx = -1;
        } else if (x() == nx - 1 && y() > 0) {
            dy = -1;
        } else if (y() == ny - 1 && x() < nx - 1) {
            dx = 1;
        } else if (x() == 0 && y() < ny - 1) {
            dy = 1;
        }
        RimCell from = neighbor(dx, dy);
        v = from.v;
        turns++;
    }

    /** Every place mixes with its east and west neighbours. */
    @Step
    public void blend() {
        RimCell e = neighbor(1, 0);
        RimCell w = neighbor(-1, 0);
        v = 0.5 * v + 0.25 * (e.v + w.v);
    }
}
