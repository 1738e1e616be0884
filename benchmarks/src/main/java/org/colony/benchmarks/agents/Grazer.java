package org.colony.benchmarks.agents;

import org.colony.Agent;
import org.colony.Attribute;
import org.colony.Step;

/**
 * An agent of {@link GrazingBenchmark}, one step per measured kind of work: a sum written to the place, a plain
 * write (at most one grazer per place) and a read of the 81 places around it.
 */
public class Grazer extends Agent<Pasture> {

    @Attribute
    double appetite;

    @Attribute
    double seen;

    /** A grazer; the runtime makes them. */
    public Grazer() {
    }

    /** An appetite from 0.25 to 1. */
    @Step
    public void init() {
        appetite = 0.25 + 0.75 * uniform();
    }

    /** Eats from its place: {@code place().food -= appetite}, a sum. */
    @Step
    public void graze() {
        place().food -= appetite;
    }

    /** Marks its place with a plain write. */
    @Step
    public void claim() {
        place().mark = (int) id();
    }

    /** Sums the food of the 9 x 9 places around it (places off the grid count as none). */
    @Step(reach = 4)
    public void scan() {
        double sum = 0;
        for (int dy = -4; dy <= 4; dy++) {
            for (int dx = -4; dx <= 4; dx++) {
                if (hasNeighborPlace(dx, dy)) {
                    sum += neighborPlace(dx, dy).food;
                }
            }
        }
        seen = sum;
    }
}
