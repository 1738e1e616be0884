package org.colony.runtime.graph;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.util.ArrayList;
import java.util.List;

/** Small undirected graphs for the partitioning tests, built as CSR arrays from edge lists. */
final class SmallGraphs {

    private SmallGraphs() {
    }

    /** CSR arrays of a graph with optional per-entry edge weights. */
    record Csr(int n, int[] offsets, int[] targets, int[] edgeWeights) {

        GraphPartitioner partitioner() {
            return GraphPartitioner.of(n, offsets, targets, null, edgeWeights);
        }

        Adjacency adjacency() {
            return new Adjacency(n, offsets, targets, null, edgeWeights);
        }
    }

    /** Builds CSR arrays from undirected edges {@code {u, v}} or {@code {u, v, weight}}, each stored both ways. */
    static Csr of(int n, int[]... edges) {
        List<List<int[]>> lists = new ArrayList<>();
        for (int v = 0; v < n; v++) {
            lists.add(new ArrayList<>());
        }
        boolean weighted = false;
        for (int[] e : edges) {
            int w = e.length > 2 ? e[2] : 1;
            weighted |= e.length > 2;
            lists.get(e[0]).add(new int[] {e[1], w});
            lists.get(e[1]).add(new int[] {e[0], w});
        }
        int[] offsets = new int[n + 1];
        int[] targets = new int[2 * edges.length];
        int[] weights = new int[2 * edges.length];
        int at = 0;
        for (int v = 0; v < n; v++) {
            for (int[] t : lists.get(v)) {
                targets[at] = t[0];
                weights[at++] = t[1];
            }
            offsets[v + 1] = at;
        }
        return new Csr(n, offsets, targets, weighted ? weights : null);
    }

    /** The path 0 - 1 - ... - (n - 1). */
    static Csr path(int n) {
        int[][] edges = new int[n - 1][];
        for (int v = 0; v + 1 < n; v++) {
            edges[v] = new int[] {v, v + 1};
        }
        return of(n, edges);
    }

    /** The ring of {@code n} vertices. */
    static Csr ring(int n) {
        int[][] edges = new int[n][];
        for (int v = 0; v < n; v++) {
            edges[v] = new int[] {v, (v + 1) % n};
        }
        return of(n, edges);
    }

    /** Two cliques of {@code size} vertices (0 to size - 1, then the rest) joined by the edge {@code 0 - size}. */
    static Csr twoCliques(int size) {
        List<int[]> edges = new ArrayList<>();
        for (int base : new int[] {0, size}) {
            for (int u = 0; u < size; u++) {
                for (int v = u + 1; v < size; v++) {
                    edges.add(new int[] {base + u, base + v});
                }
            }
        }
        edges.add(new int[] {0, size});
        return of(2 * size, edges.toArray(int[][]::new));
    }

    /** The {@code width x height} lattice of 4 neighbours, numbered row by row, without wrapping. */
    static Csr lattice(int width, int height) {
        List<int[]> edges = new ArrayList<>();
        for (int y = 0; y < height; y++) {
            for (int x = 0; x < width; x++) {
                int v = y * width + x;
                if (x + 1 < width) {
                    edges.add(new int[] {v, v + 1});
                }
                if (y + 1 < height) {
                    edges.add(new int[] {v, v + width});
                }
            }
        }
        return of(width * height, edges.toArray(int[][]::new));
    }

    /**
     * Skips the calling test where METIS is missing, except on CI, where its absence is a failure of the set-up
     * ({@code scripts/install-metis.sh}, run by {@code ./mass test}).
     */
    static void requireMetis() {
        String reason = Metis.unavailableReason();
        if (reason != null && System.getenv("CI") != null) {
            throw new AssertionError("METIS is missing on CI (./mass test installs it with scripts/install-metis.sh): "
                    + reason);
        }
        assumeTrue(reason == null, () -> "METIS is not usable here (scripts/install-metis.sh installs it): " + reason);
    }
}
