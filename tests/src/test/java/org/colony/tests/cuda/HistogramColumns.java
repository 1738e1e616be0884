package org.colony.tests.cuda;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.colony.runtime.ModelCollection;
import org.colony.runtime.reduce.Bins;

/**
 * Columns that try a histogram's arithmetic and the extremes' order (NaN, infinities, -0.0, subnormals, values on
 * and next to every bin edge, integers past 2^53; {@code f} and {@code h[0]} without NaN, least -0.0), the bins they
 * are counted into, and the setting of them on a collection of {@link BinCell} or {@link BinBug}.
 */
public final class HistogramColumns {

    /** The bins the tests count into: round edges, edges no double holds, a -0.0 edge, and more than a block holds. */
    public static final List<Bins> BINS = List.of(new Bins(0, 10, 10), new Bins(-1, 1, 7), new Bins(-0.0, 3, 3),
            new Bins(-3, 1e6, 1500), new Bins(1e-310, 1e-300, 5), new Bins(-100, 100, 1));

    /** The attributes of both models, with the element ({@code h} has two). */
    public static final List<Object[]> ATTRIBUTES = List.of(new Object[] {"v", 0}, new Object[] {"f", 0},
            new Object[] {"big", 0}, new Object[] {"n", 0}, new Object[] {"s", 0}, new Object[] {"b", 0},
            new Object[] {"flag", 0}, new Object[] {"h", 0}, new Object[] {"h", 1});

    private HistogramColumns() {
    }

    /** {@return the values every column starts with, before random ones} */
    static List<Double> specials() {
        List<Double> out = new ArrayList<>(List.of(Double.NaN, Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY,
                -0.0, 0.0, Double.MIN_VALUE, -Double.MIN_VALUE, Double.MAX_VALUE, -Double.MAX_VALUE,
                (double) Float.MIN_VALUE, (double) -Float.MIN_VALUE, 0x1p-130, 1e6, Math.nextDown(1e6), 1.0 / 3));
        for (Bins bins : BINS) {
            for (int i = 0; i <= Math.min(bins.bins(), 40); i++) {
                double e = bins.edge(i);
                out.add(e);
                out.add(Math.nextDown(e));
                out.add(Math.nextUp(e));
                out.add((double) (float) e);
            }
        }
        return out;
    }

    /** {@return {@code n} doubles: the specials, then random values around the bins} */
    public static double[] doubles(int n, long seed) {
        List<Double> specials = specials();
        SplittableRandom random = new SplittableRandom(seed);
        double[] out = new double[n];
        for (int i = 0; i < n; i++) {
            out[i] = i < specials.size() ? specials.get(i) : switch (random.nextInt(4)) {
                case 0 -> random.nextDouble(-2, 12);
                case 1 -> random.nextDouble(-4, 4);
                case 2 -> random.nextInt(-20, 20);
                default -> specials.get(random.nextInt(specials.size()));
            };
        }
        return out;
    }

    /** Sets every attribute of {@code collection} from {@link #doubles} ({@code size} of them), converted. */
    public static void fill(ModelCollection<?> collection, int size, long seed) {
        double[] v = doubles(size, seed);
        float[] f = new float[size];
        long[] big = new long[size];
        int[] n = new int[size];
        short[] s = new short[size];
        byte[] b = new byte[size];
        boolean[] flag = new boolean[size];
        double[] h0 = doubles(size, seed + 1);
        for (int i = 0; i < size; i++) { // no NaN, no infinity, -0.0 below 0.0 the least: extremes to compare
            h0[i] = Double.isNaN(h0[i]) || Double.isInfinite(h0[i]) ? 0.5 : h0[i] == 0 ? h0[i] : Math.abs(h0[i]);
        }
        SplittableRandom random = new SplittableRandom(seed + 2);
        long[] wide = {Long.MIN_VALUE, Long.MAX_VALUE, (1L << 53) + 1, -(1L << 53) - 1, (1L << 62) + 1,
            Integer.MIN_VALUE, Integer.MAX_VALUE, Short.MIN_VALUE, Short.MAX_VALUE, Byte.MIN_VALUE, Byte.MAX_VALUE};
        for (int i = 0; i < size; i++) {
            f[i] = (float) h0[i];
            big[i] = i < wide.length ? wide[i] : random.nextInt(-30, 1_000_010);
            n[i] = (int) big[i];
            s[i] = (short) big[i];
            b[i] = (byte) big[i];
            flag[i] = random.nextBoolean();
        }
        collection.set("v", v);
        collection.set("f", f);
        collection.set("big", big);
        collection.set("n", n);
        collection.set("s", s);
        collection.set("b", b);
        collection.set("flag", flag);
        collection.set("h", 0, h0);
        collection.set("h", 1, v);
    }
}
