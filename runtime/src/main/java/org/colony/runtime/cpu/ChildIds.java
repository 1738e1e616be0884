package org.colony.runtime.cpu;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.Arrays;
import java.util.List;
import java.util.stream.IntStream;
import org.colony.runtime.spi.AgentPartition.Batch;

/**
 * The ids of the children a {@code manageAll} had born: from the next id on, by parent id over all partitions, then
 * by ordinal among the parent's born children, as one block numbers them. A partition's host rounds
 * ({@link ManageRound}) and a GPU partition that settled its round alone use it alike. Not thread-safe: one thread
 * asks ({@link #of} remembers where it found the last parent).
 */
public final class ChildIds {

    private final long[] parentIds;
    private final long[] before;
    /** Where the last parent asked for was found: the next search starts there. */
    private int last;

    /** The numbering of the children of {@code parentIds}: parent i's first is {@code before[i]}. */
    private ChildIds(long[] parentIds, long[] before) {
        this.parentIds = parentIds;
        this.before = before;
    }

    /**
     * {@return the numbering of the children of this partition's parents ({@code bornCounts[i]} of parent
     * {@code parentIds[i]}) and of the other partitions', whose (parent id, children born) lists {@code others} holds
     * (16 bytes a parent), from {@code nextId} on}
     */
    public static ChildIds of(long[] parentIds, long[] bornCounts, List<Batch> others, long nextId) {
        int runs = 1 + others.size();
        long[][] ids = new long[runs][];
        long[][] counts = new long[runs][];
        ids[0] = parentIds;
        counts[0] = bornCounts;
        int total = parentIds.length;
        for (int u = 1; u < runs; u++) {
            Batch b = others.get(u - 1);
            int c = (int) b.count();
            long[] pairs = new long[2 * c]; // (one bulk copy: the lists hold a partition's parents with children)
            MemorySegment.copy(b.buffer(), ValueLayout.JAVA_LONG_UNALIGNED, 0, pairs, 0, 2 * c);
            ids[u] = new long[c];
            counts[u] = new long[c];
            for (int r = 0; r < c; r++) {
                ids[u][r] = pairs[2 * r];
                counts[u][r] = pairs[2 * r + 1];
            }
            total += c;
        }
        // Each partition lists its parents in id order: the lists merge into id order with no sort. Lists out of order
        // go one after another, and are sorted after.
        boolean sorted = true;
        for (int u = 0; u < runs && sorted; u++) {
            sorted = increasing(ids[u]);
        }
        long[] all = new long[total];
        long[] born = new long[total]; // (then each parent's first child: the numbering's "before")
        int[] at = new int[runs];
        int run = 0;
        for (int t = 0; t < total; t++) {
            if (sorted) { // the list whose next parent has the lowest id
                run = -1;
                for (int u = 0; u < runs; u++) {
                    if (at[u] < ids[u].length && (run < 0 || ids[u][at[u]] < ids[run][at[run]])) {
                        run = u;
                    }
                }
            } else {
                while (at[run] == ids[run].length) {
                    run++;
                }
            }
            all[t] = ids[run][at[run]];
            born[t] = counts[run][at[run]++];
        }
        if (!sorted) {
            long[][] byId = byId(all, born);
            all = byId[0];
            born = byId[1];
        }
        long sum = nextId;
        for (int t = 0; t < total; t++) {
            long c = born[t];
            born[t] = sum;
            sum += c;
        }
        return new ChildIds(all, born);
    }

