package org.colony.benchmarks.agents;

import java.util.concurrent.TimeUnit;
import org.colony.benchmarks.state.CpuStates;
import org.colony.runtime.Agents;
import org.colony.runtime.Placement;
import org.colony.runtime.Places;
import org.colony.runtime.Simulation;
import org.colony.runtime.grid.Grid;
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
 * Agent steps on the CPU backend: {@code agents} grazers at random places of a {@code size} x {@code size}
 * pasture, on 1 and 2 threads; each score is the time of one call, so the cost per agent is the score divided
 * by {@code agents}. On a {@link Field} (capacity 1, so at most one grazer per place) {@code graze} writes a sum
 * to the place ({@code place().food -= appetite}), {@code claim} a plain write, and {@code scan} reads the 81
 * places around each grazer; {@code manage} is a {@code manageAll} with nothing to do and {@code manageGraze}
 * one followed by {@code graze}, as in a model's tick. On a {@link Herd} (any number per place)
 * {@code grazeHerd} and {@code manageGrazeHerd} do the same. A place write should cost a few nanoseconds an
 * agent, far less than the scan, at any number of agents: its cost follows the agents, not the places.
 *
 * <pre>java -jar benchmarks/target/benchmarks.jar GrazingBenchmark</pre>
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Fork(value = 1, jvmArgsAppend = {"-Xms2g", "-Xmx2g"})
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
public class GrazingBenchmark {

    /** The benchmark; JMH makes it. */
    public GrazingBenchmark() {
    }

    /** Grazers on a pasture of their own. */
    public abstract static class Pastures extends CpuStates.Running<Agents<Grazer>> {
        @Param({"1000"})
        int size;

        @Param({"5000", "200000"})
        int agents;

        /** The state; JMH makes it. */
        protected Pastures() {
        }

        /** The grazers on a fresh pasture, placed by {@code placement}, at most {@code capacity} per place. */
        Agents<Grazer> grazers(Simulation sim, Placement placement, int capacity) {
            Places<Pasture> pasture = sim.places(Pasture.class, Grid.of(size, size));
            pasture.callAll(Pasture::init);
            Agents<Grazer> grazers = sim.agents(Grazer.class, pasture, placement, capacity);
            grazers.callAll(Grazer::init);
            return grazers;
        }
    }

    /** At most one grazer per place, kept for the trial. */
    @State(Scope.Benchmark)
    public static class Field extends Pastures {
        /** The state; JMH makes it. */
        public Field() {
        }

        @Override
        protected Agents<Grazer> create(Simulation sim) {
            return grazers(sim, Placement.random(agents).atMost(1), 1);
        }
    }

    /** Any number of grazers per place, kept for the trial. */
    @State(Scope.Benchmark)
    public static class Herd extends Pastures {
        /** The state; JMH makes it. */
        public Herd() {
        }

        @Override
        protected Agents<Grazer> create(Simulation sim) {
            return grazers(sim, Placement.random(agents), Integer.MAX_VALUE);
        }
    }

    /**
     * A sum written to the place.
     *
     * @param f the field
     */
    @Benchmark
    public void graze(Field f) {
        f.model().callAll(Grazer::graze);
    }

    /**
     * A plain write to the place.
     *
     * @param f the field
     */
    @Benchmark
    public void claim(Field f) {
        f.model().callAll(Grazer::claim);
    }

    /**
     * A read of the 81 places around.
     *
     * @param f the field
     */
    @Benchmark
    public void scan(Field f) {
        f.model().callAll(Grazer::scan);
    }

    /**
     * A {@code manageAll} with nothing to do.
     *
     * @param f the field
     */
    @Benchmark
    public void manage(Field f) {
        f.model().manageAll();
    }

    /**
     * A {@code manageAll} with nothing to do, then the sum.
     *
     * @param f the field
     */
    @Benchmark
    public void manageGraze(Field f) {
        f.model().manageAll();
        f.model().callAll(Grazer::graze);
    }

    /**
     * A sum written to the place, several grazers on some places.
     *
     * @param h the herd
     */
    @Benchmark
    public void grazeHerd(Herd h) {
        h.model().callAll(Grazer::graze);
    }

    /**
     * A {@code manageAll} with nothing to do, then the sum, several grazers on some places.
     *
     * @param h the herd
     */
    @Benchmark
    public void manageGrazeHerd(Herd h) {
        h.model().manageAll();
        h.model().callAll(Grazer::graze);
    }
}
