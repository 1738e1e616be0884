package org.colony.runtime.graph;

import java.util.Arrays;
import org.colony.ColonyException;

/**
 * Builds a graph's compressed sparse rows from edge arrays without boxing: a counting sort by source (stable, so each
 * vertex's entries arrive in input order), a sort of each vertex's range by target, then one pass over the runs of
 * equal targets for duplicates. An unweighted graph sorts its int targets in place; a weighted one sorts longs
 * {@code target << 32 | edge} so the weights follow and the first duplicate can be named (an unweighted graph
 * takes that path only to name a duplicate it refuses).
 */
final class CsrBuilder {

    /** The most entries a Java array holds (an undirected edge is two entries, a self-loop one). */
    static final int MAX_ARCS = Integer.MAX_VALUE - 8;

    private CsrBuilder() {
    }

    /**
     * {@return the graph of these edges, checked against the rules}
     *
     * @param n the vertices, each id of {@code from} and {@code to} already checked to be below it
     * @param from each edge's source
     * @param to each edge's target, as many
     * @param weights each edge's weight, finite, as many; null for an unweighted graph
     * @param directed whether edges are one-way
     * @param rules what is accepted of self-loops and duplicates
     * @param refusals how the source names an edge it refuses
     */
    static Graph build(int n, int[] from, int[] to, double[] weights, boolean directed, EdgeRules rules,
            Refusals refusals) {
        return build(n, from, to, weights, new EdgeColumn[0], directed, rules, refusals);
    }

    /**
     * {@return the graph of these edges with these edge columns, checked against the rules} The columns follow their
     * edges as the weights do; duplicates merged must agree in every column.
     *
     * @param n the vertices, each id of {@code from} and {@code to} already checked to be below it
     * @param from each edge's source
     * @param to each edge's target, as many
     * @param weights each edge's weight, finite, as many; null for an unweighted graph
     * @param columns per edge, as many values each, distinct names (already checked)
     * @param directed whether edges are one-way
     * @param rules what is accepted of self-loops and duplicates
     * @param refusals how the source names an edge it refuses
     */
    static Graph build(int n, int[] from, int[] to, double[] weights, EdgeColumn[] columns, boolean directed,
            EdgeRules rules, Refusals refusals) {
        int m = from.length;
        long loops = 0;
        for (int i = 0; i < m; i++) {
            if (from[i] == to[i]) {
                if (!rules.selfLoops()) {
                    throw refusals.selfLoop(i);
                }
                loops++;
            }
        }
        long arcs = directed ? m : 2L * m - loops;
        if (arcs > MAX_ARCS) {
            throw new ColonyException("a graph stores at most " + MAX_ARCS + " entries (an undirected edge is stored "
                    + "in both directions), not " + arcs + " (edges=" + m + " directed=" + directed
                    + "); use fewer edges");
        }
        checkHeap(n, arcs, weights != null || columns.length > 0);
        int[] offsets = new int[n + 1];
        for (int i = 0; i < m; i++) {
            offsets[from[i] + 1]++;
            if (!directed && from[i] != to[i]) {
                offsets[to[i] + 1]++;
            }
        }
        for (int v = 0; v < n; v++) {
            offsets[v + 1] += offsets[v];
        }
        if (weights == null && columns.length == 0) {
            int[] targets = scatterTargets(n, from, to, directed, offsets, (int) arcs);
            boolean repeats = false;
            for (int v = 0; v < n; v++) {
                Arrays.sort(targets, offsets[v], offsets[v + 1]);
                for (int i = offsets[v] + 1; i < offsets[v + 1] && !repeats; i++) {
                    repeats = targets[i] == targets[i - 1];
                }
            }
            if (repeats && rules.duplicates() == EdgeRules.Duplicates.REFUSE) {
                long[] keyed = scatterKeyed(n, from, to, directed, offsets, (int) arcs);
                throw refuseFirst(keyed, offsets, null, null, false, refusals);
            }
            if (repeats && rules.duplicates() == EdgeRules.Duplicates.MERGE) {
                targets = mergeTargets(offsets, targets);
            }
            return Graph.of(n, directed, offsets, targets, null);
        }
        long[] keyed = scatterKeyed(n, from, to, directed, offsets, (int) arcs);
        if (rules.duplicates() == EdgeRules.Duplicates.REFUSE) {
            ColonyException refusal = refuseFirst(keyed, offsets, null, null, false, refusals);
            if (refusal != null) {
                throw refusal;
            }
        } else if (rules.duplicates() == EdgeRules.Duplicates.MERGE) {
            ColonyException refusal = refuseFirst(keyed, offsets, weights, columns, true, refusals);
            if (refusal != null) {
                throw refusal;
            }
            keyed = mergeKeyed(offsets, keyed);
        }
        int[] targets = new int[keyed.length];
        int[] edgeOf = new int[keyed.length];
        double[] w = weights == null ? null : new double[keyed.length];
        for (int i = 0; i < keyed.length; i++) {
            targets[i] = (int) (keyed[i] >>> 32);
            edgeOf[i] = (int) keyed[i];
            if (w != null) {
                w[i] = weights[edgeOf[i]];
            }
        }
        EdgeColumn[] byEntry = new EdgeColumn[columns.length];
        for (int c = 0; c < columns.length; c++) {
            byEntry[c] = columns[c].gather(edgeOf);
        }
        return Graph.of(n, directed, offsets, targets, w, byEntry);
    }

