package org.colony.kernel;

import java.util.List;

/**
 * The edges of the vertices of one block of a graph's places, as generated kernels walk them: compressed sparse
 * rows whose targets are storage indices of the block's columns. Row {@code x} (the block's x-th vertex) is the
 * entries {@code offsets[x]} to {@code offsets[x + 1] - 1}; the incoming rows ({@code in...}) are the reverse
 * graph's (the same arrays for an undirected graph). Degrees and ids are by storage index, so that a kernel reads
 * them for a neighbour as for itself.
 *
 * @param offsets the start of each owned vertex's row, one more than the vertices
 * @param targets by entry, the storage index of the neighbour the edge leads to
 * @param weights by entry, the edge's weight; null for a graph without weights (every weight is 1.0)
 * @param inOffsets the start of each owned vertex's row of incoming edges
 * @param inTargets by incoming entry, the storage index of the edge's source
 * @param inWeights by incoming entry, the edge's weight; null without weights
 * @param degrees by storage index, the vertex's (out-)degree in the whole graph
 * @param inDegrees by storage index, the vertex's in-degree in the whole graph
 * @param ids by storage index, the vertex's id in the whole graph
 * @param placeOf by vertex id, the place index that agents on the vertex hold: on a graph cut into partitions, its
 *     number in the partitions' numbering; null where it is the id (one block holds the whole graph)
 * @param edgeNames the names of the graph's edge columns (the attributes of edge classes read them by name)
 * @param edges by edge column, its values by entry: a primitive array of the column's type, aligned with
 *     {@code targets}
 * @param inEdges the same columns by incoming entry, aligned with {@code inTargets} (the same arrays for an
 *     undirected graph)
 */
public record GraphRows(int[] offsets, int[] targets, double[] weights, int[] inOffsets, int[] inTargets,
        double[] inWeights, int[] degrees, int[] inDegrees, int[] ids, int[] placeOf, List<String> edgeNames,
        Object[] edges, Object[] inEdges) {

    /**
     * Rows of a block that holds the whole graph (an agent's place index is its vertex's id), without edge columns.
     *
     * @param offsets the start of each owned vertex's row, one more than the vertices
     * @param targets by entry, the storage index of the neighbour the edge leads to
     * @param weights by entry, the edge's weight; null for a graph without weights
     * @param inOffsets the start of each owned vertex's row of incoming edges
     * @param inTargets by incoming entry, the storage index of the edge's source
     * @param inWeights by incoming entry, the edge's weight; null without weights
     * @param degrees by storage index, the vertex's (out-)degree in the whole graph
     * @param inDegrees by storage index, the vertex's in-degree in the whole graph
     * @param ids by storage index, the vertex's id in the whole graph
     */
    public GraphRows(int[] offsets, int[] targets, double[] weights, int[] inOffsets, int[] inTargets,
            double[] inWeights, int[] degrees, int[] inDegrees, int[] ids) {
        this(offsets, targets, weights, inOffsets, inTargets, inWeights, degrees, inDegrees, ids, null, List.of(),
                new Object[0], new Object[0]);
    }

    /**
     * {@return the edge column {@code name}, by entry of the out-rows or of the in-rows: a primitive array}
     *
     * @param name the column's name, an attribute of the model's edge class
     * @param incoming whether by incoming entry
     * @throws IllegalStateException where the rows have no such column (the places checked the graph before)
     */
    public Object edge(String name, boolean incoming) {
        int i = edgeNames.indexOf(name);
        if (i < 0) {
            throw new IllegalStateException("the graph's rows have no edge column " + name + " (they have "
                    + edgeNames + ")");
        }
        return (incoming ? inEdges : edges)[i];
    }

    /**
     * {@return the arrays in the order of {@code KernelParam.GRAPH_ARRAYS} (without the hubs, which a device adds),
     * null where the rows have none}
     */
    public Object[] arrays() {
        return new Object[] {offsets, targets, weights, inOffsets, inTargets, inWeights, degrees, inDegrees, ids,
            placeOf};
    }

    /**
     * {@return the weight of an edge: 1.0 on a graph without weights}
     *
     * @param weights the weights of the rows, or null
     * @param entry the edge's entry in its rows
     */
    public static double weight(double[] weights, int entry) {
        return weights == null ? 1.0 : weights[entry];
    }

    /**
     * {@return the place index of vertex {@code v} that an agent moving there holds; {@code v} itself where the rows
     * have no numbering of their own or {@code v} is no vertex (the move is then refused as one off the grid)}
     *
     * @param placeOf the rows' {@link #placeOf}, or null
     * @param v a vertex id
     */
    public static int place(int[] placeOf, int v) {
        return placeOf == null || v < 0 || v >= placeOf.length ? v : placeOf[v];
    }
}
