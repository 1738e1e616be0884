package org.colony.runtime.cluster;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.List;
import java.util.Locale;
import org.colony.runtime.transport.InProcessTransport;
import org.colony.runtime.transport.Transport;
import org.colony.runtime.transport.Transport.Message;

/**
 * MPI message latency and bandwidth between two ranks through Colony's binding and {@link MpiTransport}: the Java
 * side of {@code scripts/mpi-pingpong.sh}, measured the same way as its C reference and printed in the same form,
 * {@code java <variant> <bytes> <latency µs> <bandwidth MB/s>}. Partition 0 lives on rank 0, partition 1 on rank 1.
 *
 * <pre>mpirun -np 2 java ... org.colony.runtime.cluster.PingPong [-t SECONDS]</pre>
 */
public final class PingPong {

    private static final long[] SIZES = {8L, 1024L, 64L * 1024, 1024L * 1024, 16L * 1024 * 1024};

    private PingPong() {
    }

    /**
     * Runs the measurement on this rank; rank 0 prints it.
     *
     * @param args {@code -t SECONDS}, the least time to measure each size for (0.2 s when absent)
     */
    public static void main(String[] args) {
        double least = args.length == 2 && args[0].equals("-t") ? Double.parseDouble(args[1]) : 0.2;
        MpiCluster cluster = MpiCluster.get();
        if (cluster.size() != 2) {
            cluster.fail(System.err, "pingpong", "needs exactly 2 ranks, has " + cluster.size());
        }
        int rank = cluster.rank();
        try (Arena arena = Arena.ofConfined(); Transport transport = cluster.transport(new InProcessTransport(), 2)) {
            MemorySegment send = arena.allocate(SIZES[SIZES.length - 1], 64);
            MemorySegment receive = arena.allocate(SIZES[SIZES.length - 1], 64);
            // The JIT's warm-up first: the C program has none.
            Message warmOut = new Message(rank, 1 - rank, send.asSlice(0, 8));
            Message warmIn = new Message(1 - rank, rank, receive.asSlice(0, 8));
            for (int round = 0; round < 4; round++) {
                run(cluster, transport, true, rank, warmOut, warmIn, 20_000);
                run(cluster, transport, false, rank, warmOut, warmIn, 20_000);
            }
            for (String variant : List.of("pingpong", "exchange")) {
                for (long bytes : SIZES) {
                    Message out = new Message(rank, 1 - rank, send.asSlice(0, bytes));
                    Message in = new Message(1 - rank, rank, receive.asSlice(0, bytes));
                    boolean ping = variant.equals("pingpong");
                    long iterations = 4;
                    while (agree(cluster, run(cluster, transport, ping, rank, out, in, iterations) < 0.02)) {
                        iterations *= 2;
                    }
                    for (;;) {
                        double elapsed = run(cluster, transport, ping, rank, out, in, iterations);
                        if (agree(cluster, elapsed >= least)) {
                            double each = ping ? elapsed / iterations / 2 : elapsed / iterations;
                            if (rank == 0) {
                                System.out.printf(Locale.ROOT, "java %s %d %.3f %.2f%n", variant, bytes, each * 1e6,
                                        bytes / each / 1e6);
                            }
                            break;
                        }
                        long wanted = (long) (iterations * 1.2 * least / Math.max(elapsed, 1e-9)) + 1;
                        iterations = Math.max(wanted, 2 * iterations);
                        iterations = cluster.max(iterations);
                    }
                }
            }
        }
        cluster.finish();
    }

    /** Runs the iterations; returns the seconds they took on this rank. */
    private static double run(MpiCluster cluster, Transport transport, boolean ping, int rank, Message out, Message in,
            long iterations) {
        List<Message> none = List.of();
        List<Message> outs = List.of(out);
        List<Message> ins = List.of(in);
        cluster.barrier();
        long t0 = System.nanoTime();
        for (long i = 0; i < iterations; i++) {
            if (!ping) {
                transport.exchange(outs, ins);
            } else if (rank == 0) {
                transport.exchange(outs, none);
                transport.exchange(none, ins);
            } else {
                transport.exchange(none, ins);
                transport.exchange(outs, none);
            }
        }
        return (System.nanoTime() - t0) / 1e9;
    }

    /** Rank 0's answer, on both ranks. */
    private static boolean agree(MpiCluster cluster, boolean mine) {
        return cluster.broadcast(new byte[] {(byte) (mine ? 1 : 0)}, 0)[0] == 1;
    }
}
