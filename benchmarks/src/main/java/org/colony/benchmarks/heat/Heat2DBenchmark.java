package org.colony.benchmarks.heat;

import java.util.concurrent.TimeUnit;
import org.colony.benchmarks.state.CpuStates;
import org.colony.examples.heat.Heat2D;
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
 * Heat2D on the CPU backend (the measures of the MASS CUDA 2026 evaluation): {@code step} is one tick
 * (one call of {@code HeatCell.tick}) of a running plate; {@code init} is starting a simulation and creating
 * the plate; {@code total} is init, {@code steps} ticks with the benchmark's heating time (2700) and closing.
 * The MASON comparator is {@code org.colony.benchmarks.mason.MasonHeat2DBenchmark}.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Fork(value = 1, jvmArgsAppend = {"-Xms4g", "-Xmx4g"})
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
public class Heat2DBenchmark {

    /** A plate that keeps running from one measured tick to the next, heated every tick. */
    @State(Scope.Benchmark)
    public static class Running extends CpuStates.Running<Heat2D> {
        @Param({"256", "512", "1024", "2048", "4096"})
        int size;

        @Override
        protected Heat2D create(Simulation sim) {
            return new Heat2D(sim, size, Integer.MAX_VALUE);
        }
    }

    /** The sizes of single-shot runs, and the simulation the last one left open. */
    @State(Scope.Benchmark)
    public static class Shot extends CpuStates.Shot {
        @Param({"256", "512", "1024", "2048", "4096"})
        int size;

        @Param({"3000"})
        int steps;
    }

    /** One tick. */
    @Benchmark
    public void step(Running r) {
        r.model().tick();
    }

    /** Starting a simulation and creating the plate. */
    @Benchmark
    @BenchmarkMode(Mode.SingleShotTime)
    @Warmup(iterations = 3)
    @Measurement(iterations = 5)
    public Heat2D init(Shot s) {
        return new Heat2D(s.keep(), s.size, 2700);
    }

    /** Start, {@code steps} ticks, close. */
    @Benchmark
    @BenchmarkMode(Mode.SingleShotTime)
    @OutputTimeUnit(TimeUnit.SECONDS)
    @Warmup(iterations = 1)
    @Measurement(iterations = 3)
    public double total(Shot s) {
        try (Simulation sim = s.open()) {
            Heat2D model = new Heat2D(sim, s.size, 2700);
            for (int t = 0; t < s.steps; t++) {
                model.tick();
            }
            return model.plate().max("temp");
        }
    }
}
