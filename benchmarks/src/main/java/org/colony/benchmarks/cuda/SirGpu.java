package org.colony.benchmarks.cuda;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.colony.benchmarks.cuda.GpuBenchmark.Row;
import org.colony.cuda.internal.device.CudaDevice;
import org.colony.cuda.internal.device.DeviceBuffer;
import org.colony.cuda.internal.launch.GpuTimer;
import org.colony.examples.sir.Sir;
import org.colony.runtime.Config;
import org.colony.runtime.Places;
import org.colony.runtime.Simulation;
import org.colony.runtime.graph.EdgeRules;
import org.colony.runtime.graph.Generators;
import org.colony.runtime.graph.Graph;
import org.colony.runtime.graph.GraphSpec;

/**
 * The SIR epidemic's rows of {@link GpuBenchmark}, from one run on one machine: a tick on a Barabási–Albert graph on
 * the GPU and on the CPU backend with every core, against the floor of a pass over the graph, a device-to-device
 * copy of its compressed rows' bytes (offsets and targets). The ticks timed are the epidemic's first, where nearly
 * everyone is susceptible and walks its whole row: a full pass over the edges.
 */
final class SirGpu {

    /** The ticks timed. */
    static final int TICKS = 40;

    private SirGpu() {
    }

    static List<Row> rows(String spec) {
        Graph graph = GraphSpec.parse(spec).build(1);
        long csrBytes = 4L * (graph.vertices() + 1) + 4L * graph.arcs();
        double copy = copyMs(csrBytes);
        double gpu = tickMs("cuda", graph);
        double cpu = tickMs("cpu", graph);
        List<Row> rows = new ArrayList<>();
        rows.add(new Row("sir " + spec + " tick, GPU", graph.vertices(), gpu, copy, String.format(Locale.ROOT,
                "%d arcs, %.2f G edges/s; reference: d2d copy of the CSR (%.0f MB)", graph.arcs(),
                graph.arcs() / (gpu * 1e-3) / 1e9, csrBytes / 1e6)));
        rows.add(new Row("sir " + spec + " tick, CPU", graph.vertices(), cpu, gpu, String.format(Locale.ROOT,
                "CPU backend, %d threads, %.2f G edges/s; reference: the GPU tick", Runtime.getRuntime()
                        .availableProcessors(), graph.arcs() / (cpu * 1e-3) / 1e9)));
        for (Row r : rows) {
            System.out.println(r);
        }
        return rows;
    }

    /**
     * SIR on a graph with one vertex of {@code hub} edges (a Barabási–Albert graph plus a star): the GPU tick with
     * such vertices on warps of their own (the default) and on one thread, same run.
     */
    static List<Row> hubRows(int n, int hub) {
        Graph base = Generators.barabasiAlbert(n, 10, 1);
        int m = base.edges() + hub;
        int[] from = new int[m];
        int[] to = new int[m];
        int e = 0;
        for (int v = 0; v < n; v++) {
            for (int i = base.offset(v); i < base.offset(v) + base.degree(v); i++) {
                if (base.target(i) > v) {
                    from[e] = v;
                    to[e++] = base.target(i);
                }
            }
        }
        for (int j = 0; j < hub; j++) { // vertex n - 1 (one of the last, of degree 10) becomes the hub
            from[e] = n - 1;
            to[e++] = j;
        }
        Graph graph = Graph.undirected(n, from, to, null, EdgeRules.SIMPLE.mergeDuplicates());
        double warps = tickMs("cuda", graph);
        double averageWarps = averageMs(graph);
        String before = System.setProperty("colony.cuda.hubDegree", Integer.toString(Integer.MAX_VALUE));
        double thread;
        double averageThread;
        try {
            thread = tickMs("cuda", graph);
            averageThread = averageMs(graph);
        } finally {
            if (before == null) {
                System.clearProperty("colony.cuda.hubDegree");
            } else {
                System.setProperty("colony.cuda.hubDegree", before);
            }
        }
        List<Row> rows = List.of(new Row("sir with a hub of " + hub + " edges, GPU", n, warps, thread,
                String.format(Locale.ROOT, "max degree %d; reference: the same tick with every vertex on one thread",
                        graph.maxDegree())), new Row("average with a hub of " + hub + " edges, GPU", n, averageWarps,
                        averageThread, "every row walked whole each step; reference: every vertex on one thread"));
        System.out.println(rows);
        return rows;
    }

    /** Wall milliseconds per step of {@link Averager#average} on the GPU, after a warm-up. */
    private static double averageMs(Graph graph) {
        try (Simulation sim = Simulation.create(Config.defaults().withBackend("cuda").withSeed(3))) {
            Places<Averager> p = sim.places(Averager.class, graph);
            p.callAll(Averager::seed);
            for (int t = 0; t < 20; t++) {
                p.callAll(Averager::average);
            }
            sim.synchronize();
            int steps = 100;
            long t0 = System.nanoTime();
            for (int t = 0; t < steps; t++) {
                p.callAll(Averager::average);
            }
            sim.synchronize();
            return (System.nanoTime() - t0) / 1e6 / steps;
        }
    }

    /** Milliseconds of a device-to-device copy of {@code bytes} bytes. */
    private static double copyMs(long bytes) {
        try (CudaDevice device = CudaDevice.open(0); DeviceBuffer a = DeviceBuffer.zeroed(bytes);
                DeviceBuffer b = DeviceBuffer.zeroed(bytes)) {
            System.out.println("copy floor on " + device);
            GpuTimer.copy(b.pointer(), a.pointer(), bytes, 3);
            return GpuTimer.copy(b.pointer(), a.pointer(), bytes, 50);
        }
    }

    /** Wall milliseconds per tick of the epidemic's first {@link #TICKS} ticks, after a warm-up run. */
    private static double tickMs(String backend, Graph graph) {
        for (int run = 0; ; run++) {
            try (Simulation sim = Simulation.create(Config.defaults().withBackend(backend).withSeed(7))) {
                Sir sir = new Sir(sim, graph, Sir.BETA, Sir.RECOVERY, Sir.INITIAL);
                sir.counts();
                long t0 = System.nanoTime();
                for (int t = 0; t < TICKS; t++) {
                    sir.tick();
                }
                long[] counts = sir.counts();
                double ms = (System.nanoTime() - t0) / 1e6 / TICKS;
                if (run == 1) {
                    System.out.printf(Locale.ROOT, "sir %s: %.4f ms/tick, S %d I %d R %d after %d ticks%n", backend,
                            ms, counts[0], counts[1], counts[2], TICKS);
                    return ms;
                }
            }
        }
    }
}
