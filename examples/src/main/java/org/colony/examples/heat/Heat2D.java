package org.colony.examples.heat;

import org.colony.runtime.Places;
import org.colony.runtime.Simulation;
import org.colony.runtime.grid.Grid;

/**
 * The Heat2D driver: an N x N plate at 0.0, heated at 19.0 along the middle third of the top row for
 * the first {@code heatTime} ticks, diffused with r = 0.25 (the MASS benchmark), one call of one step a
 * tick.
 */
public final class Heat2D {

    /** The diffusion coefficient a * dt / dd^2. */
    public static final double R = 0.25;
    /** The temperature of the heated edge. */
    public static final double HEAT = 19.0;

    private final Simulation sim;
    private final Places<HeatCell> plate;
    private final int heatTime;

    /**
     * Creates the plate.
     *
     * @param sim the simulation
     * @param n the plate's side
     * @param heatTime the number of ticks during which the edge is heated
     */
    public Heat2D(Simulation sim, int n, int heatTime) {
        this.sim = sim;
        this.plate = sim.places(HeatCell.class, Grid.of(n, n));
        this.heatTime = heatTime;
    }

    /**
     * Runs one tick, one call of {@link HeatCell#tick} with the heater on while t &lt; heatTime, and advances
     * time.
     */
    public void tick() {
        plate.callAll(HeatCell::tick, R, HEAT, sim.time() < heatTime);
        sim.step();
    }

    /** The plate. */
    public Places<HeatCell> plate() {
        return plate;
    }
}
