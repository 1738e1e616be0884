package org.colony.examples.stupid;

import org.colony.Agent;
import org.colony.Attribute;
import org.colony.Step;

/**
 * A StupidModel predator: it looks at the eight cells around it in a random rotation and moves to the first that holds
 * a bug (which is then eaten), or to the last it looked at when none does. Any number of predators share a cell.
 */
public class Predator extends Agent<HabitatCell> {

    /** How many of its hunts found a bug. */
    @Attribute
    int hunts;

    /** Hunts: moves next to, onto, a bug where there is one. */
    @Step(reach = 1)
    public void hunt() {
        int start = uniformInt(8);
        boolean found = false;
        int tx = 0;
        int ty = 0;
        for (int i = 0; i < 8 && !found; i++) {
            int k = (start + i) % 8;
            int d = k < 4 ? k : k + 1;
            int dx = d % 3 - 1;
            int dy = d / 3 - 1;
            if (hasNeighborPlace(dx, dy)) {
                tx = dx;
                ty = dy;
                found = agentCountAt(Bug.class, dx, dy) > 0;
            }
        }
        if (found) {
            hunts++;
        }
        migrate(tx, ty);
    }
}
