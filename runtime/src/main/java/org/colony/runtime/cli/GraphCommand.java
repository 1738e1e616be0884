package org.colony.runtime.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import org.colony.ColonyException;
import org.colony.runtime.files.AtomicFile;
import org.colony.runtime.graph.Graph;
import org.colony.runtime.graph.GraphPartition;
import org.colony.runtime.graph.GraphPartitioner;
import org.colony.runtime.graph.GraphSpec;
import org.colony.runtime.graph.PartitionQuality;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code mass graph SPEC [--parts 2,4,8] [--methods metis,contiguous,round-robin] [--bytes B] [--write K=FILE]}:
 * builds or reads a graph and compares the ways to split it into partitions, by edge cut and halo, as a run over
 * partitions would exchange them; optionally writes one partition as a partition file.
 */
@Command(name = "graph", description = "Builds or reads a graph (er:N:M, ba:N:M, ws:N:K:BETA, lattice:WxH[:wrap], "
        + "file:PATH) and compares its partitions by METIS, contiguous ranges and round-robin: edges cut and halo bytes "
        + "per step.")
final class GraphCommand implements Callable<Integer> {

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Parameters(index = "0", paramLabel = "SPEC", description = "The graph: " + GraphSpec.FORMS + ".")
    String graph;

    @Option(names = "--parts", paramLabel = "K,...", split = ",", description = "The partition counts (default 2,4,8).",
            converter = WholeNumbers.IntValue.class)
    List<Integer> parts = new ArrayList<>(List.of(2, 4, 8));

    @Option(names = "--methods", paramLabel = "M,...", split = ",",
            description = "metis, contiguous, round-robin (default all three).")
    List<String> methods = new ArrayList<>(GraphPartitioner.METHODS);

    @Option(names = "--bytes", paramLabel = "B", description = "Bytes a vertex sends its neighbours' partitions per "
            + "step, for the halo bytes (default 8: one double).", converter = WholeNumbers.IntValue.class)
    int bytes = 8;

    @Option(names = "--seed", paramLabel = "S", description = "The seed of a generated graph (default 42).")
    long seed = 42;

    @Option(names = "--write", paramLabel = "K=FILE", description = "Write the first method's partition into K parts "
            + "as a partition file (one part a line, vertex order).")
    String write;

    /** For picocli. */
    GraphCommand() {
    }

    @Override
    public Integer call() throws IOException {
        for (String m : methods) {
            if (!GraphPartitioner.METHODS.contains(m)) {
                throw new ColonyException("--methods " + m + ": give metis, contiguous or round-robin");
            }
        }
        if (bytes < 0) {
            throw new ColonyException("--bytes=" + bytes + " is negative");
        }
        int writeParts = 0;
        Path writeFile = null;
        if (write != null) {
            int eq = write.indexOf('=');
            try {
                writeParts = Integer.parseInt(write.substring(0, Math.max(eq, 0)));
            } catch (NumberFormatException e) {
                writeParts = -1;
            }
            if (eq < 0 || writeParts < 1 || !parts.contains(writeParts)) {
                throw new ColonyException("--write " + write + ": give K=FILE with K one of --parts " + parts);
            }
            writeFile = Path.of(write.substring(eq + 1));
            AtomicFile.checkWritable(writeFile, null);
        }
        PrintWriter out = spec.commandLine().getOut();
        String noMetis = GraphPartitioner.metisUnavailableReason();
        if (noMetis != null && methods.contains("metis")) {
            out.println("metis     not available (" + noMetis + "): compared without it");
            methods.remove("metis");
            if (methods.isEmpty()) {
                throw new ColonyException("--methods metis: " + noMetis);
            }
        }
        long t0 = System.nanoTime();
        Graph g = GraphSpec.parse(graph).build(seed);
        out.printf(Locale.ROOT, "graph     %s, degree at most %d, built in %s%n", g, g.maxDegree(),
                Report.duration((System.nanoTime() - t0) / 1e9));
        GraphPartitioner partitioner = GraphPartitioner.of(g);
        out.printf(Locale.ROOT, "%-4s %-12s %14s %8s %14s %14s %9s %10s%n", "k", "method", "edges cut", "share",
                "halo vertices", "halo bytes", "imbalance", "time");
        for (int k : parts) {
            for (String m : methods) {
                long s = System.nanoTime();
                GraphPartition p = switch (m) {
                    case "metis" -> partitioner.metis(k);
                    case "contiguous" -> partitioner.contiguous(k);
                    default -> partitioner.roundRobin(k);
                };
                double seconds = (System.nanoTime() - s) / 1e9;
                PartitionQuality q = p.quality();
                out.printf(Locale.ROOT, "%-4d %-12s %14d %7.2f%% %14d %14s %9.3f %10s%n", k, m, q.cutEdges(),
                        100 * q.cutFraction(), q.haloVertices(), Report.bytes(q.haloBytes(bytes)), q.imbalance(),
                        Report.duration(seconds));
                if (writeFile != null && k == writeParts && m.equals(methods.get(0))) {
                    p.write(writeFile);
                    out.printf(Locale.ROOT, "parts     %s (%s, %d parts)%n", writeFile, m, k);
                }
            }
        }
        return 0;
    }
}
