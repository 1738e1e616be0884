package org.colony.runtime.migration;

import java.util.Arrays;
import java.util.Comparator;

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
        // Requests grouped by destination with one primitive sort of (destination, index); only a group with more
        // requests than room is ranked, in request order first, so equal keys keep it as one stable sort of all would.
        long[] byDest = new long[count];
        for (int i = 0; i < count; i++) {
            if (dest[i] < 0 || dest[i] >= 1L << 32) {
                return resolveSorted(dest, rank, priority, id, count, room);
            }
            byDest[i] = dest[i] << 31 | i;
        }
        Arrays.sort(byDest);
        boolean[] won = new boolean[count];
        Comparator<Integer> order = order(rank, priority, id);
        int i = 0;
        while (i < count) {
            long g = byDest[i] >>> 31;
            int j = i;
            while (j < count && byDest[j] >>> 31 == g) {
                j++;
            }
            long free = room.free(g);
            if (j - i <= free) {
                for (int k = i; k < j; k++) {
                    won[(int) (byDest[k] & 0x7FFF_FFFFL)] = true;
                }
            } else if (free > 0) {
                Integer[] group = new Integer[j - i];
                for (int k = i; k < j; k++) {
                    group[k - i] = (int) (byDest[k] & 0x7FFF_FFFFL);
                }
                Arrays.sort(group, order);
                for (int k = 0; k < free; k++) {
                    won[group[k]] = true;
                }
            }
            i = j;
        }
        return won;
    }

    /** The order within a destination: the model's rank, then the priority (both higher first), then the lower id. */
    private static Comparator<Integer> order(long[] rank, long[] priority, long[] id) {
        return (a, b) -> {
            if (rank != null) {
                int c = Long.compareUnsigned(rank[b], rank[a]);
                if (c != 0) {
                    return c;
                }
            }
            int c = Long.compareUnsigned(priority[b], priority[a]);
            return c != 0 ? c : Long.compare(id[a], id[b]);
        };
    }

    /** {@link #resolve} by one sort of all the requests, for destinations past 32 bits. */
    private static boolean[] resolveSorted(long[] dest, long[] rank, long[] priority, long[] id, int count,
            Room room) {
        Integer[] order = new Integer[count];
        for (int i = 0; i < count; i++) {
            order[i] = i;
        }
        Comparator<Integer> within = order(rank, priority, id);
        Arrays.sort(order, (a, b) -> {
            int c = Long.compare(dest[a], dest[b]);
            return c != 0 ? c : within.compare(a, b);
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
