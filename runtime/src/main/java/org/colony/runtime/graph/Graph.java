package org.colony.runtime.graph;

import java.util.Arrays;
import java.util.List;
import org.colony.ColonyException;
import org.colony.kernel.EdgeInfo;
import org.colony.kernel.GraphRows;

/**
 * An immutable graph of {@code n} vertices with ids {@code 0..n-1}, directed or undirected, the places of a network
 * model. It is stored as compressed sparse rows: vertex {@code v}'s neighbours are {@code target(i)} for {@code i}
 * from {@link #offset offset(v)} to {@code offset(v) + degree(v) - 1}, sorted by id, so every step that walks them
 * walks them in the same order on every backend. An undirected graph stores each edge in both directions (a
 * self-loop once); a directed one stores each vertex's outgoing edges, and {@link #reverse} gives its incoming ones.
 *
 * <p>Weights, where there are any, are {@code double}s: the model language computes in double ({@code uniform()} is
 * one), so a weight read from a file or an array is rounded once, the same way as the driver's own doubles, and a
 * probability compared with a draw is not rounded to float on one side only. They cost 8 bytes an entry.
 *
 * <pre>{@code
 * Graph g = Graph.undirected(4, new int[] {0, 1, 2}, new int[] {1, 2, 3});   // a path 0-1-2-3
 * for (int i = g.offset(v); i < g.offset(v) + g.degree(v); i++) { int u = g.target(i); ... }
 * }</pre>
 *
 * <p>Self-loops and duplicate edges are refused unless {@link EdgeRules} say otherwise. Built from arrays here, from
 * files by {@link EdgeListFile} and {@link GraphFile}, from a seed by {@link Generators}, from a command-line spec by
 * {@link GraphSpec}.
 */
public final class Graph {

    private final int n;
    private final boolean directed;
    private final int[] offsets;
    private final int[] targets;
    private final double[] weights;
    /** The edge columns, by entry (aligned with targets), in the order they were given. */
    private final EdgeColumn[] columns;
    private final int selfLoops;
    private volatile Graph reverse;
    /** The fingerprint, once computed; 0 before (a fingerprint of 0 is computed again, which is harmless). */
    private volatile long fingerprint;

    private Graph(int n, boolean directed, int[] offsets, int[] targets, double[] weights, EdgeColumn[] columns) {
        this.n = n;
        this.columns = columns;
        this.directed = directed;
        this.offsets = offsets;
        this.targets = targets;
        this.weights = weights;
        int loops = 0;
        for (int v = 0; v < n; v++) {
            for (int i = offsets[v]; i < offsets[v + 1]; i++) {
                if (targets[i] == v) {
                    loops++;
                }
            }
        }
        this.selfLoops = loops;
        if (!directed) {
            this.reverse = this;
        }
    }

    /** The graph of arrays the caller hands over (a builder's, checked and sorted), not copied. */
    static Graph of(int n, boolean directed, int[] offsets, int[] targets, double[] weights) {
        return new Graph(n, directed, offsets, targets, weights, new EdgeColumn[0]);
    }

    /** The graph of arrays and edge columns (by entry) the caller hands over, not copied. */
    static Graph of(int n, boolean directed, int[] offsets, int[] targets, double[] weights, EdgeColumn[] columns) {
        return new Graph(n, directed, offsets, targets, weights, columns);
    }

    /**
     * {@return the undirected graph of the edges {@code from[i]-to[i]}, simple: self-loops and duplicates refused}
     *
     * @param n the number of vertices, 0 to 2<sup>31</sup> - 2
     * @param from one end of each edge, each 0 to {@code n - 1}
     * @param to the other end, as many
     * @throws ColonyException naming the first offending edge (index and endpoints)
     */
    public static Graph undirected(int n, int[] from, int[] to) {
        return undirected(n, from, to, null, EdgeRules.SIMPLE);
    }

