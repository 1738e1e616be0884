package org.colony.tests.lang;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import org.colony.runtime.Places;
import org.colony.runtime.Simulation;
import org.colony.runtime.grid.Grid;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** 1-D and 3-D diffusion with absent and wrapping boundaries, and a 2-D blur on a torus, against sequential references. */
class DiffusionTest {

    @ParameterizedTest(name = "n={0} steps={1} threads={2} wrap={3}")
    @CsvSource({
        "1, 5, 1, false",
        "2, 5, 2, false",
        "17, 30, 1, false",
        "17, 30, 3, false",
        "40000, 12, 1, false",
        "40000, 12, 3, false",
        "1, 5, 1, true",
        "17, 30, 2, true",
        "40000, 12, 3, true",
    })
    void rod1d_matchesSequentialReferenceBitForBit(int n, int steps, int threads, boolean wrap) {
        double r = 0.3;
        double[] u = Lang.doubles(n, 100, n);
        try (Simulation sim = Lang.sim(threads)) {
            Places<Rod> rod = sim.places(Rod.class, wrap ? Grid.of(n).wrap() : Grid.of(n));
            rod.set("u", u);
            for (int t = 0; t < steps; t++) {
                rod.callAll(Rod::diffuse, r);
            }
            for (int t = 0; t < steps; t++) {
                double[] next = new double[n];
                for (int i = 0; i < n; i++) {
                    double left = i > 0 ? u[i - 1] : wrap ? u[n - 1] : 0.0;
                    double right = i < n - 1 ? u[i + 1] : wrap ? u[0] : 0.0;
                    next[i] = u[i] + r * (left - 2 * u[i] + right);
                }
                u = next;
            }
            assertArrayEquals(u, rod.getDouble("u"), 0.0);
        }
    }

    @ParameterizedTest(name = "{0}x{1}x{2} steps={3} threads={4} wrap={5}")
    @CsvSource({
        "1, 1, 1, 3, 1, false",
        "3, 4, 5, 10, 1, false",
        "3, 4, 5, 10, 2, false",
        "34, 33, 32, 6, 1, false",
        "34, 33, 32, 6, 3, false",
        "1, 1, 1, 3, 1, true",
        "3, 4, 5, 10, 2, true",
        "34, 33, 32, 6, 3, true",
    })
    void cube3d_matchesSequentialReferenceBitForBit(int nx, int ny, int nz, int steps, int threads, boolean wrap) {
        double r = 0.125;
        int cells = nx * ny * nz;
        double[] u = Lang.doubles(cells, 50, cells);
        try (Simulation sim = Lang.sim(threads)) {
            Grid grid = wrap ? Grid.of(nx, ny, nz).wrap() : Grid.of(nx, ny, nz);
            Places<Cube> cube = sim.places(Cube.class, grid);
            cube.set("u", u);
            for (int t = 0; t < steps; t++) {
                cube.callAll(Cube::diffuse, r);
            }
            for (int t = 0; t < steps; t++) {
                double[] next = new double[cells];
                for (int z = 0; z < nz; z++) {
                    for (int y = 0; y < ny; y++) {
                        for (int x = 0; x < nx; x++) {
                            int i = x + nx * (y + ny * z);
                            double xm = at(u, nx, ny, nz, wrap, x - 1, y, z);
                            double xp = at(u, nx, ny, nz, wrap, x + 1, y, z);
                            double ym = at(u, nx, ny, nz, wrap, x, y - 1, z);
                            double yp = at(u, nx, ny, nz, wrap, x, y + 1, z);
                            double zm = at(u, nx, ny, nz, wrap, x, y, z - 1);
                            double zp = at(u, nx, ny, nz, wrap, x, y, z + 1);
                            next[i] = u[i] + r * (xm + xp + ym + yp + zm + zp - 6 * u[i]);
                        }
                    }
                }
                u = next;
            }
            assertArrayEquals(u, cube.getDouble("u"), 0.0);
        }
    }

    private static double at(double[] u, int nx, int ny, int nz, boolean wrap, int x, int y, int z) {
        if (wrap) {
            return u[Math.floorMod(x, nx) + nx * (Math.floorMod(y, ny) + ny * Math.floorMod(z, nz))];
        }
        boolean inside = x >= 0 && y >= 0 && z >= 0 && x < nx && y < ny && z < nz;
        return inside ? u[x + nx * (y + ny * z)] : 0.0;
    }

    @ParameterizedTest(name = "{0}x{1} steps={2} threads={3}")
    @CsvSource({
        "1, 1, 3, 1",
        "1, 3, 4, 1",
        "2, 2, 4, 2",
        "5, 4, 10, 1",
        "5, 4, 10, 3",
        "200, 180, 8, 1",
        "200, 180, 8, 3",
    })
    void torus2d_wrapsAtEveryEdgeBitForBit(int nx, int ny, int steps, int threads) {
        float keep = 0.5f;
        int cells = nx * ny;
        float[] v = new float[cells];
        double[] init = Lang.doubles(cells, 10, 7 + cells);
        for (int i = 0; i < cells; i++) {
            v[i] = (float) init[i];
        }
        try (Simulation sim = Lang.sim(threads)) {
            Places<TorusCell> torus = sim.places(TorusCell.class, Grid.of(nx, ny).wrap());
            torus.set("v", v);
            for (int t = 0; t < steps; t++) {
                torus.callAll(TorusCell::blur, keep);
            }
            for (int t = 0; t < steps; t++) {
                float[] next = new float[cells];
                for (int y = 0; y < ny; y++) {
                    for (int x = 0; x < nx; x++) {
                        float e = at(v, nx, ny, x + 1, y);
                        float w = at(v, nx, ny, x - 1, y);
                        float n = at(v, nx, ny, x, y - 1);
                        float s = at(v, nx, ny, x, y + 1);
                        float ne = at(v, nx, ny, x + 1, y - 1);
                        float sw = at(v, nx, ny, x - 1, y + 1);
                        float ww = at(v, nx, ny, x - 2, y);
                        float ss = at(v, nx, ny, x, y + 2);
                        float self = v[x + nx * y];
                        next[x + nx * y] = keep * self + (1 - keep) * ((e + w + n + s) * 0.125f + (ne + sw) * 0.0625f
                                + (ww + ss) * 0.1875f);
                    }
                }
                v = next;
            }
            assertArrayEquals(v, torus.getFloat("v"), 0.0f);
            assertEquals(cells, torus.size());
        }
    }

    private static float at(float[] v, int nx, int ny, int x, int y) {
        return v[Math.floorMod(x, nx) + nx * Math.floorMod(y, ny)];
    }
}
