package org.colony.benchmarks.cpu;

import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * The memory floor of a memory-bound stencil tick: {@code System.arraycopy} of an N x N plate of doubles into a
 * second one, split between 1 or 2 threads. A copy reads and writes every cell once (8 + 8 bytes, plus the
 * write's cache-line fill), as a Heat2D tick must at the least; no implementation of the tick, Colony's or
 * MASON's, can run faster than this copy on the same machine. Bytes per second are
 * {@code 16 * size^2 / time} (not counting the fill).
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Fork(value = 1, jvmArgsAppend = {"-Xms2g", "-Xmx2g"})
@Warmup(iterations = 5, time = 1)
@Measurement(iterations = 8, time = 1)
public class PlateCopyBenchmark {

    /** Two plates and the helper thread of a two-thread copy. */
    @State(Scope.Benchmark)
    public static class Plates {
        @Param({"2048"})
        int size;

        @Param({"1", "2"})
        int threads;

        double[] from;
        double[] to;
        ExecutorService helpers;

        @Setup(Level.Trial)
        public void setUp() {
            from = new double[size * size];
            to = new double[size * size];
            for (int i = 0; i < from.length; i++) {
                from[i] = (i * 7919L % 1000) / 100.0;
            }
            helpers = threads > 1 ? Executors.newFixedThreadPool(threads - 1) : null;
        }

        @TearDown(Level.Trial)
        public void tearDown() {
            if (helpers != null) {
                helpers.shutdownNow();
            }
        }
    }

    /** Copies the plate, each thread one contiguous part. */
    @Benchmark
    public double[] copy(Plates p) throws Exception {
        int cells = p.from.length;
        int parts = p.threads;
        Future<?>[] others = new Future<?>[parts - 1];
        for (int t = 1; t < parts; t++) {
            int from = (int) ((long) cells * t / parts);
            int to = (int) ((long) cells * (t + 1) / parts);
            others[t - 1] = p.helpers.submit(() -> System.arraycopy(p.from, from, p.to, from, to - from));
        }
        System.arraycopy(p.from, 0, p.to, 0, (int) ((long) cells / parts));
        for (Future<?> f : others) {
            f.get();
        }
        return p.to;
    }
}