    /**
     * {@return the undirected graph of the edges {@code from[i]-to[i]} with weights {@code weights[i]}, under the
     * rules}
     *
     * @param n the number of vertices, 0 to 2<sup>31</sup> - 2
     * @param from one end of each edge, each 0 to {@code n - 1}
     * @param to the other end, as many
     * @param weights each edge's weight, finite, as many; null for an unweighted graph
     * @param rules what is accepted of self-loops and duplicates
     * @param columns edge columns, one value per edge each, of distinct names: they follow their edges into both
     *     rows, and merged duplicates must agree in them as in weights
     * @throws ColonyException naming the first offending edge (index and endpoints), or a column of another length
     */
    public static Graph undirected(int n, int[] from, int[] to, double[] weights, EdgeRules rules,
            EdgeColumn... columns) {
        return fromArrays(n, from, to, weights, columns, false, rules);
    }

    /**
     * {@return the directed graph of the edges {@code from[i] -> to[i]}, simple: self-loops and duplicates refused}
     *
     * @param n the number of vertices, 0 to 2<sup>31</sup> - 2
     * @param from each edge's source, each 0 to {@code n - 1}
     * @param to each edge's target, as many
     * @throws ColonyException naming the first offending edge (index and endpoints)
     */
    public static Graph directed(int n, int[] from, int[] to) {
        return directed(n, from, to, null, EdgeRules.SIMPLE);
    }

    /**
     * {@return the directed graph of the edges {@code from[i] -> to[i]} with weights {@code weights[i]}, under the
     * rules}
     *
     * @param n the number of vertices, 0 to 2<sup>31</sup> - 2
     * @param from each edge's source, each 0 to {@code n - 1}
     * @param to each edge's target, as many
     * @param weights each edge's weight, finite, as many; null for an unweighted graph
     * @param rules what is accepted of self-loops and duplicates
     * @param columns edge columns, one value per edge each, of distinct names: they follow their edges into the
     *     rows, and merged duplicates must agree in them as in weights
     * @throws ColonyException naming the first offending edge (index and endpoints), or a column of another length
     */
    public static Graph directed(int n, int[] from, int[] to, double[] weights, EdgeRules rules,
            EdgeColumn... columns) {
        return fromArrays(n, from, to, weights, columns, true, rules);
    }

    private static Graph fromArrays(int n, int[] from, int[] to, double[] weights, EdgeColumn[] columns,
            boolean directed, EdgeRules rules) {
        checkVertexCount(n);
        if (from.length != to.length || weights != null && weights.length != from.length) {
            throw new ColonyException("the edge arrays differ in length: from=" + from.length + " to=" + to.length
                    + (weights == null ? "" : " weights=" + weights.length) + "; give one entry per edge in each");
        }
        for (int i = 0; i < from.length; i++) {
            checkId("from", i, from[i], n);
            checkId("to", i, to[i], n);
            if (weights != null && !Double.isFinite(weights[i])) {
                throw new ColonyException("weights[" + i + "]=" + weights[i] + " is not finite; an edge's weight is a "
                        + "finite number");
            }
        }
        EdgeColumns.check(columns, from.length, "edges");
        String arrow = directed ? " -> " : " - ";
        return CsrBuilder.build(n, from, to, weights == null ? null : weights.clone(), columns.clone(), directed, rules,
                new Refusals() {
                    private String edge(int i) {
                        return "edge " + i + " (" + from[i] + arrow + to[i] + ")";
                    }

                    @Override
                    public ColonyException selfLoop(int i) {
                        return new ColonyException(edge(i) + " is a self-loop; pass EdgeRules.SIMPLE.allowSelfLoops() "
                                + "to keep self-loops");
                    }

                    @Override
                    public ColonyException duplicate(int i, int earlier) {
                        return new ColonyException(edge(i) + " repeats " + edge(earlier) + "; pass "
                                + "EdgeRules.SIMPLE.mergeDuplicates() to merge duplicates or keepDuplicates() to keep "
                                + "them");
                    }

                    @Override
                    public ColonyException unequalWeights(int i, int earlier) {
                        return new ColonyException(edge(i) + " repeats " + edge(earlier) + " with another weight ("
                                + weights[i] + ", not " + weights[earlier] + "); merged duplicates need equal weights");
                    }
                });
    }

