package org.colony.runtime.spi;

import java.lang.foreign.MemorySegment;
import java.util.List;
import org.colony.runtime.grid.Region;

/**
 * The agents of one partition as its neighbours' halos see them: counted on each cell of a region, or whole
 * (ids and attributes), packed region by region like a place block's halo, or (for agents on a device) counted
 * in device memory. What {@code AgentHalo} asks of an {@link AgentPartition}.
 */
public interface HaloAgents {

    /** {@return live agents of the partition} */
    long size();

    /**
     * Announces the regions {@link #packCounts} is about to be asked for in one exchange, so that a partition whose
     * agents live on a device can count them all in one go; partitions in different lanes are called side by side.
     * Does nothing by default.
     *
     * @param regions the regions, in order
     */
    default void stageCounts(List<Region> regions) {
    }

    /**
     * {@return whether this partition counts the agents on its neighbours' halos in device memory and takes its own
     * halo's counts there ({@link #deviceCounts}, {@link #receiveDeviceCounts}), when the runtime has a transport for
     * device memory; false by default (then {@link #packCounts} and {@link #unpackCounts} serve)}
     */
    default boolean countsOnDevice() {
        return false;
    }

    /**
     * Counts the agents on each cell of every region (owned cells, 4 bytes each, in row order) in device memory,
     * without waiting for the device: one segment per region, valid until the next call. Partitions in different
     * lanes are called side by side.
     *
     * @param regions the regions, in order
     * @return one segment per region, in device memory
     */
    default MemorySegment[] deviceCounts(List<Region> regions) {
        throw new UnsupportedOperationException("counts on a device");
    }

    /**
     * {@return device memory for the counts of the halo boxes {@code regions} (one segment each, 4 bytes a cell), which
     * the next {@link #haloReady} takes in instead of anything unpacked; {@code bound}: at most this many agents on
     * them in all}
     *
     * @param bound the most agents on them in all
     * @param regions the regions, in order
     */
    default MemorySegment[] receiveDeviceCounts(List<Region> regions, long bound) {
        throw new UnsupportedOperationException("counts on a device");
    }

    /**
     * Writes the number of agents on each cell of {@code region} (owned cells) into {@code buffer}, 4 bytes each.
     *
     * @param buffer where to write, large enough
     * @param offset the byte offset in {@code buffer} to start at
     * @param region the region, in local coordinates
     */
    void packCounts(Region region, MemorySegment buffer, long offset);

    /**
     * Reads the number of agents on each cell of {@code region} (halo cells) from {@code buffer}.
     *
     * @param buffer where to write, large enough
     * @param offset the byte offset in {@code buffer} to start at
     * @param region the region, in local coordinates
     */
    void unpackCounts(Region region, MemorySegment buffer, long offset);

    /**
     * Groups the agents by place again, with the halo counts unpacked since the last {@code manage} on the halo
     * cells.
     */
    void haloReady();

    /** Gives every agent on the halo a slot for its row (after {@link #haloReady}). */
    void ghostsReady();

    /**
     * {@return the agents on the cells of {@code region}, owned or halo (after {@link #haloReady})}
     *
     * @param region the region, in local coordinates
     */
    long agentsIn(Region region);

    /** {@return bytes of one row as {@link #packRows} writes it: the id and every attribute element} */
    long rowBytes();

    /**
     * Writes the rows of the agents on {@code region}'s cells (owned), cell by cell, in id order on a cell.
     *
     * @param buffer where to write, large enough
     * @param offset the byte offset in {@code buffer} to start at
     * @param region the region, in local coordinates
     */
    void packRows(Region region, MemorySegment buffer, long offset);

    /**
     * Reads the rows of the agents on {@code region}'s cells (halo) into their slots (after {@link #ghostsReady}).
     *
     * @param buffer where to write, large enough
     * @param offset the byte offset in {@code buffer} to start at
     * @param region the region, in local coordinates
     */
    void unpackRows(Region region, MemorySegment buffer, long offset);

    /**
     * Writes what the step just run wrote into the rows of the agents on {@code region}'s cells (halo: the ghost
     * rows {@link #unpackRows} filled), in the order they came, as {@code writes} lays it out, and clears their death
     * intents: these writes go back to the agents' owners ({@link #combineWrites}).
     *
     * @param region the region, in local coordinates
     * @param writes what the step writes into these agents
     * @param buffer where to write, large enough
     * @param offset the byte offset in {@code buffer} to start at
     */
    void packWrites(Region region, IncomingWrites writes, MemorySegment buffer, long offset);

    /**
     * Combines what a neighbour's step wrote into its ghost rows of the agents on {@code region}'s cells (owned, in
     * the order {@link #packRows} wrote them) into these agents' incoming columns and death intents, before they are
     * applied.
     *
     * @param region the region, in local coordinates
     * @param writes what the step writes into these agents
     * @param buffer where to read
     * @param offset the byte offset in {@code buffer} to start at
     */
    void combineWrites(Region region, IncomingWrites writes, MemorySegment buffer, long offset);

    /**
     * Called on every partition once every {@link #packWrites} and {@link #combineWrites} of one exchange is done,
     * so that a partition staging them in host memory can put them back where the step's writes are applied. Does
     * nothing by default.
     *
     * @param writes what the step writes into these agents
     */
    default void writesCombined(IncomingWrites writes) {
    }
}
