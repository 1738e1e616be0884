package org.colony.tests.agents;

import org.colony.Agent;
import org.colony.Attribute;
import org.colony.Step;

/** A beetle that hunters next to it bid for ({@link Hunter}); it learns who won in its next step. */
public class Beetle extends Agent<Field> {

    /** The greatest key of the hunters that bid for it (0: none). */
    @Attribute
    long eatenBy;

    /** The id of the hunter that won it, -1 while none did. */
    @Attribute
    long caughtBy;

    /** Learns who won it: the id in the winning key. */
    @Step
    void notice() {
        caughtBy = eatenBy == 0 ? -1 : (eatenBy & 0xFFFFFFFFL) - 1;
    }
}
