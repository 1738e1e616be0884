package org.colony.tests.graph;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.SplittableRandom;
import org.colony.examples.sir.Person;
import org.colony.runtime.Config;
import org.colony.runtime.Places;
import org.colony.runtime.Simulation;
import org.colony.runtime.graph.EdgeRules;
import org.colony.runtime.graph.Generators;
import org.colony.runtime.graph.Graph;
import org.colony.runtime.graph.GraphPartition;
import org.colony.runtime.graph.GraphPartitioner;
import org.colony.runtime.graph.GraphSpec;
import org.colony.tests.lang.Lang;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Graph places in partitions whose steps run the interior vertices (rows that reach no ghost) before the ghosts land
 * and the border after ({@code colony.partitions.split=always}, as a transport that overlaps would): SIR and the
 * directed model with a hub end as one block, bit for bit, on 2 to 6 partitions by every method, with partitions that
 * have no interior or no border. On the CPU the in-process exchange lands its values on the ghosts only after the
 * interior has run, so a border vertex run with the interior would read the ghosts of the tick before.
 */
class GraphSplitTest {

    private static GraphPartition cut(Graph graph, int k, String method) {
        return GraphPartitioner.of(graph).byMethod(method, k);
    }

    private static Config cpu(long seed, int k) {
        return Config.defaults().withBackend("cpu").withThreads(2).withSeed(seed).withPartitions(k);
    }

    @ParameterizedTest(name = "{0} k={1} {2} split={3}")
    @CsvSource({
        "ba:3000:4, 2, metis, always",
        "ba:3000:4, 3, round-robin, always",
        "ba:3000:4, 6, contiguous, always",
        "ws:3000:6:0.05, 4, contiguous, always",
        "ws:3000:6:0.05, 5, metis, always",
        "lattice:40x50, 6, metis, always",
        "lattice:40x50, 2, round-robin, always",
        "ws:3000:6:0.05, 3, contiguous, never",
    })
    void sir_splitOnPartitions_isOneBlocksBitForBit(String spec, int k, String method, String split) {
        long seed = 21;
        Graph graph = GraphSpec.parse(spec).build(seed);
        Lang.withProperty("colony.partitions.split", split, () -> sir(graph, seed, cut(graph, k, method)));
    }

    /**
     * Two components, a 10 x 10 lattice (vertices 0 to 99) and a 20 x 15 one (100 to 399): in 4 contiguous parts the
     * first is a partition with no border (it reaches no other), and the others split the second; in 2 round-robin
     * parts no vertex is interior (every one has a neighbour along x of the other parity).
     */
    @Test
    void partitionsWithoutBorder_orWithoutInterior_splitAsOneBlock() {
        Graph small = Generators.lattice(10, 10, false);
        Graph large = Generators.lattice(20, 15, false);
        int edges = small.edges() + large.edges();
        int[] from = new int[edges];
        int[] to = new int[edges];
        int e = 0;
        for (Graph part : new Graph[] {small, large}) {
            int shift = part == small ? 0 : small.vertices();
            for (int v = 0; v < part.vertices(); v++) {
                for (int i = part.offset(v); i < part.offset(v) + part.degree(v); i++) {
                    if (part.target(i) > v) {
                        from[e] = v + shift;
                        to[e++] = part.target(i) + shift;
                    }
                }
            }
        }
        Graph graph = Graph.undirected(small.vertices() + large.vertices(), from, to);
        GraphPartition contiguous = GraphPartitioner.of(graph).contiguous(4);
        for (int v = 0; v < 100; v++) {
            assertEquals(0, contiguous.part(v));
        }
        Lang.withProperty("colony.partitions.split", "always", () -> {
            sir(graph, 8, contiguous);
            sir(graph, 8, GraphPartitioner.of(graph).roundRobin(2));
            sir(graph, 8, GraphPartitioner.of(graph).metisOrContiguous(3));
        });
    }

