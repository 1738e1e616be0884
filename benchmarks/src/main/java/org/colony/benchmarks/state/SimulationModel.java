package org.colony.benchmarks.state;

import org.colony.runtime.Simulation;

/**
 * A Colony model that a benchmark measures call after call, and the simulation it runs on. A family's state
 * ({@link CpuStates}, {@code CudaStates}) opens the simulation on its backend, the benchmark's own state creates the
 * model on it at its size, and {@link TrialModel} or {@link IterationModel} say when both are made and closed.
 *
 * @param <M> the model (Heat2D, GameOfLife, SugarScape), or the places a kernel benchmark calls
 */
public abstract class SimulationModel<M> {

    private Simulation sim;
    private M model;

    /** Opens the simulation the model runs on. */
    protected abstract Simulation open();

    /** Creates the model on {@code sim}. */
    protected abstract M create(Simulation sim);

    /** Opens the simulation and creates the model on it. */
    final void start() {
        sim = open();
        model = create(sim);
    }

    /** Closes the simulation. */
    final void close() {
        sim.close();
    }

    /** The model the measured calls run. */
    public final M model() {
        return model;
    }

    /** The simulation the model runs on. */
    public final Simulation simulation() {
        return sim;
    }
}
