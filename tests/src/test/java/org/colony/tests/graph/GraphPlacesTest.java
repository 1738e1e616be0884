package org.colony.tests.graph;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import java.util.SplittableRandom;
import org.colony.ColonyException;
import org.colony.examples.heat.HeatCell;
import org.colony.examples.sir.Person;
import org.colony.examples.sir.Sir;
import org.colony.runtime.Config;
import org.colony.runtime.Places;
import org.colony.runtime.Simulation;
import org.colony.runtime.graph.EdgeRules;
import org.colony.runtime.graph.Generators;
import org.colony.runtime.graph.Graph;
import org.colony.runtime.graph.GraphPartition;
import org.colony.runtime.graph.GraphPartitioner;
import org.colony.runtime.graph.GraphSpec;
import org.colony.runtime.grid.Grid;
import org.colony.tests.lang.Lang;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Places on a graph's vertices on the tests' backend against plain Java ({@link GraphReference}), bit for bit, on
 * generated, weighted and directed graphs and any thread count; and the refusals of what graph places do not run.
 */
class GraphPlacesTest {

    @ParameterizedTest(name = "{0} threads={1}")
    @CsvSource({
        "ba:3000:4, 1",
        "ba:3000:4, 3",
        "er:5000:20000, 2",
        "ws:4000:6:0.2, 2",
        "lattice:60x70, 1",
    })
    void sir_matchesItsReference(String spec, int threads) {
        long seed = 5;
        Graph graph = GraphSpec.parse(spec).build(seed);
        double beta = 0.08;
        int recovery = 6;
        GraphReference.Sir ref = new GraphReference.Sir(graph, seed, 0.01, recovery);
        try (Simulation sim = Lang.sim(threads, seed)) {
            Sir sir = new Sir(sim, graph, beta, recovery, 0.01);
            assertArrayEquals(ref.state, sir.people().getByte("state"));
            for (int t = 1; t <= 40; t++) {
                sir.tick();
                ref.tick(t, beta, recovery);
            }
            assertArrayEquals(ref.state, sir.people().getByte("state"));
            assertArrayEquals(ref.sick, sir.people().getInt("sick"));
            assertArrayEquals(new long[] {ref.count(0), ref.count(1), ref.count(2)}, sir.counts());
            assertTrue(ref.count(2) > graph.vertices() / 10, "the epidemic spread: " + ref.count(2) + " recovered");
        }
    }

    @Test
    void sir_onWeightedEdges_drawsAgainstTheWeights() {
        long seed = 9;
        Graph plain = Generators.barabasiAlbert(2000, 3, seed);
        SplittableRandom r = new SplittableRandom(3);
        int[] from = new int[plain.edges()];
        int[] to = new int[plain.edges()];
        double[] w = new double[plain.edges()];
        int e = 0;
        for (int v = 0; v < plain.vertices(); v++) {
            for (int i = plain.offset(v); i < plain.offset(v) + plain.degree(v); i++) {
                if (plain.target(i) > v) {
                    from[e] = v;
                    to[e] = plain.target(i);
                    w[e++] = r.nextDouble(0.1, 3.0);
                }
            }
        }
        Graph graph = Graph.undirected(plain.vertices(), from, to, w, EdgeRules.SIMPLE);
        GraphReference.Sir ref = new GraphReference.Sir(graph, seed, 0.02, 4);
        try (Simulation sim = Lang.sim(2, seed)) {
            Sir sir = new Sir(sim, graph, 0.1, 4, 0.02);
            for (int t = 1; t <= 30; t++) {
                sir.tick();
                ref.tick(t, 0.1, 4);
            }
            assertArrayEquals(ref.state, sir.people().getByte("state"));
            assertArrayEquals(ref.sick, sir.people().getInt("sick"));
        }
    }

