package org.colony.benchmarks.cuda;

import java.util.concurrent.TimeUnit;
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
 * SugarScape on the CUDA backend, the measures of {@code org.colony.benchmarks.sugarscape.SugarScapeBenchmark}:
 * batches of the first ticks of a fresh landscape (each {@code manageAll} waits for the device to learn the
 * population, so a tick ends with the device idle), init and total. Without a usable GPU the set-up stops
 * with the backend's one-line reason.
 */
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Fork(value = 1, jvmArgsAppend = {"--enable-native-access=ALL-UNNAMED", "-Xms4g", "-Xmx16g"})
public class SugarScapeCudaBenchmark {

    /** A fresh model for every measured batch of ticks, its ants counted (the device idle) before the batch. */
    @State(Scope.Benchmark)
    public static class Fresh extends CudaStates.Fresh<SugarScape> {
        @Param({"1000", "3000", "10000"})
        int size;

        @Override
        protected SugarScape create(Simulation sim) {
            SugarScape model = new SugarScape(sim, size);
            model.ants().size();
            return model;
        }
    }

    /** The sizes of single-shot runs, and the simulation the last one left open. */
    @State(Scope.Benchmark)
    public static class Shot extends CudaStates.Shot {
        @Param({"1000", "3000", "10000"})
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

    /** Starting a simulation on the GPU, creating the landscape, placing and endowing the ants. */
    @Benchmark
    @BenchmarkMode(Mode.SingleShotTime)
    @Warmup(iterations = 3)
    @Measurement(iterations = 5)
    public long init(Shot s) {
        return new SugarScape(s.keep(), s.size).ants().size();
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
