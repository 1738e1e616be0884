package org.colony.examples.sugarscape;

import org.colony.Attribute;
import org.colony.Place;
import org.colony.Step;

/** A cell of the SugarScape landscape: sugar that grows back to a capacity, and pollution that spreads. */
public class SugarCell extends Place {

    @Attribute
    int sugar;

    @Attribute
    int maxSugar;

    @Attribute
    double pollution;

    /** Sugar capacity from two peaks at (N/3, N - N/3 - 1) and (N - N/3 - 1, N/3) of radius N/2; full of sugar. */
    @Step
    public void init() {
        int n = size(0);
        double r = n / 2;
        int a = n / 3;
        int b = n - n / 3 - 1;
        maxSugar = Math.max(peak(a, b, r), peak(b, a, r));
        sugar = maxSugar;
        pollution = 0;
    }

    int peak(int px, int py, double r) {
        double dx = x() - px;
        double dy = y() - py;
        double dist = Math.sqrt(dx * dx + dy * dy);
        return dist < r ? (int) (4 + 0.5 - 4 / r * dist) : 0;
    }

    /** Sugar grows back by one up to the capacity; pollution rises by one. */
    @Step
    public void grow() {
        sugar = Math.min(sugar + 1, maxSugar);
        pollution += 1;
    }

    /** Pollution becomes the mean of the four lattice neighbours' (cells off the grid count as 0). */
    @Step
    public void diffuse() {
        SugarCell e = neighbor(1, 0), w = neighbor(-1, 0), s = neighbor(0, 1), n = neighbor(0, -1);
        pollution = (e.pollution + w.pollution + s.pollution + n.pollution) / 4;
    }
}
