package org.colony.benchmarks.cpu;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;

import org.colony.examples.heat.HeatCell;
import org.colony.runtime.Config;
import org.colony.runtime.Places;
import org.colony.runtime.Simulation;
import org.colony.runtime.grid.Grid;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The hand-written tick of {@link Heat2DKernelBenchmark} computes Colony's {@code HeatCell.tick}, bit for bit. */
class Heat2DKernelBenchmarkTest {

    @ParameterizedTest(name = "n={0}")
    @ValueSource(ints = {3, 4, 37})
    void handWrittenTick_equalsColonysTick(int n) {
        double[] start = new double[n * n];
        for (int i = 0; i < start.length; i++) {
            start[i] = (i * 7919L % 1000) / 100.0;
        }
        double[] cur = start.clone();
        double[] next = new double[n * n];
        try (Simulation sim = Simulation.create(Config.defaults().withBackend("cpu").withThreads(1))) {
            Places<HeatCell> plate = sim.places(HeatCell.class, Grid.of(n, n));
            plate.set("temp", start);
            for (int t = 0; t < 5; t++) {
                plate.callAll(HeatCell::tick, 0.25, 19.0, true);
                double[] out = Heat2DKernelBenchmark.tick(cur, next, n);
                next = cur;
                cur = out;
            }
            assertArrayEquals(plate.getDouble("temp"), cur, 0.0);
        }
    }
}
