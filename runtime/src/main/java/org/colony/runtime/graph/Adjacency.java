package org.colony.runtime.graph;

import java.util.Arrays;
import org.colony.ColonyException;

/**
 * The undirected graph a partitioner splits, as the caller's CSR arrays, checked once: vertex {@code v}'s neighbours
 * are {@code targets[offsets[v] .. offsets[v + 1])}, every edge is stored in both directions (with the same weight
 * both ways), and there are no self-loops and no parallel edges, as METIS requires. The arrays are the caller's, not
 * copies.
 *
 * @param n the vertex count
 * @param offsets {@code n + 1} offsets into {@code targets}, from 0 to {@code targets.length}
 * @param targets the neighbours, each edge twice
 * @param vertexWeights a positive weight per vertex, or null for all 1
 * @param edgeWeights a positive weight per entry of {@code targets}, or null for all 1
 */
record Adjacency(int n, int[] offsets, int[] targets, int[] vertexWeights, int[] edgeWeights) {

    /** Checks the arrays; every refusal names the vertex or entry at fault. */
    Adjacency {
        if (n < 0) {
            throw new ColonyException("graph: n=" + n + " is negative; give the vertex count");
        }
        if (offsets == null || offsets.length != n + 1) {
            throw new ColonyException("graph: offsets has " + (offsets == null ? "no" : offsets.length)
                    + " entries for n=" + n + "; CSR offsets need n + 1 entries");
        }
        if (targets == null || offsets[0] != 0 || offsets[n] != targets.length) {
            throw new ColonyException("graph: offsets run from " + offsets[0] + " to " + offsets[n]
                    + " but targets has " + (targets == null ? "no" : targets.length)
                    + " entries; they must run from 0 to targets.length");
        }
        if (vertexWeights != null && vertexWeights.length != n) {
            throw new ColonyException("graph: vertexWeights has " + vertexWeights.length + " entries for n=" + n
                    + "; give one weight per vertex or none");
        }
        if (edgeWeights != null && edgeWeights.length != targets.length) {
            throw new ColonyException("graph: edgeWeights has " + edgeWeights.length + " entries for "
                    + targets.length + " targets; give one weight per entry of targets or none");
        }
        checkEntries(n, offsets, targets, vertexWeights, edgeWeights);
        checkSymmetric(n, offsets, targets, edgeWeights);
    }

    /** {@return the number of undirected edges, half the entries of {@code targets}} */
    long edges() {
        return targets.length / 2;
    }

    /** {@return vertex {@code v}'s weight} */
    int vertexWeight(int v) {
        return vertexWeights == null ? 1 : vertexWeights[v];
    }

    private static void checkEntries(int n, int[] offsets, int[] targets, int[] vertexWeights, int[] edgeWeights) {
        for (int v = 0; v < n; v++) {
            if (offsets[v + 1] < offsets[v]) {
                throw new ColonyException("graph: offsets[" + (v + 1) + "]=" + offsets[v + 1] + " is below offsets["
                        + v + "]=" + offsets[v] + "; CSR offsets never decrease");
            }
        }
        for (int v = 0; v < n; v++) {
            if (vertexWeights != null && vertexWeights[v] < 1) {
                throw new ColonyException("graph: vertexWeights[" + v + "]=" + vertexWeights[v]
                        + " is not positive; give weights of 1 or more");
            }
            for (int e = offsets[v]; e < offsets[v + 1]; e++) {
                int w = targets[e];
                if (w < 0 || w >= n) {
                    throw new ColonyException("graph: targets[" + e + "]=" + w + " (a neighbour of vertex " + v
                            + ") is out of range; vertices are 0 to " + (n - 1));
                }
                if (w == v) {
                    throw new ColonyException("graph: vertex " + v + " is its own neighbour (targets[" + e
                            + "]); remove self-loops");
                }
                if (edgeWeights != null && edgeWeights[e] < 1) {
                    throw new ColonyException("graph: edgeWeights[" + e + "]=" + edgeWeights[e]
                            + " is not positive; give weights of 1 or more");
                }
            }
        }
    }

    /**
     * Checks that every entry {@code v -> w} (with its weight) has its twin {@code w -> v} and that no pair appears
     * twice: each vertex's entries, sorted, must equal the entries that name it, which the transpose lists in order.
     */
    private static void checkSymmetric(int n, int[] offsets, int[] targets, int[] edgeWeights) {
        int[] into = new int[n + 1];
        for (int w : targets) {
            into[w + 1]++;
        }
        for (int v = 0; v < n; v++) {
            into[v + 1] += into[v];
        }
        long[] incoming = new long[targets.length];
        int[] fill = Arrays.copyOf(into, n);
        for (int v = 0; v < n; v++) {
            for (int e = offsets[v]; e < offsets[v + 1]; e++) {
                incoming[fill[targets[e]]++] = pair(v, edgeWeights == null ? 1 : edgeWeights[e]);
            }
        }
        long[] own = new long[16];
        for (int v = 0; v < n; v++) {
            int degree = offsets[v + 1] - offsets[v];
            if (own.length < degree) {
                own = new long[Math.max(degree, own.length * 2)];
            }
            for (int i = 0; i < degree; i++) {
                int e = offsets[v] + i;
                own[i] = pair(targets[e], edgeWeights == null ? 1 : edgeWeights[e]);
            }
            Arrays.sort(own, 0, degree);
            for (int i = 1; i < degree; i++) {
                if (own[i] >>> 32 == own[i - 1] >>> 32) {
                    throw new ColonyException("graph: vertex " + v + " names neighbour " + (own[i] >>> 32)
                            + " twice; merge parallel edges (adding their weights)");
                }
            }
            if (into[v + 1] - into[v] != degree
                    || !Arrays.equals(own, 0, degree, incoming, into[v], into[v + 1])) {
                throw new ColonyException("graph: vertex " + v + " is not stored in both directions: " + describe(
                        v, own, degree, incoming, into[v], into[v + 1]) + "; list every undirected edge as u -> v "
                        + "and v -> u, with the same weight");
            }
        }
    }

    private static long pair(int vertex, int weight) {
        return ((long) vertex << 32) | (weight & 0xffffffffL);
    }

    /** The first difference between a vertex's entries and those that name it, for the refusal. */
    private static String describe(int v, long[] own, int degree, long[] incoming, int from, int to) {
        int i = 0;
        while (i < degree && from + i < to && own[i] == incoming[from + i]) {
            i++;
        }
        if (i < degree && (from + i >= to || own[i] < incoming[from + i])) {
            return "it names " + (own[i] >>> 32) + " (weight " + (int) own[i] + ") but " + (own[i] >>> 32)
                    + " does not name it back with that weight";
        }
        long other = incoming[from + i];
        return (other >>> 32) + " names it (weight " + (int) other + ") but it does not name " + (other >>> 32)
                + " back with that weight";
    }
}
