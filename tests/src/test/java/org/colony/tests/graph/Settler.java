package org.colony.tests.graph;

import org.colony.Agent;
import org.colony.Attribute;
import org.colony.Step;

/** A test agent that vertex steps create ({@link Town#settle}): it stays a few days and walks one road a day. */
public class Settler extends Agent<Town> {

    @Attribute
    int days;

    /**
     * Stays {@code stay} days, then leaves; walks meanwhile to its town's last neighbour with no less food, no smaller
     * degree and an id not 3 modulo 7 (an agent reads a neighbouring vertex's degree and id).
     */
    @Step
    public void live(int stay) {
        days++;
        if (days > stay) {
            kill();
            return;
        }
        for (Town n : placeNeighbors()) {
            if (n.food >= place().food && n.degree() >= placeDegree() && n.index() % 7 != 3) {
                moveTo(n);
            }
        }
    }
}
