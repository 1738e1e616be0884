package org.colony.runtime.spi;

import org.colony.ColonyException;
import org.colony.kernel.Layout;
import org.colony.kernel.ModelDescriptor;
import org.colony.runtime.cluster.Cluster;
import org.colony.runtime.grid.Grid;
import org.colony.runtime.grid.Topology;
import org.colony.runtime.transport.InProcessTransport;
import org.colony.runtime.transport.Transport;

/** A backend that a simulation runs on: creates the storage of Places collections. */
public interface Backend extends AutoCloseable {

    /** {@return a short name: {@code cpu}, {@code cuda}} */
    String name();

    /** {@return one line saying what runs the model ({@code cpu: 8 threads})} */
    String description();

    /**
     * Creates the storage of a collection. Checks the memory it needs first and throws
     * {@link org.colony.ColonyException} with the estimate when it does not fit.
     *
     * @param grid the grid
     * @param model the model's generated descriptor
     * @return the storage, zeroed
     */
    PlaceStore createPlaces(ModelDescriptor model, Grid grid);

    /**
     * Creates the places of one partition of a partitioned grid: a block with the given layout whose halo the
     * runtime fills by exchange. Checks the memory it needs first, like {@link #createPlaces}.
     *
     * @param partition the partition, 0 to the partition count less 1 (a GPU backend puts partition p on its
     *     p-th device)
     * @param grid the grid
     * @param layout where the block's cells live, halo included
     * @param model the model's generated descriptor
     * @return the block's storage, zeroed
     */
    default PlaceBlock createBlock(ModelDescriptor model, Grid grid, Layout layout, int partition) {
        throw new ColonyException("the " + name() + " backend cannot cut a grid into partitions");
    }

    /** {@return how the partitions of this backend's blocks exchange halos and agents} */
    default Transport transport() {
        return new InProcessTransport();
    }

    /**
     * {@return how the partitions of a grid cut into {@code partitions} exchange halos and agents when they are spread
     * over the processes of {@code cluster}: by default the MPI transport over {@link #transport()}, which must move
     * host memory} A backend of device memory says how its buffers travel (NCCL between processes, or staged through
     * the host).
     *
     * @param cluster the processes that run the simulation
     * @param partitions the partitions the grid is cut into
     */
    default Transport transport(Cluster cluster, int partitions) {
        return cluster.transport(transport(), partitions);
    }

    /**
     * Creates the storage of an agent collection on {@code places} (created by this backend) with agents
     * at the given global place indices, ids 0, 1, ... in that order, all attributes zero.
     *
     * @param capacity the most agents of this collection a place may hold
     * @param initialPlaces the global place index of each first agent, in id order
     * @param model the model's generated descriptor
     * @param places the places the agents live on
     * @return the agents' storage
     */
    AgentStore createAgents(ModelDescriptor model, PlaceStore places, long[] initialPlaces, int capacity);

    /**
     * Creates the agents of one partition of a partitioned grid on {@code block} (created by this backend's
     * {@link #createBlock}): the agents with the given ids (increasing) at the given global place indices, all
     * owned by the block, all attributes zero.
     *
     * @param capacity the most agents of this collection a place may hold
     * @param topology how the grid is cut
     * @param partition the block's partition
     * @param block the block of places the partition's agents live on
     * @param ids the ids of the partition's first agents, in order
     * @param model the model's generated descriptor
     * @param places their global place indices
     * @return the partition's agents
     */
    default AgentPartition createAgentPartition(ModelDescriptor model, PlaceBlock block, long[] ids, long[] places,
            int capacity, Topology topology, int partition) {
        throw new ColonyException("the " + name() + " backend cannot put agents on a grid cut into "
                + "partitions; run " + model.info().modelClass().getSimpleName() + " on one block (without --partitions "
                + "or --devices)");
    }

    /**
     * Starts timing step calls on the device, delivering each call's device time to {@code timings}, or, with
     * null, delivers the timings still pending and stops. Only a backend whose calls return before their work
     * is done (a GPU) needs this: for the others the runtime's wall-clock time on the JVM is the call's time.
     *
     * @param timings where device times go; null to stop timing
     * @return whether this backend times calls on the device
     */
    default boolean timeOnDevice(DeviceTimings timings) {
        return false;
    }

    /**
     * Says that the driver program ended a time step ({@link org.colony.runtime.Simulation#step()}): the calls
     * since the previous one form a tick. A backend whose ticks tend to repeat the same work may prepare for the
     * next one here (the CUDA backend replays a repeated launch sequence as a CUDA graph); by default nothing.
     */
    default void tickEnded() {
    }

    @Override
    void close();
}
