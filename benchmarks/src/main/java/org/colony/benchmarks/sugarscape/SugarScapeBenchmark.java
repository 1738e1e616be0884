package org.colony.benchmarks.sugarscape;

import java.util.concurrent.TimeUnit;
import org.colony.benchmarks.state.CpuStates;
import org.colony.examples.sugarscape.SugarScape;
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
 * SugarScape on the CPU backend. The population falls as the ants starve (from N*N/5), so {@code step}
 * measures the same ticks every time: each iteration builds a fresh landscape and times its first ticks
 * (the batch size, 20 unless the runner says otherwise; the score is the batch, divided by its size in the
 * reports). {@code init} is starting a simulation, creating the landscape and placing and endowing the
 * ants; {@code total} is init, {@code steps} ticks and closing. The MASON comparator is
 * {@code org.colony.benchmarks.mason.MasonSugarScapeBenchmark}.
 */
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Fork(value = 1, jvmArgsAppend = {"-Xms4g", "-Xmx4g"})
public class SugarScapeBenchmark {

    /** A fresh model for every measured batch of ticks. */
    @State(Scope.Benchmark)
    public static class Fresh extends CpuStates.Fresh<SugarScape> {
        @Param({"250", "500", "1000", "2000"})
        int size;

        @Override
        protected SugarScape create(Simulation sim) {
            return new SugarScape(sim, size);
        }
    }

    /** The sizes of single-shot runs, and the simulation the last one left open. */
    @State(Scope.Benchmark)
    public static class Shot extends CpuStates.Shot {
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
    public long step(Fresh f) {
        f.model().tick();
        return f.model().lastMoves().moves();
    }

    /** Starting a simulation, creating the landscape, placing and endowing the ants. */
    @Benchmark
    @BenchmarkMode(Mode.SingleShotTime)
    @Warmup(iterations = 3)
    @Measurement(iterations = 5)
    public SugarScape init(Shot s) {
        return new SugarScape(s.keep(), s.size);
    }

    /** Start, {@code steps} ticks, close. */
    @Benchmark
    @BenchmarkMode(Mode.SingleShotTime)
    @OutputTimeUnit(TimeUnit.SECONDS)
    @Warmup(iterations = 1)
    @Measurement(iterations = 3)
    public long total(Shot s) {
        try (Simulation sim = s.open()) {
            SugarScape model = new SugarScape(sim, s.size);
            for (int t = 0; t < s.steps; t++) {
                model.tick();
            }
            return model.ants().size();
        }
    }
}
