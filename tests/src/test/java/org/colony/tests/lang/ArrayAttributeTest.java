package org.colony.tests.lang;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.Map;
import org.colony.ColonyException;
import org.colony.runtime.Places;
import org.colony.runtime.Simulation;
import org.colony.runtime.grid.Grid;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Array attributes: per-element columns in and out, element reads and writes in steps, remote element reads. */
class ArrayAttributeTest {

    @ParameterizedTest(name = "{0}x{1} threads={2}")
    @CsvSource({
        "1, 1, 1",
        "3, 2, 1",
        "3, 2, 2",
        "190, 180, 1",
        "190, 180, 3",
    })
    void elementsReadAndWrittenInSteps_matchSequentialReference(int nx, int ny, int threads) {
        int cells = nx * ny;
        int[][] h = new int[4][];
        double[][] d = new double[3][];
        for (int k = 0; k < 4; k++) {
            h[k] = Lang.ints(cells, -100, 100, 10 + k);
        }
        for (int k = 0; k < 3; k++) {
            d[k] = Lang.doubles(cells, 1, 20 + k);
        }
        try (Simulation sim = Lang.sim(threads)) {
            Places<HistoryCell> p = sim.places(HistoryCell.class, Grid.of(nx, ny));
            for (int k = 0; k < 4; k++) {
                p.set("h", k, h[k]);
            }
            for (int k = 0; k < 3; k++) {
                p.set("d", k, d[k]);
            }
            p.callAll(HistoryCell::push, 7);
            p.callAll(HistoryCell::mix);
            p.callAll(HistoryCell::push, -3);
            p.callAll(HistoryCell::mix);
            p.callAll(HistoryCell::sum);

            push(h, nx, 7);
            mix(h, d, nx, ny);
            push(h, nx, -3);
            mix(h, d, nx, ny);
            int[] total = new int[cells];
            for (int i = 0; i < cells; i++) {
                total[i] = h[0][i] + h[1][i] + h[2][i] + h[3][i];
            }
            for (int k = 0; k < 4; k++) {
                assertArrayEquals(h[k], p.getInt("h", k), "h[" + k + "]");
            }
            for (int k = 0; k < 3; k++) {
                assertArrayEquals(d[k], p.getDouble("d", k), 0.0, "d[" + k + "]");
            }
            assertArrayEquals(total, p.getInt("total"));

            Map<String, Object> last = p.get(cells - 1);
            assertArrayEquals(new int[] {h[0][cells - 1], h[1][cells - 1], h[2][cells - 1], h[3][cells - 1]},
                    (int[]) last.get("h"));
            assertArrayEquals(new double[] {d[0][cells - 1], d[1][cells - 1], d[2][cells - 1]},
                    (double[]) last.get("d"), 0.0);
            assertEquals(total[cells - 1], last.get("total"));
        }
    }

    private static void push(int[][] h, int nx, int v) {
        for (int i = 0; i < h[0].length; i++) {
            h[3][i] = h[2][i];
            h[2][i] = h[1][i];
            h[1][i] = h[0][i];
            h[0][i] = v + i % nx;
        }
    }

    private static void mix(int[][] h, double[][] d, int nx, int ny) {
        int cells = nx * ny;
        int[][] nh = new int[4][cells];
        double[][] nd = new double[3][];
        for (int k = 0; k < 3; k++) {
            nd[k] = d[k].clone();
        }
        for (int y = 0; y < ny; y++) {
            for (int x = 0; x < nx; x++) {
                int i = x + nx * y;
                boolean hasW = x > 0;
                boolean hasN = y > 0;
                for (int k = 0; k < 4; k++) {
                    int wk = hasW ? h[k][i - 1] : 0;
                    int nk = hasN ? h[3 - k][i - nx] : 0;
                    nh[k][i] = h[k][i] + wk - nk;
                }
                nh[1][i] += nh[0][i];
                double wd2 = hasW ? d[2][i - 1] : 0.0;
                double ndy = hasN ? d[y % 3][i - nx] : 0.0;
                nd[y % 3][i] = d[0][i] + wd2 * 0.5 + ndy;
            }
        }
        for (int k = 0; k < 4; k++) {
            h[k] = nh[k];
        }
        for (int k = 0; k < 3; k++) {
            d[k] = nd[k];
        }
    }

    @Test
    void setElement_changesOnlyThatElement() {
        try (Simulation sim = Lang.sim(1)) {
            Places<HistoryCell> p = sim.places(HistoryCell.class, Grid.of(3, 2));
            p.set("h", 2, new int[] {1, 2, 3, 4, 5, 6});
            assertArrayEquals(new int[6], p.getInt("h", 0));
            assertArrayEquals(new int[] {1, 2, 3, 4, 5, 6}, p.getInt("h", 2));
            assertArrayEquals(new int[6], p.getInt("h", 3));
            assertArrayEquals(new int[] {0, 0, 2, 0}, (int[]) p.get(1, 0, 0).get("h"));
            assertArrayEquals(new int[] {1, 2, 3, 4, 5, 6}, (int[]) p.getColumn("h", 2));
        }
    }

    @Test
    void arrayAccessorMisuse_isRejectedInOneLine() {
        try (Simulation sim = Lang.sim(1)) {
            Places<HistoryCell> p = sim.places(HistoryCell.class, Grid.of(3, 2));
            assertEquals("attribute HistoryCell.h is an array of 4; name the element: (\"h\", k) with 0 <= k < 4",
                    assertThrows(ColonyException.class, () -> p.getInt("h")).getMessage());
            assertEquals("element 4 of HistoryCell.h is out of range; use 0 to 3",
                    assertThrows(ColonyException.class, () -> p.getInt("h", 4)).getMessage());
            assertEquals("element -1 of HistoryCell.d is out of range; use 0 to 2",
                    assertThrows(ColonyException.class, () -> p.set("d", -1, new double[6])).getMessage());
            assertEquals("attribute HistoryCell.total is not an array; leave out the element",
                    assertThrows(ColonyException.class, () -> p.getInt("total", 0)).getMessage());
            assertEquals("attribute HistoryCell.h is int, not double; use the int accessor",
                    assertThrows(ColonyException.class, () -> p.getDouble("h", 0)).getMessage());
            assertEquals("set(\"h\", values): values has 5 elements, the grid 3x2 has 6 cells",
                    assertThrows(ColonyException.class, () -> p.set("h", 1, new int[5])).getMessage());
        }
    }
}
