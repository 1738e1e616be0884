package ${package}.bench;

import ${package}.Walkers;
import java.util.concurrent.TimeUnit;
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
 * The time of one step of the model, over grid sizes, thread counts and backends. Run it with
 *
 * <pre>java @jvm.args -cp target/${artifactId}.jar org.openjdk.jmh.Main WalkersBenchmark -p backend=cpu</pre>
 *
 * The forked JVMs inherit the flags of the one that starts them (jvm.args). The simulation is created in
 * {@code @Setup} and closed in {@code @TearDown}, so only steps are measured; on a GPU launches return before the
 * work is done, so the measured method ends with a read of one cell.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Fork(1)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@State(Scope.Benchmark)
public class WalkersBenchmark {

    /** The side of the square grid. */
    @Param({"256", "1024"})
    public int size;

    /** CPU worker threads. */
    @Param({"1", "4"})
    public int threads;

    /** {@code cpu}, {@code cuda} (stops with the reason where there is no usable GPU) or {@code auto}. */
    @Param({"cpu"})
    public String backend;

    private Simulation sim;
    private Walkers.World world;

    /** Creates the world. */
    @Setup(Level.Trial)
    public void setUp() {
        sim = Simulation.create(Config.defaults().withBackend(backend).withThreads(threads));
        world = Walkers.defaults(size, size).start(sim, size, size);
    }

    /** Frees it. */
    @TearDown(Level.Trial)
    public void tearDown() {
        sim.close();
    }

    /** One time step, waiting for its result. */
    @Benchmark
    public Object step() {
        world.tick();
        return world.field().get(0);
    }
}
