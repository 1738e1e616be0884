package org.colony.runtime.graph;

import java.util.Arrays;
import java.util.Locale;
import java.util.SplittableRandom;

/**
 * Measures partition quality for {@code docs/networks.md} ("Partitions"), not a test: edge cut and halo of METIS,
 * contiguous ranges and round-robin at 2, 4 and 8 parts, on a 1000 x 1000 lattice and on a preferential-attachment
 * graph of 100000 vertices (5 edges each, seeded), printed as a Markdown table. Run with the runtime's classes and
 * test classes on the class path and {@code --enable-native-access=ALL-UNNAMED}.
 */
final class PartitionFigures {

    private static final int BYTES_PER_VERTEX = 8;

    private PartitionFigures() {
    }

    public static void main(String[] args) {
        int side = args.length > 0 ? Integer.parseInt(args[0]) : 1000;
        int vertices = args.length > 1 ? Integer.parseInt(args[1]) : 100_000;
        System.out.println("| graph | k | method | cut edges | cut % | halo vertices | halo MB/step at 8 B | imbalance "
                + "| seconds |");
        System.out.println("|---|---|---|---|---|---|---|---|---|");
        measure(side + " x " + side + " lattice", lattice(side));
        measure("preferential attachment, " + vertices, preferential(vertices, 5, 42));
    }

    private static void measure(String name, GraphPartitioner graph) {
        for (int k : new int[] {2, 4, 8}) {
            for (GraphPartition.Method method : new GraphPartition.Method[] {GraphPartition.Method.METIS,
                    GraphPartition.Method.CONTIGUOUS, GraphPartition.Method.ROUND_ROBIN}) {
                long start = System.nanoTime();
                GraphPartition p = switch (method) {
                    case METIS -> graph.metis(k);
                    case CONTIGUOUS -> graph.contiguous(k);
                    default -> graph.roundRobin(k);
                };
                double seconds = (System.nanoTime() - start) / 1e9;
                PartitionQuality q = p.quality();
                System.out.println(String.format(Locale.ROOT, "| %s | %d | %s | %d | %.2f | %d | %.2f | %.3f | %.2f |",
                        name, k, method.name().toLowerCase(Locale.ROOT), q.cutEdges(), 100 * q.cutFraction(),
                        q.haloVertices(), q.haloBytes(BYTES_PER_VERTEX) / 1e6, q.imbalance(), seconds));
            }
        }
    }

    /** The {@code side x side} lattice of 4 neighbours, numbered row by row. */
    static GraphPartitioner lattice(int side) {
        int n = side * side;
        int[] offsets = new int[n + 1];
        int[] targets = new int[4 * side * (side - 1)];
        int at = 0;
        for (int y = 0; y < side; y++) {
            for (int x = 0; x < side; x++) {
                int v = y * side + x;
                if (y > 0) {
                    targets[at++] = v - side;
                }
                if (x > 0) {
                    targets[at++] = v - 1;
                }
                if (x + 1 < side) {
                    targets[at++] = v + 1;
                }
                if (y + 1 < side) {
                    targets[at++] = v + side;
                }
                offsets[v + 1] = at;
            }
        }
        return GraphPartitioner.of(n, offsets, targets);
    }

    /**
     * Preferential attachment: a clique of {@code m + 1} vertices, then each vertex joins {@code m} distinct earlier
     * vertices picked in proportion to their degree.
     */
    static GraphPartitioner preferential(int n, int m, long seed) {
        SplittableRandom random = new SplittableRandom(seed);
        int edges = m * (m + 1) / 2 + (n - m - 1) * m;
        int[] from = new int[edges];
        int[] to = new int[edges];
        int[] ends = new int[2 * edges]; // each vertex once per edge end: a pick from it follows the degrees
        int count = 0;
        for (int u = 0; u <= m; u++) {
            for (int v = u + 1; v <= m; v++) {
                from[count] = u;
                to[count] = v;
                ends[2 * count] = u;
                ends[2 * count + 1] = v;
                count++;
            }
        }
        int[] picked = new int[m];
        for (int v = m + 1; v < n; v++) {
            int ends0 = 2 * count;
            for (int i = 0; i < m; i++) {
                int w;
                boolean again;
                do {
                    w = ends[random.nextInt(ends0)];
                    again = false;
                    for (int j = 0; j < i; j++) {
                        again |= picked[j] == w;
                    }
                } while (again);
                picked[i] = w;
                from[count] = v;
                to[count] = w;
                ends[2 * count] = v;
                ends[2 * count + 1] = w;
                count++;
            }
        }
        int[] offsets = new int[n + 1];
        for (int e = 0; e < edges; e++) {
            offsets[from[e] + 1]++;
            offsets[to[e] + 1]++;
        }
        for (int v = 0; v < n; v++) {
            offsets[v + 1] += offsets[v];
        }
        int[] fill = Arrays.copyOf(offsets, n);
        int[] targets = new int[2 * edges];
        for (int e = 0; e < edges; e++) {
            targets[fill[from[e]]++] = to[e];
            targets[fill[to[e]]++] = from[e];
        }
        return GraphPartitioner.of(n, offsets, targets);
    }
}
