package org.colony.tests.lang;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;

import java.util.function.IntToLongFunction;
import org.colony.runtime.Places;
import org.colony.runtime.Simulation;
import org.colony.runtime.grid.Grid;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Steps that act on boundary places only (the CPU backend runs them on the boundary alone and copies their
 * buffered values back instead of swapping columns) against sequential references: boundary places that
 * read boundary places written in the same step, such steps back to back and between steps that change
 * every place, in 1-D, 2-D and 3-D.
 */
class BoundaryStepTest {

    @ParameterizedTest(name = "{0}x{1} wrap={2} threads={3}")
    @CsvSource({
        "1, 1, false, 1",
        "2, 2, false, 1",
        "5, 3, false, 2",
        "5, 3, true, 2",
        "190, 180, false, 1",
        "190, 180, false, 3",
        "190, 180, true, 3",
    })
    void rimTurn_matchesSequentialReferenceBitForBit(int nx, int ny, boolean wrap, int threads) {
        int cells = nx * ny;
        double[] v = Lang.doubles(cells, 10, cells);
        int[] turns = new int[cells];
        try (Simulation sim = Lang.sim(threads)) {
            Places<RimCell> p = sim.places(RimCell.class, wrap ? Grid.of(nx, ny).wrap() : Grid.of(nx, ny));
            p.set("v", v);
            for (int t = 0; t < 7; t++) {
                p.callAll(RimCell::turn);
                p.callAll(RimCell::turn);
                p.callAll(RimCell::blend);
            }
            for (int t = 0; t < 7; t++) {
                v = turn(v, turns, nx, ny, wrap);
                v = turn(v, turns, nx, ny, wrap);
                v = blend(v, nx, ny, wrap);
            }
            assertArrayEquals(v, p.getDouble("v"), 0.0);
            assertArrayEquals(turns, p.getInt("turns"));
        }
    }

    private static double at(double[] v, int nx, int ny, boolean wrap, int x, int y) {
        if (wrap) {
            return v[Math.floorMod(x, nx) + nx * Math.floorMod(y, ny)];
        }
        return x < 0 || y < 0 || x >= nx || y >= ny ? 0.0 : v[x + nx * y];
    }

    private static double[] turn(double[] v, int[] turns, int nx, int ny, boolean wrap) {
        double[] next = v.clone();
        for (int y = 0; y < ny; y++) {
            for (int x = 0; x < nx; x++) {
                if (x != 0 && y != 0 && x != nx - 1 && y != ny - 1) {
                    continue;
                }
                int dx = 0;
                int dy = 0;
                if (y == 0 && x > 0) {
                    dx = -1;
                } else if (x == nx - 1 && y > 0) {
                    dy = -1;
                } else if (y == ny - 1 && x < nx - 1) {
                    dx = 1;
                } else if (x == 0 && y < ny - 1) {
                    dy = 1;
                }
                next[x + nx * y] = at(v, nx, ny, wrap, x + dx, y + dy);
                turns[x + nx * y]++;
            }
        }
        return next;
    }

    private static double[] blend(double[] v, int nx, int ny, boolean wrap) {
        double[] next = new double[v.length];
        for (int y = 0; y < ny; y++) {
            for (int x = 0; x < nx; x++) {
                next[x + nx * y] = 0.5 * v[x + nx * y]
                        + 0.25 * (at(v, nx, ny, wrap, x + 1, y) + at(v, nx, ny, wrap, x - 1, y));
            }
        }
        return next;
    }

    @ParameterizedTest(name = "n={0} wrap={1} threads={2}")
    @CsvSource({
        "1, false, 1",
        "1, true, 1",
        "2, false, 1",
        "9, false, 2",
        "40000, false, 3",
        "40000, true, 3",
    })
    void endsExchange_matchesSequentialReference(int n, boolean wrap, int threads) {
        long[] v = new long[n];
        for (int i = 0; i < n; i++) {
            v[i] = i * 7L - 3;
        }
        try (Simulation sim = Lang.sim(threads)) {
            Places<EndsRod> rod = sim.places(EndsRod.class, wrap ? Grid.of(n).wrap() : Grid.of(n));
            rod.set("v", v);
            for (int t = 0; t < 5; t++) {
                rod.callAll(EndsRod::exchange);
            }
            for (int t = 0; t < 5; t++) {
                long[] next = v.clone();
                long[] before = v;
                IntToLongFunction at = i -> wrap ? before[Math.floorMod(i, n)]
                        : i < 0 || i >= n ? 0 : before[i];
                next[0] = at.applyAsLong(1) * 3 + 1;
                next[n - 1] = at.applyAsLong(n - 1 == 0 ? 1 : n - 2) * 3 + 1;
                v = next;
            }
            assertArrayEquals(v, rod.getLong("v"));
        }
    }

    @ParameterizedTest(name = "{0}x{1}x{2} threads={3}")
    @CsvSource({
        "1, 1, 1, 1",
        "3, 4, 5, 2",
        "34, 33, 32, 1",
        "34, 33, 32, 3",
    })
    void facePull_matchesSequentialReference(int nx, int ny, int nz, int threads) {
        int cells = nx * ny * nz;
        float[] v = new float[cells];
        for (int i = 0; i < cells; i++) {
            v[i] = (i * 37 % 101) * 0.5f;
        }
        try (Simulation sim = Lang.sim(threads)) {
            Places<FaceCube> cube = sim.places(FaceCube.class, Grid.of(nx, ny, nz));
            cube.set("v", v);
            for (int t = 0; t < 3; t++) {
                cube.callAll(FaceCube::pull);
            }
            for (int t = 0; t < 3; t++) {
                float[] next = v.clone();
                for (int z = 0; z < nz; z++) {
                    for (int y = 0; y < ny; y++) {
                        for (int x = 0; x < nx; x++) {
                            if (x != 0 && y != 0 && z != 0 && x != nx - 1 && y != ny - 1 && z != nz - 1) {
                                continue;
                            }
                            int ix = x + (x == 0 ? 1 : x == nx - 1 ? -1 : 0);
                            int iy = y + (y == 0 ? 1 : y == ny - 1 ? -1 : 0);
                            int iz = z + (z == 0 ? 1 : z == nz - 1 ? -1 : 0);
                            boolean inside = ix < nx && iy < ny && iz < nz;
                            next[x + nx * (y + ny * z)] = (inside ? v[ix + nx * (iy + ny * iz)] : 0f) + 1;
                        }
                    }
                }
                v = next;
            }
            assertArrayEquals(v, cube.getFloat("v"), 0f);
        }
    }
}
