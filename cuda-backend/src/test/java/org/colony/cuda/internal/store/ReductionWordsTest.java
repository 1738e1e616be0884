package org.colony.cuda.internal.store;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.lang.reflect.Array;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.colony.ColonyException;
import org.colony.kernel.ScalarType;
import org.colony.runtime.reduce.ColumnAccumulator;
import org.colony.runtime.reduce.ExactSum;
import org.colony.runtime.reduce.Reduction;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The partial ReductionWords makes of the words {@code colony_reduce} leaves is the one {@link ColumnAccumulator#addRow}
 * makes of the same values, state for state: the words are built here as the kernel builds them (a Java copy of its
 * arithmetic, split between threads and blocks in several ways), from adversarial columns of every type.
 */
class ReductionWordsTest {

    /** Java's copy of colony_reduce: values dealt to threads grid-stride, threads' digits into blocks', into words. */
    private static long[] kernelWords(Object column, int blocks, int threads) {
        ScalarType type = typeOf(column);
        int n = Array.getLength(column);
        long[] out = new long[ReductionWords.WORDS];
        int stride = blocks * threads;
        for (int b = 0; b < blocks; b++) {
            long[] shared = new long[ReductionWords.DIGITS];
            for (int t = 0; t < threads; t++) {
                int at = 0;
                long a0 = 0;
                long a1 = 0;
                long a2 = 0;
                for (int i = b * threads + t; i < n; i += stride) {
                    long key;
                    if (!type.isFloating()) {
                        long v = integral(column, i);
                        key = v ^ Long.MIN_VALUE;
                        a0 += v & 0xFFFF_FFFFL;
                        a1 += v >> 32;
                        keep(out, key);
                        continue;
                    }
                    long bits = Double.doubleToRawLongBits(type == ScalarType.FLOAT ? (double) ((float[]) column)[i]
                            : ((double[]) column)[i]);
                    long magnitude = bits & Long.MAX_VALUE;
                    if (magnitude > 0x7FF0_0000_0000_0000L) {
                        out[ReductionWords.FLAGS] |= 1;
                        continue;
                    }
                    keep(out, bits < 0 ? ~bits : bits | Long.MIN_VALUE);
                    if (magnitude == 0x7FF0_0000_0000_0000L) {
                        out[ReductionWords.FLAGS] |= bits < 0 ? 4 : 2;
                        continue;
                    }
                    if (bits != Long.MIN_VALUE) {
                        out[ReductionWords.FLAGS] |= 8;
                    }
                    if (magnitude == 0) {
                        continue;
                    }
                    int exponent = (int) (magnitude >>> 52);
                    long mantissa = magnitude & 0xF_FFFF_FFFF_FFFFL;
                    int shift = 0;
                    if (exponent != 0) {
                        mantissa |= 1L << 52;
                        shift = exponent - 1;
                    }
                    int index = shift >> 5;
                    int offset = shift & 31;
                    long low = (mantissa << offset) & 0xFFFF_FFFFL;
                    long mid = (mantissa >>> (32 - offset)) & 0xFFFF_FFFFL;
                    long high = offset == 0 ? 0 : mantissa >>> (64 - offset);
                    if (index != at) {
                        flush(shared, at, a0, a1, a2);
                        at = index;
                        a0 = 0;
                        a1 = 0;
                        a2 = 0;
                    }
                    if (bits < 0) {
                        a0 -= low;
                        a1 -= mid;
                        a2 -= high;
                    } else {
                        a0 += low;
                        a1 += mid;
                        a2 += high;
                    }
                }
                flush(shared, at, a0, a1, a2);
            }
            for (int d = 0; d < shared.length; d++) {
                out[d] += shared[d];
            }
        }
        return out;
    }

    /** atomicMax of ~key and key, unsigned, as the warps' leaders do. */
    private static void keep(long[] out, long key) {
        if (Long.compareUnsigned(~key, out[ReductionWords.LEAST]) > 0) {
            out[ReductionWords.LEAST] = ~key;
        }
        if (Long.compareUnsigned(key, out[ReductionWords.GREATEST]) > 0) {
            out[ReductionWords.GREATEST] = key;
        }
    }

    private static void flush(long[] digits, int at, long a0, long a1, long a2) {
        digits[at] += a0;
        digits[at + 1] += a1;
        digits[at + 2] += a2;
    }

    private static long integral(Object column, int i) {
        return switch (column) {
            case boolean[] c -> c[i] ? 1 : 0;
            case byte[] c -> c[i];
            case short[] c -> c[i];
            case int[] c -> c[i];
            case long[] c -> c[i];
            default -> throw new IllegalArgumentException(column.getClass().toString());
        };
    }

    private static ScalarType typeOf(Object column) {
        for (ScalarType t : ScalarType.values()) {
            if (t.primitive() == column.getClass().componentType()) {
                return t;
            }
        }
        throw new IllegalArgumentException(column.getClass().toString());
    }

    /** {@return the column's type, length and first values, for messages} */
    private static String describe(Object column) {
        int n = Array.getLength(column);
        StringBuilder out = new StringBuilder(typeOf(column) + "[" + n + "] {");
        for (int i = 0; i < Math.min(n, 4); i++) {
            out.append(i == 0 ? "" : ", ").append(Array.get(column, i));
        }
        return out.append(n > 4 ? ", ...}" : "}").toString();
    }

    private static ColumnAccumulator cpu(Object column, int from, int to) {
        ColumnAccumulator c = new ColumnAccumulator();
        c.addRow(column, from, to);
        return c;
    }

    private static ColumnAccumulator device(Object column, int blocks, int threads) {
        return ReductionWords.accumulator(typeOf(column), Array.getLength(column), kernelWords(column, blocks,
                threads));
    }

    /** The states are the same word for word, but for the bits of a NaN minimum or maximum. */
    private static void assertSameState(ColumnAccumulator expected, ColumnAccumulator actual, String what) {
        long[] e = expected.state();
        long[] a = actual.state();
        assertEquals(e.length, a.length, what);
        int min = ExactSum.stateLength() + 2; // then longSum, longHigh, min, max, longMin, longMax, count
        for (int i = 0; i < e.length; i++) {
            if (i == min || i == min + 1) {
                assertEquals(0, Double.compare(Double.longBitsToDouble(e[i]), Double.longBitsToDouble(a[i])),
                        what + " word " + i);
            } else {
                assertEquals(e[i], a[i], what + " word " + i);
            }
        }
    }

    private static void assertSameResult(ScalarType type, ColumnAccumulator expected, ColumnAccumulator actual,
            String what) {
        Reduction e = expected.result(type, what);
        Reduction a = actual.result(type, what);
        assertEquals(e, a, what);
        assertEquals(Double.doubleToRawLongBits(e.sum()), Double.doubleToRawLongBits(a.sum()), what + " sum bits");
    }

    /** Doubles that cancel across 600 binary orders, with NaN, infinities and signed zeros mixed in as asked. */
    private static List<double[]> doubleColumns() {
        SplittableRandom random = new SplittableRandom(17);
        double[] wide = new double[3000];
        for (int i = 0; i < wide.length; i++) {
            double m = random.nextDouble(-1, 1);
            wide[i] = switch (i % 5) {
                case 0 -> m * 1e308;
                case 1 -> -wide[i - 1];
                case 2 -> m * 1e-300;
                case 3 -> Double.longBitsToDouble(random.nextLong(1, 1L << 52)) * (m < 0 ? -1 : 1); // subnormal
                default -> Math.scalb(m, random.nextInt(-1074, 1024));
            };
        }
        return List.of(new double[0], new double[] {-0.0}, new double[] {-0.0, -0.0, -0.0}, new double[] {-0.0, 0.0},
                new double[] {0.0}, new double[] {1e308, -1e308, 1e-300}, new double[] {1e308, 1e308, -1e308},
                new double[] {Double.MAX_VALUE, Double.MAX_VALUE}, new double[] {-Double.MAX_VALUE, -Double.MAX_VALUE},
                new double[] {Double.MIN_VALUE, -Double.MIN_VALUE, Double.MIN_VALUE},
                new double[] {Double.NaN, 1.0, -0.0}, new double[] {Double.NaN},
                new double[] {Double.POSITIVE_INFINITY, -1e308, 3.0},
                new double[] {Double.NEGATIVE_INFINITY, 1e308, -0.0},
                new double[] {Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY},
                new double[] {0.1, 0.2, 0.3, -0.6, 1.0 / 3, Math.ulp(1.0) / 2, 1.0}, wide);
    }

    /** Every type's columns: the doubles above, and integral ones whose partial sums pass 64 bits or not. */
    private static List<Object> columns() {
        List<Object> out = new ArrayList<>(doubleColumns());
        for (double[] d : doubleColumns()) {
            float[] f = new float[d.length];
            for (int i = 0; i < d.length; i++) {
                f[i] = (float) d[i];
            }
            out.add(f);
        }
        out.add(new float[] {Float.MIN_VALUE, -Float.MIN_VALUE * 3, Float.MAX_VALUE, -0.0f, 0x1p-130f});
        SplittableRandom random = new SplittableRandom(5);
        long[] big = new long[1000];
        for (int i = 0; i < big.length; i++) {
            big[i] = i < 4 ? new long[] {Long.MIN_VALUE, Long.MAX_VALUE, -1, 1L << 62}[i] : random.nextLong();
        }
        int[] ints = random.ints(1000).toArray();
        ints[0] = Integer.MIN_VALUE;
        ints[1] = Integer.MAX_VALUE;
        short[] shorts = new short[1000];
        byte[] bytes = new byte[1000];
        boolean[] flags = new boolean[1000];
        for (int i = 0; i < 1000; i++) {
            shorts[i] = (short) big[i];
            bytes[i] = (byte) big[i];
            flags[i] = random.nextBoolean();
        }
        out.addAll(List.of(big, new long[] {Long.MAX_VALUE, Long.MAX_VALUE, Long.MIN_VALUE, Long.MIN_VALUE, -5},
                new long[] {Long.MIN_VALUE, Long.MIN_VALUE}, new long[0], new long[] {-7}, ints, new int[0], shorts,
                new short[] {Short.MIN_VALUE}, bytes, new byte[0], flags, new boolean[] {false}, new boolean[0]));
        return out;
    }

    @ParameterizedTest(name = "{0} blocks")
    @ValueSource(ints = {1, 3, 16})
    void wordsOfEveryColumn_giveTheCpusPartial(int blocks) {
        for (Object column : columns()) {
            String what = describe(column);
            for (int threads : new int[] {1, 7, 32}) {
                assertSameState(cpu(column, 0, Array.getLength(column)), device(column, blocks, threads),
                        what + " " + blocks + "x" + threads);
            }
        }
    }

    /** The results, sum bits and all, and with the extremes a partial gives without its sum. */
    @Test
    void results_areTheCpus_includingSignedZeroInfinityAndNan() {
        for (Object column : columns()) {
            ScalarType type = typeOf(column);
            ColumnAccumulator expected = cpu(column, 0, Array.getLength(column));
            ColumnAccumulator actual = device(column, 2, 5);
            assertEquals(expected.extremes(type), actual.extremes(type), describe(column));
            if (type == ScalarType.LONG && overflows(expected)) {
                ColonyException e = assertThrows(ColonyException.class, () -> actual.result(type, "big"));
                assertTrue(e.getMessage().contains("overflows"), e.getMessage());
                continue;
            }
            if (type.isFloating()) {
                assertSameResult(type, expected, actual, describe(column));
            } else {
                assertEquals(expected.result(type, "x"), actual.result(type, "x"), describe(column));
            }
        }
        assertEquals(-0.0, device(new double[] {-0.0, -0.0}, 1, 2).result(ScalarType.DOUBLE, "z").sum());
        assertEquals(Double.POSITIVE_INFINITY, device(new double[] {Double.MAX_VALUE, Double.MAX_VALUE}, 2, 1)
                .result(ScalarType.DOUBLE, "m").sum());
        assertEquals(1e-300, device(new double[] {1e308, 1e-300, -1e308}, 3, 1).result(ScalarType.DOUBLE, "c").sum());
    }

    private static boolean overflows(ColumnAccumulator c) {
        try {
            c.result(ScalarType.LONG, "x");
            return false;
        } catch (ColonyException e) {
            return true;
        }
    }

    /** Partitions' device partials merged are the CPU's partial of the whole column, whatever the cut. */
    @Test
    void mergedPartials_areTheWholeColumns() {
        SplittableRandom random = new SplittableRandom(3);
        for (Object column : columns()) {
            int n = Array.getLength(column);
            int cut = n == 0 ? 0 : random.nextInt(n + 1);
            Object first = Array.newInstance(column.getClass().componentType(), cut);
            Object second = Array.newInstance(column.getClass().componentType(), n - cut);
            System.arraycopy(column, 0, first, 0, cut);
            System.arraycopy(column, cut, second, 0, n - cut);
            ColumnAccumulator merged = device(second, 4, 3);
            merged.merge(device(first, 1, 9));
            ColumnAccumulator expected = cpu(column, 0, cut);
            expected.merge(cpu(column, cut, n));
            assertSameState(expected, merged, describe(column) + " cut at " + cut + " of " + n);
        }
    }

    @Test
    void kernelsWords_areTheOnesReductionWordsReads() throws IOException {
        String source;
        try (InputStream in = ReductionWordsTest.class.getResourceAsStream("/org/colony/cuda/support.cu")) {
            source = new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
        Matcher digits = Pattern.compile("#define COLONY_SUM_DIGITS (\\d+)").matcher(source);
        assertTrue(digits.find(), "support.cu defines COLONY_SUM_DIGITS");
        assertEquals(ExactSum.digits(), Integer.parseInt(digits.group(1)));
        assertArrayEquals(new long[] {ReductionWords.DIGITS, ReductionWords.DIGITS + 1, ReductionWords.DIGITS + 2},
                new long[] {ReductionWords.LEAST, ReductionWords.GREATEST, ReductionWords.FLAGS});
    }
}
