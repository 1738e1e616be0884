package org.colony.runtime.partition;

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

    /** The owned cells. */
    public long cells() {
        return (long) extent[0] * extent[1] * extent[2];
    }

    /** Whether the block owns the cell. */
    public boolean owns(int x, int y, int z) {
        return x >= origin[0] && x < origin[0] + extent[0] && y >= origin[1] && y < origin[1] + extent[1]
                && z >= origin[2] && z < origin[2] + extent[2];
    }
}
