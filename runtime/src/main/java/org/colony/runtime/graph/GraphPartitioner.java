package org.colony.runtime.graph;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.function.Supplier;
import org.colony.ColonyException;

/**
 * Splits an undirected graph, given as CSR arrays, into {@code k} parts for a distributed run, in one of four ways:
 * METIS's k-way partitioning ({@link #metis}), which cuts few edges; contiguous ranges of vertex ids
 * ({@link #contiguous}); round-robin ({@link #roundRobin}); or the user's partition file ({@link #read}).
 *
 * <p>The graph is checked once, when the partitioner is made: vertex {@code v}'s neighbours are {@code
 * targets[offsets[v] .. offsets[v + 1])}, each edge is listed in both directions with the same weight, and there are
 * no self-loops and no parallel edges. The arrays are used, not copied: leave them unchanged while the partitioner is
 * in use.
 *
 * <p>METIS ({@code libmetis.so.5}, Debian's {@code libmetis5}, installed by {@code scripts/install-metis.sh}) is asked
 * for an edge-cut partition with a fixed seed, so the same graph gives the same parts every time with the same
 * library. It is not asked for connected parts ({@code METIS_OPTION_CONTIG}): on a preferential-attachment graph of
 * 100000 vertices that took METIS 52 s for 2 parts and 521 s for 4, against under a second without, for no smaller
 * cut. Where METIS is missing, {@link #metisOrContiguous}
 * falls back to contiguous ranges and says why in {@link GraphPartition#note()}; {@link #metis} refuses instead.
 * Every way refuses {@code k} below 1 or above the vertex count, and {@code k = 1} puts every vertex in part 0
 * without calling METIS.
 */
public final class GraphPartitioner {

    /** The ways to split a graph a run names ({@code --graph-partition}, {@code mass graph --methods}). */
    public static final List<String> METHODS = List.of("metis", "contiguous", "round-robin");

    private final Adjacency graph;

    private GraphPartitioner(Adjacency graph) {
        this.graph = graph;
    }

    /**
     * A partitioner of an unweighted graph.
     *
     * @param n the vertex count
     * @param offsets {@code n + 1} offsets into {@code targets}
     * @param targets the neighbours of each vertex in turn, every edge listed from both ends
     * @return the partitioner
     * @throws ColonyException when the arrays do not describe such a graph, naming the vertex or entry at fault
     */
    public static GraphPartitioner of(int n, int[] offsets, int[] targets) {
        return new GraphPartitioner(new Adjacency(n, offsets, targets, null, null));
    }

    /**
     * A partitioner of a graph with vertex weights (the work of a vertex, balanced across parts by METIS) and edge
     * weights (the cost of cutting an edge, which METIS minimises).
     *
     * @param n the vertex count
     * @param offsets {@code n + 1} offsets into {@code targets}
     * @param targets the neighbours of each vertex in turn, every edge listed from both ends
     * @param vertexWeights a weight of 1 or more per vertex, or null for all 1
     * @param edgeWeights a weight of 1 or more per entry of {@code targets}, the same from both ends, or null for all 1
     * @return the partitioner
     * @throws ColonyException when the arrays do not describe such a graph, naming the vertex or entry at fault
     */
    public static GraphPartitioner of(int n, int[] offsets, int[] targets, int[] vertexWeights, int[] edgeWeights) {
        return new GraphPartitioner(new Adjacency(n, offsets, targets, vertexWeights, edgeWeights));
    }

    /**
     * {@return a partitioner of {@code graph}'s vertices, every edge weighing 1} (the graph's own weights are real
     * numbers; weigh its edges for METIS with {@link #of(int, int[], int[], int[], int[])}). A partition cuts an edge
     * whichever way it points and however many times it is listed: a directed graph, or one with self-loops or
     * duplicate edges, is partitioned as the simple undirected graph of its edges.
     *
     * @param graph any graph
     */
    public static GraphPartitioner of(Graph graph) {
        Graph simple = graph.directed() || !simple(graph) ? undirected(graph) : graph;
        return new GraphPartitioner(new Adjacency(simple.vertices(), simple.rawOffsets(), simple.rawTargets(), null,
                null));
    }

