package org.colony.benchmarks.cpu;

import java.util.concurrent.TimeUnit;
import org.colony.benchmarks.state.CpuStates;
import org.colony.examples.heat.HeatCell;
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
import org.openjdk.jmh.annotations.Warmup;

/**
 * One Heat2D diffusion pass over an N x N double plate: Colony's generated CPU kernel at 1 and 2
 * threads against the same update written by hand as a loop over two {@code double[]} (one thread),
 * in one JMH run so the ratios compare like with like.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Fork(value = 1, jvmArgsAppend = {"-Xms2g", "-Xmx2g"})
@Warmup(iterations = 5, time = 1)
@Measurement(iterations = 8, time = 1)
public class Heat2DKernelBenchmark {

    /** Colony's plate, heated once so that the values are not all zero. */
    @State(Scope.Benchmark)
    public static class ColonyPlate extends CpuStates.Running<Places<HeatCell>> {
        @Param({"2048"})
        int size;

        @Override
        protected Places<HeatCell> create(Simulation sim) {
            Places<HeatCell> plate = sim.places(HeatCell.class, Grid.of(size, size));
            double[] init = new double[size * size];
            for (int i = 0; i < init.length; i++) {
                init[i] = (i * 7919L % 1000) / 100.0;
            }
            plate.set("temp", init);
            return plate;
        }
    }

    /** The hand-written reference: two flat arrays, x fastest. */
    @State(Scope.Benchmark)
    public static class HandPlate {
        @Param({"2048"})
        int size;

        double[] cur;
        double[] next;

        @Setup(Level.Trial)
        public void setUp() {
            cur = new double[size * size];
            next = new double[size * size];
            for (int i = 0; i < cur.length; i++) {
                cur[i] = (i * 7919L % 1000) / 100.0;
            }
        }
    }

    /** Colony: {@code callAll(HeatCell::diffuse, 0.25)}. */
    @Benchmark
    public void colonyDiffuse(ColonyPlate p) {
        p.model().callAll(HeatCell::diffuse, 0.25);
    }

    /** The same update as a hand-written loop on one thread. */
    @Benchmark
    public double[] handWrittenDiffuse(HandPlate p) {
        int n = p.size;
        double r = 0.25;
        double[] z = p.cur;
        double[] out = p.next;
        for (int y = 1; y < n - 1; y++) {
            int row = y * n;
            for (int i = row + 1; i < row + n - 1; i++) {
                double c = z[i];
                out[i] = c + r * (z[i + 1] - 2 * c + z[i - 1]) + r * (z[i + n] - 2 * c + z[i - n]);
            }
        }
        p.cur = out;
        p.next = z;
        return out;
    }
}
