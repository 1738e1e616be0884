package org.colony.examples;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.colony.examples.heat.Heat2D;
import org.colony.runtime.Config;
import org.colony.runtime.Simulation;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class Heat2DTest {

    @ParameterizedTest(name = "n={0} steps={1} heatTime={2} threads={3}")
    @CsvSource({
        "3, 10, 5, 1",
        "7, 40, 30, 1",
        "7, 40, 30, 2",
        "50, 200, 150, 1",
        "50, 200, 150, 3",
        "257, 120, 100, 2",
        "300, 60, 30, 4",
    })
    void heat2d_matchesSequentialReferenceBitForBit(int n, int steps, int heatTime, int threads) {
        double[] expected = Heat2DReference.run(n, steps, heatTime);
        try (Simulation sim = Simulation.create(Config.defaults().withBackend(TestBackend.name())
                .withThreads(threads))) {
            Heat2D model = new Heat2D(sim, n, heatTime);
            for (int t = 0; t < steps; t++) {
                model.tick();
            }
            double[] actual = model.plate().getDouble("temp");
            assertArrayEquals(expected, actual, 0.0);
            assertEquals(steps, sim.time());
            assertTrue(model.plate().max("temp") > 0 || n < 3);
        }
    }
}
