package org.colony.runtime.partition;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.colony.kernel.GraphRows;
import org.colony.kernel.Layout;
import org.colony.runtime.graph.Graph;
import org.colony.runtime.graph.GraphPartition;
import org.colony.runtime.grid.Grid;
import org.colony.runtime.grid.Region;
import org.colony.runtime.grid.Topology;

/**
 * Where each vertex of a partitioned graph lives. The <em>inner</em> numbering lists the vertices partition by
 * partition, so that partition {@code p} owns the inner numbers {@code first(p)} to {@code first(p + 1) - 1}: a
 * one-dimensional block of them, with the ghosts its rows reach (the other partitions' vertices, by inner number, so
 * grouped by owner) on its halo. With {@code G} ghosts the halo is {@code ceil(G / 2)} cells on each side: ghost slot
 * {@code j} is storage index {@code j} below the halo's width and {@code owned + j} above it.
 *
 * <p>Within a partition the <em>interior</em> vertices come first, by increasing id, then the <em>border</em>, by
 * increasing id: a vertex is interior when neither its row nor (on a directed graph) its row of incoming edges reaches
 * a ghost, so a step runs rows {@code [0, interior(p))} while the ghosts are in flight and the rest after they land.
 * Nothing a model sees depends on that order: rows keep the graph's order of neighbours, draws are keyed by the
 * vertices' ids, whole columns travel in id order and reductions merge exactly in any order.
 */
final class GraphNumbering {

    private final Graph graph;
    private final int[] part;
    /** By inner number, the vertex. */
    private final int[] order;
    /** By vertex, its inner number. */
    private final int[] inner;
    /** By partition, its first inner number; one more entry, the vertex count. */
    private final int[] first;
    /** By partition, the inner numbers of its ghosts, increasing. */
    private final int[][] ghosts;
    /** By partition, how many of its vertices (its first ones) reach no ghost. */
    private final int[] interior;

    GraphNumbering(Graph graph, GraphPartition cut) {
        this.graph = graph;
        int n = graph.vertices();
        int k = cut.partitions();
        this.part = cut.parts();
        this.first = new int[k + 1];
        for (int v = 0; v < n; v++) {
            first[part[v] + 1]++;
        }
        for (int p = 0; p < k; p++) {
            first[p + 1] += first[p];
        }
        this.order = new int[n];
        this.inner = new int[n];
        this.interior = new int[k];
        Graph in = graph.reverse();
        boolean[] border = new boolean[n];
        for (int v = 0; v < n; v++) {
            border[v] = reachesOut(graph, v) || graph.directed() && reachesOut(in, v);
            interior[part[v]] += border[v] ? 0 : 1;
        }
        int[] next = Arrays.copyOf(first, k);
        int[] nextBorder = new int[k];
        for (int p = 0; p < k; p++) {
            nextBorder[p] = first[p] + interior[p];
        }
        for (int v = 0; v < n; v++) { // interior first, then border, each by increasing id
            int i = border[v] ? nextBorder[part[v]]++ : next[part[v]]++;
            order[i] = v;
            inner[v] = i;
        }
        this.ghosts = new int[k][];
        boolean[] seen = new boolean[n];
        for (int p = 0; p < k; p++) {
            List<Integer> found = new ArrayList<>();
            for (int i = first[p] + interior[p]; i < first[p + 1]; i++) {
                int v = order[i];
                collect(graph, v, p, seen, found);
                if (graph.directed()) {
                    collect(in, v, p, seen, found);
                }
            }
            int[] g = new int[found.size()];
            for (int j = 0; j < g.length; j++) {
                g[j] = found.get(j);
                seen[order[g[j]]] = false;
            }
            Arrays.sort(g);
            ghosts[p] = g;
        }
    }

    /** {@return whether a neighbour of {@code v} in {@code rows} lies in another partition than {@code v}} */
    private boolean reachesOut(Graph rows, int v) {
        for (int i = rows.offset(v); i < rows.offset(v) + rows.degree(v); i++) {
            if (part[rows.target(i)] != part[v]) {
                return true;
            }
        }
        return false;
    }

    /** Adds the inner numbers of {@code v}'s neighbours in {@code rows} that partition {@code p} does not own. */
    private void collect(Graph rows, int v, int p, boolean[] seen, List<Integer> found) {
        for (int i = rows.offset(v); i < rows.offset(v) + rows.degree(v); i++) {
            int t = rows.target(i);
            if (part[t] != p && !seen[t]) {
                seen[t] = true;
                found.add(inner[t]);
            }
        }
    }

    /** {@return the partition of vertex {@code v}} */
    int part(int v) {
        return part[v];
    }

    /** {@return the inner number of vertex {@code v}} */
    int inner(int v) {
        return inner[v];
    }

    /** {@return the first inner number of partition {@code p}; of {@code p} = the count, the vertex count} */
    int first(int p) {
        return first[p];
    }

