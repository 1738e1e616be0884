package org.colony.runtime.grid;

import java.util.Arrays;
import org.colony.ColonyException;

/**
 * The shape of a Places collection: 1, 2 or 3 dimensions with their sizes, and a boundary policy.
 * Immutable.
 *
 * <pre>{@code
 * Grid.of(9000, 9000)          // 2-D, cells outside are absent
 * Grid.of(512, 512).wrap()     // a torus
 * }</pre>
 */
public final class Grid {

    private final int[] sizes;
    private final Boundary boundary;

    private Grid(int[] sizes, Boundary boundary) {
        this.sizes = sizes;
        this.boundary = boundary;
    }

    /**
     * {@return a grid with the given sizes, one per dimension, whose outside cells are absent}
     *
     * @param sizes the extents, x first, each 1 or more
     * @throws ColonyException if there are not 1 to 3 sizes or a size is not positive
     */
    public static Grid of(int... sizes) {
        if (sizes == null || sizes.length < 1 || sizes.length > 3) {
            throw new ColonyException("a grid has 1, 2 or 3 dimensions, not " + (sizes == null ? 0 : sizes.length));
        }
        for (int d = 0; d < sizes.length; d++) {
            if (sizes[d] < 1) {
                throw new ColonyException("grid size " + sizes[d] + " along dimension " + d
                        + " is not positive; sizes are 1 to " + Integer.MAX_VALUE);
            }
        }
        try {
            long cells = 1;
            for (int s : sizes) {
                cells = Math.multiplyExact(cells, s);
            }
        } catch (ArithmeticException e) {
            throw new ColonyException("grid " + describe(sizes) + " has more than 2^63 cells");
        }
        return new Grid(sizes.clone(), Boundary.ABSENT);
    }

    /** {@return this grid with wrapping edges (a torus)} */
    public Grid wrap() {
        return new Grid(sizes, Boundary.WRAP);
    }

    /**
     * {@return this grid with the given boundary policy}
     *
     * @param policy what lies beyond the edges
     */
    public Grid boundary(Boundary policy) {
        return new Grid(sizes, policy);
    }

    /** {@return the boundary policy} */
    public Boundary boundary() {
        return boundary;
    }

    /** {@return the number of dimensions, 1 to 3} */
    public int dimensions() {
        return sizes.length;
    }

    /**
     * {@return the size along dimension {@code d}; 1 for dimensions beyond the grid's}
     *
     * @param d the dimension, 0 for x
     */
    public int size(int d) {
        return d < sizes.length ? sizes[d] : 1;
    }

    /** {@return all sizes} */
    public int[] sizes() {
        return sizes.clone();
    }

    /** {@return the number of cells} */
    public long cells() {
        long c = 1;
        for (int s : sizes) {
            c *= s;
        }
        return c;
    }

    /**
     * {@return the global linear index of a cell: {@code x + size(0) * (y + size(1) * z)}}
     *
     * @param x the cell's x
     * @param y the cell's y; 0 on a 1-D grid
     * @param z the cell's z; 0 on a 1-D or 2-D grid
     */
    public long index(int x, int y, int z) {
        return x + (long) size(0) * (y + (long) size(1) * z);
    }

    private static String describe(int[] sizes) {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < sizes.length; i++) {
            sb.append(i == 0 ? "" : "x").append(sizes[i]);
        }
        return sb.toString();
    }

    @Override
    public String toString() {
        return describe(sizes) + (boundary == Boundary.WRAP ? " (wrapping)" : "");
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Grid g && Arrays.equals(sizes, g.sizes) && boundary == g.boundary;
    }

    @Override
    public int hashCode() {
        return Arrays.hashCode(sizes) * 31 + boundary.hashCode();
    }
}
