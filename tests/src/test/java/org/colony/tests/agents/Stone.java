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
}
