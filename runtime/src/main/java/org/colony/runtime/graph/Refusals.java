package org.colony.runtime.graph;

import org.colony.ColonyException;

/**
 * How a source of edges (arrays, a text file, a binary file) words the refusal of a self-loop or a duplicate that
 * its {@link EdgeRules} do not accept: the builder finds the first offending edge by its index in the source's
 * order, the source names it (an array index, a line of a file) with its endpoints.
 */
interface Refusals {

    /**
     * {@return the refusal of a self-loop}
     *
     * @param edge the index of the first self-loop among the source's edges
     */
    ColonyException selfLoop(int edge);

    /**
     * {@return the refusal of a duplicate}
     *
     * @param edge the index of the first edge that repeats an earlier one
     * @param earlier the index of the edge it repeats
     */
    ColonyException duplicate(int edge, int earlier);

    /**
     * {@return the refusal of a merge between duplicates of different weights}
     *
     * @param edge the index of the first duplicate whose weight differs from the edge it repeats
     * @param earlier the index of the edge it repeats
     */
    ColonyException unequalWeights(int edge, int earlier);
}
