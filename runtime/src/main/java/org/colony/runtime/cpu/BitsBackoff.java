package org.colony.runtime.cpu;

import java.util.Arrays;

/**
 * Per step of a CPU block, whether a call whose kernel offered to run on the booleans the block keeps as bits does
 * ({@code storage/BlockBits}): not where the bits its last call on bits wrote were unpacked before this one (something
 * read the columns in between, as a model that counts its cells every tick does), for then every call would pack and
 * unpack the whole grid, where a call on the columns packs and unpacks only its bands. Such a step runs on the columns
 * for 1, 2, 4 ... calls, then tries the bits again; a call that finds the bits as its last call left them ends the
 * back-off, and one that would back off past {@link #LONGEST} calls stays on the columns for good (each try costs a
 * pack and an unpack of the whole grid, and the JIT's compiled kernels a deoptimization).
 */
final class BitsBackoff {

    /** The longest back-off; past it, no more tries. */
    static final int LONGEST = 256;

    /** Per step: whether its last call ran on bits; its back-off, and the calls left of it. */
    private final boolean[] ranOnBits;
    private final int[] backoff;
    private final int[] skip;

    BitsBackoff(int steps) {
        this.ranOnBits = new boolean[steps];
        this.backoff = new int[steps];
        this.skip = new int[steps];
    }

    /** {@return whether this call of {@code step} runs on bits}; {@code hold}: the bits hold what it reads. */
    boolean pays(int step, boolean hold) {
        if (hold) {
            backoff[step] = 0;
            return true;
        }
        if (skip[step] > 0) {
            skip[step]--;
            return false;
        }
        if (ranOnBits[step]) {
            backoff[step] = Math.max(1, 2 * backoff[step]);
            skip[step] = backoff[step] > LONGEST ? Integer.MAX_VALUE : backoff[step] - 1;
            return false;
        }
        return true;
    }

    /** Notes whether the call of {@code step} ran on bits. */
    void ran(int step, boolean onBits) {
        ranOnBits[step] = onBits;
    }

    /** Keeps {@code step} on the columns for good (the heap has no room for its bits). */
    void never(int step) {
        skip[step] = Integer.MAX_VALUE;
        ranOnBits[step] = false;
    }

    /** Forgets every step's history (a new block, which keeps no bits: its steps offer them again). */
    void reset() {
        Arrays.fill(ranOnBits, false);
        Arrays.fill(backoff, 0);
        Arrays.fill(skip, 0);
    }
}