    @ParameterizedTest(name = "threads={0}")
    @CsvSource({"1", "4"})
    void opinions_onADirectedWeightedGraphWithSelfLoopsAndDuplicates_matchTheirReference(int threads) {
        long seed = 17;
        int n = 3000;
        SplittableRandom r = new SplittableRandom(seed);
        int m = 20000;
        int[] from = new int[m];
        int[] to = new int[m];
        double[] w = new double[m];
        for (int i = 0; i < m; i++) {
            from[i] = i < 4000 ? 0 : r.nextInt(n); // a hub with many edges out
            to[i] = r.nextInt(10) == 0 ? from[i] : r.nextInt(n);
            w[i] = 0.5;
        }
        Graph graph = Graph.directed(n, from, to, w, EdgeRules.SIMPLE.allowSelfLoops().keepDuplicates());
        double[] x = new double[n];
        for (int v = 0; v < n; v++) {
            x[v] = r.nextDouble(-1, 1);
        }
        GraphReference.Opinions ref = new GraphReference.Opinions(graph, seed, x);
        try (Simulation sim = Lang.sim(threads, seed)) {
            Places<Opinion> p = sim.places(Opinion.class, graph);
            p.set("x", x);
            for (int t = 0; t < 12; t++) {
                p.callAll(Opinion::mix, 0.3, 0.2);
                ref.mix(t, 0.3, 0.2);
            }
            assertArrayEquals(ref.x, p.getDouble("x"), 0.0);
            assertArrayEquals(ref.seen, p.getLong("seen"));
            assertArrayEquals(ref.hits, p.getInt("hits"));
            assertEquals(n, p.size());
            assertEquals(graph, p.graph());
        }
    }

    @Test
    void aVertexModelOnAGrid_andAGridModelOnAGraph_areRefused() {
        Graph graph = Generators.lattice(4, 4, false);
        try (Simulation sim = Lang.sim(1)) {
            ColonyException onGrid = assertThrows(ColonyException.class,
                    () -> sim.places(Person.class, Grid.of(16)));
            assertEquals("Person is a vertex model; put its places on a graph with sim.places(Person.class, graph)",
                    onGrid.getMessage());
            ColonyException empty = assertThrows(ColonyException.class,
                    () -> sim.places(Person.class, Graph.undirected(0, new int[0], new int[0])));
            assertTrue(empty.getMessage().contains("has no vertex"), empty.getMessage());
            assertEquals("HeatCell is a grid model (it extends Place); a graph takes a model that extends Vertex",
                    assertThrows(ColonyException.class, () -> placeGridModel(sim, graph)).getMessage());
            sim.places(Person.class, graph).callAll(Person::seed, 1.0, 3); // still usable
        }
    }

    @SuppressWarnings({"unchecked", "rawtypes"})
    private static void placeGridModel(Simulation sim, Graph graph) {
        Class raw = HeatCell.class; // the compiler keeps a grid model off a graph; the runtime checks too
        sim.places(raw, graph);
    }

    @ParameterizedTest(name = "{0} k={1} {2}")
    @CsvSource({
        "ba:4000:4, 2, metis",
        "ba:4000:4, 3, contiguous",
        "ba:4000:4, 6, round-robin",
        "ws:3000:6:0.2, 4, metis",
        "lattice:50x40, 5, contiguous",
    })
    void sir_onPartitions_isOneBlocksBitForBit(String spec, int k, String method) {
        long seed = 21;
        Graph graph = GraphSpec.parse(spec).build(seed);
        GraphReference.Sir ref = new GraphReference.Sir(graph, seed, 0.01, 5);
        GraphPartition cut = GraphPartitioner.of(graph).byMethod(method, k);
        try (Simulation sim = Simulation.create(Config.defaults().withBackend("cpu").withThreads(2).withSeed(seed)
                .withPartitions(k))) {
            Places<Person> people = sim.places(Person.class, graph, cut);
            people.callAll(Person::seed, 0.01, 5);
            for (int t = 1; t <= 30; t++) {
                people.callAll(Person::spread, 0.1, 5);
                ref.tick(t, 0.1, 5);
            }
            assertArrayEquals(ref.state, people.getByte("state"));
            assertArrayEquals(ref.sick, people.getInt("sick"));
            assertEquals(ref.count(1), people.count(Person::isInfected));
            assertEquals(k, people.partitions());
            Map<String, Long> traffic = people.haloTraffic();
            assertTrue(traffic.get("state") > 0, traffic.toString());
            assertEquals(0L, traffic.get("sick"), "sick is never read across an edge: " + traffic);
            for (int v = 0; v < graph.vertices(); v += 997) {
                assertEquals(ref.state[v], people.get(v).get("state"));
            }
        }
    }

