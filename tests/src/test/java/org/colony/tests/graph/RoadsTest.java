package org.colony.tests.graph;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import org.colony.ColonyException;
import org.colony.examples.roads.Junction;
import org.colony.examples.roads.RoadNetwork;
import org.colony.examples.roads.Walker;
import org.colony.kernel.RandomStream;
import org.colony.runtime.Placement;
import org.colony.runtime.Places;
import org.colony.runtime.Simulation;
import org.colony.runtime.graph.EdgeColumn;
import org.colony.runtime.graph.Graph;
import org.colony.runtime.graph.GraphSpec;
import org.colony.tests.lang.Lang;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Agents on a graph's vertices that move along its edges (the road network's walkers) against plain Java: each
 * walker, in id order, draws from its stream (its id, the walk call's epoch) and takes a road with odds from the
 * roads' edge columns (lengths and lanes) and the junctions' loads before the tick; every move succeeds (no capacity); the junctions count
 * the walkers after the moves.
 */
class RoadsTest {

    @ParameterizedTest(name = "{0} walkers={1} threads={2}")
    @CsvSource({
        "lattice:30x30, 200, 1",
        "lattice:30x30, 200, 2",
        "ws:2000:6:0.2, 900, 3",
        "ba:1500:2, 3000, 2",
    })
    void walkers_matchTheirReference(String spec, int count, int threads) {
        long seed = 13;
        Graph roads = RoadNetwork.withLengths(GraphSpec.parse(spec).build(seed), seed);
        double avoid = 0.7;
        try (Simulation sim = Lang.sim(threads, seed)) {
            RoadNetwork net = new RoadNetwork(sim, roads, count, avoid);
            long[] place = net.walkers().locations();
            assertArrayEquals(sequence(count), net.walkers().ids());
            double[] travelled = new double[count];
            int[] trips = new int[count];
            long[] visits = new long[roads.vertices()];
            int[] load = loads(roads, place, visits);
            EdgeColumn length = roads.edgeColumn("length");
            EdgeColumn lanes = roads.edgeColumn("lanes");
            for (int t = 1; t <= 25; t++) {
                net.tick();
                RandomStream rng = new RandomStream(seed, 2L * t - 1); // walk's epoch; manageAll takes the next
                for (int a = 0; a < count; a++) {
                    rng.reset(a);
                    int v = (int) place[a];
                    double total = 0;
                    for (int i = roads.offset(v); i < roads.offset(v) + roads.degree(v); i++) {
                        total += lanes.doubleValue(i) / (length.doubleValue(i) * (1 + avoid * load[roads.target(i)]));
                    }
                    if (total == 0) {
                        continue;
                    }
                    double pick = rng.uniform() * total;
                    for (int i = roads.offset(v); i < roads.offset(v) + roads.degree(v); i++) {
                        pick -= lanes.doubleValue(i) / (length.doubleValue(i) * (1 + avoid * load[roads.target(i)]));
                        if (pick < 0) {
                            place[a] = roads.target(i);
                            travelled[a] += length.doubleValue(i);
                            trips[a]++;
                            break;
                        }
                    }
                }
                load = loads(roads, place, visits);
            }
            assertArrayEquals(place, net.walkers().locations());
            assertArrayEquals(travelled, net.walkers().getDouble("travelled"), 0.0);
            assertArrayEquals(trips, net.walkers().getInt("trips"));
            assertArrayEquals(load, net.junctions().getInt("load"));
            assertArrayEquals(visits, net.junctions().getLong("visits"));
            assertTrue(Arrays.stream(trips).sum() > count * 20L, "the walkers walked");
        }
    }

    private static long[] sequence(int n) {
        long[] s = new long[n];
        for (int i = 0; i < n; i++) {
            s[i] = i;
        }
        return s;
    }

    /** The walkers on each junction, added to the visits. */
    private static int[] loads(Graph roads, long[] place, long[] visits) {
        int[] load = new int[roads.vertices()];
        for (long p : place) {
            load[(int) p]++;
        }
        for (int v = 0; v < load.length; v++) {
            visits[v] += load[v];
        }
        return load;
    }

    @Test
    void walkersOnAGraphWithoutTheirRoadColumns_areRefusedInOneLine() {
        Graph lengths = GraphSpec.parse("lattice:3x3").build(1).withEdgeAttribute("length", double.class,
                (u, v, w) -> 2.5);
        try (Simulation sim = Lang.sim(1, 1)) {
            Places<Junction> junctions = sim.places(Junction.class, lengths); // the junctions read no edges
            ColonyException e = assertThrows(ColonyException.class,
                    () -> sim.agents(Walker.class, junctions, Placement.random(3)));
            assertEquals("the graph of 9 vertices and 12 undirected edges with length has no edge column lanes, which "
                    + "Walker needs: it reads edges as Road, whose lanes is of type int; give the graph that column",
                    e.getMessage());
        }
        Graph floatLanes = lengths.withEdgeAttribute("lanes", float.class, (u, v, w) -> 1);
        try (Simulation sim = Lang.sim(1, 1)) {
            Places<Junction> junctions = sim.places(Junction.class, floatLanes);
            ColonyException e = assertThrows(ColonyException.class,
                    () -> sim.agents(Walker.class, junctions, Placement.random(3)));
            assertEquals("the edge column lanes of the graph of 9 vertices and 12 undirected edges with length, lanes "
                    + "holds float values, but Walker reads edges as Road, whose lanes is of type int; give the column "
                    + "that type", e.getMessage());
        }
    }
}
