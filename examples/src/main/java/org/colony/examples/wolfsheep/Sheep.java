package org.colony.examples.wolfsheep;

import org.colony.Agent;
import org.colony.Attribute;
import org.colony.Step;

/** A sheep: wanders, eats grass, breeds, starves or is eaten by a wolf. */
public class Sheep extends Agent<GrassCell> {

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

    /**
     * The first sheep on a patch (lowest id) is eaten if a wolf is there, otherwise eats the grass if there
     * is some; then every surviving sheep may breed (halving its energy with its lamb) and starves below zero.
     */
    @Step
    public void act(double gain, double breed) {
        boolean first = true;
        for (Sheep other : agentsHere(Sheep.class)) {
            if (other.id() < id()) {
                first = false;
            }
        }
        if (first && agentCountHere(Wolf.class) > 0) {
            kill();
            return;
        }
        if (first && place().grass) {
            energy += gain;
            place().eaten++;
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
