package org.colony.examples.heat;

import org.colony.Attribute;
import org.colony.Place;
import org.colony.Step;

/**
 * A cell of the Heat2D plate (forward-Euler heat diffusion, the MASS benchmark). One step is the whole tick,
 * in the order the MASS CUDA 2026 thesis corrected the MASS course's to: every cell computes its next value
 * from the plate as it was before the step.
 */
public class HeatCell extends Place {

    @Attribute
    double temp;

    /**
     * One tick of the plate. Interior cells take one explicit Euler step of the heat equation; edge cells
     * copy their inner neighbour, and corners their diagonal inner neighbour, as it was before the step;
     * while {@code heating}, the middle third of the top row ({@code size/3 <= x < 2*size/3}, y = 0) takes
     * {@code heat} instead.
     *
     * @param r the diffusion coefficient a * dt / dd^2
     * @param heat the heater's temperature
     * @param heating whether the heater is on
     */
    @Step
    public void tick(double r, double heat, boolean heating) {
        int side = size(0);
        if (!onBoundary()) {
            HeatCell e = neighbor(1, 0), w = neighbor(-1, 0), n = neighbor(0, -1), s = neighbor(0, 1);
            temp = temp + r * (e.temp - 2 * temp + w.temp) + r * (s.temp - 2 * temp + n.temp);
        } else if (heating && y() == 0 && x() >= side / 3 && x() < 2 * side / 3) {
            temp = heat;
        } else {
            int dx = x() == 0 ? 1 : (x() == side - 1 ? -1 : 0);
            int dy = y() == 0 ? 1 : (y() == size(1) - 1 ? -1 : 0);
            HeatCell inner = neighbor(dx, dy);
            temp = inner.temp;
        }
    }
}
