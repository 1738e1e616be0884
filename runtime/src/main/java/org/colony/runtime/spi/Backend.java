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

    /**
     * Starts timing step calls on the device, delivering each call's device time to {@code timings}, or, with
     * null, delivers the timings still pending and stops. Only a backend whose calls return before their work
     * is done (a GPU) needs this: for the others the runtime's wall-clock time on the JVM is the call's time.
     *
     * @return whether this backend times calls on the device
     */
    default boolean timeOnDevice(DeviceTimings timings) {
        return false;
    }

    @Override
    void close();
}