    /** SIR on {@code cut} against plain Java and against one block's checksum. */
    private static void sir(Graph graph, long seed, GraphPartition cut) {
        GraphReference.Sir ref = new GraphReference.Sir(graph, seed, 0.02, 5);
        String[] checksums = new String[2];
        for (int b = 0; b < 2; b++) {
            int k = b == 0 ? 1 : cut.partitions();
            try (Simulation sim = Simulation.create(cpu(seed, k))) {
                Places<Person> people = b == 0 ? sim.places(Person.class, graph) : sim.places(Person.class, graph, cut);
                people.callAll(Person::seed, 0.02, 5);
                for (int t = 1; t <= 25; t++) {
                    people.callAll(Person::spread, 0.15, 5);
                    if (b == 1) {
                        ref.tick(t, 0.15, 5);
                    }
                }
                checksums[b] = people.checksum();
                if (b == 1) {
                    assertArrayEquals(ref.state, people.getByte("state"), cut.toString());
                    assertArrayEquals(ref.sick, people.getInt("sick"), cut.toString());
                    assertEquals(ref.count(1), people.count(Person::isInfected));
                    assertEquals(cut.partitions(), people.partitions());
                }
            }
        }
        assertEquals(checksums[0], checksums[1], cut.toString());
        assertTrue(ref.count(2) > graph.vertices() / 10, "the epidemic spread: " + ref.count(2) + " recovered");
    }

    /**
     * The directed weighted model with self-loops, duplicates and a vertex of 3000 edges out: in- and out-loops, draws
     * per edge, neighbours' ids and degrees, a loop left early.
     */
    @ParameterizedTest(name = "k={0} {1}")
    @CsvSource({"2, round-robin", "3, metis", "4, contiguous", "5, round-robin", "6, metis"})
    void opinions_splitOnPartitions_areOneBlocksBitForBit(int k, String method) {
        long seed = 4;
        int n = 2000;
        SplittableRandom r = new SplittableRandom(seed);
        int m = 12000;
        int[] from = new int[m];
        int[] to = new int[m];
        double[] w = new double[m];
        for (int i = 0; i < m; i++) {
            from[i] = i < 3000 ? 5 : r.nextInt(n);
            to[i] = r.nextInt(8) == 0 ? from[i] : i % 3 == 0 ? from[i] / 20 * 20 + r.nextInt(20) : r.nextInt(n);
            w[i] = r.nextDouble(0.1, 1);
        }
        Graph graph = Graph.directed(n, from, to, w, EdgeRules.SIMPLE.allowSelfLoops().keepDuplicates());
        double[] x = new double[n];
        for (int v = 0; v < n; v++) {
            x[v] = r.nextDouble(-1, 1);
        }
        GraphReference.Opinions ref = new GraphReference.Opinions(graph, seed, x);
        for (int t = 0; t < 10; t++) {
            ref.mix(t, 0.3, 0.2);
        }
        GraphPartition cut = cut(graph, k, method);
        String[] checksums = new String[2];
        Lang.withProperty("colony.partitions.split", "always", () -> {
            for (int b = 0; b < 2; b++) {
                try (Simulation sim = Simulation.create(cpu(seed, b == 0 ? 1 : k))) {
                    Places<Opinion> p = b == 0 ? sim.places(Opinion.class, graph) : sim.places(Opinion.class, graph, cut);
                    p.set("x", x);
                    for (int t = 0; t < 10; t++) {
                        p.callAll(Opinion::mix, 0.3, 0.2);
                    }
                    checksums[b] = p.checksum();
                    assertArrayEquals(bits(ref.x), bits(p.getDouble("x")));
                    assertArrayEquals(ref.seen, p.getLong("seen"));
                    assertArrayEquals(ref.hits, p.getInt("hits"));
                }
            }
        });
        assertEquals(checksums[0], checksums[1]);
    }

    private static long[] bits(double[] values) {
        return Arrays.stream(values).mapToLong(Double::doubleToRawLongBits).toArray();
    }
}
