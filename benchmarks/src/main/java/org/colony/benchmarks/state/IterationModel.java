package org.colony.benchmarks.state;

import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.TearDown;

/**
 * A fresh model for every measured iteration, for models that change as they run (SugarScape's ants starve), so
 * that each batch measures the same first ticks: made at each iteration's set-up and closed after the iteration.
 *
 * @param <M> the model
 */
public abstract class IterationModel<M> extends SimulationModel<M> {

    /** Opens the simulation and creates the model. */
    @Setup(Level.Iteration)
    public final void setUp() {
        start();
    }

    /** Closes the simulation. */
    @TearDown(Level.Iteration)
    public final void tearDown() {
        close();
    }
}
