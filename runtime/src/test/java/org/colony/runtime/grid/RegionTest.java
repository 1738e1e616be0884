package org.colony.runtime.grid;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.colony.ColonyException;
import org.colony.kernel.Layout;
import org.junit.jupiter.api.Test;

class RegionTest {

    @Test
    void neighborIds_areBase3Digits_andOppositesMirror() {
        assertEquals(9, Neighbors.ids(2));
        assertEquals(4, Neighbors.self(2));
        assertEquals(13, Neighbors.self(3));
        assertEquals(0, Neighbors.id(-1, -1));
        assertEquals(5, Neighbors.id(1, 0));
        assertArrayEquals(new int[] {1, -1, 0}, Neighbors.offsets(Neighbors.id(1, -1, 0), 3));
        for (int id = 0; id < 27; id++) {
            int[] o = Neighbors.offsets(id, 3);
            int[] p = Neighbors.offsets(Neighbors.opposite(id, 3), 3);
            for (int d = 0; d < 3; d++) {
                assertEquals(-o[d], p[d]);
            }
        }
    }

    @Test
    void send_andReceive_areMirrorBoxesOfTheHaloWidth() {
        Block b = Topology.of(Grid.of(40, 30), 2, 3).block(0); // 20 x 10 cells
        Region east = Region.send(b, 2, Neighbors.id(1, 0), 2);
        assertArrayEquals(new int[] {18, 0, 0}, east.lo());
        assertArrayEquals(new int[] {20, 10, 1}, east.hi());
        Region fromEast = Region.receive(b, 2, Neighbors.id(1, 0), 2);
        assertArrayEquals(new int[] {20, 0, 0}, fromEast.lo());
        assertArrayEquals(new int[] {22, 10, 1}, fromEast.hi());
        Region northWest = Region.receive(b, 2, Neighbors.id(-1, -1), 2);
        assertArrayEquals(new int[] {-2, -2, 0}, northWest.lo());
        assertArrayEquals(new int[] {0, 0, 1}, northWest.hi());
        assertEquals(4, northWest.cells());
        // What one partition sends toward a direction is as large as what its neighbour receives from there.
        for (int id = 0; id < 9; id++) {
            if (id != Neighbors.self(2)) {
                assertEquals(Region.send(b, 2, id, 2).cells(), Region.receive(b, 2, Neighbors.opposite(id, 2), 2).cells());
            }
        }
    }

    @Test
    void runs_walkTheRegionRowByRowInStorageOrder() {
        Block b = Topology.of(Grid.of(8, 6), 1, 2).block(1); // 8 x 3 cells
        Layout l = new Layout(2, 8, 6, 1, b.origin()[0], b.origin()[1], 0, 8, 3, 1, 1, false);
        List<int[]> runs = new ArrayList<>();
        Region.send(b, 2, Neighbors.id(0, -1), 1).forEachRun(l, (s, n) -> runs.add(new int[] {s, n}));
        assertEquals(1, runs.size());
        assertArrayEquals(new int[] {l.storageIndex(0, 0, 0), 8}, runs.get(0));
        runs.clear();
        Region.receive(b, 2, Neighbors.id(-1, 0), 1).forEachRun(l, (s, n) -> runs.add(new int[] {s, n}));
        assertEquals(3, runs.size());
        for (int y = 0; y < 3; y++) {
            assertArrayEquals(new int[] {l.storageIndex(-1, y, 0), 1}, runs.get(y));
        }
    }

    @Test
    void haloWiderThanAPartition_isRefused() {
        Block b = Topology.of(Grid.of(40, 30), 1, 10).block(0); // 40 x 3 cells
        ColonyException e = assertThrows(ColonyException.class, () -> Region.send(b, 2, Neighbors.id(0, 1), 4));
        assertTrue(e.getMessage().startsWith("a halo 4 cells wide is wider than partition 0 (3 cells along dimension 1)"),
                e.getMessage());
    }

    @Test
    void haloWiderThanAPartitionAlongADimensionTheLinkDoesNotCross_isItsWholeExtent() {
        Block b = Topology.of(Grid.of(40, 3), 2, 1).block(0); // 20 x 3 cells, cut along x only
        Region send = Region.send(b, 2, Neighbors.id(1, 0), 4);
        assertArrayEquals(new int[] {16, 0, 0}, send.lo());
        assertArrayEquals(new int[] {20, 3, 1}, send.hi());
        Region receive = Region.receive(b, 2, Neighbors.id(1, 0), 4);
        assertArrayEquals(new int[] {20, 0, 0}, receive.lo());
        assertArrayEquals(new int[] {24, 3, 1}, receive.hi());
    }
}
