package org.colony;

/**
 * The base class of place models on a graph: each place is a vertex, and its neighbours are the vertices its
 * edges lead to. A model class {@code C} extends {@code Vertex<C>}, declares its state with {@link Attribute}
 * fields and its behaviour with {@link Step} methods, as a grid model does; its steps walk their neighbours with
 * a for-each loop over {@link #neighbors()}.
 *
 * <pre>{@code
 * public class Person extends Vertex<Person> {
 *     @Attribute boolean infected;
 *
 *     @Step void catchIt(double beta) {
 *         if (infected) return;
 *         for (Person n : neighbors()) {
 *             if (n.infected && uniform() < beta * weight(n)) infected = true;
 *         }
 *     }
 * }
 * }</pre>
 *
 * <h2>Snapshot reads</h2>
 * Attributes read through a neighbour show their values from before the current step, whatever order vertices
 * run in, as grid neighbours do. Writes to a vertex's own attributes are visible to itself at once.
 *
 * <h2>Order</h2>
 * A vertex's neighbours come in increasing id order (its row of the graph's compressed sparse rows), on every
 * backend, thread count and partitioning; a step that draws once per neighbour draws the same numbers everywhere.
 *
 * <p>The grid intrinsics of {@link Place} ({@code neighbor}, {@code hasNeighbor}, coordinates and sizes,
 * {@code onBoundary}) mean nothing on a graph: a vertex model that calls them is a compile error. {@link #index()}
 * is the vertex's id.
 *
 * @param <V> the model class itself
 */
public abstract class Vertex<V extends Vertex<V>> extends Place {

    /** For subclasses. */
    protected Vertex() {
    }

    /**
     * The vertices this one's edges lead to (of an undirected graph: every vertex it shares an edge with), in
     * increasing id order, as read-only snapshot views. Use it as the source of a for-each loop only. A vertex with
     * a self-loop is its own neighbour; a duplicate edge kept by the graph's rules gives the neighbour twice.
     *
     * @return the neighbours, each showing its attributes from before the current step
     */
    protected final Iterable<V> neighbors() {
        throw outsideStep("neighbors");
    }

    /**
     * The vertices whose edges lead to this one, in increasing id order: of a directed graph, the sources of its
     * incoming edges; of an undirected graph, the same as {@link #neighbors()}. Use it as the source of a for-each
     * loop only.
     *
     * @return the in-neighbours, each showing its attributes from before the current step
     */
    protected final Iterable<V> inNeighbors() {
        throw outsideStep("inNeighbors");
    }

    /**
     * The number of this vertex's neighbours (its out-degree in a directed graph); {@code n.degree()} gives a
     * neighbour's (public, so that agents on the vertices read it of the vertices their loops reach).
     *
     * @return the length of {@link #neighbors()}
     */
    public final int degree() {
        throw outsideStep("degree");
    }

    /**
     * The number of this vertex's in-neighbours (its in-degree in a directed graph; its degree in an undirected
     * one); {@code n.inDegree()} gives a neighbour's.
     *
     * @return the length of {@link #inNeighbors()}
     */
    public final int inDegree() {
        throw outsideStep("inDegree");
    }

    /**
     * The weight of the edge the enclosing loop reached a neighbour by: 1.0 on a graph without weights.
     *
     * @param neighbor the variable of a for-each loop over {@link #neighbors()} or {@link #inNeighbors()}
     * @return the edge's weight
     */
    protected final double weight(V neighbor) {
        throw outsideStep("weight");
    }

    /**
     * The attributes of the edge the enclosing loop reached a neighbour by, as an instance of the model's edge class:
     * {@code Road r = edge(n);} then {@code r.length}. Assign it to a local of a concrete {@link Edge} subclass (one
     * class for all the steps of a model and of the agents on it); its fields are read-only.
     *
     * @param neighbor the variable of a for-each loop over {@link #neighbors()} or {@link #inNeighbors()}
     * @param <E> the model's edge class
     * @return a read-only view of the edge
     */
    protected final <E extends Edge> E edge(V neighbor) {
        throw outsideStep("edge");
    }
}
