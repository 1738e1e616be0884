package org.colony.tests.agents;

import org.colony.Agent;
import org.colony.Attribute;
import org.colony.Step;

/** A lean agent (one int attribute) for tests of population size and memory. */
public class Mote extends Agent<Patch> {

    @Attribute
    int energy;

    /** Every mote whose id is not a multiple of {@code keep} dies. */
    @Step
    void cull(int keep) {
        if (id() % keep != 0) {
            kill();
        }
    }

    /** Asks for {@code n} children. */
    @Step
    void breed(int n) {
        spawn(n);
    }

    /** Asks for {@code n} children twice. */
    @Step
    void breedTwice(int n) {
        spawn(n);
        spawn(n);
    }

    /** Counts a visit on its place. */
    @Step
    void visit() {
        place().visits++;
    }

    /** Remembers how many motes share its place. */
    @Step
    void crowd() {
        energy = agentCountHere(Mote.class);
    }
}
