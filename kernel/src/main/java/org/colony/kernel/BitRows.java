package org.colony.kernel;

/**
 * The owned cells of a two-dimensional block's {@code boolean} attribute kept as bits between the calls of its
 * bit-sliced steps on the CPU, and the moves between those bits, the {@code boolean[]} column and a step's words.
 *
 * <p>Layout: {@link #words} words a row, row {@code y} from word {@code y * words(extent0)}, bit {@code j} of a row's
 * word {@code k} the cell {@code x = 64 k + j}; no halo, and the bits past the row's last cell are 0. A step's band
 * reads its rows with the cells around them through {@link #load}, which finds a cell off the grid false and one
 * across a wrapping grid's seam on the other side, as the halo of the {@code boolean[]} column holds them.
 */
public final class BitRows {

    private BitRows() {
    }

    /**
     * {@return the words of a row of {@code extent0} cells}
     *
     * @param extent0 the cells of a row
     */
    public static int words(int extent0) {
        return (extent0 + 63) >>> 6;
    }

    /**
     * {@return the words of a block's bits}
     *
     * @param layout the block's layout
     */
    public static int length(Layout layout) {
        return words(layout.extent0()) * layout.rows();
    }

    /**
     * Packs the owned cells of {@code cells} (a column of {@code layout}) into {@code bits}.
     *
     * @param cells the column
     * @param layout the block's layout
     * @param bits the bits, {@link #length} words
     */
    public static void pack(boolean[] cells, Layout layout, long[] bits) {
        int rw = words(layout.extent0());
        int extent0 = layout.extent0();
        for (int row = 0; row < layout.rows(); row++) {
            int from = rowBase(layout, row);
            for (int k = 0; k < rw; k++) {
                int x = 64 * k;
                int n = Math.min(64, extent0 - x);
                long w = 0L;
                for (int j = 0; j < n; j++) {
                    if (cells[from + x + j]) {
                        w |= 1L << j;
                    }
                }
                bits[row * rw + k] = w;
            }
        }
    }

    /**
     * Unpacks {@code bits} into the owned cells of {@code cells} (a column of {@code layout}); the halo stays.
     *
     * @param bits the bits, {@link #length} words
     * @param layout the block's layout
     * @param cells the column
     */
    public static void unpack(long[] bits, Layout layout, boolean[] cells) {
        int rw = words(layout.extent0());
        int extent0 = layout.extent0();
        for (int row = 0; row < layout.rows(); row++) {
            int to = rowBase(layout, row);
            for (int k = 0; k < rw; k++) {
                int x = 64 * k;
                int n = Math.min(64, extent0 - x);
                long w = bits[row * rw + k];
                for (int j = 0; j < n; j++) {
                    cells[to + x + j] = (w >>> j & 1L) != 0;
                }
            }
        }
    }

    /** The storage index of the first owned cell of row {@code row} ({@code y + extent1 * z}). */
    private static int rowBase(Layout layout, int row) {
        return layout.storageIndex(0, row % layout.extent1(), row / layout.extent1());
    }

    /**
     * Cells {@code xFrom} to {@code xFrom + n - 1} of row {@code row} as bits, 64 a word from {@code out[at]} on
     * (bit {@code j} of word {@code k}: the cell {@code xFrom + 64 k + j}); the bits past {@code n} are 0. The row and
     * the cells may lie off the block ({@code -pad} on): off a grid that does not wrap they are false, on one that
     * wraps they are the cells on the other side.
     *
     * @param bits a block's bits ({@link #words} {@code (extent0)} words a row)
     * @param extent0 the cells of a row
     * @param rows the rows
     * @param wrap whether the grid wraps
     * @param row the row ({@code y}), which may lie off the block
     * @param xFrom the first cell, which may lie off the block
     * @param n the cells
     * @param out where the words go
     * @param at the first word's index in {@code out}
     */
    public static void load(long[] bits, int extent0, int rows, boolean wrap, int row, int xFrom, int n, long[] out,
            int at) {
        int words = (n + 63) >>> 6;
        if (row < 0 || row >= rows) {
            if (!wrap) {
                for (int k = 0; k < words; k++) {
                    out[at + k] = 0L;
                }
                return;
            }
            row = Math.floorMod(row, rows);
        }
        int base = row * words(extent0);
        // the words wholly on the row, [first, last): one shift of two words each (a loop the JIT keeps tight)
        int first = Math.min(words, xFrom >= 0 ? 0 : (-xFrom + 63) >>> 6);
        int last = Math.max(first, Math.min(n >>> 6, Math.floorDiv(extent0 - xFrom, 64)));
        for (int k = 0; k < first; k++) {
            out[at + k] = edge(bits, base, extent0, wrap, xFrom + 64 * k, Math.min(64, n - 64 * k));
        }
        int s = Math.floorMod(xFrom, 64);
        int w = base + ((xFrom + 64 * first) >> 6);
        if (s == 0) {
            for (int k = first; k < last; k++) {
                out[at + k] = bits[w + k - first];
            }
        } else {
            for (int k = first; k < last; k++) {
                int v = w + k - first;
                out[at + k] = (bits[v] >>> s) | (bits[v + 1] << (64 - s));
            }
        }
        for (int k = last; k < words; k++) {
            out[at + k] = edge(bits, base, extent0, wrap, xFrom + 64 * k, Math.min(64, n - 64 * k));
        }
    }

    /** The {@code m} cells from {@code x} on of the row at word {@code base}, some of them off it or across a seam. */
    private static long edge(long[] bits, int base, int extent0, boolean wrap, int x, int m) {
        long out = 0L;
        int i = 0;
        while (i < m) {
            int c = x + i;
            if (c < 0 || c >= extent0) {
                if (!wrap) {
                    i += c < 0 ? Math.min(m - i, -c) : m - i; // false to the row's start, or to the word's end
                    continue;
                }
                c = Math.floorMod(c, extent0);
            }
            int take = Math.min(m - i, Math.min(extent0 - c, 64 - (c & 63)));
            long w = bits[base + (c >>> 6)] >>> (c & 63);
            out |= (take == 64 ? w : w & ((1L << take) - 1L)) << i;
            i += take;
        }
        return out;
    }

    /**
     * Writes a row's cells {@code 0} to {@code extent0 - 1} into {@code bits} at word {@code rowAt} from a step's
     * words: cell {@code x} is bit {@code skip + x} of the words from {@code in[at]} on. The bits past the row's
     * last cell are written 0.
     *
     * @param in a step's words
     * @param at the index of the row's first word in {@code in}
     * @param skip the bit of those words that is the row's cell 0
     * @param extent0 the cells of a row
     * @param bits a block's bits
     * @param rowAt the index of the row's first word in {@code bits}
     */
    public static void store(long[] in, int at, int skip, int extent0, long[] bits, int rowAt) {
        int rw = words(extent0);
        int from = at + (skip >>> 6);
        int s = skip & 63;
        int whole = extent0 >>> 6;
        if (s == 0) {
            System.arraycopy(in, from, bits, rowAt, whole);
        } else {
            for (int k = 0; k < whole; k++) {
                bits[rowAt + k] = (in[from + k] >>> s) | (in[from + k + 1] << (64 - s));
            }
        }
        if (whole < rw) {
            // the row's last, partial word: the cells past its end are 0
            int m = extent0 & 63;
            long lo = in[from + whole] >>> s;
            long word = s + m > 64 ? lo | in[from + whole + 1] << (64 - s) : lo;
            bits[rowAt + whole] = word & ((1L << m) - 1L);
        }
    }
}
