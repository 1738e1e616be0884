package org.colony.runtime.graph;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.colony.ColonyException;
import org.junit.jupiter.api.Test;

class GraphTest {

    /** A vertex's neighbours as a naive adjacency holds them: (target, weight) pairs in input order. */
    private static List<List<double[]>> naive(int n, int[] from, int[] to, double[] w, boolean directed) {
        List<List<double[]>> adj = new ArrayList<>();
        for (int v = 0; v < n; v++) {
            adj.add(new ArrayList<>());
        }
        for (int i = 0; i < from.length; i++) {
            double weight = w == null ? 1.0 : w[i];
            adj.get(from[i]).add(new double[] {to[i], weight});
            if (!directed && from[i] != to[i]) {
                adj.get(to[i]).add(new double[] {from[i], weight});
            }
        }
        for (List<double[]> row : adj) {
            row.sort((a, b) -> Double.compare(a[0], b[0])); // stable: equal targets keep input order
        }
        return adj;
    }

    private static void assertRowsEqual(List<List<double[]>> adj, Graph g) {
        int entries = 0;
        for (int v = 0; v < g.vertices(); v++) {
            List<double[]> row = adj.get(v);
            assertEquals(row.size(), g.degree(v), "degree of " + v);
            for (int k = 0; k < row.size(); k++) {
                assertEquals((int) row.get(k)[0], g.target(g.offset(v) + k), "neighbour " + k + " of " + v);
                assertEquals(row.get(k)[1], g.weight(g.offset(v) + k), "weight " + k + " of " + v);
            }
            entries += row.size();
        }
        assertEquals(entries, g.arcs());
        assertEquals(entries, g.offset(g.vertices()));
    }

    @Test
    void csr_matchesANaiveAdjacency_onRandomSmallGraphs() {
        Random random = new Random(7);
        EdgeRules multi = EdgeRules.SIMPLE.allowSelfLoops().keepDuplicates();
        for (int trial = 0; trial < 200; trial++) {
            int n = 1 + random.nextInt(12);
            int m = random.nextInt(40);
            int[] from = new int[m];
            int[] to = new int[m];
            double[] w = new double[m];
            for (int i = 0; i < m; i++) {
                from[i] = random.nextInt(n);
                to[i] = random.nextInt(n);
                w[i] = random.nextInt(5) * 0.25;
            }
            boolean directed = trial % 2 == 0;
            boolean weighted = trial % 3 == 0;
            double[] weights = weighted ? w : null;
            Graph g = directed ? Graph.directed(n, from, to, weights, multi) : Graph.undirected(n, from, to, weights,
                    multi);
            assertRowsEqual(naive(n, from, to, weights, directed), g);
            assertEquals(m, g.edges());
            assertEquals(weighted, g.weighted());
            if (directed) {
                assertRowsEqual(naive(n, to, from, weights, true), g.reverse());
            }
        }
    }

    @Test
    void undirected_storesEveryEdgeBothWays_withSortedNeighbours() {
        int n = 50;
        Graph g = Generators.erdosRenyi(n, 300, 3);
        for (int v = 0; v < n; v++) {
            int[] row = g.neighbours(v);
            for (int k = 0; k < row.length; k++) {
                assertTrue(g.hasEdge(row[k], v), row[k] + "-" + v + " one way only");
                assertTrue(k == 0 || row[k - 1] < row[k], "row of " + v + " not strictly sorted");
            }
        }
        assertSame(g, g.reverse());
        for (int v = 0; v < n; v++) {
            assertEquals(g.degree(v), g.inDegree(v));
        }
    }

    @Test
    void directed_reverseHoldsTheIncomingEdges_sortedByIdWithTheirWeights() {
        Graph g = Graph.directed(4, new int[] {2, 0, 3, 0}, new int[] {1, 1, 1, 3}, new double[] {0.5, 0.25, 2, 4},
                EdgeRules.SIMPLE);
        Graph in = g.reverse();
        assertArrayEquals(new int[] {0, 2, 3}, in.neighbours(1));
        assertEquals(0.25, in.weight(in.offset(1)));
        assertEquals(0.5, in.weight(in.offset(1) + 1));
        assertEquals(2.0, in.weight(in.offset(1) + 2));
        assertEquals(3, g.inDegree(1));
        assertEquals(0, g.inDegree(0));
        assertSame(g, in.reverse());
        assertTrue(g.hasEdge(0, 3));
        assertFalse(g.hasEdge(3, 0));
    }

    @Test
    void selfLoop_isRefused_namingTheFirst() {
        ColonyException e = assertThrows(ColonyException.class,
                () -> Graph.undirected(4, new int[] {0, 1, 3, 2}, new int[] {1, 2, 3, 2}));
        assertEquals("edge 2 (3 - 3) is a self-loop; pass EdgeRules.SIMPLE.allowSelfLoops() to keep self-loops",
                e.getMessage());
    }

