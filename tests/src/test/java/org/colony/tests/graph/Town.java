package org.colony.tests.graph;

import org.colony.Attribute;
import org.colony.Step;
import org.colony.Vertex;

/**
 * A test vertex model with agents on it ({@link Rover}): food that grows with the vertex's degree and is trodden by
 * the rovers, visits counted and the rovers' energy summed by iterating them.
 */
public class Town extends Vertex<Town> {

    @Attribute
    int food;

    /** Rovers' steps on the town since it last grew: written by the rovers, summed. */
    @Attribute
    int trodden;

    @Attribute
    long visits;

    @Attribute
    double wealth;

    /** Grows food, less what the rovers trod; counts and weighs the rovers here. */
    @Step
    public void grow(int most) {
        food = Math.max(0, Math.min(most, food + 1 + degree() % 3) - trodden);
        trodden = 0;
        visits += agentCount(Rover.class);
        double w = 0;
        for (Rover r : agents(Rover.class)) {
            w = w * 0.5 + r.energy;
        }
        wealth = w;
    }

    /** A settler comes to a town without rovers or settlers whose food is full. */
    @Step
    public void settle(int most) {
        if (food >= most && agentCount(Rover.class) == 0 && agentCount(Settler.class) == 0) {
            spawn(Settler.class, 1);
        }
    }
}
