package org.colony.runtime.partition;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.reflect.Array;
import java.util.Locale;
import org.colony.ColonyException;
import org.colony.kernel.ScalarType;
import org.colony.runtime.cluster.Cluster;
import org.colony.runtime.grid.Block;
import org.colony.runtime.grid.Grid;
import org.colony.runtime.grid.Topology;
import org.colony.runtime.reduce.ColumnAccumulator;
import org.colony.runtime.spi.PlaceBlock;
import org.colony.runtime.storage.HostCopy;

/**
 * What the partitioned collections share between the ranks of a {@link Cluster} when driver code asks for the
 * whole collection: a whole column (each rank fills its own partitions' cells, then every rank gets the others'),
 * per-partition columns, one value, and the partial reductions. In one process each is the value itself.
 */
final class Spread {

    private Spread() {
    }

    /**
     * Completes a whole-grid column: this rank's partitions are filled in {@code column}; afterwards every
     * partition's cells are, on every rank. Each partition's box travels from its owner in one broadcast (in pieces
     * of at most 1 GiB) through one buffer of the box's size outside the Java heap, so a column of any size that one
     * process can hold can be read.
     */
    static void completeGrid(Cluster cluster, Topology topology, Grid grid, Object column, ScalarType type) {
        if (!cluster.distributed()) {
            return;
        }
        int k = topology.partitions();
        int width = type.bytes();
        for (int p = 0; p < k; p++) {
            int owner = cluster.owner(p, k);
            Block box = topology.block(p);
            try (Arena arena = Arena.ofConfined()) {
                MemorySegment buffer = arena.allocate(Math.max(1, box.cells() * width), 8)
                        .asSlice(0, box.cells() * width);
                if (owner == cluster.rank()) {
                    rows(column, type, grid, box, buffer, true);
                }
                cluster.broadcast(buffer, owner);
                if (owner != cluster.rank()) {
                    rows(column, type, grid, box, buffer, false);
                }
            }
        }
    }

    /** Copies the rows of {@code box} between the whole-grid column and {@code buffer}, either way. */
    private static void rows(Object column, ScalarType type, Grid grid, Block box, MemorySegment buffer, boolean out) {
        long at = 0;
        long rowBytes = (long) box.extent()[0] * type.bytes();
        for (int z = box.origin()[2]; z < box.origin()[2] + box.extent()[2]; z++) {
            for (int y = box.origin()[1]; y < box.origin()[1] + box.extent()[1]; y++) {
                int first = (int) grid.index(box.origin()[0], y, z);
                if (out) {
                    HostCopy.toSegment(column, first, buffer, at, box.extent()[0], type);
                } else {
                    HostCopy.fromSegment(buffer, at, column, first, box.extent()[0], type);
                }
                at += rowBytes;
            }
        }
    }

    /**
     * Every partition's column, on every rank: {@code mine[p]} is filled where this rank owns partition p; each of
     * the others travels from its owner in one broadcast (in pieces of at most 1 GiB).
     *
     * @throws ColonyException before anything travels, where the others' columns do not fit this rank's Java heap
     */
    static Object[] completeParts(Cluster cluster, int partitions, Object[] mine, ScalarType type) {
        if (!cluster.distributed()) {
            return mine;
        }
        int width = type.bytes();
        long[] lengths = new long[partitions];
        for (int p = 0; p < partitions; p++) {
            if (cluster.owns(p, partitions)) {
                lengths[p] = Array.getLength(mine[p]);
            }
        }
        cluster.sum(lengths);
        long others = 0;
        for (int p = 0; p < partitions; p++) {
            others += cluster.owns(p, partitions) ? 0 : lengths[p] * width;
        }
        checkHeap(cluster, others, "the agents' columns");
        Object[] out = mine.clone();
        for (int p = 0; p < partitions; p++) {
            int owner = cluster.owner(p, partitions);
            int n = (int) lengths[p];
            if (owner != cluster.rank()) {
                out[p] = type.newArray(n);
            }
            try (Arena arena = Arena.ofConfined()) {
                MemorySegment buffer = arena.allocate(Math.max(1, (long) n * width), 8).asSlice(0, (long) n * width);
                if (owner == cluster.rank()) {
                    HostCopy.toSegment(out[p], 0, buffer, 0, n, type);
                }
                cluster.broadcast(buffer, owner);
                if (owner != cluster.rank()) {
                    HostCopy.fromSegment(buffer, 0, out[p], 0, n, type);
                }
            }
        }
        return out;
    }

