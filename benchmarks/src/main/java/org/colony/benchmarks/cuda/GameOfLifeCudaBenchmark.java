package org.colony.benchmarks.cuda;

import java.util.concurrent.TimeUnit;
import org.colony.examples.life.GameOfLife;
import org.colony.runtime.Simulation;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * GameOfLife on the CUDA backend, the measures of {@code org.colony.benchmarks.life.GameOfLifeBenchmark}. Launches
 * are asynchronous, so {@code step} runs {@value #TICKS} ticks and then waits for the device (a read of
 * one place), and JMH divides by {@value #TICKS}; {@code init} and {@code total} wait for the device before
 * they end. Without a usable GPU the set-up stops with the backend's one-line reason.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Fork(value = 1, jvmArgsAppend = {"--enable-native-access=ALL-UNNAMED", "-Xms4g", "-Xmx16g"})
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
public class GameOfLifeCudaBenchmark {

    static final int TICKS = 10;

    /** A board that keeps running. */
    @State(Scope.Benchmark)
    public static class Running extends CudaStates.Running<GameOfLife> {
        @Param({"1000", "3000", "9000", "16384"})
        int size;

        @Override
        protected GameOfLife create(Simulation sim) {
            return new GameOfLife(sim, size);
        }
    }

    /** The sizes of single-shot runs, and the simulation the last one left open. */
    @State(Scope.Benchmark)
    public static class Shot extends CudaStates.Shot {
        @Param({"1000", "3000", "9000", "16384"})
        int size;

        @Param({"1000"})
        int steps;
    }

    /** One tick (measured over {@value #TICKS} and a wait). */
    @Benchmark
    @OperationsPerInvocation(TICKS)
    public Object step(Running r) {
        for (int i = 0; i < TICKS; i++) {
            r.model().tick();
        }
        r.simulation().synchronize();
        return r.model().board().get(0);
    }

    /** Starting a simulation on the GPU and creating and seeding the board. */
    @Benchmark
    @BenchmarkMode(Mode.SingleShotTime)
    @Warmup(iterations = 3)
    @Measurement(iterations = 5)
    public Object init(Shot s) {
        GameOfLife m = new GameOfLife(s.keep(), s.size);
        return m.board().get(0);
    }

    /** Start, {@code steps} ticks, close. */
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