    /**
     * {@return the inner numbering's cut: partition p owns the inner numbers {@code first(p)} to
     * {@code first(p + 1) - 1}}
     */
    Topology topology() {
        return Topology.ranges(Grid.of(graph.vertices()), first);
    }

    /** {@return the inner numbers of vertices {@code places}, in a new array} */
    long[] toInner(long[] places) {
        long[] out = new long[places.length];
        for (int i = 0; i < places.length; i++) {
            out[i] = inner[(int) places[i]];
        }
        return out;
    }

    /** {@return the vertices of inner numbers {@code places}, in a new array} */
    long[] toVertices(long[] places) {
        long[] out = new long[places.length];
        for (int i = 0; i < places.length; i++) {
            out[i] = order[(int) places[i]];
        }
        return out;
    }

    /** {@return how many of partition {@code p}'s vertices, its first ones, reach no ghost} */
    int interior(int p) {
        return interior[p];
    }

    private int owned(int p) {
        return first[p + 1] - first[p];
    }

    private int pad(int p) {
        return (ghosts[p].length + 1) / 2;
    }

    /** {@return the storage index of ghost slot {@code j} of partition {@code p}} */
    private int ghostStorage(int p, int j) {
        return j < pad(p) ? j : owned(p) + j;
    }

    /** {@return the storage index in partition {@code p}'s block of vertex {@code v}, owned or a ghost} */
    private int storage(int p, int v) {
        if (part[v] == p) {
            return pad(p) + inner[v] - first[p];
        }
        return ghostStorage(p, Arrays.binarySearch(ghosts[p], inner[v]));
    }

    /** {@return the layout of partition {@code p}'s block} */
    Layout layout(int p) {
        return new Layout(1, graph.vertices(), 1, 1, first[p], 0, 0, owned(p), 1, 1, pad(p), false);
    }

    /** {@return the rows of partition {@code p}'s vertices, by storage index of its block} */
    GraphRows rows(int p) {
        int owned = owned(p);
        int stored = owned + 2 * pad(p);
        int[] degrees = new int[stored];
        int[] ids = new int[stored];
        Graph in = graph.reverse();
        int[] inDegrees = graph.directed() ? new int[stored] : degrees;
        for (int i = first[p]; i < first[p + 1]; i++) {
            fill(p, order[i], degrees, inDegrees, ids, in);
        }
        for (int g : ghosts[p]) {
            fill(p, order[g], degrees, inDegrees, ids, in);
        }
        int[][] out = row(p, graph);
        int[][] back = graph.directed() ? row(p, in) : out;
        double[] weights = weights(p, graph, out[0]);
        double[] inWeights = graph.directed() ? weights(p, in, back[0]) : weights;
        List<String> names = graph.edgeAttributes();
        Object[] edges = columns(p, graph, out[0]);
        Object[] inEdges = graph.directed() ? columns(p, in, back[0]) : edges;
        return new GraphRows(out[0], out[1], weights, back[0], back[1], inWeights, degrees, inDegrees, ids, inner,
                names, edges, inEdges);
    }

    private void fill(int p, int v, int[] degrees, int[] inDegrees, int[] ids, Graph in) {
        int s = storage(p, v);
        degrees[s] = graph.degree(v);
        inDegrees[s] = in.degree(v);
        ids[s] = v;
    }

    /** {@return the offsets and the targets (storage indices) of partition {@code p}'s rows of {@code rows}} */
    private int[][] row(int p, Graph rows) {
        int owned = owned(p);
        int[] offsets = new int[owned + 1];
        for (int x = 0; x < owned; x++) {
            offsets[x + 1] = offsets[x] + rows.degree(order[first[p] + x]);
        }
        int[] targets = new int[offsets[owned]];
        for (int x = 0; x < owned; x++) {
            int v = order[first[p] + x];
            for (int i = 0; i < rows.degree(v); i++) {
                targets[offsets[x] + i] = storage(p, rows.target(rows.offset(v) + i));
            }
        }
        return new int[][] {offsets, targets};
    }

    /** {@return the weights of partition {@code p}'s rows of {@code rows}, or null for a graph without weights} */
    private double[] weights(int p, Graph rows, int[] offsets) {
        if (!graph.weighted()) {
            return null;
        }
        int owned = owned(p);
        double[] w = new double[offsets[owned]];
        for (int x = 0; x < owned; x++) {
            int v = order[first[p] + x];
            for (int i = 0; i < rows.degree(v); i++) {
                w[offsets[x] + i] = rows.weight(rows.offset(v) + i);
            }
        }
        return w;
    }

