package org.colony.runtime.graph;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.colony.ColonyException;
import org.junit.jupiter.api.Test;

/** The CSR arrays a partitioner accepts: undirected, both directions stored, no self-loops, no parallel edges. */
class AdjacencyTest {

    private static String refusal(int n, int[] offsets, int[] targets, int[] vertexWeights, int[] edgeWeights) {
        return assertThrows(ColonyException.class,
                () -> GraphPartitioner.of(n, offsets, targets, vertexWeights, edgeWeights)).getMessage();
    }

    @Test
    void aRing_isAccepted_withItsEdgesCountedOnce() {
        Adjacency ring = SmallGraphs.ring(7).adjacency();
        assertEquals(7, ring.edges());
        assertEquals(14, ring.targets().length);
    }

    @Test
    void anEdgeStoredOneWay_isRefused() {
        // 0 -> 1 and 1 -> 2, 2 -> 1; 1 does not name 0
        assertEquals("graph: vertex 0 is not stored in both directions: it names 1 (weight 1) but 1 does not name it "
                + "back with that weight; list every undirected edge as u -> v and v -> u, with the same weight",
                refusal(3, new int[] {0, 1, 2, 3}, new int[] {1, 2, 1}, null, null));
    }

    @Test
    void edgeWeightsThatDifferByDirection_areRefused() {
        assertEquals("graph: vertex 0 is not stored in both directions: it names 1 (weight 2) but 1 does not name it "
                + "back with that weight; list every undirected edge as u -> v and v -> u, with the same weight",
                refusal(2, new int[] {0, 1, 2}, new int[] {1, 0}, null, new int[] {2, 3}));
    }

    @Test
    void selfLoopsAndParallelEdges_areRefused() {
        assertEquals("graph: vertex 1 is its own neighbour (targets[1]); remove self-loops",
                refusal(2, new int[] {0, 1, 3}, new int[] {1, 1, 0}, null, null));
        assertEquals("graph: vertex 0 names neighbour 1 twice; merge parallel edges (adding their weights)",
                refusal(2, new int[] {0, 2, 4}, new int[] {1, 1, 0, 0}, null, null));
    }

    @Test
    void badArrays_areRefusedWithTheEntryAtFault() {
        assertEquals("graph: offsets has 2 entries for n=2; CSR offsets need n + 1 entries",
                refusal(2, new int[] {0, 0}, new int[0], null, null));
        assertEquals("graph: offsets run from 0 to 3 but targets has 2 entries; they must run from 0 to "
                + "targets.length", refusal(2, new int[] {0, 1, 3}, new int[] {1, 0}, null, null));
        assertEquals("graph: targets[0]=5 (a neighbour of vertex 0) is out of range; vertices are 0 to 1",
                refusal(2, new int[] {0, 1, 2}, new int[] {5, 0}, null, null));
        assertEquals("graph: offsets[2]=1 is below offsets[1]=2; CSR offsets never decrease",
                refusal(2, new int[] {0, 2, 1}, new int[] {1}, null, null));
        assertEquals("graph: vertexWeights[1]=0 is not positive; give weights of 1 or more",
                refusal(2, new int[] {0, 1, 2}, new int[] {1, 0}, new int[] {1, 0}, null));
        assertEquals("graph: edgeWeights has 1 entries for 2 targets; give one weight per entry of targets or none",
                refusal(2, new int[] {0, 1, 2}, new int[] {1, 0}, null, new int[] {1}));
    }

    @Test
    void anEmptyGraph_isAccepted_butCannotBeSplit() {
        GraphPartitioner empty = GraphPartitioner.of(0, new int[1], new int[0]);
        assertEquals("k=1 parts for a graph of 0 vertices; a graph without vertices has no parts",
                assertThrows(ColonyException.class, () -> empty.contiguous(1)).getMessage());
    }
}
