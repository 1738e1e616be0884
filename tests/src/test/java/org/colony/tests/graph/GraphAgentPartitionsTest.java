package org.colony.tests.graph;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.Map;
import org.colony.ColonyException;
import org.colony.examples.roads.RoadNetwork;
import org.colony.runtime.Config;
import org.colony.runtime.Placement;
import org.colony.runtime.Places;
import org.colony.runtime.Simulation;
import org.colony.runtime.graph.Graph;
import org.colony.runtime.graph.GraphSpec;
import org.colony.tests.lang.Lang;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Agents on a graph cut into partitions against the same agents on one block, bit for bit: moves along edges that
 * cross partitions, jumps to any vertex, contested places under a capacity and a priority, births, deaths, writes
 * into the agents' places, vertex steps that count and iterate their agents, and place attributes read across edges
 * by the agents, and agents created by vertex steps.
 */
class GraphAgentPartitionsTest {

    @ParameterizedTest(name = "{0} k={1} {2} {3}")
    @CsvSource({
        "ws:1500:6:0.1, 2, metis, auto",
        "ws:1500:6:0.1, 3, contiguous, auto",
        "ba:1200:3, 4, round-robin, auto",
        "lattice:30x30, 5, metis, auto",
        "er:1000:3000, 6, contiguous, auto",
        "ba:1200:3, 2, contiguous, auto",
        "ws:1500:6:0.1, 4, metis, always",
        "ba:1200:3, 3, round-robin, always",
    })
    void rovers_onPartitions_areOneBlocksBitForBit(String spec, int k, String method, String split) {
        long seed = 31;
        Graph graph = GraphSpec.parse(spec).build(seed);
        Config config = Config.defaults().withBackend("cpu").withSeed(seed);
        RoverRun one = RoverRun.of(config.withThreads(1), graph, null);
        RoverRun[] cut = new RoverRun[1];
        // split=always: the towns' steps run their interior vertices, then their border, even on the CPU
        Lang.withProperty("colony.partitions.split", split,
                () -> cut[0] = RoverRun.of(config.withThreads(2), graph, RoverRun.cut(graph, k, method)));
        one.checkEventful();
        one.checkSame(cut[0]);
        assertTrue(cut[0].traffic() > 0, "rovers moved between partitions");
    }

    @ParameterizedTest(name = "{0} k={1} {2}")
    @CsvSource({
        "lattice:20x20, 2, metis",
        "ws:800:4:0.2, 3, contiguous",
        "ws:800:4:0.2, 4, round-robin",
        "lattice:20x20, 5, round-robin",
        "ba:900:2, 6, contiguous",
    })
    void walkers_onPartitions_areOneBlocksBitForBit(String spec, int k, String method) {
        long seed = 8;
        Graph roads = RoadNetwork.withLengths(GraphSpec.parse(spec).build(seed), seed);
        long[][] one = walk(roads, seed, 1);
        long[][][] cut = new long[1][][];
        Lang.withProperty("colony.graph.partitioner", method, () -> cut[0] = walk(roads, seed, k));
        for (int i = 0; i < one.length; i++) {
            assertArrayEquals(one[i], cut[0][i], "column " + i);
        }
    }

    /** The walkers' places and trips and the junctions' visits after 20 ticks. */
    private static long[][] walk(Graph roads, long seed, int k) {
        Config config = Config.defaults().withBackend("cpu").withThreads(2).withSeed(seed).withPartitions(k);
        try (Simulation sim = Simulation.create(config)) {
            RoadNetwork net = new RoadNetwork(sim, roads, 600, 0.6);
            for (int t = 0; t < 20; t++) {
                net.tick();
            }
            assertEquals(k, net.junctions().partitions());
            if (k > 1) {
                Map<String, Long> traffic = net.walkers().partitionTraffic();
                assertTrue(traffic.values().stream().mapToLong(Long::longValue).sum() > 0, traffic.toString());
            }
            long[] trips = Arrays.stream(net.walkers().getInt("trips")).asLongStream().toArray();
            return new long[][] {net.walkers().locations(), trips, net.junctions().getLong("visits")};
        }
    }

    @ParameterizedTest(name = "k={0}")
    @CsvSource({"1", "3"})
    void aNegativeCountOfAgentsAskedForByAVertex_namesTheVertex(int k) {
        Graph graph = GraphSpec.parse("lattice:6x6").build(1);
        Lang.withProperty("colony.graph.partitioner", "round-robin", () -> {
            try (Simulation sim = Simulation.create(Config.defaults().withBackend("cpu").withPartitions(k))) {
                Places<Town> towns = sim.places(Town.class, graph);
                sim.agents(Settler.class, towns, Placement.random(0));
                ColonyException e = assertThrows(ColonyException.class, () -> towns.callAll(Town::summon, 20L, -2));
                assertEquals("vertex 20 of Town asked for -2 Settler agents; spawn(T.class, n) needs n >= 0",
                        e.getMessage());
            }
        });
    }
}
