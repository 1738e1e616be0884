package org.colony.benchmarks.state;

import org.colony.runtime.Simulation;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.TearDown;

/**
 * The simulations of single-shot runs. {@code init} measures opening a simulation and creating a model, so it
 * {@linkplain #keep keeps} the simulation open past the measured call and this state closes it after the
 * invocation; {@code total} {@linkplain #open opens} its own and closes it within the measure.
 */
public abstract class ShotSimulation {

    private Simulation kept;

    /** A new simulation on the family's backend; the caller closes it. */
    public abstract Simulation open();

    /** A new simulation that stays open past the measured call, closed after the invocation. */
    public final Simulation keep() {
        kept = open();
        return kept;
    }

    /** Closes the simulation the last invocation kept. */
    @TearDown(Level.Invocation)
    public final void close() {
        if (kept != null) {
            kept.close();
            kept = null;
        }
    }
}
