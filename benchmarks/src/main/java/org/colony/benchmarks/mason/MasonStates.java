package org.colony.benchmarks.mason;

import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import sim.engine.SimState;

/**
 * The states the MASON Heat2D and GameOfLife benchmarks extend: the thread counts they sweep (as Colony's CPU
 * benchmarks do), and a model started for the trial. A benchmark's own state adds its sizes (and the steps of
 * {@code total}).
 */
public final class MasonStates {

    private MasonStates() {
    }

    /** A model that keeps running from one measured tick to the next: started for the trial, finished after it. */
    @State(Scope.Benchmark)
    public abstract static class Running<M extends SimState> {
        @Param({"1", "2"})
        int threads;

        M model;

        /** Creates the model (with {@code threads} threads and the state's size); the set-up starts it. */
        protected abstract M create();

        /** Creates and starts the model. */
        @Setup(Level.Trial)
        public final void setUp() {
            model = create();
            model.start();
        }

        /** Finishes the model. */
        @TearDown(Level.Trial)
        public final void tearDown() {
            model.finish();
        }
    }

    /** The thread counts of single-shot runs. */
    @State(Scope.Benchmark)
    public abstract static class Shot {
        @Param({"1", "2"})
        int threads;
    }
}