    @Test
    void duplicate_isRefused_namingTheLeastEdgeThatRepeatsAnEarlierOne() {
        // edge 4 repeats edge 0 and edge 3 repeats edge 1: edge 3 is the first offence in input order
        ColonyException e = assertThrows(ColonyException.class,
                () -> Graph.undirected(5, new int[] {0, 2, 1, 3, 1}, new int[] {1, 3, 4, 2, 0}));
        assertEquals("edge 3 (3 - 2) repeats edge 1 (2 - 3); pass EdgeRules.SIMPLE.mergeDuplicates() to merge "
                + "duplicates or keepDuplicates() to keep them", e.getMessage());
        ColonyException directed = assertThrows(ColonyException.class,
                () -> Graph.directed(3, new int[] {0, 1, 0}, new int[] {1, 0, 1}));
        assertEquals("edge 2 (0 -> 1) repeats edge 0 (0 -> 1); pass EdgeRules.SIMPLE.mergeDuplicates() to merge "
                + "duplicates or keepDuplicates() to keep them", directed.getMessage());
    }

    @Test
    void directed_edgesBothWays_areNotDuplicates() {
        Graph g = Graph.directed(2, new int[] {0, 1}, new int[] {1, 0});
        assertEquals(2, g.edges());
    }

    @Test
    void mergeDuplicates_keepsTheFirst_andRefusesUnequalWeights() {
        EdgeRules merge = EdgeRules.SIMPLE.mergeDuplicates();
        Graph g = Graph.undirected(3, new int[] {0, 1, 2, 1}, new int[] {1, 0, 1, 2}, null, merge);
        assertEquals(2, g.edges());
        assertArrayEquals(new int[] {0, 2}, g.neighbours(1));
        Graph w = Graph.undirected(3, new int[] {0, 1}, new int[] {1, 0}, new double[] {0.5, 0.5}, merge);
        assertEquals(1, w.edges());
        assertEquals(0.5, w.weight(0));
        ColonyException e = assertThrows(ColonyException.class,
                () -> Graph.undirected(3, new int[] {0, 1}, new int[] {1, 0}, new double[] {0.5, 0.25}, merge));
        assertEquals("edge 1 (1 - 0) repeats edge 0 (0 - 1) with another weight (0.25, not 0.5); merged duplicates "
                + "need equal weights", e.getMessage());
    }

    @Test
    void keepDuplicates_andSelfLoops_makeAMultigraph() {
        Graph g = Graph.undirected(2, new int[] {0, 1, 1, 1}, new int[] {1, 0, 1, 1}, null,
                EdgeRules.SIMPLE.allowSelfLoops().keepDuplicates());
        assertEquals(4, g.edges());
        assertEquals(2, g.selfLoops());
        assertArrayEquals(new int[] {1, 1}, g.neighbours(0));
        assertArrayEquals(new int[] {0, 0, 1, 1}, g.neighbours(1));
        assertEquals(6, g.arcs());
    }

    @Test
    void badArrays_areRefusedInOneLine() {
        assertEquals("to[1]=4 is not a vertex of a graph of n=4 vertices; ids are 0 to n-1",
                assertThrows(ColonyException.class,
                        () -> Graph.undirected(4, new int[] {0, 1}, new int[] {1, 4})).getMessage());
        assertEquals("from[0]=-1 is not a vertex of a graph of n=4 vertices; ids are 0 to n-1",
                assertThrows(ColonyException.class,
                        () -> Graph.directed(4, new int[] {-1}, new int[] {1})).getMessage());
        assertEquals("the edge arrays differ in length: from=2 to=1; give one entry per edge in each",
                assertThrows(ColonyException.class,
                        () -> Graph.undirected(4, new int[] {0, 1}, new int[] {1})).getMessage());
        assertEquals("weights[1]=NaN is not finite; an edge's weight is a finite number",
                assertThrows(ColonyException.class, () -> Graph.undirected(4, new int[] {0, 1}, new int[] {1, 2},
                        new double[] {1, Double.NaN}, EdgeRules.SIMPLE)).getMessage());
        assertEquals("a graph has 0 to 2147483646 vertices, not n=-1",
                assertThrows(ColonyException.class,
                        () -> Graph.undirected(-1, new int[0], new int[0])).getMessage());
    }

    @Test
    void theRowsAndWeights_areCopies_andAnUnweightedGraphHasNone() {
        Graph g = Graph.undirected(3, new int[] {0, 1}, new int[] {1, 2});
        g.targets()[0] = 2;
        g.offsets()[1] = 0;
        assertArrayEquals(new int[] {1}, g.neighbours(0));
        assertEquals(1.0, g.weight(0));
        assertEquals("the graph of 3 vertices and 2 undirected edges has no weights; check weighted() first",
                assertThrows(ColonyException.class, g::weights).getMessage());
    }

    @Test
    void toString_namesTheCounts_andEqualGraphsAreEqual() {
        Graph g = Graph.undirected(1000, new int[] {0, 1}, new int[] {1, 2});
        assertEquals("graph of 1000 vertices and 2 undirected edges", g.toString());
        assertEquals("graph of 3 vertices and 1 directed weighted edges",
                Graph.directed(3, new int[] {0}, new int[] {2}, new double[] {1}, EdgeRules.SIMPLE).toString());
        assertEquals(g, Graph.undirected(1000, new int[] {2, 1}, new int[] {1, 0}));
        assertEquals(g.hashCode(), Graph.undirected(1000, new int[] {2, 1}, new int[] {1, 0}).hashCode());
        assertNotEquals(g, Graph.directed(1000, new int[] {0, 1}, new int[] {1, 2}));
        assertEquals(0, Graph.undirected(0, new int[0], new int[0]).maxDegree());
    }
}
