package org.colony.benchmarks.template;

import org.colony.Attribute;
import org.colony.Place;
import org.colony.Step;

/** The template's model: each cell becomes the mean of itself and its four neighbours. Replace it with yours. */
public class SmoothCell extends Place {

    @Attribute
    float value;

    /** Starts from a random field. */
    @Step
    public void seed() {
        value = (float) uniform();
    }

    /** One smoothing pass (neighbours off the grid count as 0). */
    @Step
    public void smooth() {
        SmoothCell e = neighbor(1, 0), w = neighbor(-1, 0), n = neighbor(0, -1), s = neighbor(0, 1);
        value = (value + e.value + w.value + n.value + s.value) / 5;
    }
}
