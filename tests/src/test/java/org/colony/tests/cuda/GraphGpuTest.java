package org.colony.tests.cuda;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.SplittableRandom;
import org.colony.examples.roads.RoadNetwork;
import org.colony.examples.sir.Person;
import org.colony.examples.sir.Sir;
import org.colony.runtime.Config;
import org.colony.runtime.Places;
import org.colony.runtime.Simulation;
import org.colony.runtime.graph.EdgeRules;
import org.colony.runtime.graph.Graph;
import org.colony.runtime.graph.GraphPartition;
import org.colony.runtime.graph.GraphPartitioner;
import org.colony.runtime.graph.GraphSpec;
import org.colony.tests.graph.EdgeAttributesTest;
import org.colony.tests.graph.Flow;
import org.colony.tests.graph.Opinion;
import org.colony.tests.lang.Lang;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Places on a graph's vertices on the GPU against the CPU, bit for bit: SIR, and every vertex fact on a skewed graph. */
@Tag("gpu")
class GraphGpuTest {

    @ParameterizedTest(name = "{0}")
    @CsvSource({"ba:200000:5", "ws:100000:8:0.1", "lattice:300x300"})
    void sir_onGpu_isBitIdenticalToCpu(String spec) {
        Gpu.require();
        long seed = 3;
        Graph graph = GraphSpec.parse(spec).build(seed);
        byte[][] states = new byte[2][];
        int[][] sick = new int[2][];
        long[][] counts = new long[2][];
        for (int b = 0; b < 2; b++) {
            try (Simulation sim = b == 0 ? Gpu.cpu(seed) : Gpu.cuda(seed)) {
                Sir sir = new Sir(sim, graph, 0.06, 7, 0.001);
                for (int t = 0; t < 60; t++) {
                    sir.tick();
                }
                states[b] = sir.people().getByte("state");
                sick[b] = sir.people().getInt("sick");
                counts[b] = sir.counts();
            }
        }
        assertArrayEquals(states[0], states[1]);
        assertArrayEquals(sick[0], sick[1]);
        assertArrayEquals(counts[0], counts[1]);
        assertTrue(counts[0][2] > 0, "someone recovered");
    }

    @ParameterizedTest(name = "{0} on {1} GPU(s), {2} partitions by {3}")
    @CsvSource({"ba:200000:5, 1, 2, metis", "ba:200000:5, 1, 3, round-robin", "ws:100000:8:0.1, 2, 2, metis",
        "ba:200000:5, 2, 2, contiguous"})
    void sir_onGpuPartitions_isOneBlocksBitForBit(String spec, int devices, int partitions, String method) {
        Gpu.require();
        if (devices > 1) {
            PartitionedGpuTest.requireTwo();
        }
        long seed = 3;
        Graph graph = GraphSpec.parse(spec).build(seed);
        GraphPartition cut = GraphPartitioner.of(graph).byMethod(method, partitions);
        String[] checksums = new String[2];
        long[][] counts = new long[2][];
        for (int b = 0; b < 2; b++) {
            Config config = b == 0 ? Config.defaults().withBackend("cpu").withThreads(2).withSeed(seed)
                    : Config.defaults().withBackend("cuda").withSeed(seed).withDevices(devices)
                            .withPartitions(partitions);
            try (Simulation sim = Simulation.create(config)) {
                Places<Person> people = b == 0 ? sim.places(Person.class, graph)
                        : sim.places(Person.class, graph, cut);
                people.callAll(Person::seed, 0.001, 7);
                for (int t = 0; t < 60; t++) {
                    people.callAll(Person::spread, 0.06, 7);
                    sim.step();
                }
                checksums[b] = people.checksum();
                counts[b] = new long[] {people.count(Person::isSusceptible), people.count(Person::isInfected),
                    people.count(Person::isRecovered)};
                if (b == 1) {
                    assertTrue(people.haloTraffic().get("state") > 0, people.haloTraffic().toString());
                }
            }
        }
        assertEquals(checksums[0], checksums[1]);
        assertArrayEquals(counts[0], counts[1]);
    }