    /** The value owned by rank {@code owner}, on every rank. */
    static Object share(Cluster cluster, int owner, Object value, ScalarType type) {
        if (!cluster.distributed()) {
            return value;
        }
        Object column = type.newArray(1);
        if (owner == cluster.rank()) {
            Array.set(column, 0, value);
        }
        byte[] mine = new byte[type.bytes()];
        HostCopy.toSegment(column, 0, MemorySegment.ofArray(mine), 0, 1, type);
        HostCopy.fromSegment(MemorySegment.ofArray(cluster.broadcast(mine, owner)), 0, column, 0, 1, type);
        return Array.get(column, 0);
    }

    /** Every rank's {@code mine}, one after the other in rank order (each rank gives as many). */
    static long[] gatherLongs(Cluster cluster, long[] mine) {
        byte[] bytes = new byte[mine.length * 8];
        MemorySegment.copy(mine, 0, MemorySegment.ofArray(bytes), ValueLayout.JAVA_LONG_UNALIGNED, 0, mine.length);
        byte[][] all = cluster.gather(bytes);
        long[] out = new long[mine.length * all.length];
        for (int r = 0; r < all.length; r++) {
            MemorySegment.copy(MemorySegment.ofArray(all[r]), ValueLayout.JAVA_LONG_UNALIGNED, 0, out,
                    r * mine.length, mine.length);
        }
        return out;
    }

    /**
     * {@return the partial reductions of one element column of this rank's blocks, merged with every other rank's}
     *
     * @param mine the blocks of this rank
     */
    static ColumnAccumulator partials(Cluster cluster, PlaceBlock[] mine, int attribute, int element) {
        ColumnAccumulator total = new ColumnAccumulator();
        for (PlaceBlock b : mine) {
            total.merge(b.partial(attribute, element));
        }
        return merge(cluster, total);
    }

    /** The partials of every rank merged (exact sums merge exactly, in any order). */
    static ColumnAccumulator merge(Cluster cluster, ColumnAccumulator mine) {
        if (!cluster.distributed()) {
            return mine;
        }
        long[] state = mine.state();
        byte[] bytes = new byte[state.length * 8];
        MemorySegment.copy(state, 0, MemorySegment.ofArray(bytes), ValueLayout.JAVA_LONG_UNALIGNED, 0, state.length);
        ColumnAccumulator total = new ColumnAccumulator();
        for (byte[] other : cluster.gather(bytes)) {
            long[] s = new long[state.length];
            MemorySegment.copy(MemorySegment.ofArray(other), ValueLayout.JAVA_LONG_UNALIGNED, 0, s, 0, s.length);
            total.merge(ColumnAccumulator.ofState(s));
        }
        return total;
    }

    /**
     * Checks, before anything travels, that {@code bytes} more fit the Java heap of every rank: all ranks decide
     * together, so that all refuse or none does.
     */
    private static void checkHeap(Cluster cluster, long bytes, String what) {
        Runtime java = Runtime.getRuntime();
        long free = java.maxMemory() - (java.totalMemory() - java.freeMemory());
        long lacking = cluster.max(bytes > free ? bytes - free : 0);
        if (lacking > 0) {
            throw new ColonyException(String.format(Locale.ROOT, "reading %s over MPI ranks needs %.2f GiB of Java "
                    + "heap on every rank, and some rank lacks %.2f GiB of it; give the JVM more (-Xmx) or reduce the "
                    + "column where it lives (sum, min, max)", what, bytes / (double) (1L << 30),
                    lacking / (double) (1L << 30)));
        }
    }

    /**
     * {@return the places of the agents of class {@code slot} the blocks' last step asked for, partition after
     * partition (over MPI ranks, each from its owner), in the store's numbering}
     */
    static long[] created(Cluster cluster, PlaceBlock[] blocks, int slot) {
        Object[] parts = new Object[blocks.length];
        for (int p = 0; p < blocks.length; p++) {
            parts[p] = blocks[p] == null ? null : blocks[p].takeCreated(slot);
        }
        return PartitionedAgents.concat(completeParts(cluster, blocks.length, parts, ScalarType.LONG));
    }
}
