package org.colony.runtime.grid;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.colony.ColonyException;
import org.junit.jupiter.api.Test;

class TopologyTest {

    @Test
    void squareGrid_fourPartitions_cutsTwoByTwo() {
        // 1x4 cuts 3 * 1000 cells, 2x2 cuts 1000 + 1000.
        assertArrayEquals(new int[] {2, 2}, Topology.of(Grid.of(1000, 1000), 4).counts());
    }

    @Test
    void squareGrid_twoPartitions_cutsRows() {
        // 2x1 and 1x2 cut the same surface; bands of whole rows win the tie.
        assertArrayEquals(new int[] {1, 2}, Topology.of(Grid.of(1000, 1000), 2).counts());
    }

    @Test
    void wideGrid_cutsAcrossItsLongSide() {
        assertArrayEquals(new int[] {4, 1}, Topology.of(Grid.of(4000, 100), 4).counts());
    }

    @Test
    void primeCount_cutsOneDimension() {
        assertArrayEquals(new int[] {1, 3}, Topology.of(Grid.of(90, 90), 3).counts());
        assertArrayEquals(new int[] {2, 3}, Topology.of(Grid.of(90, 90), 6).counts());
    }

    @Test
    void threeDimensions_eightPartitions_cutsEachDimensionOnce() {
        assertArrayEquals(new int[] {2, 2, 2}, Topology.of(Grid.of(64, 64, 64), 8).counts());
    }

    @Test
    void thinGrid_neverCutsADimensionIntoMorePartsThanCells() {
        assertArrayEquals(new int[] {6, 1}, Topology.of(Grid.of(1000, 2), 6).counts());
        // 1x6 and 6x1 would give partitions no cells; 2x3 and 3x2 cut the same, rows win.
        assertArrayEquals(new int[] {2, 3}, Topology.of(Grid.of(3, 3), 6).counts());
    }

    @Test
    void oddSizes_blocksDifferByAtMostOneAndCoverTheGrid() {
        Topology t = Topology.of(Grid.of(10, 7), 2, 3);
        assertEquals(6, t.partitions());
        assertEquals(5, t.nominal(0));
        assertEquals(3, t.nominal(1));
        int[] rows = new int[7];
        long cells = 0;
        for (int p = 0; p < t.partitions(); p++) {
            Block b = t.block(p);
            assertTrue(b.extent()[1] == 2 || b.extent()[1] == 3, "extent " + b.extent()[1]);
            cells += b.cells();
            for (int y = b.origin()[1]; y < b.origin()[1] + b.extent()[1]; y++) {
                if (b.index()[0] == 0) {
                    rows[y]++;
                }
            }
        }
        assertEquals(70, cells);
        assertArrayEquals(new int[] {1, 1, 1, 1, 1, 1, 1}, rows);
        assertArrayEquals(new int[] {0, 0, 0}, t.block(0).origin());
        assertArrayEquals(new int[] {5, 2, 0}, t.block(3).origin()); // block index (1, 1)
        assertArrayEquals(new int[] {5, 2, 1}, t.block(3).extent());
        assertArrayEquals(new int[] {5, 3, 1}, t.block(5).extent()); // the last row of blocks takes the extra row
    }

    @Test
    void owner_isThePartitionWhoseBlockHoldsThePlace() {
        Topology t = Topology.of(Grid.of(10, 7), 3, 2);
        for (int y = 0; y < 7; y++) {
            for (int x = 0; x < 10; x++) {
                int p = t.owner(x, y, 0);
                assertTrue(t.block(p).owns(x, y, 0), "(" + x + ", " + y + ") -> " + p);
            }
        }
        Topology u = Topology.of(Grid.of(11, 7, 5), 3, 2, 2); // uneven along every dimension
        for (int z = 0; z < 5; z++) {
            for (int y = 0; y < 7; y++) {
                for (int x = 0; x < 11; x++) {
                    int p = u.owner(x, y, z);
                    assertTrue(u.block(p).owns(x, y, z), "(" + x + ", " + y + ", " + z + ") -> " + p);
                }
            }
        }
    }

