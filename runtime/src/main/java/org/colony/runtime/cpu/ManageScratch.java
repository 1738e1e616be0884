package org.colony.runtime.cpu;

import java.util.Arrays;

/**
 * The working arrays of one agent store's {@code manageAll} ({@link ManageRound}), kept from round to round so that a
 * round does not allocate its bookkeeping again: each grows (by a quarter more) when a round needs more, and is given
 * up for a smaller one when both the round's need and the population are below a quarter of it, so the memory follows
 * the population (a round with few moves, beside one with many, keeps the arrays). The contents are undefined unless
 * the accessor says otherwise: a round writes what it reads.
 */
final class ManageScratch {

    /** Below this many elements an array is never shrunk. */
    private static final int MIN_LENGTH = 1024;

    /** Per owner partition, the slots of the agents asking to move to its places and their destinations. */
    private int[][] who = new int[0][];
    private long[][] dest = new long[0][];
    private boolean[] leaving = new boolean[0];
    /** The requests {@code resolve} settles: destinations, ids, ranks, random priorities and the resolver's keys. */
    private long[] to = new long[0];
    private long[] id = new long[0];
    private long[] rank = new long[0];
    private long[] priority = new long[0];
    private long[] keys = new long[0];
    private boolean[] won = new boolean[0];
    private int[] occupancy = new int[0];
    private int[] members = new int[0];
    private int[] keep = new int[0];
    private int[] owners = new int[0];
    /** The agents of the store as the round under way began. */
    private int population;

    /** Starts a round of a store of {@code agents} agents. */
    void population(int agents) {
        population = agents;
    }

    /** Makes room for requests to {@code partitions} partitions. */
    void partitions(int partitions) {
        if (who.length != partitions) {
            who = new int[partitions][];
            dest = new long[partitions][];
            Arrays.fill(who, new int[0]);
            Arrays.fill(dest, new long[0]);
        }
    }

    /** {@return at least {@code n} slots asking to move to partition {@code owner}'s places} */
    int[] who(int owner, int n) {
        return who[owner] = fit(who[owner], n);
    }

    /** {@return at least {@code n} destinations of the requests to partition {@code owner}} */
    long[] dest(int owner, int n) {
        return dest[owner] = fit(dest[owner], n);
    }

    /** {@return at least {@code n} flags, the first {@code n} false} */
    boolean[] leaving(int n) {
        leaving = fit(leaving, n);
        Arrays.fill(leaving, 0, n, false);
        return leaving;
    }

    long[] to(int n) {
        return to = fit(to, n);
    }

    long[] id(int n) {
        return id = fit(id, n);
    }

    long[] rank(int n) {
        return rank = fit(rank, n);
    }

    long[] priority(int n) {
        return priority = fit(priority, n);
    }

    /** {@return at least {@code n} keys for {@link org.colony.runtime.migration.Resolver}} */
    long[] keys(int n) {
        return keys = fit(keys, n);
    }

    /** {@return at least {@code n} verdicts for {@link org.colony.runtime.migration.Resolver}} */
    boolean[] won(int n) {
        return won = fit(won, n);
    }

    /** {@return at least {@code n} counts, the first {@code n} zero} */
    int[] occupancy(int n) {
        occupancy = fit(occupancy, n);
        Arrays.fill(occupancy, 0, n, 0);
        return occupancy;
    }

    int[] members(int n) {
        return members = fit(members, n);
    }

    int[] keep(int n) {
        return keep = fit(keep, n);
    }

    /** {@return at least {@code n} entries for each agent's partition to move to (only movers' are written)} */
    int[] owners(int n) {
        return owners = fit(owners, n);
    }

    /** Whether an array of {@code length} elements should be replaced for a need of {@code n}. */
    private boolean refit(int length, int n) {
        return length < n || length > MIN_LENGTH && Math.max(n, population) < length / 4;
    }

    /** The length of a new array for a need of {@code n}: a quarter more, within the largest array. */
    private static int length(int n) {
        return (int) Math.min(Integer.MAX_VALUE - 8, n + (long) n / 4);
    }

    private int[] fit(int[] a, int n) {
        return refit(a.length, n) ? new int[length(n)] : a;
    }

    private long[] fit(long[] a, int n) {
        return refit(a.length, n) ? new long[length(n)] : a;
    }

    private boolean[] fit(boolean[] a, int n) {
        return refit(a.length, n) ? new boolean[length(n)] : a;
    }
}