    /** Whether an undirected graph has no self-loop and no duplicate edge (its rows are sorted). */
    private static boolean simple(Graph graph) {
        if (graph.selfLoops() > 0) {
            return false;
        }
        int[] offsets = graph.rawOffsets();
        int[] targets = graph.rawTargets();
        for (int v = 0; v < graph.vertices(); v++) {
            for (int i = offsets[v] + 1; i < offsets[v + 1]; i++) {
                if (targets[i] == targets[i - 1]) {
                    return false;
                }
            }
        }
        return true;
    }

    /** {@return the simple undirected graph of a graph's edges: directions, self-loops and duplicates dropped} */
    private static Graph undirected(Graph graph) {
        int n = graph.vertices();
        int m = 0;
        for (int v = 0; v < n; v++) {
            for (int i = graph.offset(v); i < graph.offset(v) + graph.degree(v); i++) {
                m += graph.target(i) != v ? 1 : 0;
            }
        }
        int[] from = new int[m];
        int[] to = new int[m];
        int e = 0;
        for (int v = 0; v < n; v++) {
            for (int i = graph.offset(v); i < graph.offset(v) + graph.degree(v); i++) {
                if (graph.target(i) != v) {
                    from[e] = v;
                    to[e++] = graph.target(i);
                }
            }
        }
        return Graph.undirected(n, from, to, null, EdgeRules.SIMPLE.mergeDuplicates());
    }

    /**
     * {@return why METIS cannot be used in this process, in one line, or null when it can}
     */
    public static String metisUnavailableReason() {
        return Metis.unavailableReason();
    }

    /**
     * Splits the graph with METIS's k-way partitioning.
     *
     * @param k the number of parts, 1 to the vertex count
     * @return the partition
     * @throws ColonyException when {@code k} is out of range, METIS cannot be loaded (the reason in one line), METIS
     *     fails (the function and the error), or METIS leaves a part empty
     */
    public GraphPartition metis(int k) {
        return metis(k, Metis::system);
    }

    /**
     * Splits the graph with METIS, or into contiguous ranges of vertex ids where METIS cannot be loaded; then the
     * partition's {@link GraphPartition#note() note} says why, in one line, for the caller to show or not.
     *
     * @param k the number of parts, 1 to the vertex count
     * @return the partition
     * @throws ColonyException when {@code k} is out of range or METIS, once loaded, fails
     */
    public GraphPartition metisOrContiguous(int k) {
        return metisOrContiguous(k, Metis::system);
    }

    /** {@link #metisOrContiguous(int)} with the library given, for the tests of the fallback. */
    GraphPartition metisOrContiguous(int k, Supplier<Metis> library) {
        checkParts(k);
        Metis metis;
        try {
            metis = k == 1 ? null : library.get();
        } catch (ColonyException e) {
            return new GraphPartition(graph, contiguousParts(k), k, GraphPartition.Method.CONTIGUOUS,
                    "METIS is not available, so the graph is split into contiguous ranges of vertex ids, which may "
                    + "cut many more edges: " + e.getMessage());
        }
        return metis(k, () -> metis);
    }

    private GraphPartition metis(int k, Supplier<Metis> library) {
        checkParts(k);
        if (k == 1) {
            return new GraphPartition(graph, new int[graph.n()], 1, GraphPartition.Method.METIS, "");
        }
        if (graph.edges() == 0) {
            // Without edges nothing can be cut: ranges of equal size are a perfect partition, and METIS is not needed.
            return new GraphPartition(graph, contiguousParts(k), k, GraphPartition.Method.METIS, "");
        }
        checkTotals();
        Metis.Parts parts = library.get().partKway(graph, k, false);
        int[] part = parts.part();
        int[] counts = new int[k];
        for (int v = 0; v < part.length; v++) {
            if (part[v] < 0 || part[v] >= k) {
                throw new ColonyException("METIS_PartGraphKway put vertex " + v + " in part " + part[v] + " of k=" + k
                        + "; the library is not the METIS 5 Colony binds (colony.metis.library)");
            }
            counts[part[v]]++;
        }
        for (int p = 0; p < k; p++) {
            if (counts[p] == 0) {
                throw new ColonyException("METIS left part " + p + " of k=" + k + " empty for a graph of " + graph.n()
                        + " vertices; ask for fewer parts or give a partition file");
            }
        }
        return new GraphPartition(graph, part, k, GraphPartition.Method.METIS, "");
    }

