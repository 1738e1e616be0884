package org.colony.benchmarks.agents;

import java.util.concurrent.TimeUnit;
import org.colony.examples.sugarscape.SugarScape;
import org.colony.runtime.Config;
import org.colony.runtime.Simulation;
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
 * One SugarScape tick (grow, diffuse, look, move, metabolize, die) on the CPU backend. The landscape is
 * rebuilt for every iteration so each measures the same early ticks, with N*N/5 ants.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Fork(value = 1, jvmArgsAppend = {"-Xms3g", "-Xmx3g"})
@Warmup(iterations = 8, time = 2)
@Measurement(iterations = 5, time = 2)
@State(Scope.Benchmark)
public class SugarScapeBenchmark {

    @Param({"1000"})
    int size;

    @Param({"1", "2"})
    int threads;

    Simulation sim;
    SugarScape model;

    @Setup(Level.Iteration)
    public void setUp() {
        sim = Simulation.create(Config.defaults().withBackend("cpu").withThreads(threads));
        model = new SugarScape(sim, size);
    }

    @TearDown(Level.Iteration)
    public void tearDown() {
        sim.close();
    }

    /** One tick. */
    @Benchmark
    public long tick() {
        model.tick();
        return model.ants().size();
    }
}
