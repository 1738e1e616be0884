package org.colony.benchmarks.life;

import java.util.concurrent.TimeUnit;
import org.colony.benchmarks.state.CpuStates;
import org.colony.examples.life.GameOfLife;
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
 * GameOfLife on the CPU backend: {@code step} is one generation of a running board; {@code init} is
 * starting a simulation, creating the board and seeding it (half alive, seed 42); {@code total} is init,
 * {@code steps} generations and closing. The MASON comparator is
 * {@code org.colony.benchmarks.mason.MasonGameOfLifeBenchmark}.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Fork(value = 1, jvmArgsAppend = {"-Xms4g", "-Xmx4g"})
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
public class GameOfLifeBenchmark {

    /** A board that keeps running from one measured generation to the next. */
    @State(Scope.Benchmark)
    public static class Running extends CpuStates.Running<GameOfLife> {
        @Param({"256", "512", "1024", "2048", "4096"})
        int size;

        @Override
        protected GameOfLife create(Simulation sim) {
            return new GameOfLife(sim, size);
        }
    }

    /** The sizes of single-shot runs, and the simulation the last one left open. */
    @State(Scope.Benchmark)
    public static class Shot extends CpuStates.Shot {
        @Param({"256", "512", "1024", "2048", "4096"})
        int size;

        @Param({"1000"})
        int steps;
    }

    /** One generation. */
    @Benchmark
    public void step(Running r) {
        r.model().tick();
    }

    /** Starting a simulation, creating and seeding the board. */
    @Benchmark
    @BenchmarkMode(Mode.SingleShotTime)
    @Warmup(iterations = 3)
    @Measurement(iterations = 5)
    public GameOfLife init(Shot s) {
        return new GameOfLife(s.keep(), s.size);
    }

    /** Start, {@code steps} generations, close. */
    @Benchmark
    @BenchmarkMode(Mode.SingleShotTime)
    @OutputTimeUnit(TimeUnit.SECONDS)
    @Warmup(iterations = 1)
    @Measurement(iterations = 3)
    public long total(Shot s) {
        try (Simulation sim = s.open()) {
            GameOfLife model = new GameOfLife(sim, s.size);
            for (int t = 0; t < s.steps; t++) {
                model.tick();
            }
            return model.population();
        }
    }
}
