package org.colony.tests.graph;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.Map;
import org.colony.examples.roads.RoadNetwork;
import org.colony.runtime.Agents;
import org.colony.runtime.Config;
import org.colony.runtime.Placement;
import org.colony.runtime.Places;
import org.colony.runtime.Simulation;
import org.colony.runtime.agents.ManageReport;
import org.colony.runtime.graph.Graph;
import org.colony.runtime.graph.GraphPartition;
import org.colony.runtime.graph.GraphPartitioner;
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

    /** What one run ends with. */
    private record Outcome(long[] ids, long[] places, double[] energy, int[] age, int[] food, long[] visits,
            double[] wealth, long born, long died, long refused, long[] settlers, long[] settled) {
    }

    private static GraphPartition cut(Graph graph, int k, String method) {
        GraphPartitioner partitioner = GraphPartitioner.of(graph);
        return switch (method) {
            case "metis" -> partitioner.metisOrContiguous(k);
            case "contiguous" -> partitioner.contiguous(k);
            default -> partitioner.roundRobin(k);
        };
    }

    private static Outcome rovers(Graph graph, long seed, int threads, GraphPartition cut) {
        Config config = Config.defaults().withBackend("cpu").withThreads(threads).withSeed(seed);
        try (Simulation sim = Simulation.create(cut == null ? config : config.withPartitions(cut.partitions()))) {
            Places<Town> towns = cut == null ? sim.places(Town.class, graph) : sim.places(Town.class, graph, cut);
            Agents<Rover> rovers = sim.agents(Rover.class, towns, Placement.random(graph.vertices() / 2), 3);
            Agents<Settler> settlers = sim.agents(Settler.class, towns, Placement.random(0));
            double[] energy = new double[(int) rovers.size()];
            for (int i = 0; i < energy.length; i++) {
                energy[i] = 3 + i % 5;
            }
            rovers.set("energy", energy);
            long born = 0;
            long died = 0;
            long refused = 0;
            for (int t = 0; t < 30; t++) {
                towns.callAll(Town::grow, 6);
                rovers.callAll(Rover::roam, graph.vertices(), 0.05);
                towns.callAll(Town::settle, 6);
                settlers.callAll(Settler::live, 3);
                settlers.manageAll();
                ManageReport r = rovers.manageAll();
                born += r.births();
                died += r.deaths();
                refused += r.movesRefused() + r.birthsRefused();
                sim.step();
            }
            towns.callAll(Town::grow, 6);
            assertEquals(cut == null ? 1 : cut.partitions(), towns.partitions());
            if (cut != null) {
                assertTrue(rovers.partitionTraffic().get("manageAll") > 0, rovers.partitionTraffic().toString());
            }
            return new Outcome(rovers.ids(), rovers.locations(), rovers.getDouble("energy"), rovers.getInt("age"),
                    towns.getInt("food"), towns.getLong("visits"), towns.getDouble("wealth"), born, died, refused,
                    settlers.ids(), settlers.locations());
        }
    }

    @ParameterizedTest(name = "{0} k={1} {2}")
    @CsvSource({
        "ws:1500:6:0.1, 2, metis",
        "ws:1500:6:0.1, 3, contiguous",
        "ba:1200:3, 4, round-robin",
        "lattice:30x30, 5, metis",
        "er:1000:3000, 6, contiguous",
        "ba:1200:3, 2, contiguous",
    })
    void rovers_onPartitions_areOneBlocksBitForBit(String spec, int k, String method) {
        long seed = 31;
        Graph graph = GraphSpec.parse(spec).build(seed);
        Outcome one = rovers(graph, seed, 1, null);
        Outcome cut = rovers(graph, seed, 2, cut(graph, k, method));
        assertTrue(one.born() > 0 && one.died() > 0 && one.refused() > 0,
                "the run had births, deaths and refused moves: " + one.born() + " " + one.died() + " " + one.refused());
        assertEquals(one.born(), cut.born());
        assertEquals(one.died(), cut.died());
        assertEquals(one.refused(), cut.refused());
        assertArrayEquals(one.ids(), cut.ids());
        assertArrayEquals(one.places(), cut.places());
        assertArrayEquals(one.energy(), cut.energy(), 0.0);
        assertArrayEquals(one.age(), cut.age());
        assertArrayEquals(one.food(), cut.food());
        assertArrayEquals(one.visits(), cut.visits());
        assertArrayEquals(one.wealth(), cut.wealth(), 0.0);
        assertTrue(one.settlers().length > 0, "towns created settlers");
        assertArrayEquals(one.settlers(), cut.settlers());
        assertArrayEquals(one.settled(), cut.settled());
    }

    @ParameterizedTest(name = "{0} k={1} {2}")
    @CsvSource({
        "lattice:20x20, 2, metis",
        "ws:800:4:0.2, 4, round-robin",
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
}
