package org.colony.runtime.graph;

/**
 * The value of a derived edge column on one entry of a graph ({@link Graph#withEdgeAttribute}): a function of the
 * entry's ends and weight, called once per entry of a directed graph and once per edge of an undirected one (its
 * value given to both directions). It should give the same value for the same arguments (no state, no randomness
 * other than a hash of the arguments and a seed) so that a graph built twice carries the same column.
 */
@FunctionalInterface
public interface EdgeFunction {

    /**
     * {@return the value of the column on the entry from {@code from} to {@code to}}
     *
     * @param from the entry's row (on an undirected graph, the smaller end)
     * @param to the vertex the entry leads to (on an undirected graph, the larger end)
     * @param weight the entry's weight, 1.0 on a graph without weights
     */
    double value(int from, int to, double weight);
}