    /**
     * Checks a vertex count.
     *
     * @param n the count
     * @throws ColonyException unless it is 0 to 2<sup>31</sup> - 2
     */
    static void checkVertexCount(long n) {
        if (n < 0 || n > Integer.MAX_VALUE - 1) {
            throw new ColonyException("a graph has 0 to " + (Integer.MAX_VALUE - 1) + " vertices, not n=" + n);
        }
    }

    private static void checkId(String array, int i, int id, int n) {
        if (id < 0 || id >= n) {
            throw new ColonyException(array + "[" + i + "]=" + id + " is not a vertex of a graph of n=" + n
                    + " vertices; ids are 0 to n-1");
        }
    }

    /** {@return the number of vertices} */
    public int vertices() {
        return n;
    }

    /** {@return the number of edges: each undirected edge once, a self-loop once, each duplicate kept once more} */
    public int edges() {
        return directed ? targets.length : (targets.length + selfLoops) / 2;
    }

    /** {@return the number of entries the rows store: {@link #edges} if directed, else twice less the self-loops} */
    public int arcs() {
        return targets.length;
    }

    /** {@return the number of self-loops (0 unless {@link EdgeRules#selfLoops} kept them)} */
    public int selfLoops() {
        return selfLoops;
    }

    /** {@return whether edges are one-way} */
    public boolean directed() {
        return directed;
    }

    /** {@return whether edges carry weights} */
    public boolean weighted() {
        return weights != null;
    }

    /**
     * {@return the number of {@code v}'s neighbours (out-neighbours if directed), a self-loop counting once}
     *
     * @param v a vertex, 0 to {@code n - 1}
     */
    public int degree(int v) {
        return offsets[v + 1] - offsets[v];
    }

    /**
     * {@return the number of edges into {@code v}: the degree of an undirected graph, from {@link #reverse} if
     * directed}
     *
     * @param v a vertex, 0 to {@code n - 1}
     */
    public int inDegree(int v) {
        return reverse().degree(v);
    }

    /** {@return the largest degree, 0 for a graph without edges} */
    public int maxDegree() {
        int max = 0;
        for (int v = 0; v < n; v++) {
            max = Math.max(max, degree(v));
        }
        return max;
    }

    /**
     * {@return the index of {@code v}'s first neighbour among the entries; its neighbours are the {@link #degree}
     * entries from there}
     *
     * @param v a vertex, 0 to {@code n} (the end of the last row for {@code n})
     */
    public int offset(int v) {
        return offsets[v];
    }

    /**
     * {@return the vertex entry {@code i} leads to}
     *
     * @param i an entry, 0 to {@link #arcs} - 1
     */
    public int target(int i) {
        return targets[i];
    }

    /**
     * {@return the weight of entry {@code i}: 1.0 in an unweighted graph}
     *
     * @param i an entry, 0 to {@link #arcs} - 1
     */
    public double weight(int i) {
        return weights == null ? 1.0 : weights[i];
    }

    /**
     * {@return {@code v}'s neighbours, sorted by id (a copy)}
     *
     * @param v a vertex, 0 to {@code n - 1}
     */
    public int[] neighbours(int v) {
        return Arrays.copyOfRange(targets, offsets[v], offsets[v + 1]);
    }

    /**
     * {@return whether there is an edge from {@code u} to {@code v} (either way if undirected), by binary search}
     *
     * @param u a vertex, 0 to {@code n - 1}
     * @param v a vertex, 0 to {@code n - 1}
     */
    public boolean hasEdge(int u, int v) {
        return Arrays.binarySearch(targets, offsets[u], offsets[u + 1], v) >= 0;
    }

    /** {@return the row offsets, {@code n + 1} of them from 0 to {@link #arcs} (a copy)} */
    public int[] offsets() {
        return offsets.clone();
    }

    /** {@return the targets of all entries, row after row (a copy)} */
    public int[] targets() {
        return targets.clone();
    }

    /**
     * {@return the weights of all entries, aligned with {@link #targets} (a copy)}
     *
     * @throws ColonyException where the graph has no weights
     */
    public double[] weights() {
        if (weights == null) {
            throw new ColonyException("the " + this + " has no weights; check weighted() first");
        }
        return weights.clone();
    }

