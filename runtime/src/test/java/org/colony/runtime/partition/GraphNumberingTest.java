package org.colony.runtime.partition;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import org.colony.kernel.GraphRows;
import org.colony.runtime.graph.Graph;
import org.colony.runtime.graph.GraphPartitioner;
import org.junit.jupiter.api.Test;

/**
 * The inner numbering of a partitioned graph: each partition's interior vertices (whose rows reach no ghost) first,
 * then its border, each by id; the rows, ghosts and column orders that follow from it.
 */
class GraphNumberingTest {

    /** The path 0-1-2-3-4-5. */
    private static Graph path() {
        return Graph.undirected(6, new int[] {0, 1, 2, 3, 4}, new int[] {1, 2, 3, 4, 5});
    }

    private static int[] inner(GraphNumbering numbering, int n) {
        int[] inner = new int[n];
        for (int v = 0; v < n; v++) {
            inner[v] = numbering.inner(v);
        }
        return inner;
    }

    @Test
    void aPartitionsInteriorVertices_comeBeforeItsBorder_eachById() {
        Graph path = path();
        GraphNumbering numbering = new GraphNumbering(path, GraphPartitioner.of(path).contiguous(2));
        // part 0 = {0, 1, 2}: 2 reaches 3; part 1 = {3, 4, 5}: 3 reaches 2
        assertEquals(2, numbering.interior(0));
        assertEquals(2, numbering.interior(1));
        assertArrayEquals(new int[] {0, 1, 2, 5, 3, 4}, inner(numbering, 6));
        assertEquals("2 partitions of the " + path + " (interior/owned+ghosts: 2/3+1, 2/3+1)", numbering.toString());
        // partition 1 stores ghost 2 below its rows (the halo is 1 wide), then 4, 5, 3
        GraphRows rows = numbering.rows(1);
        assertArrayEquals(new int[] {2, 4, 5, 3, 0}, rows.ids());
        assertArrayEquals(new int[] {0, 2, 3, 5}, rows.offsets()); // 4: {3, 5}; 5: {4}; 3: {2, 4}
        assertArrayEquals(new int[] {3, 2, 1, 0, 1}, rows.targets()); // storage indices, in the graph's order
        assertArrayEquals(new int[] {3}, numbering.sent(1, 0)); // vertex 3, stored at 1 + 2
        assertArrayEquals(new int[] {3}, numbering.sent(0, 1)); // vertex 2, stored at 1 + 2
    }

    @Test
    void columns_travelInVertexOrder_whateverTheInnerOrder() {
        Graph path = path();
        GraphNumbering numbering = new GraphNumbering(path, GraphPartitioner.of(path).contiguous(2));
        int[] byVertex = {10, 11, 12, 13, 14, 15};
        int[] innerColumn = new int[6];
        numbering.toInnerOrder(byVertex, innerColumn);
        assertArrayEquals(new int[] {10, 11, 12, 14, 15, 13}, innerColumn);
        int[] back = new int[6];
        numbering.toVertexOrder(innerColumn, back);
        assertArrayEquals(byVertex, back);
    }

    @Test
    void onADirectedGraph_anIncomingEdgeFromAnotherPartition_makesABorderVertex() {
        Graph g = Graph.directed(4, new int[] {0, 1, 2}, new int[] {3, 0, 3}); // 0 -> 3 crosses, 3 has no row out
        GraphNumbering numbering = new GraphNumbering(g, GraphPartitioner.of(g).contiguous(2));
        assertEquals(1, numbering.interior(0)); // 1 (its row reaches 0 only); 0 reaches 3
        assertEquals(1, numbering.interior(1)); // 2 reaches 3 only; 3 is reached from 0
        assertArrayEquals(new int[] {1, 0, 2, 3}, inner(numbering, 4));
    }

    @Test
    void aPartitionWithoutBorder_isAllInterior_andOneWithoutInterior_allBorder() {
        // two components: the path 0-1-2-3 and the path 4-5-6-7
        Graph g = Graph.undirected(8, new int[] {0, 1, 2, 4, 5, 6}, new int[] {1, 2, 3, 5, 6, 7});
        GraphNumbering whole = new GraphNumbering(g, GraphPartitioner.of(g).contiguous(2));
        assertEquals(4, whole.interior(0));
        assertEquals(4, whole.interior(1));
        assertEquals("2 partitions of the " + g + " (interior/owned+ghosts: 4/4+0, 4/4+0)", whole.toString());
        GraphNumbering alternate = new GraphNumbering(g, GraphPartitioner.of(g).roundRobin(2));
        assertEquals(0, alternate.interior(0));
        assertEquals(0, alternate.interior(1));
        assertArrayEquals(new int[] {0, 4, 1, 5, 2, 6, 3, 7}, inner(alternate, 8));
    }
}
