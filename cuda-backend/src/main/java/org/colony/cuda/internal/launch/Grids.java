package org.colony.cuda.internal.launch;

/** Launch shapes for one-dimensional grid-stride kernels. */
public final class Grids {

    /** Threads per block of the one-thread-per-item kernels. */
    public static final int THREADS = 256;

    private Grids() {
    }

    /** Blocks for {@code n} items, one thread each, at most 2^20 blocks (kernels loop beyond). */
    public static int blocks(long n) {
        return blocks(n, THREADS);
    }

    /** Blocks of {@code threads} threads for {@code n} items, one thread each, at most 2^20 (kernels loop beyond). */
    public static int blocks(long n, int threads) {
        return (int) Math.max(1, Math.min(1L << 20, (n + threads - 1) / threads));
    }

    /**
     * Threads per block for {@code n} items on a device of {@code multiprocessors}: {@link #THREADS}, or fewer (a
     * multiple of 32) where {@code n} would not fill a block on every multiprocessor, so that a small population's
     * threads (each with a long serial step, such as a scan of its neighbourhood) spread over the multiprocessors
     * instead of queueing on a few.
     */
    public static int threadsSpread(long n, int multiprocessors) {
        long each = (n + multiprocessors - 1) / Math.max(1, multiprocessors);
        return (int) Math.min(THREADS, Math.max(32, (each + 31) / 32 * 32));
    }
}
