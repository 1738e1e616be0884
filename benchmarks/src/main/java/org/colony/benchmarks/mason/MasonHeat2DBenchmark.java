package org.colony.benchmarks.mason;

import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * The MASON Heat2D with the same measures and settings as {@code org.colony.benchmarks.heat.Heat2DBenchmark}
 * ({@code threads} 2 runs the tick as a {@code ParallelSequence} of two column bands).
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Fork(value = 1, jvmArgsAppend = {"-Xms4g", "-Xmx4g"})
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
public class MasonHeat2DBenchmark {

    /** A plate that keeps running, heated every tick. */
    @State(Scope.Benchmark)
    public static class Running extends MasonStates.Running<MasonHeat2D> {
        @Param({"256", "512", "1024", "2048", "4096"})
        int size;

        @Override
        protected MasonHeat2D create() {
            return new MasonHeat2D(size, Integer.MAX_VALUE, threads);
        }
    }

    /** The sizes of single-shot runs. */
    @State(Scope.Benchmark)
    public static class Shot extends MasonStates.Shot {
        @Param({"256", "512", "1024", "2048", "4096"})
        int size;

        @Param({"3000"})
        int steps;
    }

    /** One tick. */
    @Benchmark
    public void step(Running r) {
        r.model.tick();
    }

    /** Creating and starting the model. */
    @Benchmark
    @BenchmarkMode(Mode.SingleShotTime)
    @Warmup(iterations = 3)
    @Measurement(iterations = 5)
    public MasonHeat2D init(Shot s) {
        MasonHeat2D m = new MasonHeat2D(s.size, 2700, s.threads);
        m.start();
        return m;
    }

    /** Start, {@code steps} ticks, finish. */
    @Benchmark
    @BenchmarkMode(Mode.SingleShotTime)
    @OutputTimeUnit(TimeUnit.SECONDS)
    @Warmup(iterations = 1)
    @Measurement(iterations = 3)
    public double[] total(Shot s) {
        MasonHeat2D m = new MasonHeat2D(s.size, 2700, s.threads);
        m.start();
        for (int t = 0; t < s.steps; t++) {
            m.tick();
        }
        m.finish();
        return m.temperatures();
    }
}
