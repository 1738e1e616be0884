package org.colony.tests.graph;

import org.colony.Attribute;
import org.colony.Step;
import org.colony.Vertex;

/**
 * A test vertex model that reads edge attributes of every kind, through its in-edges and its out-edges: a level fed by
 * the open pipes in and drained by the pipes out, with a draw per open pipe.
 */
public class Flow extends Vertex<Flow> {

    @Attribute
    double level;

    @Attribute
    int opened;

    /** Takes in through the open in-pipes, lets out through the out-pipes. */
    @Step
    public void pump(double rate) {
        double in = 0;
        for (Flow n : inNeighbors()) {
            Pipe p = edge(n);
            if (p.open) {
                in += n.level * p.width / (1 + p.valves) - p.loss;
            }
        }
        double out = 0;
        for (Flow n : neighbors()) {
            Pipe p = edge(n);
            if (p.open && uniform() < 0.5) {
                opened++;
            }
            out += p.open ? p.width * p.valves : p.loss;
        }
        level = level + rate * (in - level * 0.01 * out);
    }
}
