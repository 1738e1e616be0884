package org.colony.tests.graph;

import org.colony.Attribute;
import org.colony.Step;
import org.colony.Vertex;

/**
 * A test vertex model that reads everything a vertex step can: opinions pulled towards the weighted mean of the
 * in-neighbours', the neighbours' degrees and ids, a draw per edge, and a loop left early.
 */
public class Opinion extends Vertex<Opinion> {

    @Attribute
    double x;

    @Attribute
    long seen;

    @Attribute
    int hits;

    /** Moves towards the weighted mean of the in-neighbours' opinions; notes the neighbours' degrees and ids. */
    @Step
    public void mix(double pull, double chance) {
        double sum = 0;
        double weights = 0;
        for (Opinion n : inNeighbors()) {
            sum += weight(n) * n.x;
            weights += weight(n);
        }
        if (weights > 0) {
            x = x + pull * (sum / weights - x);
        }
        seen = 0;
        for (Opinion n : neighbors()) {
            if (n.index() == index()) {
                continue; // a self-loop
            }
            seen = seen * 31 + n.index() * 7 + n.degree() * 3 + n.inDegree();
            if (uniform() < chance * weight(n)) {
                hits++;
                if (hits > 1000) {
                    break;
                }
            }
        }
        seen += degree() * 1000L + inDegree();
    }
}
