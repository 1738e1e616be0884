package org.colony.examples;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import org.colony.examples.life.GameOfLife;
import org.colony.runtime.Config;
import org.colony.runtime.Simulation;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class GameOfLifeTest {

    @ParameterizedTest(name = "n={0} steps={1} threads={2} seed={3}")
    @CsvSource({
        "1, 3, 1, 42",
        "5, 10, 1, 42",
        "64, 100, 1, 42",
        "64, 100, 2, 42",
        "200, 50, 3, 7",
        "333, 30, 4, 42",
    })
    void gameOfLife_matchesSequentialReferenceBitForBit(int n, int steps, int threads, long seed) {
        boolean[] expected = GameOfLifeReference.run(n, steps, seed);
        try (Simulation sim = Simulation.create(Config.defaults().withBackend(TestBackend.name()).withThreads(threads)
                .withSeed(seed))) {
            GameOfLife life = new GameOfLife(sim, n);
            for (int t = 0; t < steps; t++) {
                life.tick();
            }
            assertArrayEquals(expected, life.board().getBoolean("alive"));
            long live = 0;
            for (boolean b : expected) {
                live += b ? 1 : 0;
            }
            assertEquals(live, life.population());
        }
    }
}
