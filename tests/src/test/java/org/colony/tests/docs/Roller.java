package org.colony.tests.docs;

import org.colony.Agent;
import org.colony.Attribute;
import org.colony.Step;

/** An agent that draws as {@link Dice} does: its stream is keyed by its id. */
public class Roller extends Agent<Dice> {

    @Attribute
    double u;

    @Attribute
    int face;

    @Attribute
    double g;

    @Step
    public void roll() {
        u = uniform();
        face = uniformInt(6);
        g = normal();
    }
}
