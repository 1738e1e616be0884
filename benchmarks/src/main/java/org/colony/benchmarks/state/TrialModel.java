package org.colony.benchmarks.state;

import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.TearDown;

/**
 * A model that keeps running from one measured call to the next: made at the trial's set-up and closed after the
 * trial.
 *
 * @param <M> the model
 */
public abstract class TrialModel<M> extends SimulationModel<M> {

    /** Opens the simulation and creates the model. */
    @Setup(Level.Trial)
    public final void setUp() {
        start();
    }

    /** Closes the simulation. */
    @TearDown(Level.Trial)
    public final void tearDown() {
        close();
    }
}
