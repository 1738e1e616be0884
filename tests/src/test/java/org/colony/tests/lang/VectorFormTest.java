package org.colony.tests.lang;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.SplittableRandom;
import org.colony.kernel.KernelSupport;
import org.colony.runtime.Places;
import org.colony.runtime.Simulation;
import org.colony.runtime.grid.Grid;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Steps the CPU backend runs a vector of cells at a time ({@link LaneCell}) against the same statements as plain
 * Java, bit for bit, on rows shorter than a vector, a few vectors long, and not a whole number of vectors.
 */
class VectorFormTest {

    @Test
    void testJvm_runsTheVectorForms() {
        assertTrue(KernelSupport.VECTORS, "the examples' tests run with --add-modules jdk.incubator.vector");
    }

    @ParameterizedTest(name = "{0}x{1} threads={2}")
    @CsvSource({
        "3, 3, 1",
        "37, 5, 1",
        "37, 5, 2",
        "64, 9, 3",
        "131, 7, 2",
    })
    void laneSteps_matchPlainJavaBitForBit(int nx, int ny, int threads) {
        int cells = nx * ny;
        SplittableRandom r = new SplittableRandom(cells);
        int[] a = new int[cells];
        int[] b = new int[cells];
        boolean[] flag = new boolean[cells];
        long[] l = new long[cells];
        double[] v = new double[cells];
        for (int c = 0; c < cells; c++) {
            a[c] = r.nextInt();
            b[c] = r.nextInt(-50, 50);
            flag[c] = r.nextBoolean();
            l[c] = r.nextLong();
            v[c] = r.nextDouble(-10, 10);
        }
        try (Simulation sim = Lang.sim(threads)) {
            Places<LaneCell> torus = sim.places(LaneCell.class, Grid.of(nx, ny).wrap());
            Places<LaneCell> plate = sim.places(LaneCell.class, Grid.of(nx, ny));
            torus.set("a", a);
            torus.set("b", b);
            torus.set("flag", flag);
            torus.set("l", l);
            plate.set("v", v);
            int[] ks = {0, 7, -3};
            for (int round = 0; round < ks.length; round++) {
                int k = ks[round];
                torus.callAll(LaneCell::mix, k);
                torus.callAll(LaneCell::churn, 31L + k);
                plate.callAll(LaneCell::spread, round == 1 ? -1.0 : 0.75 + k);
                int[] a0 = a.clone();
                boolean[] flag0 = flag.clone();
                long[] l0 = l.clone();
                double[] v0 = v.clone();
                for (int y = 0; y < ny; y++) {
                    for (int x = 0; x < nx; x++) {
                        int c = x + nx * y;
                        int e = Math.floorMod(x + 1, nx) + nx * y;
                        int w = Math.floorMod(x - 1, nx) + nx * y;
                        int n = x + nx * Math.floorMod(y - 1, ny);
                        int s = x + nx * Math.floorMod(y + 1, ny);
                        int twice = k * 2 + nx + y;
                        a[c] = b[c] > k ? a0[c] * 3 - a0[e] + a0[n] : -a0[c] ^ twice;
                        flag[c] = (a[c] & 1) == 0 || flag0[w] && !flag0[c];
                        b[c] = ~b[c] + (flag[c] ? 1 : 0);
                        long m = 31L + k;
                        l[c] = l0[c] * m + l0[e] - (l0[c] >= 0 ? 1L : l0[s]);
                        double f = round == 1 ? -1.0 : 0.75 + k;
                        boolean edge = x == 0 || y == 0 || x == nx - 1 || y == ny - 1;
                        if (!edge && f >= 0) {
                            v[c] = -(v0[e] - v0[w]) / f + (v0[c] > 0 ? v0[c] : -v0[c]) * 0.5;
                        }
                    }
                }
                String at = "round " + round;
                assertArrayEquals(a, torus.getInt("a"), at);
                assertArrayEquals(b, torus.getInt("b"), at);
                assertArrayEquals(flag, torus.getBoolean("flag"), at);
                assertArrayEquals(l, torus.getLong("l"), at);
                assertArrayEquals(v, plate.getDouble("v"), 0.0, at);
            }
        }
    }
}
