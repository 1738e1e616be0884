package org.colony.examples.roads;

import org.colony.Attribute;
import org.colony.Edge;

/** A road of the network: the edge class the walkers read ({@code Road r = edge(n)}). */
public final class Road extends Edge {

    /** The road's length (on generated networks also its weight). */
    @Attribute
    double length;

    /** The road's lanes, 1 to 3: a road of more lanes draws more walkers. */
    @Attribute
    int lanes;
}
