package org.colony.runtime.partition;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.reflect.Array;
import java.util.Locale;
import org.colony.ColonyException;
import org.colony.runtime.cluster.Cluster;
import org.colony.runtime.grid.Block;
import org.colony.runtime.grid.Grid;
import org.colony.runtime.grid.Topology;
import org.colony.runtime.reduce.ColumnAccumulator;

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
    static void completeGrid(Cluster cluster, Topology topology, Grid grid, Object column) {
        if (!cluster.distributed()) {
            return;
        }
        int k = topology.partitions();
        int width = elementBytes(column);
        for (int p = 0; p < k; p++) {
            int owner = cluster.owner(p, k);
            Block box = topology.block(p);
            try (Arena arena = Arena.ofConfined()) {
                MemorySegment buffer = arena.allocate(Math.max(1, box.cells() * width), 8)
                        .asSlice(0, box.cells() * width);
                if (owner == cluster.rank()) {
                    rows(column, grid, box, buffer, 0, true);
                }
                cluster.broadcast(buffer, owner);
                if (owner != cluster.rank()) {
                    rows(column, grid, box, buffer, 0, false);
                }
            }
        }
    }

    /** Copies the rows of {@code box} between the column and {@code buffer} from {@code at}; returns where it ended. */
    private static long rows(Object column, Grid grid, Block box, MemorySegment buffer, long at, boolean out) {
        int width = elementBytes(column);
        long rowBytes = (long) box.extent()[0] * width;
        for (int z = box.origin()[2]; z < box.origin()[2] + box.extent()[2]; z++) {
            for (int y = box.origin()[1]; y < box.origin()[1] + box.extent()[1]; y++) {
                long first = grid.index(box.origin()[0], y, z);
                copy(column, first, box.extent()[0], buffer, at, out);
                at += rowBytes;
            }
        }
        return at;
    }

    /**
     * Every partition's column, on every rank: {@code mine[p]} is filled where this rank owns partition p; each of
     * the others travels from its owner in one broadcast (in pieces of at most 1 GiB).
     *
     * @throws ColonyException before anything travels, where the others' columns do not fit this rank's Java heap
     */
    static Object[] completeParts(Cluster cluster, int partitions, Object[] mine) {
        if (!cluster.distributed()) {
            return mine;
        }
        Class<?> type = mine[firstOwned(cluster, partitions)].getClass().componentType();
        int width = elementBytes(mine[firstOwned(cluster, partitions)]);
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
                out[p] = Array.newInstance(type, n);
            }
            try (Arena arena = Arena.ofConfined()) {
                MemorySegment buffer = arena.allocate(Math.max(1, (long) n * width), 8).asSlice(0, (long) n * width);
                if (owner == cluster.rank()) {
                    copy(out[p], 0, n, buffer, 0, true);
                }
                cluster.broadcast(buffer, owner);
                if (owner != cluster.rank()) {
                    copy(out[p], 0, n, buffer, 0, false);
                }
            }
        }
        return out;
    }

    /** This rank's first partition. */
    static int firstOwned(Cluster cluster, int partitions) {
        for (int p = 0; p < partitions; p++) {
            if (cluster.owns(p, partitions)) {
                return p;
            }
        }
        throw new ColonyException("rank " + cluster.rank() + " owns none of " + partitions + " partitions");
    }

    /** The value owned by rank {@code owner}, on every rank. */
    static Object share(Cluster cluster, int owner, Object value, Class<?> type) {
        if (!cluster.distributed()) {
            return value;
        }
        Object column = Array.newInstance(type, 1);
        if (owner == cluster.rank()) {
            Array.set(column, 0, value);
        }
        byte[] mine = new byte[elementBytes(column)];
        copy(column, 0, 1, MemorySegment.ofArray(mine), 0, true);
        byte[] all = cluster.broadcast(mine, owner);
        copy(column, 0, 1, MemorySegment.ofArray(all), 0, false);
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

    private static int elementBytes(Object column) {
        return switch (column) {
            case double[] c -> 8;
            case long[] c -> 8;
            case float[] c -> 4;
            case int[] c -> 4;
            case short[] c -> 2;
            case byte[] c -> 1;
            case boolean[] c -> 1;
            default -> throw new IllegalArgumentException(column.getClass().toString());
        };
    }

    /** Copies {@code n} elements from {@code first} between a column and bytes at {@code at}, either way. */
    private static void copy(Object column, long first, int n, MemorySegment bytes, long at, boolean out) {
        if (column instanceof boolean[] c) {
            for (int i = 0; i < n; i++) {
                if (out) {
                    bytes.set(ValueLayout.JAVA_BYTE, at + i, (byte) (c[(int) first + i] ? 1 : 0));
                } else {
                    c[(int) first + i] = bytes.get(ValueLayout.JAVA_BYTE, at + i) != 0;
                }
            }
            return;
        }
        MemorySegment array = switch (column) {
            case double[] c -> MemorySegment.ofArray(c);
            case long[] c -> MemorySegment.ofArray(c);
            case float[] c -> MemorySegment.ofArray(c);
            case int[] c -> MemorySegment.ofArray(c);
            case short[] c -> MemorySegment.ofArray(c);
            case byte[] c -> MemorySegment.ofArray(c);
            default -> throw new IllegalArgumentException(column.getClass().toString());
        };
        int width = elementBytes(column);
        if (out) {
            MemorySegment.copy(array, first * width, bytes, at, (long) n * width);
        } else {
            MemorySegment.copy(bytes, at, array, first * width, (long) n * width);
        }
    }
}
