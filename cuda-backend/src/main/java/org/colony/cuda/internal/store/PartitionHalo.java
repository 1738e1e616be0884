package org.colony.cuda.internal.store;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.colony.kernel.Layout;
import org.colony.runtime.cpu.PlaceIndex;
import org.colony.runtime.grid.Region;
import org.colony.runtime.spi.IncomingWrites;
import org.colony.runtime.storage.AgentColumns;

/**
 * The agents on the halo places of a partition on a GPU ({@link CudaAgentPartition}): their numbers, counted on the
 * neighbours' devices and added into this device's agents-by-place index ({@link HaloCounts}); where a step iterates
 * them, their rows, sent from the neighbours' host copies and put as "ghosts" in the slots past the live agents; and
 * what a step wrote into those rows, which goes back to their owners ({@link GhostWrites}).
 */
final class PartitionHalo {

    private final CudaAgentStore dev;
    private final CudaPlaceStore block;
    /** The partition's agents on the host, which {@link #fresh} makes current; the ghosts' slots go past them. */
    private final AgentColumns cols;
    private final Runnable fresh;
    private final int partition;
    /** The numbers of agents on the halo places, as the neighbours last sent them. */
    private final HaloCounts counts;
    /** What a step wrote into the ghost rows and what neighbours wrote into the live agents, staged on the host. */
    private final GhostWrites writes;
    /** The agents by storage cell on the host, or null until asked for ({@link #index}). */
    private PlaceIndex index;
    /** The index whose halo entries name ghost slots of {@link #cols}. */
    private PlaceIndex ghostIndex;
    /** Whether the halo changed since the device last got its ghosts. */
    private boolean ghostsChanged;

    /**
     * The halo of the partition {@code partition} whose agents {@code dev} holds on the device over {@code block}, and
     * {@code cols} on the host once {@code fresh} ran.
     */
    PartitionHalo(CudaAgentStore dev, CudaPlaceStore block, AgentColumns cols, Runnable fresh, int partition) {
        this.dev = dev;
        this.block = block;
        this.cols = cols;
        this.fresh = fresh;
        this.partition = partition;
        this.counts = new HaloCounts(dev);
        this.writes = new GhostWrites(dev);
    }

    /** Gives the device the agents on the halo: their places, and their rows where a step iterates them. */
    void ghosts() {
        if (!ghostsChanged) {
            return;
        }
        Layout layout = block.layout();
        // Only across a wrapping edge can two halo cells hold the same place (a partition as narrow as the halo).
        Set<Long> seen = layout.wrap() ? new HashSet<>() : null;
        if (ghostIndex == null) {
            // Counted only: the device adds the numbers received into its index by place; no rows, no slots.
            counts.toDevice();
            writes.ghostsPut(new int[0], dev.columns().count());
            ghostsChanged = false; // (only once the device has them: a failure leaves them to be given again)
            return;
        }
        PlaceIndex idx = ghostIndex;
        int[] start = idx.start();
        int[] order = idx.order();
        long[] where = new long[order.length];
        int[] slots = new int[where.length];
        int[] found = {0};
        HaloPlaces.forEach(layout, (s, g) -> {
            if (start[s + 1] > start[s] && (seen == null || seen.add(g))) {
                for (int k = start[s]; k < start[s + 1]; k++) {
                    where[found[0]] = g;
                    slots[found[0]++] = order[k];
                }
            }
        });
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment packed = arena.allocate(Math.max(1, cols.rowBytes(false) * found[0]));
            cols.pack(slots, found[0], false, packed, 0);
            writes.ghostsPut(Arrays.copyOf(slots, found[0]), dev.columns().count());
            dev.bridge().ghosts(where, found[0], packed);
        }
        ghostsChanged = false;
    }

    /** The agents by storage cell on the host (where rows go next door), from a copy of the device's agents. */
    private PlaceIndex index() {
        if (index == null) {
            fresh.run();
            Layout l = block.layout();
            index = counts.valid() ? PlaceIndex.withHalo(cols.locations(), cols.count(), l, counts.perCell(l))
                    : PlaceIndex.owned(cols.locations(), cols.count(), l);
        }
        return index;
    }

    /** Counts the agents on the regions the neighbours read, on the device (one pass, one copy). */
    void stageCounts(List<Region> regions) {
        counts.stage(regions);
    }

    /** Packs the numbers of agents counted on {@code region} for a neighbour. */
    void packCounts(Region region, MemorySegment buffer, long offset) {
        counts.pack(region, buffer, offset);
    }

    /**
     * Room on the device for the numbers of agents on {@code regions} of the halo, at most {@code bound} agents in all
     * and {@code capacity} a place.
     */
    MemorySegment[] receiveDeviceCounts(List<Region> regions, long bound, int capacity) {
        long room = bound;
        if (capacity < Integer.MAX_VALUE) {
            long cells = 0;
            for (Region r : regions) {
                cells += Math.max(0, r.cells());
            }
            room = Math.min(room, cells * capacity);
        }
        return counts.receiveOnDevice(regions, room);
    }

    /** Takes the numbers of agents on {@code region} of the halo that a neighbour packed. */
    void unpackCounts(Region region, MemorySegment buffer, long offset) {
        counts.unpack(region, buffer, offset);
    }

    /** Notes that the halo's numbers arrived: the host's index and the ghosts are built again where asked for. */
    void ready() {
        counts.ready();
        index = null; // built on the host only where rows go next door
        ghostIndex = null;
        ghostsChanged = true;
    }

    /** Makes room for the rows of the agents on the halo past the live agents (where a step iterates them). */
    void ghostsReady() {
        PlaceIndex idx = index();
        if (ghostIndex == idx) {
            return;
        }
        // index() copied the live agents to the host: their rows are packed from there; ghosts go past them.
        cols.reserve(idx.giveGhostSlots(cols.count()));
        ghostIndex = idx;
        ghostsChanged = true;
    }

    /** {@return the agents on {@code region}} */
    long agentsIn(Region region) {
        return index().agentsIn(region);
    }

    /** Packs the rows of the agents on {@code region} for a neighbour. */
    void packRows(Region region, MemorySegment buffer, long offset) {
        fresh.run();
        int[] slots = index().slotsIn(region);
        cols.pack(slots, slots.length, false, buffer, offset);
    }

    /** Takes the rows of the agents on {@code region} of the halo into their ghost slots. */
    void unpackRows(Region region, MemorySegment buffer, long offset) {
        if (ghostIndex != index()) {
            throw new IllegalStateException("partition=" + partition + " has no slots for the rows of its halo");
        }
        int[] slots = index().slotsIn(region);
        cols.unpack(buffer, offset, slots, slots.length, false);
        ghostsChanged = true;
    }

    /** Packs what a step wrote into the ghost rows on {@code region}, for their owner. */
    void packWrites(Region region, IncomingWrites incoming, MemorySegment buffer, long offset) {
        writes.pack(index().slotsIn(region), cols.slots(), incoming, buffer, offset);
    }

    /** Combines what a neighbour's step wrote into the agents on {@code region} with this partition's writes. */
    void combineWrites(Region region, IncomingWrites incoming, MemorySegment buffer, long offset) {
        writes.combine(index().slotsIn(region), incoming, buffer, offset);
    }

    /** Gives the device the writes combined. */
    void writesCombined(IncomingWrites incoming) {
        writes.finish(incoming);
    }

    /** Forgets what was derived from the agents (the index, the halo's numbers, the ghosts) after they changed. */
    void forget() {
        index = null;
        counts.forget();
        ghostIndex = null;
        ghostsChanged = false;
    }
}
