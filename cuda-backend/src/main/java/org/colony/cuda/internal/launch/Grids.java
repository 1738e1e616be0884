package org.colony.cuda.internal.launch;

/** Launch shapes for one-dimensional grid-stride kernels. */
public final class Grids {

    /** Threads per block of the one-thread-per-item kernels. */
    public static final int THREADS = 256;

    private Grids() {
    }

    /** Blocks for {@code n} items, one thread each, at most 2^20 blocks (kernels loop beyond). */
    public static int blocks(long n) {
        return (int) Math.max(1, Math.min(1L << 20, (n + THREADS - 1) / THREADS));
    }
}
