package org.colony.runtime.migration;

import org.colony.kernel.RandomStream;

/**
 * The random priority that settles capacity conflicts in {@code manageAll}: 64 bits from the framework's
 * generator for (seed, manageAll's epoch, agent id); higher wins, and the lower agent id wins ties. A
 * migration uses draws 0-1 of the agent's stream, the k-th child of a parent draws 2 + 2k and 3 + 2k.
 */
public final class Priority {

    private Priority() {
    }

    /** The priority of agent {@code id}'s move. */
    public static long move(RandomStream rng, long id) {
        rng.reset(id);
        return bits(rng);
    }

    /** The priority of the {@code k}-th child of parent {@code id}. */
    public static long child(RandomStream rng, long id, int k) {
        rng.reset(id);
        rng.skip(2 + 2L * k);
        return bits(rng);
    }

    private static long bits(RandomStream rng) {
        long hi = rng.nextInt() & 0xFFFF_FFFFL;
        long lo = rng.nextInt() & 0xFFFF_FFFFL;
        return (hi << 32) | lo;
    }

    /** Whether request a (priority pa, id ia) beats request b. */
    public static boolean beats(long pa, long ia, long pb, long ib) {
        int c = Long.compareUnsigned(pa, pb);
        return c > 0 || (c == 0 && ia < ib);
    }
}
