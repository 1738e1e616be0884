package org.colony.runtime.spi;

import org.colony.ColonyException;
import org.colony.runtime.graph.Graph;
import org.colony.runtime.grid.Grid;

/**
 * The state of one Places collection on a backend. Arrays passed in and out are primitive arrays over the whole
 * grid in global index order.
 */
public interface PlaceStore extends Store {

    /** {@return the grid} */
    Grid grid();

    /**
     * {@return one cell's value of one element of an attribute, boxed}
     *
     * @param attribute the attribute's ordinal in the model
     * @param element the element, 0 for a scalar attribute
     * @param index the global index of the cell
     */
    Object value(int attribute, int element, long index);

    /**
     * Reads a shared attribute into a primitive array.
     *
     * @param index the shared attribute's index in the model
     * @param target a primitive array of the attribute's type, the column's length
     */
    void getShared(int index, Object target);

    /**
     * Widens the halo to at least {@code reach} cells, for agents that read places that far away.
     *
     * @param reach the halo's least width in cells
     */
    void ensureReach(int reach);

    /**
     * Puts the places on the vertices of a graph: the grid is one-dimensional, one place per vertex, and the steps of
     * the model (a {@code Vertex} model) walk the graph's edges. Called once, before any step.
     *
     * @param graph the graph, with as many vertices as the grid has places
     * @throws ColonyException where the backend or the store's partitioning runs no graph models
     */
    default void bindGraph(Graph graph) {
        throw new ColonyException("places on a graph are not supported by " + getClass().getSimpleName());
    }

    /** Waits until the work issued so far is done (a GPU runs calls after they return) and reports its failures. */
    default void synchronize() {
    }

    /**
     * Says that calls are timed from now on, or no longer ({@code Simulation.startProfile} and {@code stopProfile},
     * on every rank at the same call): what the store decided from whether they were (which steps a pass may hold)
     * is decided again. Nothing by default.
     */
    default void profilingChanged() {
    }
}
