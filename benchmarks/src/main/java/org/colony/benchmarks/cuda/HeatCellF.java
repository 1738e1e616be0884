package org.colony.benchmarks.cuda;

import org.colony.Attribute;
import org.colony.Place;
import org.colony.Step;

/**
 * Heat2D in single precision, for the GPU benchmarks: the example's whole tick ({@code HeatCell.tick}) in
 * {@code float}, and its interior update alone ({@link #diffuse}), the stencil that the hand-written
 * reference kernels and the scaling runs time.
 */
public class HeatCellF extends Place {

    @Attribute
    float temp;

    /**
     * One tick of the plate, as {@code HeatCell.tick}: interior cells diffuse, edge cells copy their inner
     * neighbour and corners their diagonal inner neighbour, and while {@code heating} the middle third of the
     * top row takes {@code heat}.
     *
     * @param r the diffusion coefficient
     * @param heat the heater's temperature
     * @param heating whether the heater is on
     */
    @Step
    public void tick(float r, float heat, boolean heating) {
        int side = size(0);
        if (!onBoundary()) {
            HeatCellF e = neighbor(1, 0), w = neighbor(-1, 0), n = neighbor(0, -1), s = neighbor(0, 1);
            temp = temp + r * (e.temp - 2 * temp + w.temp) + r * (s.temp - 2 * temp + n.temp);
        } else if (heating && y() == 0 && x() >= side / 3 && x() < 2 * side / 3) {
            temp = heat;
        } else {
            int dx = x() == 0 ? 1 : (x() == side - 1 ? -1 : 0);
            int dy = y() == 0 ? 1 : (y() == size(1) - 1 ? -1 : 0);
            HeatCellF inner = neighbor(dx, dy);
            temp = inner.temp;
        }
    }

    /**
     * The interior update alone: one explicit Euler step of the heat equation on interior cells, edges left
     * as they are (not a tick of the model).
     *
     * @param r the diffusion coefficient
     */
    @Step
    public void diffuse(float r) {
        if (onBoundary()) {
            return;
        }
        HeatCellF e = neighbor(1, 0), w = neighbor(-1, 0), n = neighbor(0, -1), s = neighbor(0, 1);
        temp = temp + r * (e.temp - 2 * temp + w.temp) + r * (s.temp - 2 * temp + n.temp);
    }
}
