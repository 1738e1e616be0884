package org.colony.examples.epidemic;

import org.colony.runtime.Places;
import org.colony.runtime.Simulation;
import org.colony.runtime.grid.Grid;

/**
 * The Epidemic driver: an N x N grid of {@link EpidemicCell}s seeded once (contact rates around {@link #BETA},
 * outbreaks in one cell of {@link #OUTBREAKS}), then one {@code spread} call per tick.
 */
public final class Epidemic {

    /** The mean contact rate per day. */
    public static final double BETA = 0.4;
    /** The spread of log contact rates (their standard deviation). */
    public static final double SPREAD = 0.25;
    /** The share of cells where an outbreak starts. */
    public static final double OUTBREAKS = 1e-4;
    /** Days per tick. */
    public static final double DT = 0.1;
    /** The recovery rate per day. */
    public static final double GAMMA = 0.1;
    /** The share of contacts made in the four neighbouring cells. */
    public static final double MOBILITY = 0.2;

    private final Simulation sim;
    private final Places<EpidemicCell> grid;

    /** Creates and seeds the grid. */
    public Epidemic(Simulation sim, int n) {
        this.sim = sim;
        this.grid = sim.places(EpidemicCell.class, Grid.of(n, n));
        grid.callAll(EpidemicCell::seed, BETA, SPREAD, OUTBREAKS);
    }

    /** Runs one tick. */
    public void tick() {
        grid.callAll(EpidemicCell::spread, DT, GAMMA, MOBILITY);
        sim.step();
    }

    /** The grid. */
    public Places<EpidemicCell> grid() {
        return grid;
    }
}
