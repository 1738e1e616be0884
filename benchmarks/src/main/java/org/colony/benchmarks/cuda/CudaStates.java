package org.colony.benchmarks.cuda;

import org.colony.benchmarks.state.IterationModel;
import org.colony.benchmarks.state.ShotSimulation;
import org.colony.benchmarks.state.TrialModel;
import org.colony.runtime.Simulation;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;

/**
 * The states Colony's CUDA model benchmarks extend: simulations on the CUDA backend, a running grid spread over
 * {@code devices} GPUs. A benchmark's own state adds its sizes (and the steps of {@code total}). Without a usable
 * GPU opening a simulation stops with the backend's one-line reason.
 */
public final class CudaStates {

    private CudaStates() {
    }

    /** A model kept for the trial, its grid spread over {@code devices} GPUs. */
    @State(Scope.Benchmark)
    public abstract static class Running<M> extends TrialModel<M> {
        /** GPUs the grid is spread over, one partition each (several where the machine has them). */
        @Param({"1"})
        int devices;

        @Override
        protected final Simulation open() {
            return Gpu.simulation(devices);
        }
    }

    /** A fresh model for every measured iteration, on one GPU. */
    @State(Scope.Benchmark)
    public abstract static class Fresh<M> extends IterationModel<M> {
        @Override
        protected final Simulation open() {
            return Gpu.simulation();
        }
    }

    /** The simulations of single-shot runs, on one GPU. */
    @State(Scope.Benchmark)
    public abstract static class Shot extends ShotSimulation {
        @Override
        public final Simulation open() {
            return Gpu.simulation();
        }
    }
}