    /**
     * A model that reads edge attributes of four types through its in- and out-edges ({@code Flow} through
     * {@code Pipe}s), on one block (with every row of 40 edges or more on a warp of its own) and on 2 partitions of the
     * GPU: the same bits as the CPU.
     */
    @ParameterizedTest(name = "partitions={0}")
    @CsvSource({"1", "2"})
    void edgeAttributes_onGpu_areBitIdenticalToCpu(int partitions) {
        Gpu.require();
        long seed = 23;
        Graph graph = EdgeAttributesTest.pipes(seed, 200000, 1200000);
        double[] start = new SplittableRandom(seed).doubles(graph.vertices(), 0, 10).toArray();
        String[] checksums = new String[2];
        Lang.withProperty("colony.cuda.hubDegree", "40", () -> {
            for (int b = 0; b < 2; b++) {
                try (Simulation sim = b == 0 ? Gpu.cpu(seed) : Simulation.create(Config.defaults()
                        .withBackend("cuda").withSeed(seed).withPartitions(partitions))) {
                    Places<Flow> flows = sim.places(Flow.class, graph);
                    flows.set("level", start);
                    for (int t = 0; t < 10; t++) {
                        flows.callAll(Flow::pump, 0.2);
                        sim.step();
                    }
                    checksums[b] = flows.checksum();
                }
            }
        });
        assertEquals(checksums[0], checksums[1]);
    }

    @ParameterizedTest(name = "roads {0} walkers={1}")
    @CsvSource({"lattice:300x300, 20000", "ba:100000:3, 200000"})
    void walkersOnRoads_onGpu_areBitIdenticalToCpu(String spec, int walkers) {
        Gpu.require();
        long seed = 5;
        Graph roads = RoadNetwork.withLengths(GraphSpec.parse(spec).build(seed), seed);
        String[] checksums = new String[2];
        long[][] places = new long[2][];
        for (int b = 0; b < 2; b++) {
            try (Simulation sim = b == 0 ? Gpu.cpu(seed) : Gpu.cuda(seed)) {
                RoadNetwork net = new RoadNetwork(sim, roads, walkers, 0.7);
                for (int t = 0; t < 40; t++) {
                    net.tick();
                }
                checksums[b] = net.junctions().checksum() + " " + net.walkers().checksum();
                places[b] = net.walkers().locations();
            }
        }
        assertArrayEquals(places[0], places[1]);
        assertEquals(checksums[0], checksums[1]);
    }

    /**
     * SIR with every vertex of 40 edges or more run by a warp of its own (the hub path; by default only rows of 1024
     * edges do), on one block and on 3 partitions of the GPU: the same bits as the CPU.
     */
    @ParameterizedTest(name = "partitions={0}")
    @CsvSource({"1", "3"})
    void manyHubs_onGpu_areBitIdenticalToCpu(int partitions) {
        Gpu.require();
        long seed = 12;
        Graph graph = GraphSpec.parse("ba:100000:20").build(seed);
        String[] checksums = new String[2];
        Lang.withProperty("colony.cuda.hubDegree", "40", () -> {
            for (int b = 0; b < 2; b++) {
                try (Simulation sim = b == 0 ? Gpu.cpu(seed) : Simulation.create(Config.defaults()
                        .withBackend("cuda").withSeed(seed).withPartitions(partitions))) {
                    Places<Person> people = sim.places(Person.class, graph);
                    people.callAll(Person::seed, 0.002, 6);
                    for (int t = 0; t < 30; t++) {
                        people.callAll(Person::spread, 0.02, 6);
                        sim.step();
                    }
                    checksums[b] = people.checksum() + " " + people.count(Person::isRecovered);
                }
            }
        });
        assertEquals(checksums[0], checksums[1]);
    }

    /**
     * Partitions of one GPU whose steps run each block's interior vertices before the ghosts land and its border after
     * ({@code colony.partitions.split=always}), with every vertex of 40 edges or more run by a warp of its own: on a
     * Watts-Strogatz ring of degree about 40 hubs sit in both boxes of every block, on a Barabasi-Albert graph mostly
     * in the border. The same bits as one CPU block.
     */
    @ParameterizedTest(name = "{0} {1} partitions by {2}")
    @CsvSource({"ws:60000:40:0.01, 2, contiguous", "ws:60000:40:0.01, 4, metis", "ba:100000:20, 3, round-robin",
        "ba:100000:20, 2, metis"})
    void splitPartitionsWithHubs_onGpu_areBitIdenticalToCpu(String spec, int partitions, String method) {
        Gpu.require();
        long seed = 14;
        Graph graph = GraphSpec.parse(spec).build(seed);
        GraphPartition cut = GraphPartitioner.of(graph).byMethod(method, partitions);
        String[] results = new String[2];
        Lang.withProperty("colony.cuda.hubDegree", "40", () -> Lang.withProperty("colony.partitions.split", "always",
                () -> {
                    for (int b = 0; b < 2; b++) {
                        try (Simulation sim = b == 0 ? Gpu.cpu(seed) : Simulation.create(Config.defaults()
                                .withBackend("cuda").withSeed(seed).withPartitions(partitions))) {
                            Places<Person> people = b == 0 ? sim.places(Person.class, graph)
                                    : sim.places(Person.class, graph, cut);
                            people.callAll(Person::seed, 0.002, 6);
                            for (int t = 0; t < 30; t++) {
                                people.callAll(Person::spread, 0.03, 6);
                                sim.step();
                            }
                            results[b] = people.checksum() + " " + people.count(Person::isRecovered);
                        }
                    }
                }));
        assertEquals(results[0], results[1]);
    }

