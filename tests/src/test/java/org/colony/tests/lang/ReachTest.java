package org.colony.tests.lang;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.colony.ColonyException;
import org.colony.runtime.Places;
import org.colony.runtime.Simulation;
import org.colony.runtime.grid.Grid;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Neighbour offsets computed at run time, within @Step(reach = 2), and the error beyond it. */
class ReachTest {

    @ParameterizedTest(name = "{0}x{1} wrap={2} threads={3}")
    @CsvSource({
        "5, 4, false, 1",
        "5, 4, true, 2",
        "2, 3, true, 1",
        "190, 180, false, 1",
        "190, 180, false, 3",
        "190, 180, true, 3",
    })
    void runtimeOffsets_readTheRightNeighbours(int nx, int ny, boolean wrap, int threads) {
        int cells = nx * ny;
        int[] v = Lang.ints(cells, 0, 10, cells);
        try (Simulation sim = Lang.sim(threads)) {
            Places<ReachCell> p = sim.places(ReachCell.class, wrap ? Grid.of(nx, ny).wrap() : Grid.of(nx, ny));
            p.set("v", v);
            for (int d = -1; d <= 2; d++) {
                p.callAll(ReachCell::gather, d);
                int[] out = new int[cells];
                for (int y = 0; y < ny; y++) {
                    for (int x = 0; x < nx; x++) {
                        out[x + nx * y] = at(v, nx, ny, wrap, x + d, y) + 10 * at(v, nx, ny, wrap, x, y - d)
                                + 100 * at(v, nx, ny, wrap, x + d - 1, y + d);
                    }
                }
                assertArrayEquals(out, p.getInt("out"), "d=" + d);
            }
            p.callAll(ReachCell::wobble);
            int[] out = new int[cells];
            for (int y = 0; y < ny; y++) {
                for (int x = 0; x < nx; x++) {
                    out[x + nx * y] = at(v, nx, ny, wrap, x + x % 3 - 1, y);
                }
            }
            assertArrayEquals(out, p.getInt("out"), "wobble");
        }
    }

    private static int at(int[] v, int nx, int ny, boolean wrap, int x, int y) {
        if (wrap) {
            return v[Math.floorMod(x, nx) + nx * Math.floorMod(y, ny)];
        }
        return x < 0 || y < 0 || x >= nx || y >= ny ? 0 : v[x + nx * y];
    }

    @ParameterizedTest(name = "d={0} threads={1}")
    @CsvSource({
        // ReachCell.java line 18 is neighbor(d, 0), line 20 neighbor(d - 1, d); the step is declared at line 16.
        "3, 1, 18, 3",
        "3, 3, 18, 3",
        "-2, 1, 20, -3",
        "-2, 2, 20, -3",
    })
    void offsetBeyondReach_failsInOneLineNamingTheLineAndOffset(int d, int threads, int line, int offset) {
        try (Simulation sim = Lang.sim(threads)) {
            Places<ReachCell> p = sim.places(ReachCell.class, Grid.of(200, 170));
            // The CPU backend throws from the call; a GPU reports the failure when the host next waits for it.
            ColonyException e = assertThrows(ColonyException.class, () -> {
                p.callAll(ReachCell::gather, d);
                p.getInt("out");
            });
            assertEquals("step ReachCell.gather (ReachCell.java:17) failed: ReachCell.java:" + line
                    + ": neighbor offset " + offset + " is beyond the step's reach 2; raise @Step(reach = ...)",
                    e.getMessage());
            assertFalse(e.getMessage().contains("\n"));
        }
    }
}
