package org.colony.benchmarks.mason;

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
 * The MASON SugarScape with the same measures and settings as
 * {@code org.colony.benchmarks.sugarscape.SugarScapeBenchmark}: batches of the first ticks of a fresh
 * landscape, init, total. MASON steps its agents one after another, so there is no thread count.
 */
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Fork(value = 1, jvmArgsAppend = {"-Xms4g", "-Xmx4g"})
public class MasonSugarScapeBenchmark {

    /** A fresh model for every measured batch of ticks. */
    @State(Scope.Benchmark)
    public static class Fresh {
        @Param({"250", "500", "1000", "2000"})
        int size;

        MasonSugarScape model;

        @Setup(Level.Iteration)
        public void setUp() {
            model = new MasonSugarScape(size, 42L);
            model.start();
        }

        @TearDown(Level.Iteration)
        public void tearDown() {
            model.finish();
        }
    }

    /** The sizes of single-shot runs. */
    @State(Scope.Benchmark)
    public static class Shot {
        @Param({"250", "500", "1000", "2000"})
        int size;

        @Param({"1000"})
        int steps;
    }

    /** One tick, in batches of the first ticks of a fresh landscape. */
    @Benchmark
    @BenchmarkMode(Mode.SingleShotTime)
    @Warmup(iterations = 6, batchSize = 20)
    @Measurement(iterations = 5, batchSize = 20)
    public int step(Fresh f) {
        f.model.tick();
        return f.model.population();
    }

    /** Creating the landscape, placing and endowing the ants, starting the schedule. */
    @Benchmark
    @BenchmarkMode(Mode.SingleShotTime)
    @Warmup(iterations = 3)
    @Measurement(iterations = 5)
    public MasonSugarScape init(Shot s) {
        MasonSugarScape m = new MasonSugarScape(s.size, 42L);
        m.start();
        return m;
    }

    /** Start, {@code steps} ticks, finish. */
    @Benchmark
    @BenchmarkMode(Mode.SingleShotTime)
    @OutputTimeUnit(TimeUnit.SECONDS)
    @Warmup(iterations = 1)
    @Measurement(iterations = 3)
    public int total(Shot s) {
        MasonSugarScape m = new MasonSugarScape(s.size, 42L);
        m.start();
        for (int t = 0; t < s.steps; t++) {
            m.tick();
        }
        m.finish();
        return m.population();
    }
}
