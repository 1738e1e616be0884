package org.colony.cuda.internal.store;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;

import org.colony.kernel.Layout;
import org.junit.jupiter.api.Test;

/** The global places whose agents a block's index covers: the whole grid, or a partition's rows and halo. */
class PlaceRangeTest {

    private static Layout block(int dims, int[] size, int[] origin, int[] extent, int pad, boolean wrap) {
        return new Layout(dims, size[0], size[1], size[2], origin[0], origin[1], origin[2], extent[0], extent[1],
                extent[2], pad, wrap);
    }

    @Test
    void aBlockCoveringTheGrid_coversEveryPlace() {
        assertArrayEquals(new long[] {0, 600}, DeviceAgentIndex.placeRange(
                block(2, new int[] {30, 20, 1}, new int[] {0, 0, 0}, new int[] {30, 20, 1}, 3, false), 600));
        assertArrayEquals(new long[] {0, 600}, DeviceAgentIndex.placeRange(
                block(2, new int[] {30, 20, 1}, new int[] {0, 0, 0}, new int[] {30, 20, 1}, 3, true), 600));
    }

    @Test
    void aPartitionOfRows_coversItsRowsAndItsHalosRows() {
        // rows 10..19 of 30 x 20 with a halo of 3: rows 7..19 (the grid ends at 19)
        assertArrayEquals(new long[] {7 * 30, 13 * 30}, DeviceAgentIndex.placeRange(
                block(2, new int[] {30, 20, 1}, new int[] {0, 10, 0}, new int[] {30, 10, 1}, 3, false), 600));
        // rows 0..9: rows 0..12
        assertArrayEquals(new long[] {0, 13 * 30}, DeviceAgentIndex.placeRange(
                block(2, new int[] {30, 20, 1}, new int[] {0, 0, 0}, new int[] {30, 10, 1}, 3, false), 600));
        // a middle band of a wrapping grid whose halo stays inside it
        assertArrayEquals(new long[] {7 * 30, 11 * 30}, DeviceAgentIndex.placeRange(
                block(2, new int[] {30, 20, 1}, new int[] {0, 10, 0}, new int[] {30, 5, 1}, 3, true), 600));
    }

    @Test
    void aHaloAcrossAWrappingEdge_coversTheWholeGrid() {
        assertArrayEquals(new long[] {0, 600}, DeviceAgentIndex.placeRange(
                block(2, new int[] {30, 20, 1}, new int[] {0, 10, 0}, new int[] {30, 10, 1}, 3, true), 600));
    }

    @Test
    void aColumnPartition_spansFromItsFirstToItsLastPlace() {
        // x 10..19 of 30 x 20, halo 2: x 8..21 on every row
        assertArrayEquals(new long[] {8, 19 * 30 + 21 - 8 + 1}, DeviceAgentIndex.placeRange(
                block(2, new int[] {30, 20, 1}, new int[] {10, 0, 0}, new int[] {10, 20, 1}, 2, false), 600));
    }

    @Test
    void aSlabOfACube_coversItsLayersAndItsHalos() {
        // z 4..7 of 10 x 10 x 10, halo 1: layers 3..8
        assertArrayEquals(new long[] {300, 600}, DeviceAgentIndex.placeRange(
                block(3, new int[] {10, 10, 10}, new int[] {0, 0, 4}, new int[] {10, 10, 4}, 1, false), 1000));
    }
}
