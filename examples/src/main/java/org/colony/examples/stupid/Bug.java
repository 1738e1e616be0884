package org.colony.examples.stupid;

import org.colony.Agent;
import org.colony.Attribute;
import org.colony.Priority;
import org.colony.Step;

/**
 * A StupidModel bug (Railsback, Lytinen and Grimm, version 16): it moves to the cell with the most food within four
 * cells that no other bug holds (larger bugs first), eats, grows, reproduces at size 10 into offspring placed within
 * three cells, dies at random or when a predator reaches its cell.
 */
public class Bug extends Agent<HabitatCell> {

    /** A bug's size; larger bugs win the cells they contest. */
    @Priority
    @Attribute
    double size;

    /** Whether the bug asked to move in the last round of moves, and from where (a bug still there was refused). */
    @Attribute
    boolean asked;

    @Attribute
    int fromX;

    @Attribute
    int fromY;

    /** An initial size from a normal distribution, none below zero. */
    @Step
    public void init(double mean, double sd) {
        size = Math.max(0.0, mean + sd * normal());
    }

    /** Asks for the best cell within four cells, if it is not the bug's own. */
    @Step(reach = 4)
    public void look() {
        pick();
    }

    /** Where the last round refused the bug's move, asks for its best cell again; otherwise asks nothing. */
    @Step(reach = 4)
    public void relook() {
        if (asked && x() == fromX && y() == fromY) {
            pick();
        } else {
            asked = false;
        }
    }

    /** The cell with the most food within four cells held by no other bug, ties broken at random. */
    private void pick() {
        double best = -1;
        int ties = 0;
        int bx = 0;
        int by = 0;
        for (int dy = -4; dy <= 4; dy++) {
            for (int dx = -4; dx <= 4; dx++) {
                if (!hasNeighborPlace(dx, dy)) {
                    continue;
                }
                double food = neighborPlace(dx, dy).food;
                // (a cell with less food than the best so far is passed over before its bugs are counted)
                if (food >= best && (dx == 0 && dy == 0 || agentCountAt(Bug.class, dx, dy) == 0)) {
                    if (food > best) {
                        best = food;
                        ties = 1;
                        bx = dx;
                        by = dy;
                    } else if (food == best) {
                        ties++;
                        if (uniformInt(ties) == 0) {
                            bx = dx;
                            by = dy;
                        }
                    }
                }
            }
        }
        if (bx != 0 || by != 0) {
            asked = true;
            fromX = x();
            fromY = y();
            migrate(bx, by);
        } else {
            asked = false;
        }
    }

    /** Eats what the cell has, up to its largest meal, and grows by as much. */
    @Step
    public void eat(double maxConsumption) {
        double meal = Math.min(maxConsumption, place().food);
        size += meal;
        place().food -= meal;
    }

    /**
     * At {@code reproduceSize} the bug splits into {@code offspring} bugs of size 0 on cells within three of its own
     * (five tries each for a free cell); otherwise it survives with probability {@code survival}.
     */
    @Step
    public void fate(double survival, double reproduceSize, int offspring) {
        if (size >= reproduceSize) {
            size = 0.0;
            spawnNear(offspring, 3, 5);
            kill();
        } else if (uniform() > survival) {
            kill();
        }
    }

    /** A bug on a cell a predator reached is eaten. */
    @Step
    public void eaten() {
        if (agentCountHere(Predator.class) > 0) {
            kill();
        }
    }
}
