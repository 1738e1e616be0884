package org.colony.examples.sugarscape;

import org.colony.runtime.Agents;
import org.colony.runtime.Placement;
import org.colony.runtime.Places;
import org.colony.runtime.Simulation;
import org.colony.runtime.agents.ManageReport;
import org.colony.runtime.grid.Grid;

/**
 * The SugarScape driver (the MASS CUDA variant of Epstein and Axtell): an N x N landscape, N*N/5 ants
 * at distinct random places, at most one ant per place.
 */
public final class SugarScape {

    private final Simulation sim;
    private final Places<SugarCell> land;
    private final Agents<Ant> ants;
    private ManageReport moved = ManageReport.none(0);

    /**
     * Creates the landscape and the ants.
     *
     * @param sim the simulation
     * @param n the landscape's side
     */
    public SugarScape(Simulation sim, int n) {
        this.sim = sim;
        this.land = sim.places(SugarCell.class, Grid.of(n, n));
        land.callAll(SugarCell::init);
        this.ants = sim.agents(Ant.class, land, Placement.random((long) n * n / 5).atMost(1), 1);
        ants.callAll(Ant::init);
    }

    /** One tick: grow, diffuse pollution, look, move, metabolize, die. */
    public void tick() {
        land.callAll(SugarCell::grow);
        land.callAll(SugarCell::diffuse);
        ants.callAll(Ant::look);
        moved = ants.manageAll();
        ants.callAll(Ant::metabolize);
        ants.manageAll();
        sim.step();
    }

    /** The landscape. */
    public Places<SugarCell> land() {
        return land;
    }

    /** The ants. */
    public Agents<Ant> ants() {
        return ants;
    }

    /** The report of the last tick's movement. */
    public ManageReport lastMoves() {
        return moved;
    }
}