    /**
     * Splits the vertex ids into {@code k} contiguous ranges whose sizes differ by at most one: part {@code p} holds
     * the vertices from {@code p * n / k} up to {@code (p + 1) * n / k}. Good for a graph whose ids follow its
     * geometry (a lattice numbered row by row), poor otherwise.
     *
     * @param k the number of parts, 1 to the vertex count
     * @return the partition
     * @throws ColonyException when {@code k} is out of range
     */
    public GraphPartition contiguous(int k) {
        checkParts(k);
        return new GraphPartition(graph, contiguousParts(k), k, GraphPartition.Method.CONTIGUOUS, "");
    }

    /**
     * {@return the partition into {@code k} parts by one of {@link #METHODS}: {@code metis} as
     * {@link #metisOrContiguous}, {@code contiguous}, {@code round-robin}}
     *
     * @param method a name of {@link #METHODS}
     * @param k the number of parts
     * @throws IllegalArgumentException for another name
     */
    public GraphPartition byMethod(String method, int k) {
        return switch (method) {
            case "metis" -> metisOrContiguous(k);
            case "contiguous" -> contiguous(k);
            case "round-robin" -> roundRobin(k);
            default -> throw new IllegalArgumentException("no partition method " + method + "; the methods are "
                    + METHODS);
        };
    }

    /**
     * Deals the vertices out in turn: vertex {@code v} goes to part {@code v % k}. Balanced, and blind to the edges.
     *
     * @param k the number of parts, 1 to the vertex count
     * @return the partition
     * @throws ColonyException when {@code k} is out of range
     */
    public GraphPartition roundRobin(int k) {
        checkParts(k);
        int[] part = new int[graph.n()];
        for (int v = 0; v < part.length; v++) {
            part[v] = v % k;
        }
        return new GraphPartition(graph, part, k, GraphPartition.Method.ROUND_ROBIN, "");
    }

    /**
     * Reads the user's partition file: one part number (0 to {@code k - 1}) per line, in vertex order; {@code #} starts
     * a comment and blank lines are skipped. The file is taken whole or refused.
     *
     * @param file the partition file
     * @param k the number of parts, 1 to the vertex count
     * @return the partition
     * @throws ColonyException naming the file, the line and the fault: a line that is not a whole number, a part out
     *     of range, more or fewer parts than vertices, or a part without a vertex
     * @throws IOException when the file cannot be read
     */
    public GraphPartition read(Path file, int k) throws IOException {
        checkParts(k);
        return new GraphPartition(graph, PartitionFile.read(file, graph.n(), k), k, GraphPartition.Method.FILE, "");
    }

    private int[] contiguousParts(int k) {
        int n = graph.n();
        int[] part = new int[n];
        for (int p = 0; p < k; p++) {
            int from = (int) ((long) p * n / k);
            int to = (int) ((long) (p + 1) * n / k);
            for (int v = from; v < to; v++) {
                part[v] = p;
            }
        }
        return part;
    }

    private void checkParts(int k) {
        if (k < 1 || k > graph.n()) {
            throw new ColonyException("k=" + k + " parts for a graph of " + graph.n() + " vertices; " + (graph.n() == 0
                    ? "a graph without vertices has no parts" : "ask for 1 to " + graph.n() + " parts"));
        }
    }

    /** METIS sums vertex and edge weights in 32-bit integers. */
    private void checkTotals() {
        long vertexTotal = 0;
        for (int v = 0; v < graph.n(); v++) {
            vertexTotal += graph.vertexWeight(v);
        }
        long edgeTotal = 0;
        if (graph.edgeWeights() != null) {
            for (int w : graph.edgeWeights()) {
                edgeTotal += w;
            }
        }
        if (vertexTotal > Integer.MAX_VALUE || edgeTotal > Integer.MAX_VALUE) {
            throw new ColonyException("the graph's total " + (vertexTotal > Integer.MAX_VALUE ? "vertex weight "
                    + vertexTotal : "edge weight " + edgeTotal) + " passes METIS's 32-bit integers (at most "
                    + Integer.MAX_VALUE + "); scale the weights down");
        }
    }
}
