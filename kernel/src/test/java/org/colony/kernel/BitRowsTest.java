package org.colony.kernel;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.SplittableRandom;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The bits of a block's booleans against the cells they stand for: packed and unpacked, a band's rows loaded with
 * the cells around them (false off a plate, from the other side on a torus) and stored back, on rows shorter than a
 * word, of a word, a word and one cell, and many words and a part.
 */
class BitRowsTest {

    @ParameterizedTest(name = "{0}x{1} pad={2}")
    @CsvSource({"1, 1, 1", "3, 5, 1", "63, 4, 2", "64, 3, 1", "65, 7, 3", "130, 6, 2", "200, 9, 5", "256, 2, 1"})
    void packedBits_unpackToTheCells_andLoadWhatTheHaloHolds(int nx, int ny, int pad) {
        for (boolean wrap : new boolean[] {false, true}) {
            Layout l = new Layout(2, nx, ny, 1, 0, 0, 0, nx, ny, 1, pad, wrap);
            SplittableRandom r = new SplittableRandom(nx * 1000L + ny * 10L + pad);
            boolean[] cells = new boolean[(int) l.storedCells()];
            for (int y = 0; y < ny; y++) {
                for (int x = 0; x < nx; x++) {
                    cells[l.storageIndex(x, y, 0)] = r.nextBoolean();
                }
            }
            long[] bits = new long[BitRows.length(l)];
            BitRows.pack(cells, l, bits);
            int rw = BitRows.words(nx);
            for (int y = 0; y < ny; y++) {
                assertEquals(0L, bits[y * rw + rw - 1] >>> 1 >>> ((nx - 1) & 63), "bits past the row's end");
            }
            boolean[] back = new boolean[cells.length];
            BitRows.unpack(bits, l, back);
            assertArrayEquals(cells, back, "unpacked");

            // every row from -pad to ny + pad, the cells -pad to nx + pad, against the cell each stands for
            int n = nx + 2 * pad;
            int words = (n + 63) >>> 6;
            long[] out = new long[1 + (ny + 2 * pad) * words];
            for (int y = -pad; y < ny + pad; y++) {
                int at = 1 + (y + pad) * words;
                BitRows.load(bits, nx, ny, wrap, y, -pad, n, out, at);
                for (int i = 0; i < 64 * words; i++) {
                    boolean bit = (out[at + (i >>> 6)] >>> (i & 63) & 1L) != 0;
                    boolean want = i < n && cell(cells, l, wrap, i - pad, y);
                    assertEquals(want, bit, "wrap=" + wrap + " row " + y + " cell " + (i - pad));
                }
                if (y >= 0 && y < ny) {
                    // a row stored back from the loaded words, whose cells start at bit pad, is the row packed
                    long[] into = new long[rw];
                    BitRows.store(out, at, pad, nx, into, 0);
                    for (int k = 0; k < rw; k++) {
                        assertEquals(bits[y * rw + k], into[k], "wrap=" + wrap + " row " + y + " word " + k);
                    }
                }
            }
        }
    }

    /** The cell at (x, y): from the other side on a torus, false off a plate. */
    private static boolean cell(boolean[] cells, Layout l, boolean wrap, int x, int y) {
        if (wrap) {
            return cells[l.storageIndex(Math.floorMod(x, l.extent0()), Math.floorMod(y, l.extent1()), 0)];
        }
        return x >= 0 && x < l.extent0() && y >= 0 && y < l.extent1() && cells[l.storageIndex(x, y, 0)];
    }
}
