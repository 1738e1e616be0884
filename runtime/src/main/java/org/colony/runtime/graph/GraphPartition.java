package org.colony.runtime.graph;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Locale;

/**
 * A graph's vertices split into {@code k} parts, one part per partition of a distributed run: the part of each vertex,
 * how it was found, and its {@linkplain PartitionQuality quality}. Every part has at least one vertex.
 * {@link GraphPartitioner} makes them.
 */
public final class GraphPartition {

    /** How a partition was found. */
    public enum Method {
        /** METIS's k-way partitioning, which cuts few edges. */
        METIS,
        /** Contiguous ranges of vertex ids of about equal size. */
        CONTIGUOUS,
        /** Vertex {@code v} in part {@code v % k}. */
        ROUND_ROBIN,
        /** Read from the user's partition file. */
        FILE
    }

    private final int[] part;
    private final int k;
    private final Method method;
    private final String note;
    private final PartitionQuality quality;

    GraphPartition(Adjacency graph, int[] part, int k, Method method, String note) {
        this.part = part;
        this.k = k;
        this.method = method;
        this.note = note;
        this.quality = PartitionQuality.of(graph, part, k);
    }

    /** {@return the number of parts, {@code k}} */
    public int partitions() {
        return k;
    }

    /** {@return the number of vertices} */
    public int vertices() {
        return part.length;
    }

    /**
     * {@return the part of vertex {@code v}, 0 to {@code k - 1}}
     *
     * @param v the vertex
     */
    public int part(int v) {
        return part[v];
    }

    /** {@return the part of every vertex, in vertex order (a copy)} */
    public int[] parts() {
        return part.clone();
    }

    /** {@return how the partition was found; {@link Method#CONTIGUOUS} also when METIS was asked for but missing} */
    public Method method() {
        return method;
    }

    /**
     * {@return a line for the user about how the partition was found (why METIS was not used, when it was asked for and
     * is missing), or the empty string}
     */
    public String note() {
        return note;
    }

    /** {@return the edge cut, the balance and the halos of this partition} */
    public PartitionQuality quality() {
        return quality;
    }

    /**
     * Writes the partition as a partition file ({@link GraphPartitioner#read}): a comment line, then one part per line
     * in vertex order.
     *
     * @param file the file to write, replaced if it exists
     * @throws IOException when the file cannot be written
     */
    public void write(Path file) throws IOException {
        PartitionFile.write(file, part, k, method.name().toLowerCase(Locale.ROOT));
    }

    /** {@return one line: the method and the quality} */
    @Override
    public String toString() {
        return method.name().toLowerCase(Locale.ROOT) + ", " + quality;
    }
}
