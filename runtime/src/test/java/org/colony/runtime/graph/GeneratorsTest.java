package org.colony.runtime.graph;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.colony.ColonyException;
import org.colony.kernel.RandomStream;
import org.colony.runtime.grid.Grid;
import org.junit.jupiter.api.Test;

/** The generators against plain-Java references of the recipes their javadoc (and docs/networks.md) give. */
class GeneratorsTest {

    /** The edges of a graph as a set of "min-max" pairs (each undirected edge once). */
    private static Set<Long> edgeSet(Graph g) {
        Set<Long> edges = new TreeSet<>();
        for (int u = 0; u < g.vertices(); u++) {
            for (int v : g.neighbours(u)) {
                edges.add((long) Math.min(u, v) << 32 | Math.max(u, v));
            }
        }
        return edges;
    }

    private static Graph of(int n, List<int[]> edges) {
        int[] from = new int[edges.size()];
        int[] to = new int[edges.size()];
        for (int i = 0; i < edges.size(); i++) {
            from[i] = edges.get(i)[0];
            to[i] = edges.get(i)[1];
        }
        return Graph.undirected(n, from, to);
    }

    private static Graph erdosRenyiReference(int n, int m, long seed) {
        RandomStream draws = new RandomStream(seed, 0xFFFF_FFFF_FF01L);
        Set<Long> seen = new HashSet<>();
        List<int[]> edges = new ArrayList<>();
        for (long j = 0; edges.size() < m; j++) {
            draws.reset(j);
            int u = draws.uniformInt(n);
            int v = draws.uniformInt(n);
            if (u != v && seen.add((long) Math.min(u, v) << 32 | Math.max(u, v))) {
                edges.add(new int[] {u, v});
            }
        }
        return of(n, edges);
    }

    private static Graph barabasiAlbertReference(int n, int m, long seed) {
        RandomStream draws = new RandomStream(seed, 0xFFFF_FFFF_FF02L);
        List<int[]> edges = new ArrayList<>();
        for (int i = 1; i <= m; i++) {
            edges.add(new int[] {0, i});
        }
        for (int v = m + 1; v < n; v++) {
            draws.reset(v);
            int e = edges.size();
            Set<Integer> picked = new LinkedHashSet<>();
            while (picked.size() < m) {
                int r = draws.uniformInt(2 * e);
                picked.add(edges.get(r / 2)[r % 2]);
            }
            for (int t : picked) {
                edges.add(new int[] {v, t});
            }
        }
        return of(n, edges);
    }

    private static Graph wattsStrogatzReference(int n, int k, double beta, long seed) {
        RandomStream draws = new RandomStream(seed, 0xFFFF_FFFF_FF03L);
        List<Set<Integer>> adj = new ArrayList<>();
        for (int v = 0; v < n; v++) {
            adj.add(new HashSet<>());
        }
        List<int[]> edges = new ArrayList<>();
        for (int j = 1; j <= k / 2; j++) {
            for (int u = 0; u < n; u++) {
                edges.add(new int[] {u, (u + j) % n});
                adj.get(u).add((u + j) % n);
                adj.get((u + j) % n).add(u);
            }
        }
        for (int e = 0; e < edges.size(); e++) {
            int u = edges.get(e)[0];
            draws.reset(e);
            if (draws.uniform() < beta && adj.get(u).size() < n - 1) {
                int w = draws.uniformInt(n);
                while (w == u || adj.get(u).contains(w)) {
                    w = draws.uniformInt(n);
                }
                int old = edges.get(e)[1];
                adj.get(u).remove(old);
                adj.get(old).remove(u);
                adj.get(u).add(w);
                adj.get(w).add(u);
                edges.get(e)[1] = w;
            }
        }
        return of(n, edges);
    }

    @Test
    void erdosRenyi_hasExactlyMDistinctEdges_andFollowsTheRecipe() {
        for (long seed : new long[] {0, 1, 42, -7}) {
            Graph g = Generators.erdosRenyi(200, 1500, seed);
            assertEquals(1500, g.edges());
            assertEquals(0, g.selfLoops());
            assertEquals(1500, edgeSet(g).size());
            assertEquals(erdosRenyiReference(200, 1500, seed), g);
        }
        // complete: every pair
        assertEquals(45, Generators.erdosRenyi(10, 45, 3).edges());
        assertEquals(9, Generators.erdosRenyi(10, 45, 3).maxDegree());
    }

    @Test
    void barabasiAlbert_hasMTimesNMinusMEdges_andFollowsTheRecipe() {
        for (long seed : new long[] {0, 5, 99}) {
            Graph g = Generators.barabasiAlbert(2000, 4, seed);
            assertEquals(4 * (2000 - 4), g.edges());
            assertEquals(barabasiAlbertReference(2000, 4, seed), g);
        }
        assertEquals(barabasiAlbertReference(50, 49, 3), Generators.barabasiAlbert(50, 49, 3));
        assertEquals(1, Generators.barabasiAlbert(2, 1, 0).edges());
    }

