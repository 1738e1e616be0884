package org.colony.benchmarks.graph;

import java.util.Arrays;
import java.util.Locale;
import java.util.Map;
import java.util.SplittableRandom;
import org.colony.examples.sir.Person;
import org.colony.examples.sir.Sir;
import org.colony.runtime.Config;
import org.colony.runtime.Places;
import org.colony.runtime.Simulation;
import org.colony.runtime.graph.Graph;
import org.colony.runtime.graph.GraphPartition;
import org.colony.runtime.graph.GraphPartitioner;
import org.colony.runtime.graph.GraphSpec;

/**
 * SIR on a graph split into K partitions on the CPU backend, by METIS, contiguous id ranges and round-robin: for each,
 * the edges cut, the bytes of ghost values exchanged per tick (measured) and the milliseconds per tick, against one
 * block in the same run. Every run ends with the same checksum, which the table shows. The ticks timed are the
 * epidemic's first, after one untimed run that warms the JIT up.
 *
 * <pre>java -cp benchmarks.jar org.colony.benchmarks.graph.GraphPartitionBenchmark [SPEC[:shuffled]] [TICKS] [K...]</pre>
 *
 * A spec ending in {@code :shuffled} renumbers the graph's vertices at random first (a seeded shuffle): a lattice's
 * communities stay, but its ids no longer follow them, as in a network read from a file.
 */
public final class GraphPartitionBenchmark {

    private GraphPartitionBenchmark() {
    }

    public static void main(String[] args) {
        String spec = args.length > 0 ? args[0] : "ba:1000000:10";
        int ticks = args.length > 1 ? Integer.parseInt(args[1]) : 30;
        int[] ks = args.length > 2 ? Arrays.stream(args, 2, args.length).mapToInt(Integer::parseInt)
                .toArray() : new int[] {2, 4, 8};
        boolean shuffled = spec.endsWith(":shuffled");
        Graph graph = GraphSpec.parse(shuffled ? spec.substring(0, spec.length() - ":shuffled".length()) : spec)
                .build(1);
        if (shuffled) {
            graph = shuffled(graph, 5);
        }
        System.out.printf(Locale.ROOT, "%s, %d ticks, %d threads%n", graph, ticks,
                Runtime.getRuntime().availableProcessors());
        run(graph, null, ticks); // the JIT's warm-up
        Result one = run(graph, null, ticks);
        System.out.printf(Locale.ROOT, "%-4s %-12s %8s %14s %12s %10s %8s  %s%n", "k", "method", "cut %",
                "halo B/tick", "ms/tick", "split s", "÷ one", "checksum");
        System.out.printf(Locale.ROOT, "%-4d %-12s %8s %14s %12.3f %10s %8s  %s%n", 1, "one block", "-", "-", one.ms,
                "-", "1.00", one.checksum);
        GraphPartitioner partitioner = GraphPartitioner.of(graph);
        for (int k : ks) {
            for (String method : new String[] {"metis", "contiguous", "round-robin"}) {
                long t0 = System.nanoTime();
                GraphPartition cut = switch (method) {
                    case "metis" -> partitioner.metis(k);
                    case "contiguous" -> partitioner.contiguous(k);
                    default -> partitioner.roundRobin(k);
                };
                double split = (System.nanoTime() - t0) / 1e9;
                Result r = run(graph, cut, ticks);
                System.out.printf(Locale.ROOT, "%-4d %-12s %7.2f%% %14d %12.3f %10.2f %8.2f  %s%n", k, method,
                        100.0 * cut.quality().cutEdges() / graph.edges(), r.haloPerTick, r.ms, split, one.ms / r.ms,
                        r.checksum);
            }
        }
    }

    /** {@return an undirected graph with its vertices renumbered by a seeded shuffle} */
    static Graph shuffled(Graph graph, long seed) {
        int n = graph.vertices();
        int[] id = new int[n];
        for (int v = 0; v < n; v++) {
            id[v] = v;
        }
        SplittableRandom r = new SplittableRandom(seed);
        for (int v = n - 1; v > 0; v--) {
            int j = r.nextInt(v + 1);
            int t = id[v];
            id[v] = id[j];
            id[j] = t;
        }
        int[] from = new int[graph.edges()];
        int[] to = new int[graph.edges()];
        int e = 0;
        for (int v = 0; v < n; v++) {
            for (int i = graph.offset(v); i < graph.offset(v) + graph.degree(v); i++) {
                if (graph.target(i) > v) {
                    from[e] = id[v];
                    to[e++] = id[graph.target(i)];
                }
            }
        }
        return Graph.undirected(n, from, to);
    }

    private record Result(double ms, long haloPerTick, String checksum) {
    }

    private static Result run(Graph graph, GraphPartition cut, int ticks) {
        Config config = Config.defaults().withBackend("cpu").withSeed(7);
        if (cut != null) {
            config = config.withPartitions(cut.partitions());
        }
        try (Simulation sim = Simulation.create(config)) {
            Places<Person> people = cut == null ? sim.places(Person.class, graph)
                    : sim.places(Person.class, graph, cut);
            people.callAll(Person::seed, Sir.INITIAL, Sir.RECOVERY);
            long t0 = System.nanoTime();
            for (int t = 0; t < ticks; t++) {
                people.callAll(Person::spread, Sir.BETA, Sir.RECOVERY);
                sim.step();
            }
            double ms = (System.nanoTime() - t0) / 1e6 / ticks;
            String checksum = people.checksum();
            Map<String, Long> halo = people.haloTraffic();
            long bytes = halo.values().stream().mapToLong(Long::longValue).sum();
            return new Result(ms, bytes / ticks, checksum);
        }
    }
}
