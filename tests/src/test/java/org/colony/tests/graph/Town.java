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

    /**
     * Grows food (faster next to a town with more), less what the rovers trod; counts and weighs the rovers here. It
     * reads its neighbours, so partitions may run it split, interior towns while the ghosts travel.
     */
    @Step
    public void grow(int most) {
        int richer = 0;
        for (Town n : neighbors()) {
            richer += n.food > food ? 1 : 0;
        }
        food = Math.max(0, Math.min(most, food + 1 + degree() % 3 + richer / 2) - trodden);
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

    /** Vertex {@code at} asks for {@code n} settlers. */
    @Step
    public void summon(long at, int n) {
        if (index() == at) {
            spawn(Settler.class, n);
        }
    }
}
