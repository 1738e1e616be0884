package org.colony.tests.agents;

import org.colony.Agent;
import org.colony.Attribute;
import org.colony.Step;

/** An agent of a second class on the same places as walkers; it only sits and weighs. */
public class Stone extends Agent<Field> {

    @Attribute
    int weight;

    /** Grows heavier. */
    @Step
    void grow(int by) {
        weight += by;
    }

    /**
     * Presses on the walkers on its place: takes {@code weight} of their energy (a sum), leaves the lowest stone id in
     * their {@code seen} (a minimum), raises their value to half its weight (a maximum) and kills the doomed ones
     * when it weighs more than 5.
     */
    @Step
    void press() {
        for (Walker w : agentsHere(Walker.class)) {
            w.energy -= weight;
            w.seen = Math.min(w.seen, id());
            w.value = Math.max(w.value, weight * 0.5);
            if (w.doomed && weight > 5) {
                w.kill();
            }
        }
    }
}
