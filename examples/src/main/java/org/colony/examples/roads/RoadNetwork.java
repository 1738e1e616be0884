package org.colony.examples.roads;

import java.util.SplittableRandom;
import org.colony.runtime.Agents;
import org.colony.runtime.Placement;
import org.colony.runtime.Places;
import org.colony.runtime.Simulation;
import org.colony.runtime.graph.EdgeRules;
import org.colony.runtime.graph.Graph;

/**
 * The road network driver: walkers placed at random on the junctions of a weighted graph; each tick every walker
 * takes a road out of its junction ({@link Walker#walk}), the moves are carried out, and each junction counts the
 * walkers standing on it ({@link Junction#count}), which the next tick's choices read across the roads.
 */
public final class RoadNetwork {

    /** How strongly walkers avoid crowded junctions by default. */
    public static final double AVOID = 0.5;

    private final Simulation sim;
    private final Places<Junction> junctions;
    private final Agents<Walker> walkers;
    private final double avoid;

    /**
     * Places the walkers and counts them.
     *
     * @param sim the simulation (its seed decides where the walkers start and which roads they take)
     * @param roads the network, its weights the roads' lengths (positive)
     * @param walkers how many walkers
     * @param avoid how strongly walkers avoid crowded junctions, 0 or more
     */
    public RoadNetwork(Simulation sim, Graph roads, long walkers, double avoid) {
        this.sim = sim;
        this.avoid = avoid;
        this.junctions = sim.places(Junction.class, roads);
        this.walkers = sim.agents(Walker.class, junctions, Placement.random(walkers));
        junctions.callAll(Junction::count);
    }

    /** Runs one tick: every walker walks a road, then the junctions count them. */
    public void tick() {
        walkers.callAll(Walker::walk, avoid);
        walkers.manageAll();
        junctions.callAll(Junction::count);
        sim.step();
    }

    /** {@return the junctions} */
    public Places<Junction> junctions() {
        return junctions;
    }

    /** {@return the walkers} */
    public Agents<Walker> walkers() {
        return walkers;
    }

    /**
     * {@return a graph's edges with lengths: each undirected edge (from its smaller end, in row order) a length
     * drawn uniformly from [1, 10) by a generator seeded with {@code seed}}
     *
     * @param plain an undirected graph
     * @param seed the seed of the lengths
     */
    public static Graph withLengths(Graph plain, long seed) {
        int n = plain.vertices();
        int m = plain.edges() - plain.selfLoops();
        int[] from = new int[m];
        int[] to = new int[m];
        double[] lengths = new double[m];
        SplittableRandom r = new SplittableRandom(seed);
        int e = 0;
        for (int v = 0; v < n; v++) {
            for (int i = plain.offset(v); i < plain.offset(v) + plain.degree(v); i++) {
                if (plain.target(i) > v) {
                    from[e] = v;
                    to[e] = plain.target(i);
                    lengths[e++] = r.nextDouble(1, 10);
                }
            }
        }
        return Graph.undirected(n, from, to, lengths, EdgeRules.SIMPLE.mergeDuplicates());
    }
}
