package org.colony.examples.sugarscape;

import org.colony.Agent;
import org.colony.Attribute;
import org.colony.Step;

/** A SugarScape agent: it moves to the best unoccupied place it sees, eats the sugar there and pollutes. */
public class Ant extends Agent<SugarCell> {

    @Attribute
    int sugar;

    @Attribute
    int metabolism;

    @Attribute
    int vision;

    /** Starting endowment: sugar 1..10, metabolism 1..4, vision 3. */
    @Step
    public void init() {
        sugar = 1 + uniformInt(10);
        metabolism = 1 + uniformInt(4);
        vision = 3;
    }

    /**
     * Looks along the four lattice directions up to {@code vision} cells and asks to move to the unoccupied
     * place with the most sugar per unit of pollution: the nearest on ties, then one chosen at random.
     */
    @Step(reach = 3)
    public void look() {
        double best = -1;
        int bestDistance = 0;
        int ties = 0;
        int toX = 0;
        int toY = 0;
        for (int d = 1; d <= vision; d++) {
            for (int dir = 0; dir < 4; dir++) {
                int dx = dir == 0 ? d : dir == 1 ? -d : 0;
                int dy = dir == 2 ? d : dir == 3 ? -d : 0;
                if (!hasNeighborPlace(dx, dy) || agentCountAt(Ant.class, dx, dy) > 0) {
                    continue;
                }
                SugarCell p = neighborPlace(dx, dy);
                double value = p.sugar / (1 + p.pollution);
                if (value > best) {
                    best = value;
                    bestDistance = d;
                    ties = 1;
                    toX = dx;
                    toY = dy;
                } else if (value == best && d == bestDistance) {
                    ties++;
                    if (uniformInt(ties) == 0) {
                        toX = dx;
                        toY = dy;
                    }
                }
            }
        }
        if (ties > 0) {
            migrate(toX, toY);
        }
    }

    /** Eats the place's sugar, burns its metabolism, pollutes the place; dies when it runs out of sugar. */
    @Step
    public void metabolize() {
        sugar += place().sugar - metabolism;
        place().sugar = 0;
        place().pollution += metabolism;
        if (sugar < 0) {
            kill();
        }
    }
}
