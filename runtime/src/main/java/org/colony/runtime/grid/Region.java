package org.colony.runtime.grid;

import org.colony.ColonyException;
import org.colony.kernel.Layout;

/**
 * A box of cells of a block in its local coordinates (the block's first owned cell is 0; halo cells are
 * negative or past the extent): what a halo exchange sends toward one neighbour, or receives from it.
 *
 * @param lo the first cell along each of three dimensions
 * @param hi one past the last cell along each of three dimensions
 */
public record Region(int[] lo, int[] hi) {

    /** {@return the cells of the region} */
    public long cells() {
        return (long) (hi[0] - lo[0]) * (hi[1] - lo[1]) * (hi[2] - lo[2]);
    }

    /**
     * {@return the owned cells a partition sends toward direction {@code neighborId}: within {@code width} cells of the
     * faces that direction crosses, and the whole extent along dimensions it does not cross}
     *
     * @param block the partition's block
     * @param dims the grid's dimensions, 1 to 3
     * @param neighborId the direction, a {@link Neighbors} id
     * @param width the halo's width in cells
     * @throws ColonyException if the halo is wider than the block along a dimension it crosses
     */
    public static Region send(Block block, int dims, int neighborId, int width) {
        int[] o = Neighbors.offsets(neighborId, dims);
        int[] lo = new int[3];
        int[] hi = {1, 1, 1};
        for (int d = 0; d < dims; d++) {
            int e = block.extent()[d];
            if (o[d] != 0) { // (along a dimension the direction does not cross, the region is the whole extent)
                checkWidth(block, d, width);
            }
            lo[d] = o[d] > 0 ? e - width : 0;
            hi[d] = o[d] < 0 ? width : e;
        }
        return new Region(lo, hi);
    }

    /**
     * {@return the halo cells a partition receives from direction {@code neighborId}: the mirror of {@link #send}}
     *
     * @param block the partition's block
     * @param dims the grid's dimensions, 1 to 3
     * @param neighborId the direction, a {@link Neighbors} id
     * @param width the halo's width in cells
     */
    public static Region receive(Block block, int dims, int neighborId, int width) {
        int[] o = Neighbors.offsets(neighborId, dims);
        int[] lo = new int[3];
        int[] hi = {1, 1, 1};
        for (int d = 0; d < dims; d++) {
            int e = block.extent()[d];
            if (o[d] != 0) {
                checkWidth(block, d, width);
            }
            lo[d] = o[d] < 0 ? -width : o[d] > 0 ? e : 0;
            hi[d] = o[d] < 0 ? 0 : o[d] > 0 ? e + width : e;
        }
        return new Region(lo, hi);
    }

    private static void checkWidth(Block block, int d, int width) {
        if (width > block.extent()[d]) {
            throw new ColonyException("a halo " + width + " cells wide is wider than partition " + block.partition()
                    + " (" + block.extent()[d] + " cells along dimension " + d + "); use fewer partitions along "
                    + "that dimension or a smaller reach");
        }
    }

    /** A run of cells of one row of a region: where the first is stored and how many follow. */
    @FunctionalInterface
    public interface Run {
        /**
         * Accepts one run.
         *
         * @param length the number of cells in the run
         * @param storageIndex the storage index of the run's first cell
         */
        void accept(int storageIndex, int length);
    }

    /**
     * The region's rows as runs of storage indices in a block stored with {@code layout}, in row order.
     *
     * @param layout how the block is stored
     * @param run called once per run
     */
    public void forEachRun(Layout layout, Run run) {
        int length = hi[0] - lo[0];
        if (length <= 0) {
            return;
        }
        for (int z = lo[2]; z < hi[2]; z++) {
            for (int y = lo[1]; y < hi[1]; y++) {
                run.accept(layout.storageIndex(lo[0], y, z), length);
            }
        }
    }
}
