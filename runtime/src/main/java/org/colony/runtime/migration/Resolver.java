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
        return resolve(dest, rank, priority, id, count, room, new long[count], new boolean[count]);
    }

    /**
     * {@link #resolve(long[], long[], long[], long[], int, Room)} in working arrays the caller keeps: {@code keys} and
     * {@code verdicts} hold at least {@code count} elements; the verdicts are written to the first {@code count}.
     *
     * @return per request, whether it won: {@code verdicts}, or a new array for destinations past 32 bits
     */
    public static boolean[] resolve(long[] dest, long[] rank, long[] priority, long[] id, int count, Room room,
            long[] keys, boolean[] verdicts) {
        // Requests grouped by destination with one primitive sort of (destination, index); only a group with more
        // requests than room is ranked, in request order first, so equal keys keep it as one stable sort of all would.
        long[] byDest = keys;
        for (int i = 0; i < count; i++) {
            if (dest[i] < 0 || dest[i] >= 1L << 32) {
                return resolveSorted(dest, rank, priority, id, count, room);
            }
            byDest[i] = dest[i] << 31 | i;
        }
        Arrays.sort(byDest, 0, count);
        boolean[] won = verdicts;
        Arrays.fill(won, 0, count, false);
        GroupOrder order = new GroupOrder(rank, priority, id);
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
                // the group's keys are done with: ranked in place, by request index, stably
                order.sort(byDest, i, j);
                for (int k = i; k < i + free; k++) {
                    won[(int) (byDest[k] & 0x7FFF_FFFFL)] = true;
                }
            }
            i = j;
        }
        return won;
    }

    /**
     * Ranks a contested destination's requests, keys holding the request index in their low 31 bits, by
     * {@link #order}, stably (as {@link Arrays#sort(Object[], Comparator)} would): in place by insertion for a few,
     * else by a merge through a buffer kept for the next group.
     */
    private static final class GroupOrder {
        private static final int INSERTION = 32;
        private final long[] rank;
        private final long[] priority;
        private final long[] id;
        private long[] buffer = new long[0];

        GroupOrder(long[] rank, long[] priority, long[] id) {
            this.rank = rank;
            this.priority = priority;
            this.id = id;
        }

        /** {@return whether the request of key {@code a} comes after that of key {@code b}} */
        private boolean after(long a, long b) {
            int x = (int) (a & 0x7FFF_FFFFL);
            int y = (int) (b & 0x7FFF_FFFFL);
            if (rank != null) {
                int c = Long.compareUnsigned(rank[y], rank[x]);
                if (c != 0) {
                    return c > 0;
                }
            }
            int c = Long.compareUnsigned(priority[y], priority[x]);
            return c != 0 ? c > 0 : Long.compare(id[x], id[y]) > 0;
        }

        void sort(long[] keys, int from, int to) {
            if (to - from <= INSERTION) {
                for (int k = from + 1; k < to; k++) {
                    long key = keys[k];
                    int m = k - 1;
                    while (m >= from && after(keys[m], key)) {
                        keys[m + 1] = keys[m];
                        m--;
                    }
                    keys[m + 1] = key;
                }
                return;
            }
            int mid = (from + to) >>> 1;
            sort(keys, from, mid);
            sort(keys, mid, to);
            if (!after(keys[mid - 1], keys[mid])) {
                return;
            }
            int left = mid - from;
            if (buffer.length < left) {
                buffer = new long[left];
            }
            System.arraycopy(keys, from, buffer, 0, left);
            int a = 0;
            int b = mid;
            int out = from;
            while (a < left && b < to) {
                keys[out++] = after(buffer[a], keys[b]) ? keys[b++] : buffer[a++];
            }
            System.arraycopy(buffer, a, keys, out, left - a);
        }
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
