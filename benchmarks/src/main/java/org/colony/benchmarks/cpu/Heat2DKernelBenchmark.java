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
 * One Heat2D tick of an N x N double plate, heated: Colony's generated CPU kernel of {@code HeatCell.tick} at
 * 1 and 2 threads against the same tick written by hand as loops over two {@code double[]} (one thread), in
 * one JMH run so the ratios compare like with like.
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

    /** Colony: {@code callAll(HeatCell::tick, 0.25, 19.0, true)}. */
    @Benchmark
    public void colonyTick(ColonyPlate p) {
        p.model().callAll(HeatCell::tick, 0.25, 19.0, true);
    }

    /** The same tick as hand-written loops on one thread. */
    @Benchmark
    public double[] handWrittenTick(HandPlate p) {
        double[] out = tick(p.cur, p.next, p.size);
        p.next = p.cur;
        p.cur = out;
        return out;
    }

    /**
     * One heated tick of the plate {@code z} (x fastest) into {@code out}: the interior diffuses, the edges copy
     * their inner neighbour and the corners their diagonal one, the top row's middle third takes 19.0.
     */
    static double[] tick(double[] z, double[] out, int n) {
        double r = 0.25;
        int last = n - 1;
        for (int y = 1; y < last; y++) {
            int row = y * n;
            out[row] = z[row + 1];
            for (int i = row + 1; i < row + last; i++) {
                double c = z[i];
                out[i] = c + r * (z[i + 1] - 2 * c + z[i - 1]) + r * (z[i + n] - 2 * c + z[i - n]);
            }
            out[row + last] = z[row + last - 1];
        }
        for (int x = 0; x < n; x++) {
            int inner = x == 0 ? 1 : (x == last ? last - 1 : x);
            out[x] = z[n + inner];
            out[last * n + x] = z[(last - 1) * n + inner];
        }
        for (int x = n / 3; x < 2 * n / 3; x++) {
            out[x] = 19.0;
        }
        return out;
    }
}
