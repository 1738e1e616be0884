package org.colony.tests.cuda;

import org.colony.Agent;
import org.colony.Step;

/** An agent that kills the unlucky {@link Hopper}s on its place: deaths asked for by another class's step. */
public class HopHunter extends Agent<HopCell> {

    /** Kills every hopper here whose luck is below a fifth. */
    @Step
    void strike() {
        for (Hopper h : agentsAt(Hopper.class, 0, 0)) {
            if (h.luck < 0.2) {
                h.kill();
            }
        }
    }
}
