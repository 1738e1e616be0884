package org.colony.runtime.reduce;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class ExactSumTest {

    // ---- reference ---------------------------------------------------------------------------

    /** The exact sum of finite values. */
    private static BigDecimal exact(double... values) {
        BigDecimal s = BigDecimal.ZERO;
        for (double v : values) {
            s = s.add(new BigDecimal(v));
        }
        return s;
    }

    /**
     * The double nearest to {@code x}, ties to even, found by comparing with the neighbours of a candidate
     * (so the test does not rest on {@code BigDecimal.doubleValue} alone); an exact zero is +0.0.
     */
    private static double nearest(BigDecimal x) {
        if (x.signum() == 0) {
            return 0.0;
        }
        BigDecimal limit = new BigDecimal(Double.MAX_VALUE).add(new BigDecimal(Math.ulp(Double.MAX_VALUE)).divide(
                BigDecimal.valueOf(2)));
        if (x.abs().compareTo(limit) >= 0) {
            return x.signum() > 0 ? Double.POSITIVE_INFINITY : Double.NEGATIVE_INFINITY;
        }
        double best = x.doubleValue();
        if (Double.isInfinite(best)) {
            best = Math.copySign(Double.MAX_VALUE, best);
        }
        for (double c : new double[] {Math.nextDown(best), Math.nextUp(best)}) {
            if (Double.isInfinite(c)) {
                continue;
            }
            int cmp = distance(x, c).compareTo(distance(x, best));
            if (cmp < 0 || (cmp == 0 && (Double.doubleToRawLongBits(c) & 1) == 0)) {
                best = c;
            }
        }
        return best;
    }

    private static BigDecimal distance(BigDecimal x, double d) {
        return x.subtract(new BigDecimal(d)).abs();
    }

    private static double sum(double... values) {
        ExactSum s = new ExactSum();
        for (double v : values) {
            s.add(v);
        }
        return s.value();
    }

    private static void assertBits(double expected, double actual) {
        assertEquals(Double.doubleToRawLongBits(expected), Double.doubleToRawLongBits(actual),
                () -> "expected " + expected + " but was " + actual);
    }

    // ---- values ------------------------------------------------------------------------------

    @Test
    void cancellation_keepsTheSmallTerm() {
        assertBits(1.0, sum(1e300, 1.0, -1e300));
        assertBits(1e-300, sum(1e300, 1e-300, -1e300));
        assertBits(Double.MIN_VALUE, sum(Double.MAX_VALUE, Double.MIN_VALUE, -Double.MAX_VALUE));
        assertBits(nearest(exact(0.1, 0.2, -0.3)), sum(0.1, 0.2, -0.3));
        assertTrue(sum(0.1, 0.2, -0.3) != 0.1 + 0.2 - 0.3);
    }

    @Test
    void sumIsRoundedOnceToNearestEven() {
        // 1 + 2^-53 is exactly halfway between 1 and the next double: ties go to the even 1.0.
        assertBits(1.0, sum(1.0, 0x1.0p-53));
        // A little more than half an ulp rounds up, even though each term alone is below half an ulp.
        assertBits(Math.nextUp(1.0), sum(1.0, 0x1.0p-53, 0x1.0p-80));
        // Halfway between 1 + ulp (odd) and 1 + 2 ulp (even) goes up to the even one.
        assertBits(1.0 + 0x1.0p-51, sum(1.0, 0x1.0p-52, 0x1.0p-53));
        double[] tiny = new double[1000];
        Arrays.fill(tiny, 0x1.0p-60);
        double[] withOne = new double[1001];
        System.arraycopy(tiny, 0, withOne, 1, 1000);
        withOne[0] = 1.0;
        assertBits(nearest(exact(withOne)), sum(withOne));
        assertTrue(sum(withOne) > 1.0);
    }

    @Test
    void subnormals_addExactly() {
        assertBits(3 * Double.MIN_VALUE, sum(Double.MIN_VALUE, Double.MIN_VALUE, Double.MIN_VALUE));
        assertBits(Double.MIN_NORMAL, sum(Double.MIN_NORMAL - Double.MIN_VALUE, Double.MIN_VALUE));
        assertBits(-Double.MIN_VALUE, sum(Double.MIN_VALUE, -2 * Double.MIN_VALUE));
        double[] v = {0x1.fffffffffffffp-1023, 0x0.0000000000001p-1022, 1e-310, -3e-320};
        assertBits(nearest(exact(v)), sum(v));
    }

    @Test
    void hugeValues_overflowOnlyWhenTheExactSumDoes() {
        assertBits(Double.MAX_VALUE, sum(Double.MAX_VALUE, Double.MAX_VALUE, -Double.MAX_VALUE));
        assertBits(Double.POSITIVE_INFINITY, sum(Double.MAX_VALUE, Double.MAX_VALUE));
        assertBits(Double.NEGATIVE_INFINITY, sum(-Double.MAX_VALUE, -Double.MAX_VALUE));
        assertBits(Double.MAX_VALUE, sum(Double.MAX_VALUE, Math.ulp(Double.MAX_VALUE) / 4));
        // Exactly halfway to 2^1024 rounds (to even) to infinity, as IEEE 754 says.
        assertBits(Double.POSITIVE_INFINITY, sum(Double.MAX_VALUE, Math.ulp(Double.MAX_VALUE) / 2));
    }

    @ParameterizedTest(name = "seed {0}")
    @ValueSource(longs = {1, 2, 3, 4, 5, 6, 7, 8})
    void randomMixes_equalTheCorrectlyRoundedExactSum(long seed) {
        SplittableRandom random = new SplittableRandom(seed);
        for (int trial = 0; trial < 40; trial++) {
            double[] v = randomValues(random, 1 + random.nextInt(300));
            assertBits(nearest(exact(v)), sum(v));
        }
    }

    /** Values over the whole finite range: normal, subnormal, huge, tiny, both signs, and cancelling pairs. */
    private static double[] randomValues(SplittableRandom random, int n) {
        double[] v = new double[n];
        for (int i = 0; i < n; i++) {
            v[i] = switch (random.nextInt(6)) {
                case 0 -> Double.longBitsToDouble((long) random.nextInt(0x7FF) << 52 | random.nextLong(1L << 52))
                        * (random.nextBoolean() ? 1 : -1);
                case 1 -> Double.longBitsToDouble(random.nextLong(0x0010_0000_0000_0000L)) * (random.nextBoolean() ? 1 : -1);
                case 2 -> random.nextDouble(-1e6, 1e6);
                case 3 -> Math.scalb(random.nextDouble(), random.nextInt(-1074, 1000));
                case 4 -> i > 0 ? -v[random.nextInt(i)] : 1.0;
                default -> random.nextInt(-5, 6);
            };
        }
        return v;
    }

    @Test
    void order_doesNotMatter() {
        SplittableRandom random = new SplittableRandom(99);
        double[] v = randomValues(random, 500);
        double expected = sum(v);
        assertBits(nearest(exact(v)), expected);
        List<Double> list = new ArrayList<>();
        for (double d : v) {
            list.add(d);
        }
        Random shuffler = new Random(5);
        for (int round = 0; round < 20; round++) {
            Collections.shuffle(list, shuffler);
            ExactSum s = new ExactSum();
            for (double d : list) {
                s.add(d);
            }
            assertBits(expected, s.value());
        }
    }

    @Test
    void splitIntoPartsAndMerged_equalsTheWholeSum() {
        SplittableRandom random = new SplittableRandom(123);
        double[] v = randomValues(random, 400);
        double expected = sum(v);
        for (int parts = 1; parts <= 9; parts++) {
            ExactSum[] partial = new ExactSum[parts];
            for (int p = 0; p < parts; p++) {
                partial[p] = new ExactSum();
            }
            for (int i = 0; i < v.length; i++) {
                partial[random.nextInt(parts)].add(v[i]);
            }
            // Merge as a tree from the right, then the other way round.
            ExactSum left = new ExactSum();
            for (ExactSum p : partial) {
                left.add(p);
            }
            assertBits(expected, left.value());
            assertEquals(v.length, left.count());
            for (int p = parts - 2; p >= 0; p--) {
                partial[p].add(partial[p + 1]);
            }
            assertBits(expected, partial[0].value());
        }
    }

    @Test
    void value_canBeReadBetweenAdditions() {
        ExactSum s = new ExactSum();
        s.add(-5.0);
        assertBits(-5.0, s.value());
        s.add(2.5);
        assertBits(-2.5, s.value());
        s.add(2.5);
        assertBits(0.0, s.value());
        s.add(1e-320);
        assertBits(1e-320, s.value());
    }

    @Test
    void negativeTotals_mergeWithPositiveOnes() {
        ExactSum a = new ExactSum();
        a.add(-1e300);
        a.add(-7.0);
        ExactSum b = new ExactSum();
        b.add(1e300);
        b.add(0.5);
        a.add(b);
        assertBits(-6.5, a.value());
        ExactSum c = new ExactSum();
        c.add(-1e-300);
        ExactSum d = new ExactSum();
        d.add(-2e-300);
        c.add(d);
        assertBits(nearest(exact(-1e-300, -2e-300)), c.value());
    }

    @Test
    void floats_addExactlyAsDoubles() {
        ExactSum s = new ExactSum();
        s.add(0.1f);
        s.add(0.2f);
        s.add(-0.3f);
        assertBits(nearest(exact(0.1f, 0.2f, -0.3f)), s.value());
        assertEquals(3, s.count());
    }

    // ---- special values ----------------------------------------------------------------------

    @Test
    void nan_winsOverEverything() {
        assertBits(Double.NaN, sum(1.0, Double.NaN, 2.0));
        assertBits(Double.NaN, sum(Double.POSITIVE_INFINITY, Double.NaN));
        assertTrue(Double.isNaN(sum(Double.longBitsToDouble(0xFFF0_0000_0000_0001L))));
    }

    @Test
    void infinities_followIeee() {
        assertBits(Double.POSITIVE_INFINITY, sum(1.0, Double.POSITIVE_INFINITY, -Double.MAX_VALUE));
        assertBits(Double.NEGATIVE_INFINITY, sum(Double.NEGATIVE_INFINITY, Double.MAX_VALUE, Double.MAX_VALUE));
        assertBits(Double.POSITIVE_INFINITY, sum(Double.POSITIVE_INFINITY, Double.POSITIVE_INFINITY));
        assertBits(Double.NaN, sum(Double.POSITIVE_INFINITY, 5.0, Double.NEGATIVE_INFINITY));
    }

    @Test
    void zeros_haveTheSignIeeeGivesThem() {
        assertBits(0.0, new ExactSum().value());
        assertBits(-0.0, sum(-0.0));
        assertBits(-0.0, sum(-0.0, -0.0, -0.0));
        assertBits(0.0, sum(-0.0, 0.0));
        assertBits(0.0, sum(0.0, -0.0));
        assertBits(0.0, sum(1.0, -1.0));
        assertBits(0.0, sum(-1.0, 1.0, -0.0));
        assertBits(0.0, sum(Double.MIN_VALUE, -Double.MIN_VALUE));
    }

    @Test
    void merging_keepsSpecialValuesAndZeroSigns() {
        ExactSum negativeZero = new ExactSum();
        negativeZero.add(-0.0);
        ExactSum empty = new ExactSum();
        empty.add(negativeZero);
        assertBits(-0.0, empty.value());
        assertEquals(1, empty.count());

        ExactSum positiveZero = new ExactSum();
        positiveZero.add(0.0);
        negativeZero.add(positiveZero);
        assertBits(0.0, negativeZero.value());

        ExactSum nan = new ExactSum();
        nan.add(Double.NaN);
        ExactSum finite = new ExactSum();
        finite.add(3.0);
        finite.add(nan);
        assertBits(Double.NaN, finite.value());

        ExactSum plus = new ExactSum();
        plus.add(Double.POSITIVE_INFINITY);
        ExactSum minus = new ExactSum();
        minus.add(Double.NEGATIVE_INFINITY);
        ExactSum both = new ExactSum();
        both.add(plus);
        assertBits(Double.POSITIVE_INFINITY, both.value());
        both.add(minus);
        assertBits(Double.NaN, both.value());
    }

    /** Digits whose carries are still to propagate, negative words too, give the sum of the values they came from. */
    @Test
    void ofDigits_propagatesTheCarries() {
        long[] digits = new long[ExactSum.digits()];
        // 1.0 = 2^1074 units: digit 33 counts 2^1056, so 2^18 there; minus 2^-1074 (one unit) in digit 0.
        digits[33] = 1L << 18;
        digits[0] = -1;
        // 3 * 2^32 units in digit 0 and -3 in digit 1 cancel.
        digits[0] += 3L << 32;
        digits[1] = -3;
        ExactSum sum = ExactSum.ofDigits(digits, 8, 2);
        ExactSum expected = new ExactSum();
        expected.add(1.0);
        expected.add(-Double.MIN_VALUE);
        assertBits(expected.value(), sum.value());
        assertTrue(Arrays.equals(expected.state(), sum.state()), "the same digits, flags and count");
        assertBits(-0.0, ExactSum.ofDigits(new long[0], 0, 3).value());
        assertBits(Double.NaN, ExactSum.ofDigits(new long[] {5}, 1 | 8, 2).value());
    }
}