    /** Refuses, before allocating, a graph whose arrays cannot fit in the Java heap at all. */
    private static void checkHeap(int n, long arcs, boolean weighted) {
        long bytes = 8L * (n + 1) + 4L * arcs + (weighted ? 16L * arcs : 0);
        long heap = Runtime.getRuntime().maxMemory();
        if (bytes > heap) {
            throw new ColonyException("a graph of n=" + n + " vertices and " + arcs + " stored entries needs about "
                    + (bytes >> 20) + " MiB to build, more than the Java heap's " + (heap >> 20)
                    + " MiB; give java a larger -Xmx");
        }
    }

    private static int[] scatterTargets(int n, int[] from, int[] to, boolean directed, int[] offsets, int arcs) {
        int[] cursor = Arrays.copyOf(offsets, n);
        int[] targets = new int[arcs];
        for (int i = 0; i < from.length; i++) {
            int u = from[i];
            int v = to[i];
            targets[cursor[u]++] = v;
            if (!directed && u != v) {
                targets[cursor[v]++] = u;
            }
        }
        return targets;
    }

    /** Each entry as {@code target << 32 | edge}, each vertex's range sorted: by target, then by input order. */
    private static long[] scatterKeyed(int n, int[] from, int[] to, boolean directed, int[] offsets, int arcs) {
        int[] cursor = Arrays.copyOf(offsets, n);
        long[] keyed = new long[arcs];
        for (int i = 0; i < from.length; i++) {
            int u = from[i];
            int v = to[i];
            keyed[cursor[u]++] = (long) v << 32 | i;
            if (!directed && u != v) {
                keyed[cursor[v]++] = (long) u << 32 | i;
            }
        }
        for (int v = 0; v < n; v++) {
            Arrays.sort(keyed, offsets[v], offsets[v + 1]);
        }
        return keyed;
    }

    /**
     * {@return the refusal of the edge of least index that repeats an earlier one (with {@code weighed}, only of those
     * whose weight differs from the first of their run), or null where there is none}
     */
    private static ColonyException refuseFirst(long[] keyed, int[] offsets, double[] weights, EdgeColumn[] columns,
            boolean weighed, Refusals refusals) {
        int edge = Integer.MAX_VALUE;
        int earlier = -1;
        int column = -1;
        for (int v = 0; v + 1 < offsets.length; v++) {
            int first = offsets[v];
            for (int i = offsets[v] + 1; i < offsets[v + 1]; i++) {
                if ((keyed[i] >>> 32) != (keyed[first] >>> 32)) {
                    first = i;
                    continue;
                }
                int e = (int) keyed[i];
                int f = (int) keyed[first];
                int differs = weighed ? differs(weights, columns, e, f) : -1;
                if (differs != -2 && e < edge) {
                    edge = e;
                    earlier = f;
                    column = differs;
                }
            }
        }
        if (earlier < 0) {
            return null;
        }
        if (!weighed) {
            return refusals.duplicate(edge, earlier);
        }
        return column < 0 ? refusals.unequalWeights(edge, earlier)
                : refusals.unequalAttribute(edge, earlier, columns[column], columns[column].format(edge),
                        columns[column].format(earlier));
    }

    /** {@return -1 where edges {@code e} and {@code f} differ in weight, else the first column they differ in, else -2} */
    private static int differs(double[] weights, EdgeColumn[] columns, int e, int f) {
        if (weights != null && Double.compare(weights[e], weights[f]) != 0) {
            return -1;
        }
        for (int c = 0; c < columns.length; c++) {
            if (!columns[c].same(e, f)) {
                return c;
            }
        }
        return -2;
    }

    /** Keeps the first of each run of equal targets, moving the offsets down. */
    private static int[] mergeTargets(int[] offsets, int[] targets) {
        int kept = 0;
        int start = 0;
        for (int v = 0; v + 1 < offsets.length; v++) {
            int end = offsets[v + 1];
            for (int i = start; i < end; i++) {
                if (i == start || targets[i] != targets[i - 1]) {
                    targets[kept++] = targets[i];
                }
            }
            start = end;
            offsets[v + 1] = kept;
        }
        return Arrays.copyOf(targets, kept);
    }

    /** Keeps the first of each run of equal targets (the earliest edge: runs are sorted by input order). */
    private static long[] mergeKeyed(int[] offsets, long[] keyed) {
        int kept = 0;
        int start = 0;
        for (int v = 0; v + 1 < offsets.length; v++) {
            int end = offsets[v + 1];
            for (int i = start; i < end; i++) {
                if (i == start || (keyed[i] >>> 32) != (keyed[i - 1] >>> 32)) {
                    keyed[kept++] = keyed[i];
                }
            }
            start = end;
            offsets[v + 1] = kept;
        }
        return Arrays.copyOf(keyed, kept);
    }
}
