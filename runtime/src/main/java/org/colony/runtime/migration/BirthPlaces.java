package org.colony.runtime.migration;

import org.colony.kernel.AgentBlock;
import org.colony.kernel.KernelSupport;
import org.colony.kernel.Layout;
import org.colony.kernel.RandomStream;

/**
 * The places children of a {@code spawnNear(n, radius, tries)} try: try {@code t} of child {@code k} is an offset
 * drawn uniformly from {@code [-radius, radius]} along each dimension of the grid around the parent's place, from
 * the parent's stream in {@code manageAll}'s epoch, starting at draw {@code 2 + 2 * n + 4 * (k * tries + t)} (after
 * the children's priorities); it wraps on a wrapping grid and fails off a non-wrapping one.
 */
public final class BirthPlaces {

    private BirthPlaces() {
    }

    /**
     * {@return the place try {@code round} of child {@code k} of parent {@code id} names, or {@link AgentBlock#OUTSIDE}}
     *
     * @param rng the stream of the {@code manageAll}
     * @param spawns the children the parent asked for
     * @param center the global index of the parent's place when it asked
     * @param layout any layout of the grid (its sizes, dimensions and wrapping are used)
     */
    public static long near(RandomStream rng, long id, int spawns, int k, int round, int tries, int radius,
            long center, Layout layout) {
        rng.reset(id);
        rng.skip(2 + 2L * spawns + 4L * ((long) k * tries + round));
        int side = 2 * radius + 1;
        int dims = layout.dims();
        int dx = rng.uniformInt(side) - radius;
        int dy = dims >= 2 ? rng.uniformInt(side) - radius : 0;
        int dz = dims >= 3 ? rng.uniformInt(side) - radius : 0;
        long w = layout.size0();
        long h = layout.size1();
        long g = KernelSupport.neighborIndex((int) (center % w), (int) (center / w % h), (int) (center / w / h), dx, dy,
                dz, layout.size0(), layout.size1(), layout.size2(), dims, layout.wrap());
        return g < 0 ? AgentBlock.OUTSIDE : g;
    }
}
