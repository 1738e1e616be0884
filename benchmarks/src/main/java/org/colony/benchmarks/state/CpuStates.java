package org.colony.benchmarks.state;

import org.colony.runtime.Config;
import org.colony.runtime.Simulation;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;

/**
 * The states Colony's CPU model benchmarks extend: the thread counts they sweep, and simulations on the CPU backend
 * with that many threads. A benchmark's own state adds its sizes (and the steps of {@code total}).
 */
public final class CpuStates {

    private CpuStates() {
    }

    /** A model kept for the trial, on {@code threads} threads. */
    @State(Scope.Benchmark)
    public abstract static class Running<M> extends TrialModel<M> {
        @Param({"1", "2"})
        int threads;

        @Override
        protected final Simulation open() {
            return onCpu(threads);
        }
    }

    /** A fresh model for every measured iteration, on {@code threads} threads. */
    @State(Scope.Benchmark)
    public abstract static class Fresh<M> extends IterationModel<M> {
        @Param({"1", "2"})
        int threads;

        @Override
        protected final Simulation open() {
            return onCpu(threads);
        }
    }

    /** The simulations of single-shot runs, on {@code threads} threads. */
    @State(Scope.Benchmark)
    public abstract static class Shot extends ShotSimulation {
        @Param({"1", "2"})
        int threads;

        @Override
        public final Simulation open() {
            return onCpu(threads);
        }
    }

    private static Simulation onCpu(int threads) {
        return Simulation.create(Config.defaults().withBackend("cpu").withThreads(threads));
    }
}
