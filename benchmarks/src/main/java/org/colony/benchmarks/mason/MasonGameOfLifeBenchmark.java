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
 * The MASON GameOfLife with the same measures and settings as {@code org.colony.benchmarks.life.GameOfLifeBenchmark}
 * ({@code threads} 2 runs the update as a {@code ParallelSequence} of two column bands).
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Fork(value = 1, jvmArgsAppend = {"-Xms4g", "-Xmx4g"})
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
public class MasonGameOfLifeBenchmark {

    /** A board that keeps running. */
    @State(Scope.Benchmark)
    public static class Running extends MasonStates.Running<MasonGameOfLife> {
        @Param({"256", "512", "1024", "2048", "4096"})
        int size;

        @Override
        protected MasonGameOfLife create() {
            return new MasonGameOfLife(size, 42L, threads);
        }
    }

    /** The sizes of single-shot runs. */
    @State(Scope.Benchmark)
    public static class Shot extends MasonStates.Shot {
        @Param({"256", "512", "1024", "2048", "4096"})
        int size;

        @Param({"1000"})
        int steps;
    }

    /** One generation. */
    @Benchmark
    public void step(Running r) {
        r.model.tick();
    }

    /** Creating, seeding and starting the model. */
    @Benchmark
    @BenchmarkMode(Mode.SingleShotTime)
    @Warmup(iterations = 3)
    @Measurement(iterations = 5)
    public MasonGameOfLife init(Shot s) {
        MasonGameOfLife m = new MasonGameOfLife(s.size, 42L, s.threads);
        m.start();
        return m;
    }

    /** Start, {@code steps} generations, finish. */
    @Benchmark
    @BenchmarkMode(Mode.SingleShotTime)
    @OutputTimeUnit(TimeUnit.SECONDS)
    @Warmup(iterations = 1)
    @Measurement(iterations = 3)
    public long total(Shot s) {
        MasonGameOfLife m = new MasonGameOfLife(s.size, 42L, s.threads);
        m.start();
        for (int t = 0; t < s.steps; t++) {
            m.tick();
        }
        m.finish();
        return m.population();
    }
}
