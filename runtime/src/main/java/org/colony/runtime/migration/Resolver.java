package org.colony.runtime.migration;

import java.util.Arrays;

/**
 * Settles requests for room on places: requests are grouped by destination (a sort by destination,
 * then the model's rank, then the random priority, then id), and the first {@code free(destination)} of each group win. The outcome is a
 * function of the requests alone, whatever the order they arrive in.
 */
public final class Resolver {

    /** How much room a place has. */
    @FunctionalInterface
    public interface Room {
        /** Free room on global place {@code g}. */
        long free(long g);
    }

    private Resolver() {
    }

    /**
     * Decides which requests win.
     *
     * @param dest destination per request
     * @param rank the model's rank per request (unsigned, higher first), or null where the model has none
     * @param priority priority per request (unsigned, higher first, after the rank)
     * @param id agent id per request (lower first on equal priority)
     * @param count the number of requests
     * @param room free room per destination
     * @return per request, whether it won
     */
    public static boolean[] resolve(long[] dest, long[] rank, long[] priority, long[] id, int count, Room room) {
        Integer[] order = new Integer[count];
        for (int i = 0; i < count; i++) {
            order[i] = i;
        }
        Arrays.sort(order, (a, b) -> {
            int c = Long.compare(dest[a], dest[b]);
            if (c != 0) {
                return c;
            }
            if (rank != null) {
                c = Long.compareUnsigned(rank[b], rank[a]);
                if (c != 0) {
                    return c;
                }
            }
            c = Long.compareUnsigned(priority[b], priority[a]);
            return c != 0 ? c : Long.compare(id[a], id[b]);
        });
        boolean[] won = new boolean[count];
        int i = 0;
        while (i < count) {
            long g = dest[order[i]];
            long free = room.free(g);
            int j = i;
            while (j < count && dest[order[j]] == g) {
                if (j - i < free) {
                    won[order[j]] = true;
                }
                j++;
            }
            i = j;
        }
        return won;
    }
}
