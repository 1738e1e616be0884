package org.colony.runtime.grid;

/**
 * Neighbour ids: the direction from a partition to one of its up to 3^N - 1 neighbours, as the base-3
 * number whose digit d is the offset along dimension d plus one. In 2-D, id 0 is (-1, -1), 1 is
 * (0, -1), 3 is (-1, 0), 5 is (1, 0), 8 is (1, 1); id 4, (0, 0), is the partition itself.
 */
public final class Neighbors {

    private Neighbors() {
    }

    /**
     * {@return the number of ids in N dimensions, the partition itself included: 3^N}
     *
     * @param dims the grid's dimensions, 1 to 3
     */
    public static int ids(int dims) {
        int n = 1;
        for (int d = 0; d < dims; d++) {
            n *= 3;
        }
        return n;
    }

    /**
     * {@return the id of the partition itself: all offsets 0}
     *
     * @param dims the grid's dimensions, 1 to 3
     */
    public static int self(int dims) {
        return (ids(dims) - 1) / 2;
    }

    /**
     * {@return the id of a direction, one offset of -1, 0 or 1 per dimension}
     *
     * @param offsets one offset of -1, 0 or 1 per dimension, x first
     */
    public static int id(int... offsets) {
        int id = 0;
        for (int d = offsets.length - 1; d >= 0; d--) {
            if (offsets[d] < -1 || offsets[d] > 1) {
                throw new IllegalArgumentException("offset " + offsets[d] + " along dimension " + d
                        + " is not -1, 0 or 1");
            }
            id = id * 3 + offsets[d] + 1;
        }
        return id;
    }

    /**
     * {@return the direction of an id: one offset of -1, 0 or 1 per dimension}
     *
     * @param dims the grid's dimensions, 1 to 3
     * @param id a neighbour id, 0 to 3^dims - 1
     */
    public static int[] offsets(int id, int dims) {
        if (id < 0 || id >= ids(dims)) {
            throw new IllegalArgumentException("neighbour id " + id + " is outside 0.." + (ids(dims) - 1) + " in "
                    + dims + " dimensions");
        }
        int[] o = new int[dims];
        int rest = id;
        for (int d = 0; d < dims; d++) {
            o[d] = rest % 3 - 1;
            rest /= 3;
        }
        return o;
    }

    /**
     * {@return the id of the opposite direction: what the neighbour calls this partition}
     *
     * @param dims the grid's dimensions, 1 to 3
     * @param id a neighbour id, 0 to 3^dims - 1
     */
    public static int opposite(int id, int dims) {
        return ids(dims) - 1 - id;
    }
}
