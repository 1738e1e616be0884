package org.colony.examples.life;

import org.colony.Attribute;
import org.colony.Place;
import org.colony.Step;

/** A cell of Conway's Game of Life (B3/S23); cells outside the grid are dead. */
public class LifeCell extends Place {

    @Attribute
    boolean alive;

    /** Makes the cell alive with the given probability. */
    @Step
    public void seed(double density) {
        alive = uniform() < density;
    }

    /** Applies B3/S23 to the eight neighbours as they were before the step. */
    @Step
    public void update() {
        LifeCell nw = neighbor(-1, -1), n = neighbor(0, -1), ne = neighbor(1, -1);
        LifeCell w = neighbor(-1, 0), e = neighbor(1, 0);
        LifeCell sw = neighbor(-1, 1), s = neighbor(0, 1), se = neighbor(1, 1);
        int count = (nw.alive ? 1 : 0) + (n.alive ? 1 : 0) + (ne.alive ? 1 : 0) + (w.alive ? 1 : 0)
                + (e.alive ? 1 : 0) + (sw.alive ? 1 : 0) + (s.alive ? 1 : 0) + (se.alive ? 1 : 0);
        alive = count == 3 || (alive && count == 2);
    }

    /** Whether the cell is alive, for counting. */
    @Step
    public boolean isAlive() {
        return alive;
    }
}
