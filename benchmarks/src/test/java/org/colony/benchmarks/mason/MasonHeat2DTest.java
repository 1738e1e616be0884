package org.colony.benchmarks.mason;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.colony.examples.heat.Heat2D;
import org.colony.runtime.Config;
import org.colony.runtime.Simulation;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The MASON Heat2D gives Colony's plate bit for bit. Colony's CPU backend is itself checked bit for bit
 * against the sequential reference of the benchmark description ({@code Heat2DTest} in the examples), so
 * this is the comparison with that reference.
 */
class MasonHeat2DTest {

    @ParameterizedTest(name = "n={0} steps={1} heatTime={2} masonThreads={3}")
    @CsvSource({
        "2, 10, 5, 1",
        "3, 10, 5, 1",
        "7, 40, 30, 1",
        "50, 200, 150, 1",
        "50, 200, 150, 2",
        "97, 120, 100, 3",
    })
    void masonHeat2d_equalsColonyBitForBit(int n, int steps, int heatTime, int threads) {
        double[] expected;
        try (Simulation sim = Simulation.create(Config.defaults().withBackend("cpu").withThreads(1))) {
            Heat2D colony = new Heat2D(sim, n, heatTime);
            for (int t = 0; t < steps; t++) {
                colony.tick();
            }
            expected = colony.plate().getDouble("temp");
        }
        MasonHeat2D mason = new MasonHeat2D(n, heatTime, threads);
        mason.start();
        for (int t = 0; t < steps; t++) {
            mason.tick();
        }
        double[] actual = mason.temperatures();
        mason.finish();
        assertArrayEquals(expected, actual, 0.0);
        double max = 0;
        for (double v : actual) {
            max = Math.max(max, v);
        }
        assertTrue(max > 0, "the plate was heated");
    }
}
