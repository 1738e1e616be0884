package org.colony.tests.graph;

import org.colony.Agent;
import org.colony.Attribute;
import org.colony.Priority;
import org.colony.Step;

/**
 * A test agent on a graph that uses every move and life-cycle intent a graph allows: it treads its town, eats, dies
 * when starved, splits when strong, calls a settler to a bare town now and then, jumps to a town drawn among all now and then, and otherwise walks to the
 * neighbouring town with the most food (the first by id on a tie). Stronger rovers win contested towns.
 */
public class Rover extends Agent<Town> {

    @Priority
    @Attribute
    double energy;

    @Attribute
    int age;

    /** What the other rovers on its town gave it: a floating-point sum from agent steps (added in their id order). */
    @Attribute
    double gifts;

    /** One day of a rover's life. */
    @Step
    public void roam(int towns, double jump) {
        age++;
        place().trodden++;
        for (Rover r : agentsHere(Rover.class)) {
            if (r.id() != id()) {
                r.gifts += energy * 0.125; // the step runs town by town, each town's rovers in id order
            }
        }
        energy += place().food > 2 ? 1.5 : -1.0;
        if (energy <= 0) {
            kill();
            return;
        }
        if (energy > 9) {
            energy = energy / 2;
            spawn(1);
        }
        if (age % 9 == 4 && place().food == 0) {
            spawn(Settler.class, 1); // an agent of another class, on its place
        }
        if (uniform() < jump) {
            moveTo(uniformInt(towns));
            return;
        }
        int most = -1;
        for (Town n : placeNeighbors()) {
            most = Math.max(most, n.food);
        }
        for (Town n : placeNeighbors()) {
            if (n.food == most) {
                moveTo(n);
                break;
            }
        }
    }
}
