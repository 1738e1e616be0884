package org.colony.cuda.internal.store;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;

import org.colony.kernel.GraphRows;
import org.junit.jupiter.api.Test;

/**
 * The lists of hubs the kernels read ({@code g_hubs}: the count, the threshold, the rows): of a block's rows, and of a
 * box of them, which a launch on that box alone runs one warp each.
 */
class HubListTest {

    /** Six rows with 1, 5, 0, 4, 7 and 2 edges out, and 0, 0, 6, 0, 0 and 0 in. */
    private static GraphRows rows() {
        int[] offsets = {0, 1, 6, 6, 10, 17, 19};
        int[] inOffsets = {0, 0, 0, 6, 6, 6, 6};
        return new GraphRows(offsets, new int[19], null, inOffsets, new int[6], null, new int[6], new int[6],
                new int[6]);
    }

    @Test
    void theRowsHubs_areThoseWithAnOutOrInRowAtTheThreshold_byRow() {
        assertArrayEquals(new int[] {4, 4, 1, 2, 3, 4}, DeviceGraph.hubs(rows(), 4));
        assertArrayEquals(new int[] {2, 6, 2, 4}, DeviceGraph.hubs(rows(), 6));
        assertArrayEquals(new int[] {0, 8}, DeviceGraph.hubs(rows(), 8));
    }

    @Test
    void aBoxsHubs_areTheHubsAmongItsRows() {
        int[] all = DeviceGraph.hubs(rows(), 4); // rows 1, 2, 3, 4
        assertArrayEquals(new int[] {2, 4, 1, 2}, DeviceGraph.hubs(all, 0, 3));
        assertArrayEquals(new int[] {2, 4, 3, 4}, DeviceGraph.hubs(all, 3, 6));
        assertArrayEquals(new int[] {1, 4, 2}, DeviceGraph.hubs(all, 2, 3));
        assertArrayEquals(all, DeviceGraph.hubs(all, 0, 6));
        assertArrayEquals(new int[] {0, 4}, DeviceGraph.hubs(all, 5, 6));
        assertArrayEquals(new int[] {0, 4}, DeviceGraph.hubs(all, 0, 0));
        assertArrayEquals(new int[] {0, 8}, DeviceGraph.hubs(DeviceGraph.hubs(rows(), 8), 0, 6));
    }
}
