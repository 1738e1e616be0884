package org.colony.tests.agents;

import org.colony.Agent;
import org.colony.Attribute;
import org.colony.Step;

/**
 * An agent that writes the agents of its class on neighbouring places (and on its own): sums, minima, maxima and
 * kills, one cell and two cells away, combined whatever the writers' order and applied as the step ends.
 */
public class Tagger extends Agent<Field> {

    /** What the writers put in: {@link #heat} and {@link #tally} sum, {@link #low} and {@link #cool} take minima. */
    @Attribute
    int weight;

    @Attribute
    double shade;

    /** Whether a heavier neighbour kills this tagger in {@link #touch}. */
    @Attribute
    boolean doomed;

    @Attribute
    int heat;

    @Attribute
    long low;

    @Attribute
    double high;

    @Attribute
    long tally;

    @Attribute
    float cool;

    /**
     * Touches the taggers on the eight places around it and on its own (itself excepted): adds its weight to their
     * heat, takes their low down to a key of its id and the offset, where their heat (before the step) is positive,
     * raises their high to its shade times the row offset, and kills the doomed ones lighter than itself.
     */
    @Step(reach = 1)
    void touch() {
        for (int dy = -1; dy <= 1; dy++) {
            for (int dx = -1; dx <= 1; dx++) {
                if (dx == 0 && dy == 0) {
                    continue;
                }
                for (Tagger t : agentsAt(Tagger.class, dx, dy)) {
                    t.heat += weight;
                    if (t.heat > 0) {
                        t.low = Math.min(t.low, id() * 8 + dx + 3 * dy + 4);
                    }
                    t.high = Math.max(t.high, shade * dy);
                    if (t.doomed && t.weight < weight) {
                        t.kill();
                    }
                }
            }
        }
        for (Tagger t : agentsHere(Tagger.class)) {
            if (t.id() != id()) {
                t.heat -= 1;
            }
        }
    }

    /**
     * Reaches two cells away along three fixed offsets: takes 3 times its weight off their tally, lowers their cool
     * to its shade, and kills the doomed ones two cells to the left.
     */
    @Step
    void reach() {
        for (Tagger t : agentsAt(Tagger.class, 2, 1)) {
            t.tally -= 3L * weight;
            t.cool = Math.min(t.cool, (float) shade);
        }
        for (Tagger t : agentsAt(Tagger.class, -2, 0)) {
            t.tally -= 3L * weight;
            t.cool = Math.min(t.cool, (float) shade);
            if (t.doomed) {
                t.kill();
            }
        }
        for (Tagger t : agentsAt(Tagger.class, 0, -2)) {
            t.tally--;
        }
    }

    /** Writes itself: what it would write on a neighbour, so that its own writes and others' meet on one value. */
    @Step
    void warm() {
        heat += 2 * weight;
        tally += heat;
    }
}
