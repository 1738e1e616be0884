package org.colony.runtime.partition;

import java.util.Arrays;

/**
 * How long a partition's thread takes to start a piece of work that {@link SideBySide} hands it, and how long a whole
 * call of empty pieces takes, with the lanes spinning for their next piece and with them blocking at once
 * ({@code -Dcolony.partitions.spinMicros=0}), in one run. Between calls the caller works (busy) for a gap, as the
 * driver of partitions on GPUs does between the steps of a {@code manageAll}. (In this package because
 * {@code SideBySide} is the runtime's own.)
 *
 * <pre>java -cp benchmarks.jar org.colony.runtime.partition.SideBySideLatency [partitions] [calls]</pre>
 */
public final class SideBySideLatency {

    private SideBySideLatency() {
    }

    public static void main(String[] args) {
        int parts = args.length > 0 ? Integer.parseInt(args[0]) : 2;
        int calls = args.length > 1 ? Integer.parseInt(args[1]) : 20_000;
        long[] spins = {SideBySide.spinNanos(null), 0L};
        long[] gaps = {0, 20_000, 200_000};
        System.out.printf("SideBySide hand-off, %d partitions, %d calls a row, %d processors%n", parts, calls,
                Runtime.getRuntime().availableProcessors());
        System.out.printf("%-10s %-8s %12s %12s %12s %12s%n", "spin us", "gap us", "start p50", "start p90",
                "call p50", "call p90");
        for (int pass = 0; pass < 2; pass++) { // the first pass warms up, the second is printed
            for (long gap : gaps) {
                for (long spin : spins) {
                    long[][] r = measure(parts, spin, gap, pass == 0 ? calls / 4 : calls);
                    if (pass == 1) {
                        System.out.printf("%-10d %-8d %12.1f %12.1f %12.1f %12.1f%n", spin / 1000, gap / 1000,
                                pct(r[0], 50), pct(r[0], 90), pct(r[1], 50), pct(r[1], 90));
                    }
                }
            }
        }
        System.out.println("(microseconds: start = from the call to the last lane starting its piece; call = the "
                + "whole call)");
    }

    /** Per call: when the last lane started after the call began, and how long the call took (nanoseconds). */
    private static long[][] measure(int parts, long spin, long gap, int calls) {
        long[] start = new long[calls];
        long[] call = new long[calls];
        long[] began = new long[parts];
        try (SideBySide side = new SideBySide(parts, "Latency", spin)) {
            for (int c = 0; c < calls; c++) {
                busy(gap);
                long t0 = System.nanoTime();
                side.run(p -> began[p] = System.nanoTime());
                long t1 = System.nanoTime();
                long last = t0;
                for (int p = 1; p < parts; p++) {
                    last = Math.max(last, began[p]);
                }
                start[c] = last - t0;
                call[c] = t1 - t0;
            }
        }
        return new long[][] {start, call};
    }

    private static void busy(long nanos) {
        long until = System.nanoTime() + nanos;
        while (System.nanoTime() < until) {
            Thread.onSpinWait();
        }
    }

    private static double pct(long[] v, int p) {
        long[] s = v.clone();
        Arrays.sort(s);
        return s[(int) Math.min(s.length - 1, (long) s.length * p / 100)] / 1000.0;
    }
}