    /**
     * {@return the ids of the children whose parents' ids are {@code parents} (one a child, in increasing order),
     * numbered as {@link #of} numbers them from {@code nextId} over these and the children of the other partitions'
     * (parent id, children born) lists in {@code others}; null where a list is not in increasing order of parent ids
     * or holds a parent of {@code parents} (then {@link #of} numbers them, or refuses them)}
     *
     * <p>One pass over the children and the other lists together, without merging the lists: a child's id is
     * {@code nextId}, plus the children before its parent's first here (its index there), plus the children of the
     * other lists whose parents' ids are below its parent's, plus its ordinal. Each partition of a GPU that has its
     * children's parents back on the host numbers its own children so: merging every partition's list on every
     * partition took 42 percent of the main thread's Java samples of wolf-sheep 4000 x 4000 over two GPUs.
     */
    public static long[] inOrder(long[] parents, List<Batch> others, long nextId) {
        int lists = others.size();
        MemorySegment[] buffers = new MemorySegment[lists];
        long[] length = new long[lists];
        long[] at = new long[lists];
        for (int u = 0; u < lists; u++) {
            buffers[u] = others.get(u).buffer();
            length[u] = others.get(u).count();
            for (long j = 1; j < length[u]; j++) { // (the walk stops early: a later parent out of order would hide)
                if (buffers[u].get(ValueLayout.JAVA_LONG_UNALIGNED, 16 * j)
                        <= buffers[u].get(ValueLayout.JAVA_LONG_UNALIGNED, 16 * (j - 1))) {
                    return null;
                }
            }
        }
        long[] ids = new long[parents.length];
        long below = 0; // the other lists' children whose parents' ids are below the parent at hand
        for (int i = 0; i < parents.length; i++) {
            long parent = parents[i];
            if (i > 0 && parent == parents[i - 1]) {
                ids[i] = ids[i - 1] + 1;
                continue;
            }
            if (i > 0 && parent < parents[i - 1]) {
                return null;
            }
            for (int u = 0; u < lists; u++) {
                MemorySegment b = buffers[u];
                while (at[u] < length[u]) {
                    long id = b.get(ValueLayout.JAVA_LONG_UNALIGNED, 16 * at[u]);
                    if (id == parent) {
                        return null;
                    }
                    if (id > parent) {
                        break;
                    }
                    below += b.get(ValueLayout.JAVA_LONG_UNALIGNED, 16 * at[u] + 8);
                    at[u]++;
                }
            }
            ids[i] = nextId + i + below;
        }
        return ids;
    }

    /** {@return {@code ids} and {@code counts} in increasing order of the ids: {@code [ids, counts]}} */
    private static long[][] byId(long[] ids, long[] counts) {
        int[] order = IntStream.range(0, ids.length).boxed().sorted((x, y) -> Long.compare(ids[x], ids[y]))
                .mapToInt(Integer::intValue).toArray();
        long[][] sorted = {new long[ids.length], new long[ids.length]};
        for (int t = 0; t < ids.length; t++) {
            sorted[0][t] = ids[order[t]];
            sorted[1][t] = counts[order[t]];
        }
        return sorted;
    }

    private static boolean increasing(long[] values) {
        for (int i = 1; i < values.length; i++) {
            if (values[i - 1] >= values[i]) {
                return false;
            }
        }
        return true;
    }

    /**
     * {@return the id of child {@code ordinal} (among those born) of parent {@code parent}}. Callers ask in their
     * children's order, mostly in increasing parent ids: the search starts from the parent asked for last and gallops
     * forward, so a partition's children cost a few comparisons each rather than a search of every partition's list.
     */
    public long of(long parent, long ordinal) {
        int i = find(parent);
        if (i < 0) {
            throw new IllegalStateException("no births listed for parent " + parent);
        }
        last = i;
        return before[i] + ordinal;
    }

    /** {@return the index of {@code parent} in {@link #parentIds}, or a negative number where it is not there} */
    private int find(long parent) {
        int n = parentIds.length;
        int from = last;
        if (from >= n || parentIds[from] > parent) {
            return Arrays.binarySearch(parentIds, parent);
        }
        int step = 1;
        int to = from + 1; // parentIds[from] <= parent: gallop until parentIds[to] passes it
        while (to < n && parentIds[to] <= parent) {
            from = to;
            step <<= 1;
            to = from + step;
        }
        return Arrays.binarySearch(parentIds, from, Math.min(to, n), parent);
    }
}
