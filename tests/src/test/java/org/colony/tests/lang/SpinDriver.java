package org.colony.tests.lang;

import org.colony.runtime.Config;
import org.colony.runtime.Places;
import org.colony.runtime.Simulation;
import org.colony.runtime.grid.Grid;

/** A driver whose step never ends, run in a process of its own by {@link WatchdogTest}: {@code --step-timeout=D}. */
public final class SpinDriver {

    private SpinDriver() {
    }

    /** Creates a simulation from {@code args}, calls {@link SpinCell#spin} once, and prints "returned" if it does. */
    public static void main(String[] args) {
        try (Simulation sim = Simulation.create(Config.fromArgs(args))) {
            Places<SpinCell> cells = sim.places(SpinCell.class, Grid.of(4));
            cells.callAll(SpinCell::divide, 1);
            cells.callAll(SpinCell::spin, 1);
            System.out.println("returned");
        }
    }
}
