package org.colony.examples.life;

import org.colony.runtime.Places;
import org.colony.runtime.Simulation;
import org.colony.runtime.grid.Grid;

/** The GameOfLife driver: an N x N board, each cell alive with probability 0.5 at start. */
public final class GameOfLife {

    /** The probability that a cell is alive at start. */
    public static final double DENSITY = 0.5;

    private final Simulation sim;
    private final Places<LifeCell> board;

    /**
     * Creates and seeds the board.
     *
     * @param sim the simulation (its seed decides the start)
     * @param n the board's side
     */
    public GameOfLife(Simulation sim, int n) {
        this.sim = sim;
        this.board = sim.places(LifeCell.class, Grid.of(n, n));
        board.callAll(LifeCell::seed, DENSITY);
    }

    /** Runs one generation. */
    public void tick() {
        board.callAll(LifeCell::update);
        sim.step();
    }

    /** The number of live cells. */
    public long population() {
        return board.count(LifeCell::isAlive);
    }

    /** The board. */
    public Places<LifeCell> board() {
        return board;
    }
}
