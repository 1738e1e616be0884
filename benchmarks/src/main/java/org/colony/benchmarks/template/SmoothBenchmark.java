package org.colony.benchmarks.template;

import java.util.concurrent.TimeUnit;
import org.colony.runtime.Config;
import org.colony.runtime.Places;
import org.colony.runtime.Simulation;
import org.colony.runtime.grid.Grid;
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
 * A template for benchmarking your own model with JMH: copy it, put your model and driver where
 * {@link SmoothCell} is, and keep the settings explicit. Run with
 *
 * <pre>java -jar target/benchmarks.jar SmoothBenchmark -p size=1024 -p backend=cpu</pre>
 *
 * <ul>
 *   <li>Settings are explicit ({@code @Fork}, {@code @Warmup}, {@code @Measurement}): the JIT needs a few
 *       seconds before the times settle, and each fork is a fresh JVM.
 *   <li>{@code @Param} sweeps sizes and thread counts; JMH runs every combination.
 *   <li>The simulation is created in {@code @Setup} and closed in {@code @TearDown}, so the measured method is
 *       only the step. Measure initialisation in its own {@code SingleShotTime} benchmark.
 *   <li>On the GPU launches return before the work is done: end the measured method with a read (here
 *       {@code get(0)}) so the device's time is counted, or measure several steps per read.
 *   <li>Compare against a baseline (a hand-written loop, another library) in the same run, on the same
 *       machine, as {@code org.colony.benchmarks.cpu.Heat2DKernelBenchmark} does.
 * </ul>
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Fork(value = 1, jvmArgsAppend = {"--enable-native-access=ALL-UNNAMED", "-Xmx4g"})
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@State(Scope.Benchmark)
public class SmoothBenchmark {

    @Param({"256", "1024"})
    int size;

    @Param({"1", "2"})
    int threads;

    /** {@code cpu}, {@code cuda} (stops with the reason where there is no GPU) or {@code auto}. */
    @Param({"cpu"})
    String backend;

    Simulation sim;
    Places<SmoothCell> field;

    @Setup(Level.Trial)
    public void setUp() {
        sim = Simulation.create(Config.defaults().withBackend(backend).withThreads(threads));
        field = sim.places(SmoothCell.class, Grid.of(size, size));
        field.callAll(SmoothCell::seed);
    }

    @TearDown(Level.Trial)
    public void tearDown() {
        sim.close();
    }

    /** One time step of the model, waiting for its result. */
    @Benchmark
    public Object step() {
        field.callAll(SmoothCell::smooth);
        sim.step();
        return field.get(0);
    }
}
