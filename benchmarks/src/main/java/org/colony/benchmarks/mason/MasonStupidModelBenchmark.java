package org.colony.benchmarks.mason;

import java.util.concurrent.TimeUnit;
import org.colony.examples.stupid.Habitat;
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
 * The MASON StupidModel with the same measures and settings as
 * {@code org.colony.benchmarks.stupid.StupidModelBenchmark}: the same habitat (seed 42), bugs and predators, batches of
 * ticks (each with its size histogram) after 50 settling ticks, init, total. MASON steps its agents one after another,
 * so there is no thread count.
 */
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Fork(value = 1, jvmArgsAppend = {"-Xms4g", "-Xmx4g"})
public class MasonStupidModelBenchmark {

    /** A model that has run 50 ticks, fresh for every measured batch. */
    @State(Scope.Benchmark)
    public static class Fresh {
        @Param({"256", "512"})
        int size;

        MasonStupidModel model;

        @Setup(Level.Iteration)
        public void setUp() {
            model = model(size);
            model.start();
            for (int t = 0; t < 50; t++) {
                model.tick();
                model.histogram();
            }
        }

        @TearDown(Level.Iteration)
        public void tearDown() {
            model.finish();
        }
    }

    /** The sizes of single-shot runs. */
    @State(Scope.Benchmark)
    public static class Shot {
        @Param({"256"})
        int size;

        @Param({"1000"})
        int steps;
    }

    /** {@return the model of a {@code size x size/2} habitat of seed 42, one bug per 16 cells, a predator per 10 bugs} */
    public static MasonStupidModel model(int size) {
        int h = size / 2;
        int bugs = size * h / 16;
        return new MasonStupidModel(size, h, Habitat.production(size, h, 42L), bugs, Math.max(1, bugs / 10), 42L);
    }

    /** One tick and the size histogram, in batches. */
    @Benchmark
    @BenchmarkMode(Mode.SingleShotTime)
    @Warmup(iterations = 3, batchSize = 100)
    @Measurement(iterations = 5, batchSize = 100)
    public long step(Fresh f) {
        f.model.tick();
        return f.model.histogram()[0];
    }

    /** Creating the habitat, bugs and predators, starting the schedule. */
    @Benchmark
    @BenchmarkMode(Mode.SingleShotTime)
    @Warmup(iterations = 3)
    @Measurement(iterations = 5)
    public MasonStupidModel init(Shot s) {
        MasonStupidModel m = model(s.size);
        m.start();
        return m;
    }

    /** Start, {@code steps} ticks (each with its histogram), finish. */
    @Benchmark
    @BenchmarkMode(Mode.SingleShotTime)
    @OutputTimeUnit(TimeUnit.SECONDS)
    @Warmup(iterations = 1)
    @Measurement(iterations = 3)
    public int total(Shot s) {
        MasonStupidModel m = model(s.size);
        m.start();
        for (int t = 0; t < s.steps && m.population() > 0; t++) {
            m.tick();
            m.histogram();
        }
        m.finish();
        return m.population();
    }
}
