package org.colony.runtime.grid;

import org.colony.kernel.Layout;

/**
 * The cells one partition owns: a box of the grid given by its first cell and its extent along each of
 * three dimensions (1 past the grid's dimensions).
 *
 * @param partition the partition's number
 * @param index the block index, one entry per grid dimension
 * @param origin the first owned cell, three entries
 * @param extent the owned cells along each dimension, three entries
 */
public record Block(int partition, int[] index, int[] origin, int[] extent) {

    /** {@return the owned cells} */
    public long cells() {
        return (long) extent[0] * extent[1] * extent[2];
    }

    /**
     * {@return whether the block owns the cell}
     *
     * @param x the cell's x
     * @param y the cell's y; 0 on a 1-D grid
     * @param z the cell's z; 0 on a 1-D or 2-D grid
     */
    public boolean owns(int x, int y, int z) {
        return x >= origin[0] && x < origin[0] + extent[0] && y >= origin[1] && y < origin[1] + extent[1]
                && z >= origin[2] && z < origin[2] + extent[2];
    }

    /**
     * {@return the one block of a grid that is not cut: partition 0, owning every cell}
     *
     * @param grid the grid
     */
    public static Block whole(Grid grid) {
        return new Block(0, new int[] {0, 0, 0}, new int[] {0, 0, 0},
                new int[] {grid.size(0), grid.size(1), grid.size(2)});
    }

    /**
     * {@return where this block's cells of {@code grid} live in storage padded by {@code pad} cells of halo}
     *
     * @param grid the grid
     * @param pad the halo's width in cells, 0 or more
     */
    public Layout layout(Grid grid, int pad) {
        return new Layout(grid.dimensions(), grid.size(0), grid.size(1), grid.size(2), origin[0], origin[1], origin[2],
                extent[0], extent[1], extent[2], pad, grid.boundary() == Boundary.WRAP);
    }
}
