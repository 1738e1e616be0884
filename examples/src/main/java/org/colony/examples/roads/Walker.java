package org.colony.examples.roads;

import org.colony.Agent;
import org.colony.Attribute;
import org.colony.Step;

/**
 * A walker on a road network. Each tick it takes one of the roads out of its junction at random, a {@link Road} of
 * length {@code l} and {@code k} lanes to a junction where {@code load} walkers stand with odds
 * {@code k / (l * (1 + avoid * load))}: short, wide roads to quiet junctions first. It moves along the road (to the
 * junction at its end) and adds its length to the distance it has walked.
 */
public class Walker extends Agent<Junction> {

    /** The length of the roads walked. */
    @Attribute
    double travelled;

    /** The roads walked. */
    @Attribute
    int trips;

    /** Chooses a road and walks it. */
    @Step
    public void walk(double avoid) {
        double total = 0;
        for (Junction n : placeNeighbors()) {
            Road r = edge(n);
            total += r.lanes / (r.length * (1 + avoid * n.load));
        }
        if (total == 0) {
            return;
        }
        double pick = uniform() * total;
        for (Junction n : placeNeighbors()) {
            Road r = edge(n);
            pick -= r.lanes / (r.length * (1 + avoid * n.load));
            if (pick < 0) {
                moveTo(n);
                travelled += r.length;
                trips++;
                break;
            }
        }
    }
}
