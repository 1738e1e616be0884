package org.colony.tests.graph;

import org.colony.Attribute;
import org.colony.Edge;

/** A test edge class of four types: what {@link Flow} reads of each edge. */
public final class Pipe extends Edge {

    @Attribute
    double width;

    @Attribute
    int valves;

    @Attribute
    boolean open;

    @Attribute
    float loss;
}
