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

    /**
     * {@return the refusal of a merge between duplicates of different values of an edge column} Words it as
     * {@link #duplicate} does, with the column's name and the two values.
     *
     * @param edge the index of the first duplicate whose value differs from the edge it repeats
     * @param earlier the index of the edge it repeats
     * @param column the column
     * @param value the edge's value, as written
     * @param earlierValue the earlier edge's value, as written
     */
    default ColonyException unequalAttribute(int edge, int earlier, EdgeColumn column, String value,
            String earlierValue) {
        String said = duplicate(edge, earlier).getMessage();
        int cut = said.indexOf(';');
        return new ColonyException((cut < 0 ? said : said.substring(0, cut)) + " with another " + column.name()
                + " (" + value + ", not " + earlierValue + "); merged duplicates need equal edge attributes");
    }
}
