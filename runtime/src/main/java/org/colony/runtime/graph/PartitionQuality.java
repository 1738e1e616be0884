package org.colony.runtime.graph;

import java.util.Arrays;
import java.util.Locale;

/**
 * How good a partition of a graph is for a distributed run: the edges it cuts, the balance of its parts, and per part
 * the halo, the vertices of other parts that it reads through an edge and must receive every step.
 *
 * <p>The halo of part {@code p} counts each vertex {@code v} outside {@code p} with at least one neighbour in
 * {@code p} once, however many edges join them; a vertex on the border of three parts is received by the two others.
 */
public final class PartitionQuality {

    private final long edges;
    private final long cutEdges;
    private final long cutWeight;
    private final int[] vertices;
    private final long[] weights;
    private final int[] halo;

    private PartitionQuality(long edges, long cutEdges, long cutWeight, int[] vertices, long[] weights, int[] halo) {
        this.edges = edges;
        this.cutEdges = cutEdges;
        this.cutWeight = cutWeight;
        this.vertices = vertices;
        this.weights = weights;
        this.halo = halo;
    }

    /** Measures a partition ({@code part[v]} in 0 to {@code k - 1}) of a graph, in one pass over its edges. */
    static PartitionQuality of(Adjacency graph, int[] part, int k) {
        int[] vertices = new int[k];
        long[] weights = new long[k];
        int[] halo = new int[k];
        int[] lastSeen = new int[k];
        Arrays.fill(lastSeen, -1);
        long crossing = 0;
        long crossingWeight = 0;
        int[] offsets = graph.offsets();
        int[] targets = graph.targets();
        int[] edgeWeights = graph.edgeWeights();
        for (int v = 0; v < graph.n(); v++) {
            int own = part[v];
            vertices[own]++;
            weights[own] += graph.vertexWeight(v);
            for (int e = offsets[v]; e < offsets[v + 1]; e++) {
                int other = part[targets[e]];
                if (other != own) {
                    crossing++;
                    crossingWeight += edgeWeights == null ? 1 : edgeWeights[e];
                    if (lastSeen[other] != v) {
                        lastSeen[other] = v; // v is received by the part of its neighbour, once
                        halo[other]++;
                    }
                }
            }
        }
        return new PartitionQuality(graph.edges(), crossing / 2, crossingWeight / 2, vertices, weights, halo);
    }

    /** {@return the number of parts} */
    public int partitions() {
        return vertices.length;
    }

    /** {@return the number of undirected edges of the graph} */
    public long edges() {
        return edges;
    }

    /** {@return the number of edges whose ends lie in different parts} */
    public long cutEdges() {
        return cutEdges;
    }

    /** {@return the cut edges as a fraction of all edges, 0 for a graph without edges} */
    public double cutFraction() {
        return edges == 0 ? 0 : (double) cutEdges / edges;
    }

    /**
     * {@return the summed weight of the cut edges (METIS's objective); {@link #cutEdges()} when edges are unweighted}
     */
    public long cutWeight() {
        return cutWeight;
    }

    /**
     * {@return the number of vertices of part {@code p}}
     *
     * @param p the part
     */
    public int vertices(int p) {
        return vertices[p];
    }

    /**
     * {@return the summed vertex weight of part {@code p}; its vertex count when vertices are unweighted}
     *
     * @param p the part
     */
    public long weight(int p) {
        return weights[p];
    }

    /** {@return the heaviest part's weight over the mean weight of a part: 1 for a perfect balance} */
    public double imbalance() {
        long total = 0;
        long heaviest = 0;
        for (long w : weights) {
            total += w;
            heaviest = Math.max(heaviest, w);
        }
        return total == 0 ? 1 : (double) heaviest * weights.length / total;
    }

    /**
     * {@return the number of vertices of other parts that part {@code p} receives every step}
     *
     * @param p the part
     */
    public int halo(int p) {
        return halo[p];
    }

    /** {@return the vertices received every step, summed over the parts} */
    public long haloVertices() {
        long sum = 0;
        for (int h : halo) {
            sum += h;
        }
        return sum;
    }

    /**
     * {@return the bytes part {@code p} receives every step when a vertex's state takes {@code bytesPerVertex}}
     *
     * @param p the part
     * @param bytesPerVertex the bytes of one vertex's state that a neighbour reads
     */
    public long haloBytes(int p, long bytesPerVertex) {
        return halo[p] * bytesPerVertex;
    }

    /**
     * {@return the bytes all parts receive every step when a vertex's state takes {@code bytesPerVertex}}
     *
     * @param bytesPerVertex the bytes of one vertex's state that a neighbour reads
     */
    public long haloBytes(long bytesPerVertex) {
        return haloVertices() * bytesPerVertex;
    }

    /** {@return one line: the parts, the edge cut, the balance and the halo} */
    @Override
    public String toString() {
        return String.format(Locale.ROOT, "%d parts: %d of %d edges cut (%.2f%%), imbalance %.3f, halo %d vertices",
                partitions(), cutEdges, edges, 100 * cutFraction(), imbalance(), haloVertices());
    }
}
