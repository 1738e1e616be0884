package org.colony.benchmarks.cuda;

import org.colony.Attribute;
import org.colony.Place;
import org.colony.Step;

/** Heat2D's diffusion in single precision, for the GPU benchmarks. */
public class HeatCellF extends Place {

    @Attribute
    float temp;

    /** One explicit Euler step of the heat equation on interior cells. */
    @Step
    public void diffuse(float r) {
        if (onBoundary()) {
            return;
        }
        HeatCellF e = neighbor(1, 0), w = neighbor(-1, 0), n = neighbor(0, -1), s = neighbor(0, 1);
        temp = temp + r * (e.temp - 2 * temp + w.temp) + r * (s.temp - 2 * temp + n.temp);
    }
}