    /** {@return the edge columns of partition {@code p}'s rows of {@code rows}, in the graph's order of columns} */
    private Object[] columns(int p, Graph rows, int[] offsets) {
        List<String> names = rows.edgeAttributes();
        Object[] columns = new Object[names.size()];
        if (columns.length == 0) {
            return columns;
        }
        int owned = owned(p);
        int[] entries = new int[offsets[owned]];
        for (int x = 0; x < owned; x++) {
            int v = order[first[p] + x];
            for (int i = 0; i < rows.degree(v); i++) {
                entries[offsets[x] + i] = rows.offset(v) + i;
            }
        }
        for (int c = 0; c < columns.length; c++) {
            columns[c] = rows.edgeColumn(names.get(c)).valuesAt(entries);
        }
        return columns;
    }

    /** {@return the slots {@code [lo, hi)} of partition {@code to}'s ghosts that partition {@code from} owns} */
    int[] ghostRange(int to, int from) {
        int lo = lowerBound(ghosts[to], first[from]);
        int hi = lowerBound(ghosts[to], first[from + 1]);
        return new int[] {lo, hi};
    }

    private static int lowerBound(int[] sorted, int key) {
        int i = Arrays.binarySearch(sorted, key);
        return i >= 0 ? i : -i - 1;
    }

    /** {@return the storage indices in {@code from}'s block of the vertices it sends {@code to}, in slot order} */
    int[] sent(int from, int to) {
        int[] range = ghostRange(to, from);
        int[] cells = new int[range[1] - range[0]];
        for (int j = 0; j < cells.length; j++) {
            cells[j] = pad(from) + ghosts[to][range[0] + j] - first[from];
        }
        return cells;
    }

    /** {@return the ghost slots {@code range} of partition {@code p}, as one or two boxes in local coordinates} */
    List<Region> ghostRegions(int p, int[] range) {
        int pad = pad(p);
        List<Region> boxes = new ArrayList<>(2);
        if (range[0] < pad) {
            boxes.add(box(range[0] - pad, Math.min(range[1], pad) - pad));
        }
        if (range[1] > pad) {
            int lo = Math.max(range[0], pad);
            boxes.add(box(owned(p) + lo - pad, owned(p) + range[1] - pad));
        }
        return boxes;
    }

    /** {@return the cells {@code [lo, hi)} of a block, local coordinates (negative below its owned cells)} */
    static Region box(int lo, int hi) {
        return new Region(new int[] {lo, 0, 0}, new int[] {hi, 1, 1});
    }

    /** Copies a column in the inner numbering into a column in vertex order. */
    void toVertexOrder(Object innerColumn, Object target) {
        gather(innerColumn, inner, target); // vertex v's value is at its inner number
    }

    /** Copies a column in vertex order into a column in the inner numbering. */
    void toInnerOrder(Object source, Object innerColumn) {
        gather(source, order, innerColumn); // inner number i holds vertex order[i]
    }

    /** {@code to[i] = from[at[i]]} for every i, for a primitive column of any type. */
    private static void gather(Object from, int[] at, Object to) {
        switch (from) {
            case double[] a -> gather(a, at, (double[]) to);
            case float[] a -> gather(a, at, (float[]) to);
            case long[] a -> gather(a, at, (long[]) to);
            case int[] a -> gather(a, at, (int[]) to);
            case short[] a -> gather(a, at, (short[]) to);
            case byte[] a -> gather(a, at, (byte[]) to);
            case boolean[] a -> gather(a, at, (boolean[]) to);
            default -> throw new IllegalArgumentException(from.getClass().toString());
        }
    }

    // One loop per primitive type.
    private static void gather(double[] from, int[] at, double[] to) {
        for (int i = 0; i < at.length; i++) {
            to[i] = from[at[i]];
        }
    }

    private static void gather(float[] from, int[] at, float[] to) {
        for (int i = 0; i < at.length; i++) {
            to[i] = from[at[i]];
        }
    }

    private static void gather(long[] from, int[] at, long[] to) {
        for (int i = 0; i < at.length; i++) {
            to[i] = from[at[i]];
        }
    }

    private static void gather(int[] from, int[] at, int[] to) {
        for (int i = 0; i < at.length; i++) {
            to[i] = from[at[i]];
        }
    }

    private static void gather(short[] from, int[] at, short[] to) {
        for (int i = 0; i < at.length; i++) {
            to[i] = from[at[i]];
        }
    }

    private static void gather(byte[] from, int[] at, byte[] to) {
        for (int i = 0; i < at.length; i++) {
            to[i] = from[at[i]];
        }
    }

    private static void gather(boolean[] from, int[] at, boolean[] to) {
        for (int i = 0; i < at.length; i++) {
            to[i] = from[at[i]];
        }
    }

    @Override
    public String toString() {
        StringBuilder sb = new StringBuilder();
        for (int p = 0; p + 1 < first.length; p++) {
            sb.append(p == 0 ? "" : ", ").append(interior[p]).append('/').append(owned(p)).append('+')
                    .append(ghosts[p].length);
        }
        return first.length - 1 + " partitions of the " + graph + " (interior/owned+ghosts: " + sb + ")";
    }
}
