package org.colony.examples.roads;

import java.util.SplittableRandom;
import org.colony.runtime.Agents;
import org.colony.runtime.Placement;
import org.colony.runtime.Places;
import org.colony.runtime.Simulation;
import org.colony.runtime.graph.EdgeColumn;
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
     * @param roads the network, with the edge columns of {@link Road}: {@code length} (positive doubles) and
     *     {@code lanes} (ints, 1 or more)
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
     * {@return a graph's edges as roads: each undirected edge (from its smaller end, in row order) a length drawn
     * uniformly from [1, 10) by a generator seeded with {@code seed}, which is also its weight, and 1 to 3 lanes drawn
     * by a second generator of the seed}
     *
     * @param plain an undirected graph
     * @param seed the seed of the lengths and lanes
     */
    public static Graph withLengths(Graph plain, long seed) {
        int n = plain.vertices();
        int m = plain.edges() - plain.selfLoops();
        int[] from = new int[m];
        int[] to = new int[m];
        double[] lengths = new double[m];
        int[] lanes = new int[m];
        SplittableRandom r = new SplittableRandom(seed);
        SplittableRandom k = new SplittableRandom(~seed);
        int e = 0;
        for (int v = 0; v < n; v++) {
            for (int i = plain.offset(v); i < plain.offset(v) + plain.degree(v); i++) {
                if (plain.target(i) > v) {
                    from[e] = v;
                    to[e] = plain.target(i);
                    lanes[e] = 1 + k.nextInt(3);
                    lengths[e++] = r.nextDouble(1, 10);
                }
            }
        }
        return Graph.undirected(n, from, to, lengths, EdgeRules.SIMPLE.mergeDuplicates(),
                EdgeColumn.of("length", lengths), EdgeColumn.of("lanes", lanes));
    }

    /**
     * {@return a graph read from a file as roads: its {@code length} and {@code lanes} columns where the file has
     * them; else a length equal to the edge's weight (1.0 without weights) and one lane}
     *
     * @param read the graph as read
     */
    public static Graph asRoads(Graph read) {
        Graph roads = read;
        if (!roads.edgeAttributes().contains("length")) {
            roads = roads.withEdgeAttribute("length", double.class, (u, v, w) -> w);
        }
        if (!roads.edgeAttributes().contains("lanes")) {
            roads = roads.withEdgeAttribute("lanes", int.class, (u, v, w) -> 1);
        }
        return roads;
    }
}
