package org.colony.cuda.internal.store;

import org.colony.kernel.Layout;

/**
 * The halo cells of a partition's block that hold places of other partitions, with the global index of each place:
 * where a GPU partition puts the rows of its neighbours' agents as ghosts.
 */
final class HaloPlaces {

    private HaloPlaces() {
    }

    /** A halo cell's storage index and the global index of the place it holds. */
    @FunctionalInterface
    interface Cell {
        void accept(int storage, long global);
    }

    /**
     * Every halo cell of the layout that holds a place another partition owns (not one outside a grid that does not
     * wrap, not one of this block's own places seen across a wrapping edge), in storage order.
     */
    static void forEach(Layout layout, Cell cell) {
        int p0 = layout.pad();
        int p1 = layout.dims() >= 2 ? layout.pad() : 0;
        int p2 = layout.dims() >= 3 ? layout.pad() : 0;
        for (int z = -p2; z < layout.extent2() + p2; z++) {
            long gz = global(layout.origin2() + z, layout.size2(), layout.wrap());
            boolean zOwned = z >= 0 && z < layout.extent2();
            for (int y = -p1; y < layout.extent1() + p1; y++) {
                long gy = global(layout.origin1() + y, layout.size1(), layout.wrap());
                boolean rowOwned = zOwned && y >= 0 && y < layout.extent1();
                for (int x = -p0; x < layout.extent0() + p0; x++) {
                    if (rowOwned && x == 0) {
                        x = layout.extent0() - 1; // skip the owned run of the row
                        continue;
                    }
                    long gx = global(layout.origin0() + x, layout.size0(), layout.wrap());
                    if (gx < 0 || gy < 0 || gz < 0 || owned(layout, gx, gy, gz)) {
                        continue;
                    }
                    cell.accept(layout.storageIndex(x, y, z),
                            gx + (long) layout.size0() * (gy + (long) layout.size1() * gz));
                }
            }
        }
    }

    private static long global(int c, int size, boolean wrap) {
        if (c >= 0 && c < size) {
            return c;
        }
        return wrap ? Math.floorMod(c, size) : -1;
    }

    private static boolean owned(Layout l, long gx, long gy, long gz) {
        return gx >= l.origin0() && gx < l.origin0() + l.extent0() && gy >= l.origin1()
                && gy < l.origin1() + l.extent1() && gz >= l.origin2() && gz < l.origin2() + l.extent2();
    }
}
