package org.colony.benchmarks.cuda;

import org.colony.Attribute;
import org.colony.Step;
import org.colony.Vertex;

/** A vertex that takes the weighted mean of its neighbours' values every step: every row walked whole each step. */
public class Averager extends Vertex<Averager> {

    @Attribute
    double value;

    /** Starts at a value from the vertex's draw. */
    @Step
    public void seed() {
        value = uniform();
    }

    /** Moves halfway to the mean of the neighbours' values. */
    @Step
    public void average() {
        double sum = 0;
        for (Averager n : neighbors()) {
            sum += weight(n) * n.value;
        }
        if (degree() > 0) {
            value = 0.5 * value + 0.5 * sum / degree();
        }
    }
}
