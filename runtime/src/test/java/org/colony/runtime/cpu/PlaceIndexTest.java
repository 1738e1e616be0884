package org.colony.runtime.cpu;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.Arrays;
import java.util.SplittableRandom;
import org.colony.kernel.Layout;
import org.colony.runtime.grid.Block;
import org.colony.runtime.grid.Grid;
import org.colony.runtime.grid.Region;
import org.junit.jupiter.api.Test;

class PlaceIndexTest {

    /** The slots on the place stored at local (x, y). */
    private static int[] slots(PlaceIndex index, int x, int y) {
        int s = index.layout().storageIndex(x, y, 0);
        return Arrays.copyOfRange(index.order(), index.start()[s], index.start()[s + 1]);
    }

    @Test
    void owned_groupsSlotsByStorageCell_inSlotOrder_haloEmpty() {
        Layout l = Block.whole(Grid.of(4, 3)).layout(Grid.of(4, 3), 1);
        long[] places = {5, 0, 5, 11, 5};
        PlaceIndex index = PlaceIndex.owned(places, places.length, l);
        assertArrayEquals(new int[] {0, 2, 4}, slots(index, 1, 1));
        assertArrayEquals(new int[] {1}, slots(index, 0, 0));
        assertArrayEquals(new int[] {3}, slots(index, 3, 2));
        assertArrayEquals(new int[0], slots(index, -1, 0));
        assertEquals(l.storedCells() + 1, index.start().length);
        assertEquals(5, index.order().length);
    }

    @Test
    void wrapped_haloRepeatsTheFarSide() {
        Layout l = Block.whole(Grid.of(4, 3)).layout(Grid.of(4, 3).wrap(), 1);
        long[] places = {0, 0, 3, 11};
        PlaceIndex index = PlaceIndex.wrapped(places, places.length, l);
        assertArrayEquals(new int[] {0, 1}, slots(index, 4, 0)); // east of (3, 0) is (0, 0)
        assertArrayEquals(new int[] {2}, slots(index, -1, 0)); // west of (0, 0) is (3, 0)
        assertArrayEquals(new int[] {3}, slots(index, -1, -1)); // the corner is (3, 2)
        assertArrayEquals(new int[] {0, 1}, slots(index, 4, 3)); // and (4, 3) is (0, 0)
        assertArrayEquals(new int[0], slots(index, 1, -1));
    }

    @Test
    void withHalo_countsTheHalo_andLeavesItsSlotsToTheCaller() {
        // The second of two bands of rows of a 5 x 6 grid: rows 3 to 5, halo 1.
        Layout l = new Layout(2, 5, 6, 1, 0, 3, 0, 5, 3, 1, 1, false);
        int[] halo = new int[(int) l.storedCells()];
        halo[l.storageIndex(2, -1, 0)] = 2;
        halo[l.storageIndex(0, -1, 0)] = 1;
        long[] places = {17, 29};
        PlaceIndex index = PlaceIndex.withHalo(places, 2, l, halo);
        assertEquals(2, index.count(l.storageIndex(2, -1, 0)));
        assertArrayEquals(new int[] {-1, -1}, slots(index, 2, -1));
        assertArrayEquals(new int[] {0}, slots(index, 2, 0));
        assertArrayEquals(new int[] {1}, slots(index, 4, 2));
        assertEquals(5, index.order().length);
    }

    @Test
    void haloCounts_roundTrip_andGhostSlotsFollowTheLiveAgents_cellByCell() {
        // The same band: the row above it (y = -1, local) is halo, the first row (y = 0) is owned.
        Layout l = new Layout(2, 5, 6, 1, 0, 3, 0, 5, 3, 1, 1, false);
        long[] places = {15, 15, 17, 29};
        PlaceIndex owned = PlaceIndex.owned(places, places.length, l);
        Region firstRow = new Region(new int[] {0, 0, 0}, new int[] {5, 1, 1});
        Region rowAbove = new Region(new int[] {0, -1, 0}, new int[] {5, 0, 1});
        try (Arena a = Arena.ofConfined()) {
            MemorySegment buffer = a.allocate(4 * 5);
            owned.packCounts(firstRow, buffer, 0);
            assertEquals(3, owned.agentsIn(firstRow));
            assertArrayEquals(new int[] {0, 1, 2}, owned.slotsIn(firstRow));
            // What the neighbour above would receive on its halo row, read here onto ours for the test.
            int[] halo = PlaceIndex.unpackCounts(null, l, rowAbove, buffer, 0);
            assertEquals(2, halo[l.storageIndex(0, -1, 0)]);
            assertEquals(1, halo[l.storageIndex(2, -1, 0)]);
            PlaceIndex index = PlaceIndex.withHalo(places, places.length, l, halo);
            assertEquals(3, index.agentsIn(rowAbove));
            assertEquals(7, index.giveGhostSlots(places.length));
            assertArrayEquals(new int[] {4, 5, 6}, index.slotsIn(rowAbove));
            assertArrayEquals(new int[] {4, 5}, slots(index, 0, -1));
        }
    }

    @Test
    void recycledIndex_isTheIndexBuiltAfresh_asThePopulationChanges() {
        Layout l = Block.whole(Grid.of(6, 5)).layout(Grid.of(6, 5).wrap(), 1);
        int[] halo = new int[(int) l.storedCells()];
        halo[l.storageIndex(-1, 2, 0)] = 3;
        SplittableRandom random = new java.util.SplittableRandom(5);
        PlaceIndex owned = null;
        PlaceIndex wrapped = null;
        PlaceIndex withHalo = null;
        for (int n : new int[] {40, 40, 41, 7, 3000, 40, 0, 40}) {
            long[] places = new long[n];
            for (int i = 0; i < n; i++) {
                places[i] = random.nextInt(30);
            }
            owned = PlaceIndex.owned(places, n, l, owned);
            wrapped = PlaceIndex.wrapped(places, n, l, wrapped);
            withHalo = PlaceIndex.withHalo(places, n, l, halo, withHalo);
            PlaceIndex[] fresh = {PlaceIndex.owned(places, n, l), PlaceIndex.wrapped(places, n, l),
                PlaceIndex.withHalo(places, n, l, halo)};
            PlaceIndex[] reused = {owned, wrapped, withHalo};
            for (int k = 0; k < 3; k++) {
                assertArrayEquals(fresh[k].start(), reused[k].start(), "n=" + n + " k=" + k);
                assertArrayEquals(fresh[k].order(), reused[k].order(), "n=" + n + " k=" + k);
            }
        }
    }
}
