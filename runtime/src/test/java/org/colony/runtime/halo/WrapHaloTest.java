package org.colony.runtime.halo;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Arrays;
import org.colony.kernel.Layout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class WrapHaloTest {

    private static Layout layout(int dims, int n0, int n1, int n2, int pad) {
        return new Layout(dims, n0, n1, n2, 0, 0, 0, n0, n1, n2, pad, true);
    }

    @ParameterizedTest(name = "dims={0} {1}x{2}x{3} pad={4}")
    @CsvSource({
        "1, 5, 1, 1, 1",
        "1, 5, 1, 1, 2",
        "1, 1, 1, 1, 2",
        "1, 2, 1, 1, 3",
        "2, 4, 3, 1, 1",
        "2, 4, 3, 1, 2",
        "2, 1, 5, 1, 2",
        "2, 3, 2, 1, 3",
        "3, 3, 4, 2, 1",
        "3, 3, 4, 2, 2",
        "3, 2, 1, 3, 2",
    })
    void everyHaloCell_equalsTheOwnedCellItWrapsTo(int dims, int n0, int n1, int n2, int pad) {
        Layout l = layout(dims, n0, n1, n2, pad);
        int[] column = new int[(int) l.storedCells()];
        Arrays.fill(column, -1);
        for (int z = 0; z < n2; z++) {
            for (int y = 0; y < n1; y++) {
                for (int x = 0; x < n0; x++) {
                    column[l.storageIndex(x, y, z)] = 1 + x + n0 * (y + n1 * z);
                }
            }
        }
        double[] doubles = new double[column.length];
        for (int i = 0; i < column.length; i++) {
            doubles[i] = column[i] + 0.5;
        }
        WrapHalo.fill(l, column);
        WrapHalo.fill(l, doubles);
        int halo = 0;
        for (int pz = 0; pz < l.stored2(); pz++) {
            for (int py = 0; py < l.stored1(); py++) {
                for (int px = 0; px < l.stored0(); px++) {
                    int x = px - pad;
                    int y = dims >= 2 ? py - pad : 0;
                    int z = dims >= 3 ? pz - pad : 0;
                    int s = px + py * l.strideY() + pz * l.strideZ();
                    int expected = 1 + Math.floorMod(x, n0) + n0 * (Math.floorMod(y, n1) + n1 * Math.floorMod(z, n2));
                    String where = "stored (" + px + ", " + py + ", " + pz + ")";
                    assertEquals(expected, column[s], where);
                    assertEquals(expected + 0.5, doubles[s], where);
                    if (x < 0 || x >= n0 || y < 0 || y >= n1 || z < 0 || z >= n2) {
                        halo++;
                    }
                }
            }
        }
        assertEquals(l.storedCells() - l.ownedCells(), halo);
    }

    @ParameterizedTest(name = "dims={0}")
    @CsvSource({"1", "2", "3"})
    void zeroPad_leavesTheColumnAlone(int dims) {
        Layout l = layout(dims, 3, dims >= 2 ? 3 : 1, dims >= 3 ? 3 : 1, 0);
        long[] column = new long[(int) l.storedCells()];
        for (int i = 0; i < column.length; i++) {
            column[i] = i * 31L;
        }
        long[] before = column.clone();
        WrapHalo.fill(l, column);
        assertEquals(Arrays.toString(before), Arrays.toString(column));
    }
}
