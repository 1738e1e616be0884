package org.colony.benchmarks.mason;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.colony.examples.life.GameOfLife;
import org.colony.runtime.Config;
import org.colony.runtime.Simulation;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The MASON GameOfLife, started from Colony's seeded board (the two seed with different generators),
 * gives Colony's board bit for bit; Colony's CPU backend is checked against the sequential reference in
 * the examples ({@code GameOfLifeTest}).
 */
class MasonGameOfLifeTest {

    @ParameterizedTest(name = "n={0} steps={1} masonThreads={2}")
    @CsvSource({
        "1, 3, 1",
        "5, 10, 1",
        "64, 100, 1",
        "64, 100, 2",
        "131, 60, 3",
    })
    void masonGameOfLife_fromTheSameBoard_equalsColony(int n, int steps, int threads) {
        boolean[] start;
        boolean[] expected;
        try (Simulation sim = Simulation.create(Config.defaults().withBackend("cpu").withThreads(1))) {
            GameOfLife colony = new GameOfLife(sim, n);
            start = colony.board().getBoolean("alive");
            for (int t = 0; t < steps; t++) {
                colony.tick();
            }
            expected = colony.board().getBoolean("alive");
        }
        MasonGameOfLife mason = new MasonGameOfLife(n, threads, start);
        mason.start();
        assertArrayEquals(start, mason.cells());
        for (int t = 0; t < steps; t++) {
            mason.tick();
        }
        assertArrayEquals(expected, mason.cells());
        mason.finish();
    }

    @Test
    void masonGameOfLife_seedsAboutHalfTheBoard() {
        MasonGameOfLife mason = new MasonGameOfLife(200, 42L, 1);
        mason.start();
        long live = mason.population();
        assertTrue(Math.abs(live - 20_000) < 600, "live cells at start: " + live);
        mason.tick();
        assertEquals(mason.population(), count(mason.cells()));
        mason.finish();
    }

    private static long count(boolean[] cells) {
        long c = 0;
        for (boolean b : cells) {
            c += b ? 1 : 0;
        }
        return c;
    }
}
