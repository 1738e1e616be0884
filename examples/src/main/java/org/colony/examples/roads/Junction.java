package org.colony.examples.roads;

import org.colony.Attribute;
import org.colony.Step;
import org.colony.Vertex;

/** A junction of a road network (a vertex; the roads are its edges, each a {@link Road} of a length and lanes). */
public class Junction extends Vertex<Junction> {

    /** The walkers at the junction after the last move. */
    @Attribute
    int load;

    /** The walkers that have stood at the junction, summed over the ticks. */
    @Attribute
    long visits;

    /** Counts the walkers standing here. */
    @Step
    public void count() {
        load = agentCount(Walker.class);
        visits += load;
    }
}
