package org.colony.runtime.partition;

import java.lang.reflect.Array;
import java.util.Arrays;
import org.colony.ColonyException;

/**
 * The agents of all partitions in id order, as runs of consecutive agents of one partition: the k-way merge by
 * id of the partitions' id lists, each already in id order. Gathers per-partition columns into one column in id
 * order, and scatters one back.
 */
final class IdOrder {

    private final int[] runPartition;
    private final int[] runLength;
    private final int runs;
    private final int[] sizes;
    private final int total;

    private IdOrder(int[] runPartition, int[] runLength, int runs, int[] sizes, int total) {
        this.runPartition = runPartition;
        this.runLength = runLength;
        this.runs = runs;
        this.sizes = sizes;
        this.total = total;
    }

    /** Merges the partitions' ids (each increasing). */
    static IdOrder of(long[][] ids) {
        int k = ids.length;
        int[] sizes = new int[k];
        long sum = 0;
        for (int p = 0; p < k; p++) {
            sizes[p] = ids[p].length;
            sum += sizes[p];
        }
        if (sum > Integer.MAX_VALUE - 8) {
            throw new ColonyException(sum + " agents are more than one Java array holds");
        }
        int[] at = new int[k];
        int[] part = new int[16];
        int[] length = new int[16];
        int runs = 0;
        for (long done = 0; done < sum; ) {
            int best = -1;
            for (int p = 0; p < k; p++) {
                if (at[p] < sizes[p] && (best < 0 || ids[p][at[p]] < ids[best][at[best]])) {
                    best = p;
                }
            }
            // the run: agents of best up to the next lowest head of another partition
            long limit = Long.MAX_VALUE;
            for (int p = 0; p < k; p++) {
                if (p != best && at[p] < sizes[p]) {
                    limit = Math.min(limit, ids[p][at[p]]);
                }
            }
            int from = at[best];
            do { // at least one: ids are unique, but a duplicate must not stop the merge
                at[best]++;
            } while (at[best] < sizes[best] && ids[best][at[best]] < limit);
            if (runs == part.length) {
                part = Arrays.copyOf(part, runs * 2);
                length = Arrays.copyOf(length, runs * 2);
            }
            part[runs] = best;
            length[runs++] = at[best] - from;
            done += at[best] - from;
        }
        return new IdOrder(part, length, runs, sizes, (int) sum);
    }

    /** The agents in all. */
    int total() {
        return total;
    }

    /** The agents of partition {@code p}. */
    int size(int p) {
        return sizes[p];
    }

    /** Copies the partitions' columns (one primitive array each) into {@code target} in id order. */
    void gather(Object[] parts, Object target) {
        int[] at = new int[parts.length];
        int to = 0;
        for (int r = 0; r < runs; r++) {
            int p = runPartition[r];
            System.arraycopy(parts[p], at[p], target, to, runLength[r]);
            at[p] += runLength[r];
            to += runLength[r];
        }
    }

    /** Splits {@code source}, in id order, into one new array per partition, of the source's component type. */
    Object[] scatter(Object source) {
        Object[] parts = new Object[sizes.length];
        for (int p = 0; p < parts.length; p++) {
            parts[p] = Array.newInstance(source.getClass().getComponentType(), sizes[p]);
        }
        int[] at = new int[parts.length];
        int from = 0;
        for (int r = 0; r < runs; r++) {
            int p = runPartition[r];
            System.arraycopy(source, from, parts[p], at[p], runLength[r]);
            at[p] += runLength[r];
            from += runLength[r];
        }
        return parts;
    }
}
