package org.colony.runtime.spi;

import org.colony.runtime.grid.Grid;

/** A backend that a simulation runs on: creates the storage of Places collections. */
public interface Backend extends AutoCloseable {

    /** A short name: {@code cpu}, {@code cuda}. */
    String name();

    /** One line saying what runs the model ({@code cpu: 8 threads}). */
    String description();

    /**
     * Creates the storage of a collection. Checks the memory it needs first and throws
     * {@link org.colony.runtime.ColonyException} with the estimate when it does not fit.
     */
    PlaceStore createPlaces(ModelDescriptor model, Grid grid);

    /**
     * Creates the storage of an agent collection on {@code places} (created by this backend) with agents
     * at the given global place indices, ids 0, 1, ... in that order, all attributes zero.
     *
     * @param capacity the most agents of this collection a place may hold
     */
    AgentStore createAgents(ModelDescriptor model, PlaceStore places, long[] initialPlaces, int capacity);

    @Override
    void close();
}
