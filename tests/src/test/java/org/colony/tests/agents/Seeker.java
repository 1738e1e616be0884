package org.colony.tests.agents;

import org.colony.Agent;
import org.colony.Attribute;
import org.colony.Priority;
import org.colony.Step;

/**
 * A test agent that moves to the best free place within two cells (the place's {@code dsum}), larger seekers first;
 * those refused try their next choice ({@link #reseek}), as in StupidModel's bugs.
 */
public class Seeker extends Agent<Field> {

    /** Larger seekers win contested places. */
    @Priority
    @Attribute
    double size;

    /** Whether the last round asked to move, and from where: a seeker still there was refused. */
    @Attribute
    boolean asked;

    @Attribute
    int fromX;

    @Attribute
    int fromY;

    /** Asks for the best free place within two cells, if there is one. */
    @Step(reach = 2)
    void seek() {
        pick();
    }

    /** Asks again where the last request was refused; otherwise asks nothing. */
    @Step(reach = 2)
    void reseek() {
        if (asked && x() == fromX && y() == fromY) {
            pick();
        } else {
            asked = false;
        }
    }

    private void pick() {
        double best = 0;
        boolean found = false;
        int bx = 0;
        int by = 0;
        for (int dy = -2; dy <= 2; dy++) {
            for (int dx = -2; dx <= 2; dx++) {
                if ((dx != 0 || dy != 0) && hasNeighborPlace(dx, dy) && agentCountAt(Seeker.class, dx, dy) == 0) {
                    double v = neighborPlace(dx, dy).dsum;
                    if (!found || v > best) {
                        best = v;
                        bx = dx;
                        by = dy;
                        found = true;
                    }
                }
            }
        }
        if (found) {
            asked = true;
            fromX = x();
            fromY = y();
            migrate(bx, by);
        } else {
            asked = false;
        }
    }
}