    @Test
    void blockIndex_andPartition_areInverse() {
        Topology t = Topology.of(Grid.of(30, 20, 10), 3, 2, 2);
        for (int p = 0; p < t.partitions(); p++) {
            assertEquals(p, t.partition(t.blockIndex(p)));
        }
        assertArrayEquals(new int[] {1, 1, 0}, t.blockIndex(4));
    }

    @Test
    void neighbors_acrossTheGridEdge_areAbsentUnlessItWraps() {
        Topology open = Topology.of(Grid.of(30, 30), 3, 3);
        int center = open.partition(1, 1);
        assertEquals(open.partition(2, 1), open.neighbor(center, Neighbors.id(1, 0)));
        assertEquals(open.partition(0, 0), open.neighbor(center, Neighbors.id(-1, -1)));
        assertEquals(-1, open.neighbor(open.partition(0, 1), Neighbors.id(-1, 0)));
        Topology torus = Topology.of(Grid.of(30, 30).wrap(), 3, 3);
        assertEquals(torus.partition(2, 1), torus.neighbor(torus.partition(0, 1), Neighbors.id(-1, 0)));
        Topology single = Topology.of(Grid.of(30, 30).wrap(), 1, 3);
        assertEquals(single.partition(0, 1), single.neighbor(single.partition(0, 1), Neighbors.id(1, 0)));
    }

    @Test
    void primeCountOnASquareGrid_isRefusedAsPrime_namingTheNearestCountsThatFit() {
        ColonyException e = assertThrows(ColonyException.class, () -> Topology.of(Grid.of(10, 10), 11));
        assertEquals("partitions=11 cannot cut the grid 10x10 (100 places): 11 is prime, so its only cuts are 1x11, "
                + "11x1, and each cuts some dimension into more parts than it has places; use 10 or 12 partitions, or "
                + "give the cut along each dimension (AxB)", e.getMessage());
    }

    @Test
    void compositeCountWhoseFactorsAllOverflow_namesItsCutsAndTheNearestCounts() {
        // 22 = 2x11 = 11x2 = 1x22 = 22x1: each has a factor over 10; 21 = 3x7 and 24 = 3x8 fit.
        ColonyException e = assertThrows(ColonyException.class, () -> Topology.of(Grid.of(10, 10), 22));
        assertEquals("partitions=22 cannot cut the grid 10x10 (100 places): each of its cuts (1x22, 2x11, 11x2, "
                + "22x1) cuts some dimension into more parts than it has places; use 21 or 24 partitions, or give the "
                + "cut along each dimension (AxB)", e.getMessage());
        // on 3x3x3 the counts that fit are products of three factors of at most 3: 18 and 27 are nearest to 23
        ColonyException f = assertThrows(ColonyException.class, () -> Topology.of(Grid.of(3, 3, 3), 23));
        assertTrue(f.getMessage().endsWith("use 18 or 27 partitions, or give the cut along each dimension (AxB)"),
                f.getMessage());
    }

    @Test
    void morePartitionsThanCells_isRefusedNamingTheLimit() {
        ColonyException e = assertThrows(ColonyException.class, () -> Topology.of(Grid.of(5, 1), 7));
        assertEquals("partitions=7 cannot cut the grid " + Grid.of(5, 1) + " (5 places): every way of cutting it "
                + "gives a partition no cells; use at most 5 partitions", e.getMessage());
        ColonyException f = assertThrows(ColonyException.class, () -> Topology.of(Grid.of(5, 8), 6, 1));
        assertTrue(f.getMessage().startsWith("partitions=6 along dimension 0 is more than the 5 places"), f.getMessage());
        assertThrows(ColonyException.class, () -> Topology.of(Grid.of(5, 8), 0));
        assertThrows(ColonyException.class, () -> Topology.of(Grid.of(5, 8), 1, 2, 3));
    }
}