    @Test
    void barabasiAlbert_degreesAreHeavyTailed_unlikeErdosRenyiOfTheSameSize() {
        Graph ba = Generators.barabasiAlbert(20_000, 3, 1);
        Graph er = Generators.erdosRenyi(20_000, ba.edges(), 1);
        // mean degree about 6 in both; preferential attachment grows hubs of order m sqrt(n), chance does not
        assertTrue(ba.maxDegree() > 100, "BA max degree " + ba.maxDegree());
        assertTrue(er.maxDegree() < 30, "ER max degree " + er.maxDegree());
        int atLeast3 = 0;
        for (int v = 0; v < ba.vertices(); v++) {
            atLeast3 += ba.degree(v) >= 3 ? 1 : 0;
        }
        assertEquals(ba.vertices(), atLeast3, "every vertex has at least m edges");
    }

    @Test
    void wattsStrogatz_hasNkOver2Edges_isARingWithoutRewiring_andFollowsTheRecipe() {
        Graph ring = Generators.wattsStrogatz(100, 6, 0, 1);
        assertEquals(300, ring.edges());
        for (int v = 0; v < 100; v++) {
            assertEquals(6, ring.degree(v));
            assertTrue(ring.hasEdge(v, (v + 3) % 100) && ring.hasEdge(v, (v + 97) % 100));
        }
        for (double beta : new double[] {0.1, 0.5, 1}) {
            Graph g = Generators.wattsStrogatz(300, 8, beta, 9);
            assertEquals(1200, g.edges());
            assertEquals(wattsStrogatzReference(300, 8, beta, 9), g);
            assertNotEquals(ring, g);
        }
        // dense: a vertex with n - 1 neighbours is not rewired
        assertEquals(wattsStrogatzReference(9, 8, 1, 2), Generators.wattsStrogatz(9, 8, 1, 2));
    }

    @Test
    void sameSeed_sameGraph_otherSeed_otherGraph() {
        assertEquals(Generators.erdosRenyi(1000, 5000, 17), Generators.erdosRenyi(1000, 5000, 17));
        assertNotEquals(Generators.erdosRenyi(1000, 5000, 17), Generators.erdosRenyi(1000, 5000, 18));
        assertEquals(Generators.barabasiAlbert(1000, 5, 17), Generators.barabasiAlbert(1000, 5, 17));
        assertNotEquals(Generators.barabasiAlbert(1000, 5, 17), Generators.barabasiAlbert(1000, 5, 18));
        assertEquals(Generators.wattsStrogatz(1000, 10, 0.1, 17), Generators.wattsStrogatz(1000, 10, 0.1, 17));
        assertNotEquals(Generators.wattsStrogatz(1000, 10, 0.1, 17), Generators.wattsStrogatz(1000, 10, 0.1, 18));
    }

    @Test
    void lattice_isTheGridsFourNeighbourhood() {
        for (int w = 1; w <= 5; w++) {
            for (int h = 1; h <= 4; h++) {
                for (boolean wrap : new boolean[] {false, true}) {
                    Grid grid = wrap ? Grid.of(w, h).wrap() : Grid.of(w, h);
                    Graph g = Generators.lattice(w, h, wrap);
                    assertEquals(grid.cells(), g.vertices());
                    for (int y = 0; y < h; y++) {
                        for (int x = 0; x < w; x++) {
                            Set<Integer> expected = new TreeSet<>();
                            int[][] steps = {{1, 0}, {-1, 0}, {0, 1}, {0, -1}};
                            for (int[] s : steps) {
                                int nx = x + s[0];
                                int ny = y + s[1];
                                if (wrap) {
                                    nx = Math.floorMod(nx, w);
                                    ny = Math.floorMod(ny, h);
                                } else if (nx < 0 || nx >= w || ny < 0 || ny >= h) {
                                    continue;
                                }
                                if (nx != x || ny != y) {
                                    expected.add((int) grid.index(nx, ny, 0));
                                }
                            }
                            Set<Integer> actual = new TreeSet<>();
                            for (int v : g.neighbours((int) grid.index(x, y, 0))) {
                                actual.add(v);
                            }
                            assertEquals(expected, actual, grid + " at " + x + "," + y);
                        }
                    }
                }
            }
        }
        assertEquals(2 * 100 * 99, Generators.lattice(100, 100, false).edges());
        assertEquals(2 * 100 * 100, Generators.lattice(100, 100, true).edges());
    }

    @Test
    void badArguments_areRefusedInOneLine() {
        assertEquals("Erdős–Rényi G(n, m) with n=10 has 0 to 45 edges, not m=46",
                assertThrows(ColonyException.class, () -> Generators.erdosRenyi(10, 46, 0)).getMessage());
        assertEquals("Barabási–Albert with n=5 vertices takes m=1 to n-1 edges per new vertex, not m=5",
                assertThrows(ColonyException.class, () -> Generators.barabasiAlbert(5, 5, 0)).getMessage());
        assertEquals("Watts–Strogatz with n=10 vertices takes an even k from 2 to n-1 neighbours per vertex, not k=3",
                assertThrows(ColonyException.class, () -> Generators.wattsStrogatz(10, 3, 0.1, 0)).getMessage());
        assertEquals("Watts–Strogatz rewires with a chance beta from 0 to 1, not beta=NaN",
                assertThrows(ColonyException.class, () -> Generators.wattsStrogatz(10, 2, Double.NaN, 0))
                        .getMessage());
        assertEquals("a lattice has sizes of 1 or more and at most 2147483646 vertices, not 0x5",
                assertThrows(ColonyException.class, () -> Generators.lattice(0, 5, true)).getMessage());
    }
}
