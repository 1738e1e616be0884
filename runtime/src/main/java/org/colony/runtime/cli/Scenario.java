package org.colony.runtime.cli;

import java.util.List;
import java.util.Map;
import org.colony.runtime.Agents;
import org.colony.runtime.Places;
import org.colony.runtime.Simulation;

/**
 * A runnable model for the {@code mass} command line: creates its collections at a given size and
 * advances one time step at a time. Found through {@link java.util.ServiceLoader}; register your own in
 * {@code META-INF/services/org.colony.runtime.cli.Scenario} to run it with {@code ./mass run <name>}.
 */
public interface Scenario {

    /** The name {@code mass run} selects it by (lower case, no spaces). */
    String name();

    /** One line saying what it simulates. */
    String description();

    /** The grid size used when {@code --size} is absent. */
    int[] defaultSize();

    /** The number of steps run when {@code --steps} is absent. */
    long defaultSteps();

    /**
     * Creates the model's collections on {@code sim}.
     *
     * @param size the grid size, one value per dimension the scenario declares
     * @param params {@code --param name=value} options, for scenario-specific settings
     */
    void setup(Simulation sim, int[] size, Map<String, String> params);

    /** Runs one time step, ending with {@code sim.step()}. */
    void tick();

    /** The place collections to report on: the first is the one {@code --snapshot} draws. */
    List<Places<?>> collections();

    /** The agent collections to report on; {@code --snapshot} draws them over the places. */
    default List<Agents<?>> agents() {
        return List.of();
    }

    /**
     * A short live status for the progress line (a population, a total), or "". It is asked for at times
     * that depend on the clock, so it must not call steps that draw random numbers.
     */
    default String status() {
        return "";
    }
}
