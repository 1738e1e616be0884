package org.colony.tests.lang;

import org.colony.Attribute;
import org.colony.Place;
import org.colony.Shared;
import org.colony.Step;

/** Shared scalars and a shared array, set from the driver and read in a step; works on any grid. */
public class SharedCell extends Place {

    @Shared
    double scale;

    @Shared(length = 3)
    int[] weights;

    @Shared
    long offset;

    @Shared
    boolean enabled;

    @Attribute
    double v;

    @Attribute
    long w;

    @Step
    public void apply() {
        if (!enabled) {
            return;
        }
        v = v * scale + weights[x() % 3];
        w = offset + weights[0] + weights[1] * weights[2];
        for (int k : weights) {
            w += k;
        }
    }
}
