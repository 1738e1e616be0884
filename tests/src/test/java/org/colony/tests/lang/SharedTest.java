package org.colony.tests.lang;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.colony.ColonyException;
import org.colony.runtime.Places;
import org.colony.runtime.Simulation;
import org.colony.runtime.grid.Grid;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Shared scalars and arrays: set from the driver, read by every instance, changed between calls. */
class SharedTest {

    @ParameterizedTest(name = "{0}x{1} threads={2}")
    @CsvSource({
        "7, 1, 1",
        "7, 3, 2",
        "190, 180, 1",
        "190, 180, 3",
    })
    void sharedValues_areReadByEveryInstance(int nx, int ny, int threads) {
        int cells = nx * ny;
        double[] v = Lang.doubles(cells, 10, cells);
        long[] w = new long[cells];
        try (Simulation sim = Lang.sim(threads)) {
            Grid grid = ny == 1 ? Grid.of(nx) : Grid.of(nx, ny);
            Places<SharedCell> p = sim.places(SharedCell.class, grid);
            p.set("v", v);
            // Nothing happens while enabled is false (its zero value).
            p.callAll(SharedCell::apply);
            assertArrayEquals(v, p.getDouble("v"), 0.0);
            assertArrayEquals(w, p.getLong("w"));

            double[] scales = {1.5, -0.25};
            int[][] weights = {{2, -3, 5}, {100_000, 70_000, -1}};
            long[] offsets = {1L << 40, -9};
            p.setShared("enabled", true);
            for (int round = 0; round < 2; round++) {
                p.setShared("scale", scales[round]);
                p.setShared("weights", weights[round]);
                p.setShared("offset", offsets[round]);
                p.callAll(SharedCell::apply);
                int[] k = weights[round];
                for (int i = 0; i < cells; i++) {
                    v[i] = v[i] * scales[round] + k[(i % nx) % 3];
                    w[i] = offsets[round] + k[0] + k[1] * k[2];
                    for (int e : k) {
                        w[i] += e;
                    }
                }
                assertArrayEquals(v, p.getDouble("v"), 0.0, "round " + round);
                assertArrayEquals(w, p.getLong("w"), "round " + round);
            }
        }
    }

    @Test
    void setShared_widensAsJavaDoes() {
        try (Simulation sim = Lang.sim(1)) {
            Places<SharedCell> p = sim.places(SharedCell.class, Grid.of(3));
            p.setShared("enabled", true);
            p.setShared("scale", 2);          // int to double
            p.setShared("offset", (short) 5); // short to long
            p.setShared("weights", new byte[] {1, 2, 3});
            p.set("v", new double[] {1, 2, 3});
            p.callAll(SharedCell::apply);
            assertArrayEquals(new double[] {3, 6, 9}, p.getDouble("v"), 0.0);
            assertArrayEquals(new long[] {18, 18, 18}, p.getLong("w"));
        }
    }

    @Test
    void setShared_misuse_isRejectedInOneLine() {
        try (Simulation sim = Lang.sim(1)) {
            Places<SharedCell> p = sim.places(SharedCell.class, Grid.of(3));
            assertEquals("SharedCell has no @Shared 'rate'; shared: [scale, weights, offset, enabled]",
                    assertThrows(ColonyException.class, () -> p.setShared("rate", 1.0)).getMessage());
            assertEquals("@Shared SharedCell.weights is an array of 3 int; pass a int[3]",
                    assertThrows(ColonyException.class, () -> p.setShared("weights", new int[2])).getMessage());
            assertEquals("@Shared SharedCell.weights is an array of 3 int; pass a int[3]",
                    assertThrows(ColonyException.class, () -> p.setShared("weights", 3)).getMessage());
            assertEquals("@Shared SharedCell.weights holds int values, not long",
                    assertThrows(ColonyException.class, () -> p.setShared("weights", new long[3])).getMessage());
            assertEquals("@Shared SharedCell.offset is a long, not the Double 1.5",
                    assertThrows(ColonyException.class, () -> p.setShared("offset", 1.5)).getMessage());
            assertEquals("@Shared SharedCell.scale is a double, not the String \"x\"",
                    assertThrows(ColonyException.class, () -> p.setShared("scale", "x")).getMessage());
            assertEquals("@Shared SharedCell.enabled is a boolean, not the Integer 1",
                    assertThrows(ColonyException.class, () -> p.setShared("enabled", 1)).getMessage());
        }
    }
}
