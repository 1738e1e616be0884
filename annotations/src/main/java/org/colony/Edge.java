package org.colony;

/**
 * The base class of an edge class: the attributes every edge of a graph carries besides its weight, read by the
 * steps of a {@link Vertex} model (and of agents on its vertices) as they walk the edges. An edge class is a final
 * class whose {@link Attribute} fields are scalar primitives ({@code double}, {@code float}, {@code long},
 * {@code int}, {@code short}, {@code byte}, {@code boolean}); it has no steps and no shared fields.
 *
 * <pre>{@code
 * public final class Road extends Edge {
 *     @Attribute double length;
 *     @Attribute int lanes;
 * }
 *
 * @Step public void walk() {
 *     for (Junction n : placeNeighbors()) {
 *         Road r = edge(n);                 // the road the loop reached n by
 *         if (r.lanes > 1) { ... r.length ... }
 *     }
 * }
 * }</pre>
 *
 * <p>In a step an edge is a read-only view: its fields may be read, not written. The values come from the graph's
 * edge columns of the same names and types ({@code org.colony.runtime.graph.Graph#edgeAttributes}); places on a
 * graph that lacks one of the class's columns are refused when they are made. No instance of an edge class is ever
 * made: {@code edge(n)} exists only inside steps, which the processor translates.
 */
public abstract class Edge {

    /** For subclasses. */
    protected Edge() {
    }
}
