package org.colony.tests.lang;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;

import org.colony.runtime.Places;
import org.colony.runtime.Simulation;
import org.colony.runtime.grid.Grid;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** index(), x()/coord(d), size(d), onBoundary(), hasNeighbor(...) and time() as a step sees them. */
class PlaceIntrinsicsTest {

    @ParameterizedTest(name = "{0}x{1} wrap={2} threads={3}")
    @CsvSource({
        "1, 1, false, 1",
        "1, 1, true, 1",
        "5, 3, false, 1",
        "5, 3, true, 2",
        "190, 180, false, 3",
        "190, 180, true, 3",
    })
    void intrinsics2d_describeThePlace(int nx, int ny, boolean wrap, int threads) {
        int cells = nx * ny;
        try (Simulation sim = Lang.sim(threads)) {
            Places<WhereCell> p = sim.places(WhereCell.class, wrap ? Grid.of(nx, ny).wrap() : Grid.of(nx, ny));
            sim.step();
            sim.step();
            sim.step();
            p.callAll(WhereCell::locate);
            long[] idx = new long[cells];
            int[] cx = new int[cells];
            int[] cy = new int[cells];
            int[] sx = new int[cells];
            int[] sy = new int[cells];
            boolean[] edge = new boolean[cells];
            boolean[] east = new boolean[cells];
            boolean[] corner = new boolean[cells];
            long[] t = new long[cells];
            for (int y = 0; y < ny; y++) {
                for (int x = 0; x < nx; x++) {
                    int i = x + nx * y;
                    idx[i] = i;
                    cx[i] = x;
                    cy[i] = y;
                    sx[i] = nx;
                    sy[i] = ny;
                    edge[i] = x == 0 || y == 0 || x == nx - 1 || y == ny - 1;
                    east[i] = wrap || x + 1 < nx;
                    corner[i] = (wrap || (x > 0 && y > 0)) && !(wrap || (x + 1 < nx && y + 1 < ny));
                    t[i] = 3 * 10 + i % 7;
                }
            }
            assertArrayEquals(idx, p.getLong("idx"));
            assertArrayEquals(cx, p.getInt("cx"));
            assertArrayEquals(cy, p.getInt("cy"));
            assertArrayEquals(sx, p.getInt("sx"));
            assertArrayEquals(sy, p.getInt("sy"));
            assertArrayEquals(edge, p.getBoolean("edge"));
            assertArrayEquals(east, p.getBoolean("east"));
            assertArrayEquals(corner, p.getBoolean("corner"));
            assertArrayEquals(t, p.getLong("t"));
        }
    }

    @ParameterizedTest(name = "{0}x{1}x{2} threads={3}")
    @CsvSource({
        "7, 0, 0, 1",
        "1, 0, 0, 1",
        "40000, 0, 0, 3",
        "4, 3, 0, 1",
        "3, 4, 5, 1",
        "3, 4, 5, 2",
        "1, 1, 6, 1",
        "34, 33, 32, 3",
    })
    void modelForAnyGrid_runsOn1d2dAnd3dGrids(int nx, int ny, int nz, int threads) {
        Grid grid = ny == 0 ? Grid.of(nx) : nz == 0 ? Grid.of(nx, ny) : Grid.of(nx, ny, nz);
        int dims = grid.dimensions();
        int cells = (int) grid.cells();
        try (Simulation sim = Lang.sim(threads)) {
            Places<AnyCell> p = sim.places(AnyCell.class, grid);
            p.callAll(AnyCell::locate);
            long[] idx = new long[cells];
            boolean[] edge = new boolean[cells];
            int[] c0 = new int[cells];
            for (int i = 0; i < cells; i++) {
                int x = i % nx;
                int y = (i / nx) % grid.size(1);
                int z = i / nx / grid.size(1);
                idx[i] = i;
                edge[i] = x == 0 || x == nx - 1 || (dims > 1 && (y == 0 || y == grid.size(1) - 1))
                        || (dims > 2 && (z == 0 || z == grid.size(2) - 1));
                c0[i] = x + nx * 1000;
            }
            assertArrayEquals(idx, p.getLong("idx"));
            assertArrayEquals(edge, p.getBoolean("edge"));
            assertArrayEquals(c0, p.getInt("c0"));
        }
    }
}
