package org.colony.examples.wolfsheep;

import org.colony.Agent;
import org.colony.Attribute;
import org.colony.Step;

/** A wolf: wanders, eats the first sheep on its patch, breeds, starves. */
public class Wolf extends Agent<GrassCell> {

    @Attribute
    double energy;

    /** Starting energy: a random whole number below twice the gain from food. */
    @Step
    public void init(int gain) {
        energy = uniformInt(2 * gain);
    }

    /** Steps to one of the eight surrounding patches at random, spending one unit of energy. */
    @Step
    public void move() {
        int k = uniformInt(8);
        k = k < 4 ? k : k + 1;
        migrate(k % 3 - 1, k / 3 - 1);
        energy -= 1;
    }

    /** The first wolf on a patch with sheep (lowest id) eats one; then it may breed, and starves below zero. */
    @Step
    public void act(double gain, double breed) {
        boolean first = true;
        for (Wolf other : agentsHere(Wolf.class)) {
            if (other.id() < id()) {
                first = false;
            }
        }
        if (first && agentCountHere(Sheep.class) > 0) {
            energy += gain;
        }
        if (uniform() < breed) {
            energy /= 2;
            spawn(1);
        }
        if (energy < 0) {
            kill();
        }
    }
}
