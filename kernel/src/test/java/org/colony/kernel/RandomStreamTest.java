package org.colony.kernel;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class RandomStreamTest {

    private static final long SEED = 0x0123_4567_89AB_CDEFL;

    @Test
    void reset_repeatsTheSameDraws() {
        RandomStream r = new RandomStream(SEED, 5);
        r.reset(77);
        int[] first = new int[11];
        for (int i = 0; i < first.length; i++) {
            first[i] = r.nextInt();
        }
        r.reset(78);
        r.nextInt();
        r.reset(77);
        for (int i = 0; i < first.length; i++) {
            assertEquals(first[i], r.nextInt(), "word " + i);
        }
        RandomStream other = new RandomStream(SEED, 5);
        other.reset(77);
        assertEquals(first[0], other.nextInt());
    }

    @Test
    void nextInt_isTheDocumentedPhiloxWordOfSeedEpochInstanceAndDrawIndex() {
        long seed = 0xFEDC_BA98_7654_3210L;
        long epoch = 0x0000_1234_5678_9ABCL;
        long instance = 0x0000_ABCD_8765_4321L;
        RandomStream r = new RandomStream(seed, epoch);
        r.reset(instance);
        int[] block = new int[4];
        for (int k = 0; k < 13; k++) {
            Philox4x32.block(k / 4, (int) epoch, (int) instance, 0xABCD | 0x1234 << 16, (int) seed,
                    (int) (seed >>> 32), block);
            assertEquals(block[k % 4], r.nextInt(), "word " + k);
        }
    }

    @Test
    void differentInstancesEpochsAndSeeds_giveDifferentDraws() {
        long[][] streams = {{SEED, 0, 0}, {SEED, 0, 1}, {SEED, 1, 0}, {SEED + 1, 0, 0}, {SEED, 0, 1L << 32},
            {SEED, 1L << 32, 0}, {SEED, 0, 4}};
        long[] firsts = new long[streams.length];
        for (int i = 0; i < streams.length; i++) {
            RandomStream r = new RandomStream(streams[i][0], streams[i][1]);
            r.reset(streams[i][2]);
            firsts[i] = (r.nextInt() & 0xFFFF_FFFFL) << 32 | (r.nextInt() & 0xFFFF_FFFFL);
        }
        for (int i = 0; i < firsts.length; i++) {
            for (int j = i + 1; j < firsts.length; j++) {
                assertNotEquals(firsts[i], firsts[j], "streams " + i + " and " + j);
            }
        }
    }

    @Test
    void uniform_usesTwoWordsAsDocumented() {
        RandomStream r = new RandomStream(SEED, 3);
        RandomStream words = new RandomStream(SEED, 3);
        for (long id = 0; id < 100; id++) {
            r.reset(id);
            words.reset(id);
            for (int i = 0; i < 5; i++) {
                long a = words.nextInt() & 0xFFFF_FFFFL;
                long b = words.nextInt() & 0xFFFF_FFFFL;
                double expected = ((a << 21) ^ (b >>> 11)) * 0x1.0p-53;
                assertEquals(Double.doubleToRawLongBits(expected), Double.doubleToRawLongBits(r.uniform()));
            }
        }
    }

    @Test
    void uniform_liesInZeroToOneWithMeanOneHalf() {
        RandomStream r = new RandomStream(SEED, 0);
        int n = 100_000;
        double sum = 0;
        double min = 1;
        double max = 0;
        for (int i = 0; i < n; i++) {
            r.reset(i);
            double u = r.uniform();
            assertTrue(u >= 0 && u < 1, "draw " + u);
            sum += u;
            min = Math.min(min, u);
            max = Math.max(max, u);
        }
        assertEquals(0.5, sum / n, 0.005);
        assertTrue(min < 1e-3 && max > 1 - 1e-3, "min " + min + " max " + max);
    }

    @ParameterizedTest
    @ValueSource(ints = {2, 7, 10, 97})
    void uniformInt_isUniformOverItsRange(int bound) {
        RandomStream r = new RandomStream(SEED, 11);
        int n = 100_000;
        long[] counts = new long[bound];
        for (int i = 0; i < n; i++) {
            r.reset(i);
            int v = r.uniformInt(bound);
            assertTrue(v >= 0 && v < bound, "draw " + v);
            counts[v]++;
        }
        double expected = (double) n / bound;
        double chi2 = 0;
        for (long c : counts) {
            chi2 += (c - expected) * (c - expected) / expected;
        }
        // The 99.9% point of chi-square with k - 1 degrees of freedom is below k - 1 + 4.5 sqrt(2 (k - 1)) + 12.
        int dof = bound - 1;
        assertTrue(chi2 < dof + 4.5 * Math.sqrt(2.0 * dof) + 12, "chi-square " + chi2 + " with " + dof + " dof");
    }

    @Test
    void uniformInt_isLemiresMultiplyAndRejectOverTheWords() {
        // A bound just above 2^32 / 3 rejects about a third of the words, so the rejection path runs often.
        int[] bounds = {1, 3, 1_431_655_766, Integer.MAX_VALUE, 1 << 30};
        for (int bound : bounds) {
            RandomStream r = new RandomStream(SEED, 9);
            RandomStream words = new RandomStream(SEED, 9);
            for (long id = 0; id < 2000; id++) {
                r.reset(id);
                words.reset(id);
                for (int i = 0; i < 3; i++) {
                    assertEquals(lemire(words, bound), r.uniformInt(bound), "bound " + bound + " id " + id);
                }
            }
        }
    }

    /** Lemire (2019), Algorithm 5, written from the paper: the unbiased reference. */
    private static int lemire(RandomStream words, int bound) {
        long s = bound;
        long x = words.nextInt() & 0xFFFF_FFFFL;
        long m = x * s;
        long l = m & 0xFFFF_FFFFL;
        if (l < s) {
            long t = (1L << 32) % s;
            while (l < t) {
                x = words.nextInt() & 0xFFFF_FFFFL;
                m = x * s;
                l = m & 0xFFFF_FFFFL;
            }
        }
        return (int) (m >>> 32);
    }

    @ParameterizedTest
    @ValueSource(ints = {0, -1, Integer.MIN_VALUE})
    void uniformInt_rejectsNonPositiveBound(int bound) {
        RandomStream r = new RandomStream(SEED, 0);
        r.reset(0);
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> r.uniformInt(bound));
        assertEquals("uniformInt bound must be positive, was " + bound, e.getMessage());
    }

    @Test
    void normal_hasMeanZeroAndVarianceOne() {
        RandomStream r = new RandomStream(SEED, 4);
        int n = 100_000;
        double sum = 0;
        double sumSq = 0;
        double sumFourth = 0;
        for (int i = 0; i < n; i++) {
            r.reset(i);
            double v = r.normal();
            assertTrue(Double.isFinite(v), "draw " + v);
            sum += v;
            sumSq += v * v;
            sumFourth += v * v * v * v;
        }
        double mean = sum / n;
        double variance = sumSq / n - mean * mean;
        assertEquals(0, mean, 0.015);
        assertEquals(1, variance, 0.025);
        assertEquals(3, sumFourth / n, 0.15, "kurtosis");
    }

    @Test
    void normal_isBoxMullerOfTwoUniforms() {
        RandomStream r = new RandomStream(SEED, 6);
        RandomStream u = new RandomStream(SEED, 6);
        for (long id = 0; id < 1000; id++) {
            r.reset(id);
            u.reset(id);
            double a = u.uniform();
            double b = u.uniform();
            double expected = StrictMath.sqrt(-2.0 * StrictMath.log(1.0 - a)) * StrictMath.cos(2 * Math.PI * b);
            assertEquals(Double.doubleToRawLongBits(expected), Double.doubleToRawLongBits(r.normal()));
        }
    }
}
