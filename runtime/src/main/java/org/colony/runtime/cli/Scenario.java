package org.colony.runtime.cli;

import java.util.List;
import java.util.Map;
import org.colony.ColonyException;
import org.colony.runtime.Agents;
import org.colony.runtime.Places;
import org.colony.runtime.Simulation;

/**
 * A runnable model for the {@code mass} command line: creates its collections at a given size and
 * advances one time step at a time. Found through {@link java.util.ServiceLoader}; register your own in
 * {@code META-INF/services/org.colony.runtime.cli.Scenario} to run it with {@code ./mass run <name>}.
 */
public interface Scenario {

    /** {@return the name {@code mass run} selects it by (lower case, no spaces)} */
    String name();

    /** {@return one line saying what it simulates} */
    String description();

    /** {@return the grid size used when {@code --size} is absent} */
    int[] defaultSize();

    /** {@return the number of steps run when {@code --steps} is absent} */
    long defaultSteps();

    /**
     * Creates the model's collections on {@code sim}.
     *
     * @param size the grid size, one value per dimension the scenario declares
     * @param params {@code --param name=value} options, for scenario-specific settings
     * @param sim the simulation to create them on
     */
    void setup(Simulation sim, int[] size, Map<String, String> params);

    /** Runs one time step, ending with {@code sim.step()}. */
    void tick();

    /** {@return the place collections to report on: the first is the one {@code --snapshot} draws} */
    List<Places<?>> collections();

    /** {@return the agent collections to report on; {@code --snapshot} draws them over the places} */
    default List<Agents<?>> agents() {
        return List.of();
    }

    /**
     * {@return the series {@code mass run --record FILE.csv} writes when no {@code --series} is given, each in the
     * form {@code --series} takes ({@code Bug.population}, {@code Bug.size.hist(0:10:10)}); none by default}
     */
    default List<String> series() {
        return List.of();
    }

    /**
     * {@return a short live status for the progress line (a population, a total), or ""} It is asked for at times that
     * depend on the clock, so it must not call steps that draw random numbers.
     */
    default String status() {
        return "";
    }

    /**
     * {@return the scenario's own state that its collections do not hold (a counter its ticks advance, say), saved with
     * every checkpoint {@code mass run --checkpoint-every} writes; none by default} Values are whole numbers, doubles,
     * booleans, strings, {@code long[]}, {@code double[]} or {@code int[]}, as {@link Simulation#checkpoint} takes them.
     */
    default Map<String, ?> checkpointValues() {
        return Map.of();
    }

    /**
     * Takes back the state {@link #checkpointValues} saved, after {@link #setup} and the restore of the collections,
     * when {@code mass run --resume} resumes a checkpoint; by default nothing.
     *
     * @param values the values saved, whole numbers as {@code Long} and floating-point numbers as {@code Double}
     */
    default void resumed(Map<String, Object> values) {
    }

    /**
     * Refuses the {@code --param} options this scenario does not take, for {@link #setup} to call first.
     *
     * @param params the options {@code setup} was given
     * @param names the parameters this scenario takes; none where it takes none
     * @throws ColonyException naming the first option it does not take, and the parameters it does
     */
    default void checkParams(Map<String, String> params, String... names) {
        for (String given : params.keySet()) {
            if (!List.of(names).contains(given)) {
                throw new ColonyException(names.length == 0
                        ? name() + " has no parameters; --param " + given + " is not one"
                        : name() + " has no parameter '" + given + "'; parameters: " + String.join(", ", names));
            }
        }
    }

    /**
     * {@return the whole number given as {@code --param name=N}, or {@code otherwise} where it is absent}
     *
     * @param params the options {@link #setup} was given
     * @param name the parameter
     * @param otherwise its value where it is not given
     * @throws ColonyException where the value is not a whole number
     */
    default int intParam(Map<String, String> params, String name, int otherwise) {
        String value = params.get(name);
        if (value == null) {
            return otherwise;
        }
        try {
            return Integer.parseInt(value);
        } catch (NumberFormatException e) {
            throw new ColonyException("--param " + name + "=" + value + " is not a whole number");
        }
    }

    /**
     * {@return the value of {@code --param name=X}, a number of 0 or more, or {@code otherwise} where it is not given}
     *
     * @param params the parameters given
     * @param name the parameter's name
     * @param otherwise the value where it is not given
     * @throws ColonyException where the value is not a finite number of 0 or more
     */
    default double numberParam(Map<String, String> params, String name, double otherwise) {
        String value = params.get(name);
        if (value == null) {
            return otherwise;
        }
        try {
            double v = Double.parseDouble(value);
            if (v >= 0 && !Double.isInfinite(v)) {
                return v;
            }
        } catch (NumberFormatException e) {
            // refused below
        }
        throw new ColonyException("--param " + name + "=" + value + " is not a number of 0 or more");
    }

    /**
     * {@return whether the model's stop rule holds after the tick just run: the run ends there, before its steps are
     * spent} Called after every tick on every process of a run, so it may be a collective; the default never stops.
     */
    default boolean finished() {
        return false;
    }

    /**
     * {@return the side of a square grid size, for a scenario that runs on N x N places}
     *
     * @param size the grid size {@link #setup} was given, two values
     * @param grid what the scenario calls its grid ("board", "plate"), for the message
     * @throws ColonyException where the two sides differ, naming the size given
     */
    default int squareSide(int[] size, String grid) {
        if (size[0] != size[1]) {
            throw new ColonyException(name() + " runs on a square " + grid + ", not " + size[0] + "x" + size[1]
                    + "; give --size N");
        }
        return size[0];
    }
}
