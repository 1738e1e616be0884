package org.colony.tests.agents;

import org.colony.Agent;
import org.colony.Attribute;
import org.colony.Step;

/**
 * An agent that gives a share of its energy to every other grazer on its place: floating-point sums into the agents
 * of {@code agentsHere}, which make the step run place by place, with its own writes, a place write, kills of itself
 * and of others, a child and a move in the same step.
 */
public class Grazer extends Agent<Pasture> {

    @Attribute
    double energy;

    @Attribute
    float warmth;

    /** The move the driver asks for in the next {@link #share}. */
    @Attribute
    int dx;

    @Attribute
    int dy;

    /** Turns back west when more than two grazers are on the place to the east (a reach of 1: a halo to iterate). */
    @Step(reach = 1)
    void crowd() {
        if (agentCountAt(Grazer.class, 1, 0) > 2) {
            dx = -1;
        }
    }

    /**
     * Gives every other grazer here {@code energy / 8 / n} (and takes a quarter of it back, a second contribution)
     * and a little warmth, keeps the rest, and lives on: dies below 0.3, breeds above 2, kills the others here that
     * are hotter than 40 when it is the hottest, and asks to move by {@code (dx, dy)}.
     */
    @Step
    void share() {
        int n = agentCountHere(Grazer.class);
        double part = energy * 0.125 / n;
        for (Grazer g : agentsHere(Grazer.class)) {
            if (g.id() != id()) {
                g.energy += part;
                g.warmth += (float) (part * 0.5) + 0.1f;
                g.energy -= part * 0.25;
                if (g.warmth > 40 && warmth > g.warmth) {
                    g.kill();
                }
            }
        }
        energy = energy - part * 0.75 * (n - 1);
        warmth = warmth * 0.9f;
        place().given += part * (n - 1);
        if (energy < 0.3) {
            kill();
        } else if (energy > 2) {
            energy = energy * 0.5;
            spawn(1);
        }
        migrate(dx, dy);
    }
}
