package org.colony.benchmarks.partition;

import com.sun.management.OperatingSystemMXBean;
import java.lang.management.ManagementFactory;
import java.util.Arrays;
import org.colony.runtime.partition.SideBySide;

/**
 * How long a partition's thread takes to start a piece of work that {@link SideBySide} hands it, and how long a whole
 * call of empty pieces takes: as the runtime sets it up (its threads spin for their next piece, as far as
 * {@code -Dcolony.partitions.spinMicros} and the processors allow) and with every thread blocking at once, in one
 * run. Between calls the caller works (busy) for a gap, as the driver of partitions on GPUs does between the pieces of
 * a {@code manageAll}; the longest gap outlasts the spin.
 *
 * <pre>java -cp benchmarks.jar org.colony.benchmarks.partition.SideBySideLatency [partitions] [calls]</pre>
 */
public final class SideBySideLatency {

    private SideBySideLatency() {
    }

    public static void main(String[] args) {
        int parts = args.length > 0 ? Integer.parseInt(args[0]) : 2;
        int calls = args.length > 1 ? Integer.parseInt(args[1]) : 20_000;
        long[] gaps = {0, 20_000, 200_000, 5_000_000};
        System.out.printf("SideBySide hand-off, %d partitions, %d processors, spin %d us unless blocking%n", parts,
                Runtime.getRuntime().availableProcessors(),
                SideBySide.spinNanos() / 1000);
        System.out.printf("%-9s %-7s %7s %11s %11s %11s %11s %9s%n", "threads", "gap us", "calls", "start p50",
                "start p90", "call p50", "call p90", "CPUs busy");
        for (int pass = 0; pass < 2; pass++) { // the first pass warms up, the second is printed
            for (long gap : gaps) {
                int n = (int) Math.max(100, Math.min(calls, 2_000_000_000L / Math.max(1, gap)));
                for (boolean blocking : new boolean[] {false, true}) {
                    Row r = measure(parts, blocking, gap, pass == 0 ? Math.max(50, n / 4) : n);
                    if (pass == 1) {
                        System.out.printf("%-9s %-7d %7d %11.1f %11.1f %11.1f %11.1f %9.2f%n",
                                blocking ? "blocking" : "runtime", gap / 1000, n, pct(r.start, 50), pct(r.start, 90),
                                pct(r.call, 50), pct(r.call, 90), r.busy);
                    }
                }
            }
        }
        System.out.println("(microseconds: start = from the call to the last partition's thread starting its piece; "
                + "call = the whole call; CPUs busy = the process's CPU time over the wall time, the caller's busy "
                + "gaps included)");
    }

    private record Row(long[] start, long[] call, double busy) {
    }

    /** Per call: when the last lane started after the call began, and how long the call took (nanoseconds). */
    private static Row measure(int parts, boolean blocking, long gap, int calls) {
        long[] start = new long[calls];
        long[] call = new long[calls];
        long[] began = new long[parts];
        var os = (OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();
        long cpu0 = os.getProcessCpuTime();
        long wall0 = System.nanoTime();
        try (SideBySide side = blocking ? SideBySide.blocking(parts, "Latency") : new SideBySide(parts, "Latency")) {
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
        double busy = (double) (os.getProcessCpuTime() - cpu0) / (System.nanoTime() - wall0);
        return new Row(start, call, busy);
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
