package org.colony.runtime.agents;

/**
 * Agents grouped by place with a stable counting sort: the agents on place g are
 * {@code order[start[g]] .. order[start[g + 1] - 1]}, in slot (= id) order. Data-parallel in form
 * (histogram, exclusive prefix sum, scatter), as the GPU backend builds it.
 */
public final class PlaceIndex {

    private final int[] start;
    private final int[] order;

    private PlaceIndex(int[] start, int[] order) {
        this.start = start;
        this.order = order;
    }

    /**
     * Groups {@code count} agents by their place.
     *
     * @param places global place index per slot
     * @param count live agents (slots {@code [0, count)})
     * @param cells places in the grid
     */
    public static PlaceIndex build(long[] places, int count, int cells) {
        int[] start = new int[cells + 1];
        for (int i = 0; i < count; i++) {
            start[(int) places[i] + 1]++;
        }
        for (int g = 0; g < cells; g++) {
            start[g + 1] += start[g];
        }
        int[] cursor = new int[cells];
        System.arraycopy(start, 0, cursor, 0, cells);
        int[] order = new int[count];
        for (int i = 0; i < count; i++) {
            order[cursor[(int) places[i]]++] = i;
        }
        return new PlaceIndex(start, order);
    }

    /** Where each place's agents start in {@link #order()}; length cells + 1. */
    public int[] start() {
        return start;
    }

    /** Slots grouped by place. */
    public int[] order() {
        return order;
    }

    /** The number of agents on place {@code g}. */
    public int count(int g) {
        return start[g + 1] - start[g];
    }

    /** Bytes held. */
    public long bytes() {
        return 4L * (start.length + order.length);
    }
}
