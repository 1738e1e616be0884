package org.colony.tests.agents;

import org.colony.Agent;
import org.colony.Attribute;
import org.colony.Step;

/** An agent with an array attribute whose step indexes it with its argument: out of range fails the step. */
public class Probe extends Agent<Patch> {

    @Attribute(length = 3)
    int[] seen;

    @Step
    public void record(int slot) {
        int visits = place().visits + 1;
        seen[slot] = visits;
    }
}
