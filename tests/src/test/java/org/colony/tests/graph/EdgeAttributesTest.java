package org.colony.tests.graph;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.SplittableRandom;
import org.colony.ColonyException;
import org.colony.kernel.RandomStream;
import org.colony.runtime.Config;
import org.colony.runtime.Places;
import org.colony.runtime.Simulation;
import org.colony.runtime.graph.EdgeColumn;
import org.colony.runtime.graph.EdgeRules;
import org.colony.runtime.graph.Graph;
import org.colony.tests.lang.Lang;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * A vertex model that reads edge attributes ({@link Flow} through {@link Pipe}s) against plain Java, bit for bit, on
 * one block and on partitions of the CPU, on a directed graph with self-loops, duplicates and a hub.
 */
public class EdgeAttributesTest {

    /**
     * {@return a directed graph of pipes: random columns of four types (and one no model reads), a hub, self-loops and
     * kept duplicates}
     *
     * @param seed the seed of the edges and columns
     * @param n the vertices
     * @param m the edges, a fifth of them out of vertex 3
     */
    public static Graph pipes(long seed, int n, int m) {
        SplittableRandom r = new SplittableRandom(seed);
        int[] from = new int[m];
        int[] to = new int[m];
        double[] width = new double[m];
        int[] valves = new int[m];
        boolean[] open = new boolean[m];
        float[] loss = new float[m];
        for (int i = 0; i < m; i++) {
            from[i] = i < m / 5 ? 3 : r.nextInt(n);
            to[i] = r.nextInt(9) == 0 ? from[i] : r.nextInt(n);
            width[i] = r.nextDouble(0.1, 2);
            valves[i] = r.nextInt(4);
            open[i] = r.nextInt(3) != 0;
            loss[i] = (float) r.nextDouble(0, 0.01);
        }
        return Graph.directed(n, from, to, null, EdgeRules.SIMPLE.allowSelfLoops().keepDuplicates(),
                EdgeColumn.of("width", width), EdgeColumn.of("valves", valves), EdgeColumn.of("open", open),
                EdgeColumn.of("loss", loss), EdgeColumn.of("unread", new long[m]));
    }

    /** Flow's pump in plain Java: the rows of the graph and of its reverse, the draws of each vertex's stream. */
    static final class Reference {
        final Graph graph;
        final long seed;
        final double[] level;
        final int[] opened;

        Reference(Graph graph, long seed, double[] level) {
            this.graph = graph;
            this.seed = seed;
            this.level = level.clone();
            this.opened = new int[graph.vertices()];
        }

        void pump(long epoch, double rate) {
            Graph in = graph.reverse();
            double[] inWidth = (double[]) in.edgeColumn("width").values();
            int[] inValves = (int[]) in.edgeColumn("valves").values();
            boolean[] inOpen = (boolean[]) in.edgeColumn("open").values();
            float[] inLoss = (float[]) in.edgeColumn("loss").values();
            double[] width = (double[]) graph.edgeColumn("width").values();
            int[] valves = (int[]) graph.edgeColumn("valves").values();
            boolean[] open = (boolean[]) graph.edgeColumn("open").values();
            float[] loss = (float[]) graph.edgeColumn("loss").values();
            double[] before = level.clone();
            RandomStream rng = new RandomStream(seed, epoch);
            for (int v = 0; v < graph.vertices(); v++) {
                rng.reset(v);
                double sum = 0;
                for (int i = in.offset(v); i < in.offset(v + 1); i++) {
                    if (inOpen[i]) {
                        sum += before[in.target(i)] * inWidth[i] / (1 + inValves[i]) - inLoss[i];
                    }
                }
                double out = 0;
                for (int i = graph.offset(v); i < graph.offset(v + 1); i++) {
                    if (open[i] && rng.uniform() < 0.5) {
                        opened[v]++;
                    }
                    out += open[i] ? width[i] * valves[i] : loss[i];
                }
                level[v] = before[v] + rate * (sum - before[v] * 0.01 * out);
            }
        }
    }

    private static double[] levels(int n, long seed) {
        SplittableRandom r = new SplittableRandom(~seed);
        double[] x = new double[n];
        for (int v = 0; v < n; v++) {
            x[v] = r.nextDouble(0, 10);
        }
        return x;
    }

    @ParameterizedTest(name = "threads={0} partitions={1}")
    @CsvSource({"1, 1", "3, 1", "2, 2", "2, 3", "1, 4"})
    void edgeAttributes_onOneBlockAndOnPartitions_matchTheirReference(int threads, int k) {
        long seed = 23;
        Graph graph = pipes(seed, 1500, 9000);
        double[] start = levels(graph.vertices(), seed);
        Reference ref = new Reference(graph, seed, start);
        Config config = Config.defaults().withBackend("cpu").withThreads(threads).withSeed(seed);
        try (Simulation sim = Simulation.create(k > 1 ? config.withPartitions(k) : config)) {
            Places<Flow> flows = sim.places(Flow.class, graph);
            flows.set("level", start);
            for (int t = 0; t < 8; t++) {
                flows.callAll(Flow::pump, 0.2);
                ref.pump(t, 0.2);
            }
            assertEquals(k, flows.partitions());
            assertArrayEquals(ref.level, flows.getDouble("level"), 0.0);
            assertArrayEquals(ref.opened, flows.getInt("opened"));
        }
    }

    @Test
    void aGraphWithoutAColumnOrWithAnotherType_isRefusedInOneLine() {
        Graph plain = Graph.directed(3, new int[] {0, 1}, new int[] {1, 2});
        try (Simulation sim = Lang.sim(1, 1)) {
            assertEquals("the graph of 3 vertices and 2 directed edges has no edge column width, which Flow needs: it "
                    + "reads edges as Pipe, whose width is of type double; give the graph that column",
                    assertThrows(ColonyException.class, () -> sim.places(Flow.class, plain)).getMessage());
            Graph wrong = plain.withEdgeAttribute("width", float.class, (u, v, w) -> 1);
            assertEquals("the edge column width of the graph of 3 vertices and 2 directed edges with width holds "
                    + "float values, but Flow reads edges as Pipe, whose width is of type double; give the column that "
                    + "type",
                    assertThrows(ColonyException.class, () -> sim.places(Flow.class, wrong)).getMessage());
        }
    }
}
