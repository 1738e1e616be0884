package org.colony.runtime.spi;

import org.colony.kernel.ModelInfo;
import org.colony.runtime.grid.Grid;
import org.colony.runtime.reduce.Reduction;

/**
 * The state of one Places collection on a backend, and the operations the runtime asks of it.
 * Arrays passed in and out are primitive arrays over the whole grid in global index order.
 */
public interface PlaceStore extends AutoCloseable {

    /** The model. */
    ModelInfo model();

    /** The grid. */
    Grid grid();

    /** Runs a step on every place. */
    void call(int step, Object[] args, long seed, long epoch, long time);

    /** Runs a predicate step on every place and counts where it is true. */
    long count(int step, Object[] args, long seed, long epoch, long time);

    /** Copies one element column of an attribute into {@code target} (length = cells). */
    void read(int attribute, int element, Object target);

    /** Copies {@code source} (length = cells) into one element column of an attribute. */
    void write(int attribute, int element, Object source);

    /** One cell's value of one element of an attribute, boxed. */
    Object value(int attribute, int element, long index);

    /** Sets a shared attribute from a primitive array (length 1 for scalars). */
    void setShared(int index, Object values);

    /** Reads a shared attribute into a primitive array. */
    void getShared(int index, Object target);

    /** Reduces one element column of an attribute. */
    Reduction reduce(int attribute, int element);

    /**
     * Binds the agent collection that slot {@code slot} of the place model's iterated agent classes
     * refers to (created by the same backend).
     */
    void bindAgents(int slot, AgentStore agents);

    /** Widens the halo to at least {@code reach} cells, for agents that read places that far away. */
    void ensureReach(int reach);

    /** Waits until the work issued so far is done (a GPU runs calls after they return) and reports its failures. */
    default void synchronize() {
    }

    /** Bytes of memory the collection holds. */
    long bytes();

    @Override
    void close();
}