    /**
     * The directed weighted model with a hub of 100 000 out-edges on 3 partitions of one GPU that split their steps
     * ({@code colony.partitions.split=always}), hubs from 32 edges: the same bits as one CPU block.
     */
    @ParameterizedTest(name = "{0} partitions by {1}")
    @CsvSource({"3, metis", "2, contiguous"})
    void opinions_onSplitPartitionsWithHubs_onGpu_areBitIdenticalToCpu(int partitions, String method) {
        Gpu.require();
        Lang.withProperty("colony.cuda.hubDegree", "32", () -> Lang.withProperty("colony.partitions.split", "always",
                () -> opinions(partitions, method)));
    }

    /**
     * A directed weighted graph with a hub of 100 000 out-edges, self-loops and duplicates: in- and out-loops, a
     * {@code continue}, a {@code break} and long and int writes, with hubs from 1024 edges (the default) and from 32.
     */
    @ParameterizedTest(name = "hubDegree={0}")
    @CsvSource({"1024", "32"})
    void opinions_onASkewedDirectedGraph_onGpu_areBitIdenticalToCpu(String hubDegree) {
        Gpu.require();
        Lang.withProperty("colony.cuda.hubDegree", hubDegree, () -> opinions(1, "contiguous"));
    }

    /** The directed model on one CPU block and on the GPU, one block or {@code partitions} by {@code method}. */
    private static void opinions(int partitions, String method) {
        long seed = 8;
        int n = 50_000;
        int m = 400_000;
        SplittableRandom r = new SplittableRandom(seed);
        int[] from = new int[m];
        int[] to = new int[m];
        double[] w = new double[m];
        for (int i = 0; i < m; i++) {
            from[i] = i < 100_000 ? 7 : r.nextInt(n);
            to[i] = r.nextInt(20) == 0 ? from[i] : r.nextInt(n);
            w[i] = r.nextDouble(0.1, 2);
        }
        Graph graph = Graph.directed(n, from, to, w, EdgeRules.SIMPLE.allowSelfLoops().keepDuplicates());
        double[] x = new double[n];
        for (int v = 0; v < n; v++) {
            x[v] = r.nextDouble(-1, 1);
        }
        double[][] xs = new double[2][];
        long[][] seen = new long[2][];
        int[][] hits = new int[2][];
        GraphPartition cut = GraphPartitioner.of(graph).byMethod(method, partitions);
        for (int b = 0; b < 2; b++) {
            try (Simulation sim = b == 0 ? Gpu.cpu(seed) : partitions == 1 ? Gpu.cuda(seed)
                    : Simulation.create(Config.defaults().withBackend("cuda").withSeed(seed)
                            .withPartitions(partitions))) {
                Places<Opinion> p = b == 0 || partitions == 1 ? sim.places(Opinion.class, graph)
                        : sim.places(Opinion.class, graph, cut);
                p.set("x", x);
                for (int t = 0; t < 20; t++) {
                    p.callAll(Opinion::mix, 0.25, 0.1);
                }
                xs[b] = p.getDouble("x");
                seen[b] = p.getLong("seen");
                hits[b] = p.getInt("hits");
            }
        }
        assertArrayEquals(xs[0], xs[1], 0.0);
        assertArrayEquals(seen[0], seen[1]);
        assertArrayEquals(hits[0], hits[1]);
        assertTrue(hits[0][7] > 1000 && hits[0][7] <= 1020, "the hub's loop left early: " + hits[0][7]);
    }
}
