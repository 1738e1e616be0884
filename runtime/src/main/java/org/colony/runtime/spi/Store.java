package org.colony.runtime.spi;

import org.colony.kernel.Call;
import org.colony.kernel.ModelInfo;
import org.colony.runtime.reduce.Bins;
import org.colony.runtime.reduce.Extremes;
import org.colony.runtime.reduce.Reduction;

/**
 * What the stores of places and agents share: the state of one collection on a backend, and the operations the
 * runtime asks of either. Arrays in and out hold one value per instance in the collection's order (global index
 * order for places, id order for agents).
 */
public interface Store extends AutoCloseable {

    /** {@return the model} */
    ModelInfo model();

    /**
     * Runs a step on every instance.
     *
     * @param call the call to run
     */
    void call(Call call);

    /**
     * {@return the global place of every agent of iterated class {@code slot} that the last step asked for ({@code
     * spawn(T.class, n)}): an instance's place {@code n} times, instances in their order}
     *
     * @param slot the agent class's index among the model's iterated agent classes
     * @throws org.colony.ColonyException naming the first instance that asked for a negative number
     */
    default long[] takeCreated(int slot) {
        throw new UnsupportedOperationException(model().modelClass().getSimpleName() + " asks for no agents");
    }

    /**
     * Runs a predicate step on every instance and counts where it is true.
     *
     * @param call the call to run
     * @return the instances where it returned true
     */
    long count(Call call);

    /**
     * Copies one element column of an attribute into {@code target}.
     *
     * @param attribute the attribute's ordinal in the model
     * @param element the element, 0 for a scalar attribute
     * @param target a primitive array of the attribute's type, the column's length
     */
    void read(int attribute, int element, Object target);

    /**
     * Copies {@code source} into one element column of an attribute.
     *
     * @param attribute the attribute's ordinal in the model
     * @param element the element, 0 for a scalar attribute
     * @param source a primitive array of the attribute's type, the column's length
     */
    void write(int attribute, int element, Object source);

    /**
     * Reduces one element column of an attribute.
     *
     * @param attribute the attribute's ordinal in the model
     * @param element the element, 0 for a scalar attribute
     * @return sum, minimum and maximum
     */
    Reduction reduce(int attribute, int element);

    /**
     * Reduces one element column of an attribute to its least and greatest values and their count, without the sum:
     * a backend whose columns live on a device offers it so that only the extremes leave the device. The default
     * takes them from {@link #reduce}.
     *
     * @param attribute the attribute's ordinal in the model
     * @param element the element, 0 for a scalar attribute
     * @return what {@code Extremes.of(reduce(attribute, element))} gives, up to the bits of a NaN
     */
    default Extremes extremes(int attribute, int element) {
        return Extremes.of(reduce(attribute, element));
    }

    /**
     * Counts the values of one element column of an attribute into {@code bins} where the column lives, with {@link
     * Bins#bin}'s arithmetic, so the counts are those {@link Bins#count} gives for the column {@link #read} copies
     * out. A backend whose columns live on a device offers it so that only the counts leave the device; the default
     * offers nothing ({@code null}), and the caller reads the column and counts it on the host.
     *
     * @param attribute the attribute's ordinal in the model
     * @param element the element, 0 for a scalar attribute
     * @param bins the bins
     * @return the bins' counts, then below, above and NaN ({@link Bins#counts()} of them); {@code null} where the
     *     store does not count where the column lives
     */
    default long[] histogram(int attribute, int element, Bins bins) {
        return null;
    }

    /**
     * Sets a shared attribute from a primitive array (length 1 for scalars).
     *
     * @param index the global index of the cell
     * @param values the values
     */
    void setShared(int index, Object values);

    /**
     * Binds the agent collection that slot {@code slot} of the model's iterated agent classes refers to (created
     * by the same backend; for an agent model possibly this one).
     *
     * @param agents the agents' storage
     * @param slot the agent class's index among the model's iterated agent classes
     */
    void bindAgents(int slot, AgentStore agents);

    /** {@return bytes of memory the collection holds} */
    long bytes();

    @Override
    void close();
}
