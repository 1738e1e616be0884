package org.colony.examples.heat;

import org.colony.Attribute;
import org.colony.Place;
import org.colony.Step;

/**
 * A cell of the Heat2D plate (forward-Euler heat diffusion, the MASS benchmark). Each tick the driver
 * copies the edges from the inner ring, heats part of the top row, then diffuses the interior.
 */
public class HeatCell extends Place {

    @Attribute
    double temp;

    /** Edge cells take the value of their inner neighbour; corners take their diagonal inner neighbour. */
    @Step
    public void copyEdges() {
        if (!onBoundary()) {
            return;
        }
        int dx = x() == 0 ? 1 : (x() == size(0) - 1 ? -1 : 0);
        int dy = y() == 0 ? 1 : (y() == size(1) - 1 ? -1 : 0);
        HeatCell inner = neighbor(dx, dy);
        temp = inner.temp;
    }

    /** Holds the middle third of the top row at a fixed temperature. */
    @Step
    public void heat(double value) {
        int n = size(0);
        if (y() == 0 && x() >= n / 3 && x() < 2 * n / 3) {
            temp = value;
        }
    }

    /** One explicit Euler step of the heat equation on interior cells. */
    @Step
    public void diffuse(double r) {
        if (onBoundary()) {
            return;
        }
        HeatCell e = neighbor(1, 0), w = neighbor(-1, 0), n = neighbor(0, -1), s = neighbor(0, 1);
        temp = temp + r * (e.temp - 2 * temp + w.temp) + r * (s.temp - 2 * temp + n.temp);
    }
}
