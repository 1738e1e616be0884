package org.colony.tests.cuda;

import java.util.SplittableRandom;
import org.colony.runtime.ModelCollection;

/**
 * Columns that try an exact sum and its extremes: magnitudes from 10^308 down to subnormals that cancel, NaN beside
 * infinities, -0.0 alone, integers whose partial sums pass 64 bits or whose sum does; set on a collection of {@link
 * BinCell} or {@link BinBug}.
 */
final class ReductionColumns {

    /** What the columns hold. */
    enum Kind {
        /** Huge values and their negations, tiny ones and subnormals; no NaN or infinity; partial sums past 64 bits. */
        CANCEL,
        /** {@link HistogramColumns#fill}'s: NaN, infinities, -0.0, subnormals, longs from Long.MIN_VALUE up. */
        SPECIALS,
        /** Finite values and positive infinities. */
        INFINITY,
        /** -0.0 alone; the least value of every integral type, whose long sum overflows past one value. */
        NEGATIVE_ZEROS
    }

    private ReductionColumns() {
    }

    /** {@return {@code n} doubles of a kind} */
    static double[] doubles(Kind kind, int n, long seed) {
        SplittableRandom random = new SplittableRandom(seed);
        double[] out = new double[n];
        double[] first = {1e308, -1e308, 1e-300, Double.MIN_VALUE, -0.0, 0.0, -Double.MAX_VALUE, Double.MAX_VALUE};
        for (int i = 0; i < n; i++) {
            double m = random.nextDouble(-1, 1);
            out[i] = switch (kind) {
                case NEGATIVE_ZEROS -> -0.0;
                case INFINITY -> i % 7 == 3 ? Double.POSITIVE_INFINITY : m * 1e300;
                default -> i < first.length ? first[i] : switch (i % 5) {
                    case 0 -> m * 1e308;
                    case 1 -> -out[i - 1];
                    case 2 -> m * 1e-300;
                    case 3 -> Math.copySign(Double.longBitsToDouble(random.nextLong(1, 1L << 52)), m); // subnormal
                    default -> Math.scalb(m, random.nextInt(-1074, -960));
                };
            };
        }
        return out;
    }

    /** {@return {@code n} floats of a kind, as {@link #doubles} but at float's magnitudes} */
    static float[] floats(Kind kind, int n, long seed) {
        SplittableRandom random = new SplittableRandom(seed);
        float[] out = new float[n];
        float[] first = {3e38f, -3e38f, 1e-38f, Float.MIN_VALUE, -0.0f, 0.0f};
        for (int i = 0; i < n; i++) {
            float m = (float) random.nextDouble(-1, 1);
            out[i] = switch (kind) {
                case NEGATIVE_ZEROS -> -0.0f;
                case INFINITY -> i % 7 == 3 ? Float.POSITIVE_INFINITY : m * 1e30f;
                default -> i < first.length ? first[i] : switch (i % 5) {
                    case 0 -> m * 3e38f;
                    case 1 -> -out[i - 1];
                    case 2 -> m * 1e-38f;
                    case 3 -> Math.copySign(Float.intBitsToFloat(random.nextInt(1, 1 << 23)), m); // subnormal
                    default -> Math.scalb(m, random.nextInt(-149, -100));
                };
            };
        }
        return out;
    }

    /** Sets every attribute of {@code collection} ({@code size} instances) to columns of a kind. */
    static void fill(ModelCollection<?> collection, Kind kind, int size, long seed) {
        if (kind == Kind.SPECIALS) {
            HistogramColumns.fill(collection, size, seed);
            return;
        }
        long[] big = new long[size];
        int[] n = new int[size];
        short[] s = new short[size];
        byte[] b = new byte[size];
        boolean[] flag = new boolean[size];
        SplittableRandom random = new SplittableRandom(seed + 3);
        for (int i = 0; i < size; i++) {
            boolean least = kind == Kind.NEGATIVE_ZEROS;
            // Long.MAX_VALUE twice then Long.MIN_VALUE twice: the running sum passes 64 bits, the total does not.
            big[i] = least ? Long.MIN_VALUE : i / 4 * 4 + 4 <= size ? (i % 4 < 2 ? Long.MAX_VALUE : Long.MIN_VALUE)
                    : random.nextLong(-1L << 40, 1L << 40);
            n[i] = least ? Integer.MIN_VALUE : random.nextInt();
            s[i] = least ? Short.MIN_VALUE : (short) random.nextInt();
            b[i] = least ? Byte.MIN_VALUE : (byte) random.nextInt();
            flag[i] = !least && random.nextBoolean();
        }
        collection.set("v", doubles(kind, size, seed));
        collection.set("f", floats(kind, size, seed + 1));
        collection.set("big", big);
        collection.set("n", n);
        collection.set("s", s);
        collection.set("b", b);
        collection.set("flag", flag);
        collection.set("h", 0, doubles(kind, size, seed + 2));
        collection.set("h", 1, doubles(Kind.CANCEL, size, seed + 4));
    }
}
