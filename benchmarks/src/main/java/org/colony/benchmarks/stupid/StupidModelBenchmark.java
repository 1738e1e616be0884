package org.colony.benchmarks.stupid;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.colony.benchmarks.state.CpuStates;
import org.colony.examples.stupid.Habitat;
import org.colony.examples.stupid.StupidModel;
import org.colony.runtime.Simulation;
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
 * StupidModel on the CPU backend, on a {@code size x size/2} habitat (256: 004's 256 x 128) with one bug per 16 cells
 * and a predator per 10 bugs at the start. The population settles near 2,000 bugs at 256 within 50 ticks, so
 * {@code step} measures batches of ticks of a model that has run {@link #SETTLE} ticks (a fresh one per iteration);
 * the score of a batch, divided by its size, is a tick, and its inverse the updates per second that 004 reports (with
 * the size histogram of every tick). {@code init} creates the habitat (from its cell data file), bugs and predators;
 * {@code total} is init and {@code steps} ticks. The MASON comparator is
 * {@code org.colony.benchmarks.mason.MasonStupidModelBenchmark}.
 */
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Fork(value = 1, jvmArgsAppend = {"-Xms4g", "-Xmx4g"})
public class StupidModelBenchmark {

    /** Ticks run before a measured batch. */
    public static final int SETTLE = 50;

    /** A model that has run {@link #SETTLE} ticks, fresh for every measured batch. */
    @State(Scope.Benchmark)
    public static class Fresh extends CpuStates.Fresh<StupidModel> {
        @Param({"256", "512"})
        int size;

        @Override
        protected StupidModel create(Simulation sim) {
            StupidModel m = build(sim, size);
            for (int t = 0; t < SETTLE; t++) {
                m.tick();
                m.histogram();
            }
            return m;
        }
    }

    /** The sizes of single-shot runs, and the simulation the last one left open. */
    @State(Scope.Benchmark)
    public static class Shot extends CpuStates.Shot {
        @Param({"256"})
        int size;

        @Param({"1000"})
        int steps;
    }

    /** {@return the model of a {@code size x size/2} habitat made from seed 42 on {@code sim}} */
    public static StupidModel build(Simulation sim, int size) {
        return build(sim, size, size / 2, (long) size * (size / 2) / 16, Habitat.MAX_PRODUCTION);
    }

    /** {@return the model of a {@code w x h} habitat (hilltops of {@code maxProduction}) with {@code bugs} bugs} */
    public static StupidModel build(Simulation sim, int w, int h, long bugs, double maxProduction) {
        return build(sim, w, h, bugs, Math.max(1, bugs / 10), maxProduction);
    }

    /** {@return as {@link #build(Simulation, int, int, long, double)}, with {@code predators} predators} */
    public static StupidModel build(Simulation sim, int w, int h, long bugs, long predators, double maxProduction) {
        try {
            Path file = Files.createTempFile("stupidmodel-habitat", ".data");
            try {
                Habitat.write(file, w, h, 42L, maxProduction);
                return new StupidModel(sim, w, h, file, StupidModel.Parameters.of(bugs, predators));
            } finally {
                Files.deleteIfExists(file);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** One tick and the size histogram, in batches. */
    @Benchmark
    @BenchmarkMode(Mode.SingleShotTime)
    @Warmup(iterations = 3, batchSize = 100)
    @Measurement(iterations = 5, batchSize = 100)
    public long step(Fresh f) {
        f.model().tick();
        return f.model().histogram()[0];
    }

    /** Starting a simulation, reading the habitat, placing the bugs and predators. */
    @Benchmark
    @BenchmarkMode(Mode.SingleShotTime)
    @Warmup(iterations = 3)
    @Measurement(iterations = 5)
    public StupidModel init(Shot s) {
        return build(s.keep(), s.size);
    }

    /** Start, {@code steps} ticks (each with its histogram), close. */
    @Benchmark
    @BenchmarkMode(Mode.SingleShotTime)
    @OutputTimeUnit(TimeUnit.SECONDS)
    @Warmup(iterations = 1)
    @Measurement(iterations = 3)
    public long total(Shot s) {
        try (Simulation sim = s.open()) {
            StupidModel model = build(sim, s.size);
            for (int t = 0; t < s.steps && !model.finished(); t++) {
                model.tick();
                model.histogram();
            }
            return model.population();
        }
    }
}
