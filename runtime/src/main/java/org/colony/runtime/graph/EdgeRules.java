package org.colony.runtime.graph;

/**
 * What a graph accepts of self-loops and duplicate edges, where they come from arrays, files or generators. By
 * default ({@link #SIMPLE}) both are refused, in one line naming the first offending edge; a model that wants them
 * says so:
 *
 * <pre>{@code
 * Graph.undirected(n, from, to, null, EdgeRules.SIMPLE.mergeDuplicates())                   // "u v" and "v u" once
 * Graph.directed(n, from, to, null, EdgeRules.SIMPLE.allowSelfLoops().keepDuplicates())    // a multigraph
 * }</pre>
 *
 * <p>In an undirected graph the edges {@code u v} and {@code v u} are duplicates. A self-loop is stored once in its
 * vertex's neighbours (it counts 1 in the degree). Merged duplicates become one edge, the first in input order; with
 * weights they must carry equal weights (a merge that would have to choose between two weights is refused).
 *
 * @param selfLoops whether an edge from a vertex to itself is kept (else refused)
 * @param duplicates what becomes of an edge that repeats an earlier one
 */
public record EdgeRules(boolean selfLoops, Duplicates duplicates) {

    /** What becomes of an edge that repeats an earlier one. */
    public enum Duplicates {
        /** The graph is refused, naming the first edge that repeats an earlier one. */
        REFUSE,
        /** The repeats are dropped: one edge remains, the first in input order. */
        MERGE,
        /** Every repeat is kept: a multigraph, each copy a neighbour of its own. */
        KEEP
    }

    /** Self-loops and duplicates refused: a simple graph. The default of every factory and reader. */
    public static final EdgeRules SIMPLE = new EdgeRules(false, Duplicates.REFUSE);

    /**
     * Rules with these choices.
     *
     * @param selfLoops whether self-loops are kept
     * @param duplicates what becomes of duplicates, not null
     */
    public EdgeRules {
        if (duplicates == null) {
            throw new IllegalArgumentException("duplicates=null; pass EdgeRules.Duplicates.REFUSE, MERGE or KEEP");
        }
    }

    /** {@return these rules, with self-loops kept} */
    public EdgeRules allowSelfLoops() {
        return new EdgeRules(true, duplicates);
    }

    /** {@return these rules, with duplicates merged into the first of them} */
    public EdgeRules mergeDuplicates() {
        return new EdgeRules(selfLoops, Duplicates.MERGE);
    }

    /** {@return these rules, with every duplicate kept} */
    public EdgeRules keepDuplicates() {
        return new EdgeRules(selfLoops, Duplicates.KEEP);
    }
}