    /** {@return the names of the edge columns, in order (empty for a graph without)} */
    public List<String> edgeAttributes() {
        return Arrays.stream(columns).map(EdgeColumn::name).toList();
    }

    /**
     * {@return edge column {@code name}, one value per entry, aligned with {@link #targets}}
     *
     * @param name a column's name
     * @throws ColonyException where the graph has no such column, naming those it has
     */
    public EdgeColumn edgeColumn(String name) {
        return columns[EdgeColumns.index(columns, name, this)];
    }

    /**
     * {@return this graph with one more edge column, its value on each entry computed from the entry's ends and
     * weight} The function is called once per entry, in entry order; on an undirected graph once per edge, with the
     * smaller end first (a self-loop once), and its value is given to both directions of the edge, so that even a
     * function that counts its calls gives an edge one value. Its double result is converted to {@code type}
     * and must be representable there exactly (an int column takes whole numbers in the int range, a boolean
     * column 0 or 1).
     *
     * <pre>{@code
     * Graph roads = graph.withEdgeAttribute("lanes", int.class, (u, v, w) -> 1 + (u + v) % 3);
     * }</pre>
     *
     * @param name the column's name, a Java identifier other than from, to and weight, not a column the graph has
     * @param type the column's type: {@code double.class}, {@code float.class}, {@code long.class}, {@code int.class},
     *     {@code short.class}, {@code byte.class} or {@code boolean.class}
     * @param values the value of each entry
     * @throws ColonyException for a bad name or type, a value the type cannot hold, or a float or double value that
     *     is NaN or infinite (naming the entry)
     */
    public Graph withEdgeAttribute(String name, Class<?> type, EdgeFunction values) {
        EdgeColumn[] more = Arrays.copyOf(columns, columns.length + 1);
        more[columns.length] = EdgeColumns.derive(this, name, type, values);
        EdgeColumns.check(more, targets.length, "entries");
        return new Graph(n, directed, offsets, targets, weights, more);
    }

    /**
     * Checks that the graph carries every column the edge class of a model reads, of the attribute's type; other
     * columns are allowed.
     *
     * @param edges the model's edge class, or null for a model that reads none
     * @param model the model, for the message
     * @throws ColonyException naming the first missing column, or one of another type, and the class
     */
    public void checkEdgeAttributes(EdgeInfo edges, Class<?> model) {
        if (edges != null) {
            EdgeColumns.require(this, columns, edges, model);
        }
    }

    /** The edge columns themselves, by entry, for this package's readers and writers (never modified). */
    EdgeColumn[] rawColumns() {
        return columns;
    }

    /** The row offsets themselves, for this package's readers (never modified). */
    int[] rawOffsets() {
        return offsets;
    }

    /** The targets themselves, for this package's readers (never modified). */
    int[] rawTargets() {
        return targets;
    }

    /** The weights themselves or null, for this package's readers (never modified). */
    double[] rawWeights() {
        return weights;
    }

    /**
     * {@return the rows of a block that holds every vertex, vertex {@code v} at storage index {@code base + v}: what the
     * kernels of a graph model on one block walk} The arrays are the graph's own or new; kernels never modify them.
     *
     * @param base the storage index of vertex 0
     */
    public GraphRows rows(int base) {
        Graph in = reverse();
        int[] degrees = new int[base + n];
        int[] inDegrees = directed ? new int[base + n] : degrees;
        int[] ids = new int[base + n];
        for (int v = 0; v < n; v++) {
            degrees[base + v] = offsets[v + 1] - offsets[v];
            inDegrees[base + v] = in.offsets[v + 1] - in.offsets[v];
            ids[base + v] = v;
        }
        int[] out = shifted(targets, base);
        int[] sources = directed ? shifted(in.targets, base) : out;
        Object[] edges = new Object[columns.length];
        Object[] inEdges = new Object[columns.length];
        for (int c = 0; c < columns.length; c++) {
            edges[c] = columns[c].raw();
            inEdges[c] = in.columns[c].raw();
        }
        return new GraphRows(offsets, out, weights, in.offsets, sources, in.weights, degrees, inDegrees, ids, null,
                edgeAttributes(), edges, inEdges);
    }

