package org.colony.tests.lang;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;

import org.colony.runtime.Places;
import org.colony.runtime.Simulation;
import org.colony.runtime.grid.Grid;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Neighbour reads see the values from before the step; an instance sees its own writes at once. */
class SnapshotTest {

    @ParameterizedTest(name = "{0}x{1} wrap={2} threads={3}")
    @CsvSource({
        "6, 3, false, 1",
        "6, 3, true, 2",
        "200, 170, false, 1",
        "200, 170, false, 3",
        "200, 170, true, 3",
    })
    void neighborRead_seesValueBeforeStep_whateverTheOrder(int nx, int ny, boolean wrap, int threads) {
        int cells = nx * ny;
        int[] value = Lang.ints(cells, -1000, 1000, cells);
        try (Simulation sim = Lang.sim(threads)) {
            Grid grid = wrap ? Grid.of(nx, ny).wrap() : Grid.of(nx, ny);
            Places<ShiftCell> p = sim.places(ShiftCell.class, grid);
            p.set("value", value);
            for (int t = 0; t < 3; t++) {
                p.callAll(ShiftCell::shift);
                int[] next = new int[cells];
                for (int y = 0; y < ny; y++) {
                    for (int x = 0; x < nx; x++) {
                        int w = x > 0 ? value[x - 1 + nx * y] : wrap ? value[nx - 1 + nx * y] : 0;
                        next[x + nx * y] = w;
                    }
                }
                value = next;
                assertArrayEquals(value, p.getInt("value"), "after shift " + (t + 1));
            }
        }
    }

    @ParameterizedTest(name = "{0}x{1} threads={2}")
    @CsvSource({
        "5, 4, 1",
        "5, 4, 2",
        "200, 170, 1",
        "200, 170, 3",
    })
    void ownWrites_areSeenAtOnce_neighborsAndSelfViewShowTheOldValue(int nx, int ny, int threads) {
        int cells = nx * ny;
        int[] value = Lang.ints(cells, -1000, 1000, 3 * cells);
        try (Simulation sim = Lang.sim(threads)) {
            Places<ShiftCell> p = sim.places(ShiftCell.class, Grid.of(nx, ny));
            p.set("value", value);
            p.callAll(ShiftCell::writeThenRead);
            int[] nextValue = new int[cells];
            long[] seen = new long[cells];
            for (int y = 0; y < ny; y++) {
                for (int x = 0; x < nx; x++) {
                    int i = x + nx * y;
                    int v = value[i] * 2 + 1;
                    v += 3;
                    int east = x < nx - 1 ? value[i + 1] : 0;
                    nextValue[i] = v;
                    seen[i] = v * 1000L + east * 10L + value[i];
                }
            }
            assertArrayEquals(nextValue, p.getInt("value"));
            assertArrayEquals(seen, p.getLong("seen"));

            p.callAll(ShiftCell::accumulate);
            for (int i = 0; i < cells; i++) {
                long s = seen[i] + 1;
                s = s * 3;
                s -= nextValue[i];
                seen[i] = s;
            }
            assertArrayEquals(seen, p.getLong("seen"));
            assertArrayEquals(nextValue, p.getInt("value"));
        }
    }
}
