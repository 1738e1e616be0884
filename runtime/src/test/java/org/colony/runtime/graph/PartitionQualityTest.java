package org.colony.runtime.graph;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** The quality figures of a partition, checked against counts made by hand on small graphs. */
class PartitionQualityTest {

    @Test
    void pathInThreeParts_countsCutEdgesAndHalosByHand() {
        // 0 - 1 | 2 - 3 | 4
        PartitionQuality q = PartitionQuality.of(SmallGraphs.path(5).adjacency(), new int[] {0, 0, 1, 1, 2}, 3);
        assertEquals(3, q.partitions());
        assertEquals(4, q.edges());
        assertEquals(2, q.cutEdges());
        assertEquals(2, q.cutWeight());
        assertEquals(0.5, q.cutFraction());
        assertArrayEquals(new int[] {2, 2, 1}, new int[] {q.vertices(0), q.vertices(1), q.vertices(2)});
        // part 0 receives vertex 2; part 1 receives 1 and 4; part 2 receives 3
        assertArrayEquals(new int[] {1, 2, 1}, new int[] {q.halo(0), q.halo(1), q.halo(2)});
        assertEquals(4, q.haloVertices());
        assertEquals(32, q.haloBytes(8));
        assertEquals(16, q.haloBytes(1, 8));
        assertEquals(2.0 * 3 / 5, q.imbalance(), 1e-12);
    }

    @Test
    void aVertexReadThroughSeveralEdges_isReceivedOnce() {
        // a star: centre 0 in part 0, leaves 1, 2, 3 in part 1
        PartitionQuality q = PartitionQuality.of(SmallGraphs.of(4, new int[] {0, 1}, new int[] {0, 2},
                new int[] {0, 3}).adjacency(), new int[] {0, 1, 1, 1}, 2);
        assertEquals(3, q.cutEdges());
        assertEquals(3, q.halo(0));
        assertEquals(1, q.halo(1));
        assertEquals(1.5, q.imbalance(), 1e-12);
    }

    @Test
    void weightedEdges_cutWeightSumsTheirWeights() {
        SmallGraphs.Csr ring = SmallGraphs.of(4, new int[] {0, 1, 10}, new int[] {1, 2, 1}, new int[] {2, 3, 10},
                new int[] {3, 0, 3});
        PartitionQuality q = PartitionQuality.of(ring.adjacency(), new int[] {0, 0, 1, 1}, 2);
        assertEquals(2, q.cutEdges());
        assertEquals(4, q.cutWeight());
    }

    @Test
    void summaryLine_namesTheFigures() {
        PartitionQuality q = PartitionQuality.of(SmallGraphs.ring(6).adjacency(), new int[] {0, 1, 0, 1, 0, 1}, 2);
        assertEquals("2 parts: 6 of 6 edges cut (100.00%), imbalance 1.000, halo 6 vertices", q.toString());
    }
}