    private static int[] shifted(int[] ids, int base) {
        if (base == 0) {
            return ids;
        }
        int[] out = new int[ids.length];
        for (int i = 0; i < ids.length; i++) {
            out[i] = ids[i] + base;
        }
        return out;
    }

    /**
     * {@return the graph with every edge turned round: its rows are this graph's incoming edges, each vertex's sources
     * sorted by id; the graph itself if undirected}. Built on the first call and kept.
     */
    public Graph reverse() {
        Graph r = reverse;
        if (r == null) {
            r = transpose();
            r.reverse = this;
            reverse = r;
        }
        return r;
    }

    /** The transpose by a counting sort on targets; sources come in increasing order, so each row is sorted. */
    private Graph transpose() {
        int[] into = new int[n + 1];
        for (int t : targets) {
            into[t + 1]++;
        }
        for (int v = 0; v < n; v++) {
            into[v + 1] += into[v];
        }
        int[] cursor = Arrays.copyOf(into, n);
        int[] sources = new int[targets.length];
        int[] entryOf = new int[targets.length];
        double[] w = weights == null ? null : new double[targets.length];
        for (int u = 0; u < n; u++) {
            for (int i = offsets[u]; i < offsets[u + 1]; i++) {
                int at = cursor[targets[i]]++;
                sources[at] = u;
                entryOf[at] = i;
                if (w != null) {
                    w[at] = weights[i];
                }
            }
        }
        EdgeColumn[] c = new EdgeColumn[columns.length];
        for (int k = 0; k < c.length; k++) {
            c[k] = columns[k].gather(entryOf);
        }
        return new Graph(n, true, into, sources, w, c);
    }

    /**
     * {@return a 64-bit fingerprint of the graph: its direction, rows, weights and edge columns (names, types and
     * values, by their bits), the same for equal graphs on every machine; a graph without edge columns keeps the
     * fingerprint it had before graphs had them} Checkpoints of places on a graph keep it, so that a resume on another graph is refused.
     */
    public long fingerprint() {
        long f = fingerprint;
        if (f == 0) {
            f = mix(0x9E3779B97F4A7C15L, n);
            f = mix(f, directed ? 1 : 2);
            for (int o : offsets) {
                f = mix(f, o);
            }
            for (int t : targets) {
                f = mix(f, t);
            }
            if (weights != null) {
                for (double w : weights) {
                    f = mix(f, Double.doubleToLongBits(w));
                }
            }
            for (EdgeColumn c : columns) {
                f = mix(f, c.name().hashCode());
                f = mix(f, c.type().ordinal());
                for (int i = 0; i < c.length(); i++) {
                    f = mix(f, c.bits(i));
                }
            }
            fingerprint = f;
        }
        return f;
    }

    /** One step of a 64-bit hash (a multiply and xor-shift finaliser over the value added). */
    private static long mix(long h, long value) {
        long x = (h ^ value) * 0xBF58476D1CE4E5B9L;
        x ^= x >>> 31;
        return x * 0x94D049BB133111EBL;
    }

    /**
     * {@return whether {@code o} is a graph of the same direction, rows, weights and edge columns (compared by their
     * bits, the columns in order)}
     */
    @Override
    public boolean equals(Object o) {
        return o instanceof Graph g && g.n == n && g.directed == directed && Arrays.equals(g.offsets, offsets)
                && Arrays.equals(g.targets, targets) && Arrays.equals(g.weights, weights)
                && Arrays.equals(g.columns, columns);
    }

    @Override
    public int hashCode() {
        return (((Boolean.hashCode(directed) * 31 + n) * 31 + Arrays.hashCode(targets)) * 31
                + Arrays.hashCode(weights)) * 31 + Arrays.hashCode(columns);
    }

    /** {@return a description such as {@code graph of 1000 vertices and 5000 undirected edges}} */
    @Override
    public String toString() {
        return "graph of " + n + " vertices and " + edges() + (directed ? " directed" : " undirected")
                + (weights == null ? " edges" : " weighted edges")
                + (columns.length == 0 ? "" : " with " + String.join(", ", edgeAttributes()));
    }
}
