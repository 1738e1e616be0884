package org.colony.runtime.migration;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** The ranks of {@code @Priority} values: their unsigned order is the values' numeric order, for every type. */
class PriorityRankTest {

    private static int compareRanks(long a, long b) {
        return Integer.signum(Long.compareUnsigned(a, b));
    }

    @Test
    void integerRanks_orderAsTheValues() {
        long[] values = {Long.MIN_VALUE, Integer.MIN_VALUE, -1000, -1, 0, 1, 127, Integer.MAX_VALUE, Long.MAX_VALUE};
        for (long a : values) {
            for (long b : values) {
                assertEquals(Long.signum(Long.compare(a, b)), compareRanks(Priority.rank(a), Priority.rank(b)),
                        a + " against " + b);
            }
        }
        assertEquals(Priority.rank(-3L), Priority.rank(new int[] {-3}, 0));
        assertEquals(Priority.rank(-3L), Priority.rank(new short[] {-3}, 0));
        assertEquals(Priority.rank(-3L), Priority.rank(new byte[] {-3}, 0));
        assertEquals(Priority.rank(-3L), Priority.rank(new long[] {-3}, 0));
    }

    @Test
    void floatingRanks_orderAsTheValues_negativeZeroIsZero_nanIsLowest() {
        double[] values = {Double.NEGATIVE_INFINITY, -Double.MAX_VALUE, -1.5, -Double.MIN_VALUE, -0.0, 0.0,
            Double.MIN_VALUE, 1.0, 1.0000000000000002, Double.MAX_VALUE, Double.POSITIVE_INFINITY};
        for (double a : values) {
            for (double b : values) {
                int expected = a < b ? -1 : a > b ? 1 : 0;
                assertEquals(expected, compareRanks(Priority.rank(a), Priority.rank(b)), a + " against " + b);
            }
            assertTrue(Long.compareUnsigned(Priority.rank(Double.NaN), Priority.rank(a)) < 0, "NaN below " + a);
        }
        assertEquals(Priority.rank(Double.NaN), Priority.rank(Double.longBitsToDouble(0xFFF8_0000_0000_0001L)),
                "every NaN ranks alike");
        assertEquals(Priority.rank(0.1f), Priority.rank(new float[] {0.1f}, 0));
        float[] floats = {Float.NEGATIVE_INFINITY, -Float.MAX_VALUE, -1.5f, -Float.MIN_VALUE, -0.0f, 0.0f,
            Float.MIN_VALUE, Float.MIN_NORMAL, 1.0f, Math.nextUp(1.0f), Float.MAX_VALUE, Float.POSITIVE_INFINITY};
        for (float a : floats) {
            for (float b : floats) {
                int expected = a < b ? -1 : a > b ? 1 : 0;
                assertEquals(expected, compareRanks(Priority.rank(a), Priority.rank(b)), a + " against " + b);
            }
            assertTrue(Long.compareUnsigned(Priority.rank(Float.NaN), Priority.rank(a)) < 0, "NaN below " + a);
        }
        SplittableRandom r = new SplittableRandom(3);
        for (int i = 0; i < 10_000; i++) {
            double a = Double.longBitsToDouble(r.nextLong());
            double b = Double.longBitsToDouble(r.nextLong());
            if (!Double.isNaN(a) && !Double.isNaN(b)) {
                int expected = a < b ? -1 : a > b ? 1 : 0;
                assertEquals(expected, compareRanks(Priority.rank(a), Priority.rank(b)), a + " against " + b);
            }
        }
    }

    @Test
    void theRankComesBeforeTheRandomPriority() {
        long[] dest = {5, 5, 5};
        long[] rank = {Priority.rank(1.0), Priority.rank(2.0), Priority.rank(2.0)};
        long[] priority = {-1L, 1L, 2L};
        long[] id = {0, 1, 2};
        boolean[] won = Resolver.resolve(dest, rank, priority, id, 3, g -> 1);
        assertEquals("[false, false, true]", java.util.Arrays.toString(won));
        won = Resolver.resolve(dest, null, priority, id, 3, g -> 1);
        assertEquals("[true, false, false]", java.util.Arrays.toString(won), "no rank: the random priority decides");
    }
}
