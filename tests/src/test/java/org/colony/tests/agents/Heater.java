package org.colony.tests.agents;

import org.colony.Agent;
import org.colony.Attribute;
import org.colony.Step;

/** An agent of another class that warms the grazers on its place: float and double sums into another collection. */
public class Heater extends Agent<Pasture> {

    @Attribute
    float heat;

    /** Adds its heat to the warmth of every grazer here, and a hundredth of it to their energy. */
    @Step
    void warm() {
        for (Grazer g : agentsHere(Grazer.class)) {
            g.warmth += heat;
            g.energy += heat * 0.01;
        }
    }
}
