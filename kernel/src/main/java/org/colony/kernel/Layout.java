package org.colony.kernel;

/**
 * Where the places of one block live in its columns. A block owns a box of the grid
 * ({@code origin}, {@code extent}) and stores it with {@code pad} cells of halo on each side of every
 * grid dimension, x fastest. The storage index of owned cell (x, y, z), local coordinates, is
 * {@code base + x + y * strideY + z * strideZ}.
 *
 * @param dims grid dimensionality (1-3)
 * @param size0 grid size along x
 * @param size1 grid size along y (1 for 1-D grids)
 * @param size2 grid size along z (1 for 1- and 2-D grids)
 * @param origin0 global x of the block's first owned cell
 * @param origin1 global y of the block's first owned cell
 * @param origin2 global z of the block's first owned cell
 * @param extent0 owned cells along x
 * @param extent1 owned cells along y
 * @param extent2 owned cells along z
 * @param pad halo width on each side of each grid dimension
 * @param wrap whether the grid wraps (torus) rather than treating outside cells as absent
 */
public record Layout(int dims, int size0, int size1, int size2, int origin0, int origin1, int origin2, int extent0,
        int extent1, int extent2, int pad, boolean wrap) {

    /** {@return padded extent along x} */
    public int stored0() {
        return extent0 + 2 * pad;
    }

    /** {@return padded extent along y} */
    public int stored1() {
        return dims >= 2 ? extent1 + 2 * pad : 1;
    }

    /** {@return padded extent along z} */
    public int stored2() {
        return dims >= 3 ? extent2 + 2 * pad : 1;
    }

    /** {@return distance in storage between cells one apart along y} */
    public int strideY() {
        return stored0();
    }

    /** {@return distance in storage between cells one apart along z} */
    public int strideZ() {
        return stored0() * stored1();
    }

    /** {@return storage index of the owned cell at local (0, 0, 0)} */
    public int base() {
        return pad + (dims >= 2 ? pad * strideY() : 0) + (dims >= 3 ? pad * strideZ() : 0);
    }

    /** {@return cells in storage, halo included} */
    public long storedCells() {
        return (long) stored0() * stored1() * stored2();
    }

    /** {@return owned cells} */
    public long ownedCells() {
        return (long) extent0 * extent1 * extent2;
    }

    /** {@return rows of the owned region: (y, z) lines} */
    public int rows() {
        return extent1 * extent2;
    }

    /**
     * {@return storage index of the owned cell at local coordinates}
     *
     * @param x the local x, 0 to the owned extent along x - 1
     * @param y the local y, 0 to the owned extent along y - 1
     * @param z the local z, 0 to the owned extent along z - 1
     */
    public int storageIndex(int x, int y, int z) {
        return base() + x + y * strideY() + z * strideZ();
    }
}
