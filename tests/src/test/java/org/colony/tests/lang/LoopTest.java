package org.colony.tests.lang;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;

import org.colony.kernel.RandomStream;
import org.colony.runtime.Places;
import org.colony.runtime.Simulation;
import org.colony.runtime.grid.Grid;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** do-while, while with model calls and random draws in the condition, for with two variables, continue. */
class LoopTest {

    @ParameterizedTest(name = "n={0} threads={1}")
    @CsvSource({
        "10, 1",
        "10, 2",
        "40000, 1",
        "40000, 3",
    })
    void loopsOfEveryShape_matchPlainJava(int cells, int threads) {
        int[] n = Lang.ints(cells, -5, 40, cells);
        int[] count = new int[cells];
        double[] acc = new double[cells];
        int[] draws = new int[cells];
        long seed = 11;
        int[] limits = {30, 500};
        try (Simulation sim = Lang.sim(threads, seed)) {
            Places<LoopCell> p = sim.places(LoopCell.class, Grid.of(cells));
            p.set("n", n);
            for (int epoch = 0; epoch < limits.length; epoch++) {
                int limit = limits[epoch];
                p.callAll(LoopCell::loops, limit);
                RandomStream rng = new RandomStream(seed, epoch);
                for (int c = 0; c < cells; c++) {
                    rng.reset(c);
                    int i = 0;
                    do {
                        i += 2;
                    } while (i < n[c]);
                    count[c] = i;
                    int j = 0;
                    while (j * j + n[c] < limit) {
                        j++;
                        if (j > 50) {
                            break;
                        }
                    }
                    acc[c] = j;
                    for (int k = 0, m = 10; k < m; k++, m--) {
                        if (k % 2 == 1) {
                            continue;
                        }
                        acc[c] += k * m;
                    }
                    int r = 0;
                    while (rng.uniform() < 0.7) {
                        r++;
                    }
                    draws[c] = r;
                    do {
                        r--;
                        if (r % 3 == 0) {
                            continue;
                        }
                        acc[c] += r;
                    } while (r > 0 && r <= 100);
                    n[c] = r;
                }
                String at = "limit " + limit;
                assertArrayEquals(count, p.getInt("count"), at);
                assertArrayEquals(acc, p.getDouble("acc"), 0.0, at);
                assertArrayEquals(draws, p.getInt("draws"), at);
                assertArrayEquals(n, p.getInt("n"), at);
            }
        }
    }
}
