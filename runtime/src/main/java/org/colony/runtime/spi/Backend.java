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

    @Override
    void close();
}