    @ParameterizedTest(name = "k={0}")
    @CsvSource({"2", "5"})
    void opinions_onPartitionsFollowingTheSettings_matchTheirReference(int k) {
        long seed = 4;
        int n = 2000;
        SplittableRandom r = new SplittableRandom(seed);
        int m = 12000;
        int[] from = new int[m];
        int[] to = new int[m];
        double[] w = new double[m];
        for (int i = 0; i < m; i++) {
            from[i] = i < 3000 ? 5 : r.nextInt(n);
            to[i] = r.nextInt(8) == 0 ? from[i] : r.nextInt(n);
            w[i] = r.nextDouble(0.1, 1);
        }
        Graph graph = Graph.directed(n, from, to, w, EdgeRules.SIMPLE.allowSelfLoops().keepDuplicates());
        double[] x = new double[n];
        for (int v = 0; v < n; v++) {
            x[v] = r.nextDouble(-1, 1);
        }
        GraphReference.Opinions ref = new GraphReference.Opinions(graph, seed, x);
        try (Simulation sim = Simulation.create(Config.defaults().withBackend("cpu").withThreads(3).withSeed(seed)
                .withPartitions(k))) {
            Places<Opinion> p = sim.places(Opinion.class, graph);
            p.set("x", x);
            for (int t = 0; t < 10; t++) {
                p.callAll(Opinion::mix, 0.3, 0.2);
                ref.mix(t, 0.3, 0.2);
            }
            assertArrayEquals(ref.x, p.getDouble("x"), 0.0);
            assertArrayEquals(ref.seen, p.getLong("seen"));
            assertArrayEquals(ref.hits, p.getInt("hits"));
            assertEquals(k, p.partitions());
        }
    }

    @Test
    void anUndirectedGraphWithSelfLoopsAndDuplicates_isSplitByEveryMethod_asOneBlock() {
        long seed = 3;
        Graph base = Generators.barabasiAlbert(3000, 3, seed);
        int extra = 400;
        int[] from = new int[base.edges() + extra];
        int[] to = new int[from.length];
        int e = 0;
        for (int v = 0; v < base.vertices(); v++) {
            for (int i = base.offset(v); i < base.offset(v) + base.degree(v); i++) {
                if (base.target(i) > v) {
                    from[e] = v;
                    to[e++] = base.target(i);
                }
            }
        }
        for (int i = 0; i < extra; i++) { // self-loops and repeats of edges
            from[e] = i < extra / 2 ? i : from[i];
            to[e++] = i < extra / 2 ? i : to[i];
        }
        Graph graph = Graph.undirected(base.vertices(), from, to, null,
                EdgeRules.SIMPLE.allowSelfLoops().keepDuplicates());
        GraphReference.Sir ref = new GraphReference.Sir(graph, seed, 0.01, 5);
        for (int t = 1; t <= 20; t++) {
            ref.tick(t, 0.1, 5);
        }
        for (String method : new String[] {"metis", "contiguous", "round-robin"}) {
            Lang.withProperty("colony.graph.partitioner", method, () -> {
                try (Simulation sim = Simulation.create(Config.defaults().withBackend("cpu").withSeed(seed)
                        .withPartitions(3))) {
                    Places<Person> people = sim.places(Person.class, graph);
                    people.callAll(Person::seed, 0.01, 5);
                    for (int t = 1; t <= 20; t++) {
                        people.callAll(Person::spread, 0.1, 5);
                    }
                    assertArrayEquals(ref.state, people.getByte("state"), method);
                }
            });
        }
    }

    @Test
    void aPartitionThatDoesNotFit_isRefusedInOneLine() {
        Graph graph = Generators.lattice(8, 8, false);
        GraphPartition other = GraphPartitioner.of(Generators.lattice(4, 4, false)).contiguous(2);
        GraphPartition three = GraphPartitioner.of(graph).contiguous(3);
        try (Simulation sim = Simulation.create(Config.defaults().withBackend("cpu").withPartitions(2))) {
            assertEquals("the partition of 16 vertices does not fit the graph of 64 vertices and 112 undirected "
                    + "edges; partition this graph", assertThrows(ColonyException.class,
                            () -> sim.places(Person.class, graph, other)).getMessage());
            assertEquals("the partition has 3 parts, but the settings ask for 2 partitions; give one or the other",
                    assertThrows(ColonyException.class, () -> sim.places(Person.class, graph, three)).getMessage());
        }
    }
}
