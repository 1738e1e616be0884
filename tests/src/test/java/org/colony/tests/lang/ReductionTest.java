package org.colony.tests.lang;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigDecimal;
import java.util.SplittableRandom;
import org.colony.ColonyException;
import org.colony.runtime.Places;
import org.colony.runtime.Simulation;
import org.colony.runtime.grid.Grid;
import org.colony.runtime.reduce.Reduction;
import org.junit.jupiter.api.Test;

/** count(...) over predicate steps, sum/min/max/sumLong, and checksum(), the same at 1 and 3 threads. */
class ReductionTest {

    private static final int NX = 200;
    private static final int NY = 180;
    private static final int CELLS = NX * NY;

    /** Inputs with magnitudes from subnormal to 1e300, so that a naive sum in any order is wrong. */
    private static final class Inputs {
        final double[] v = new double[CELLS];
        final float[] f = new float[CELLS];
        final int[] n = new int[CELLS];
        final long[] big = new long[CELLS];
        final boolean[] flag = new boolean[CELLS];
        final short[] s = new short[CELLS];
        final byte[] b = new byte[CELLS];

        Inputs() {
            SplittableRandom r = new SplittableRandom(2024);
            for (int i = 0; i < CELLS; i++) {
                v[i] = switch (i % 5) {
                    case 0 -> r.nextDouble(-1, 1);
                    case 1 -> r.nextDouble(-1, 1) * 1e-310;
                    case 2 -> Math.scalb(r.nextDouble(), r.nextInt(-60, 60));
                    default -> 0.1 * r.nextInt(-9, 10);
                };
                f[i] = (float) Math.scalb(r.nextDouble(-1, 1), r.nextInt(-30, 30));
                n[i] = r.nextInt();
                big[i] = r.nextLong(-(1L << 46), 1L << 46);
                flag[i] = r.nextBoolean();
                s[i] = (short) r.nextInt();
                b[i] = (byte) r.nextInt();
            }
            // Huge values that cancel exactly, far apart in index order.
            v[17] = 1e300;
            v[CELLS - 3] = -1e300;
            v[CELLS / 2] = 3e200;
            v[CELLS / 3] = -3e200;
        }

        void load(Places<StatsCell> p) {
            p.set("v", v);
            p.set("f", f);
            p.set("n", n);
            p.set("big", big);
            p.set("flag", flag);
            p.set("s", s);
            p.set("b", b);
        }
    }

    private static double exactSum(double[] values) {
        BigDecimal s = BigDecimal.ZERO;
        for (double d : values) {
            s = s.add(new BigDecimal(d));
        }
        return s.doubleValue();
    }

    @Test
    void sums_areExactAndRoundedOnce_andEqualAtOneAndThreeThreads() {
        Inputs in = new Inputs();
        double expected = exactSum(in.v);
        double naive = 0;
        for (double d : in.v) {
            naive += d;
        }
        assertNotEquals(expected, naive, "the inputs must defeat a naive sum");
        double[] fAsDouble = new double[CELLS];
        for (int i = 0; i < CELLS; i++) {
            fAsDouble[i] = in.f[i];
        }
        long nSum = 0;
        long bigSum = 0;
        long flags = 0;
        long sSum = 0;
        long bSum = 0;
        for (int i = 0; i < CELLS; i++) {
            nSum += in.n[i];
            bigSum += in.big[i];
            flags += in.flag[i] ? 1 : 0;
            sSum += in.s[i];
            bSum += in.b[i];
        }
        for (int threads : new int[] {1, 3}) {
            try (Simulation sim = Lang.sim(threads)) {
                Places<StatsCell> p = sim.places(StatsCell.class, Grid.of(NX, NY));
                in.load(p);
                String at = threads + " threads";
                assertEquals(expected, p.sum("v"), 0.0, at);
                assertEquals(exactSum(fAsDouble), p.sum("f"), 0.0, at);
                assertEquals(nSum, p.sumLong("n"), at);
                assertEquals((double) nSum, p.sum("n"), 0.0, at);
                assertEquals(bigSum, p.sumLong("big"), at);
                assertEquals(flags, p.sumLong("flag"), at);
                assertEquals(sSum, p.sumLong("s"), at);
                assertEquals(bSum, p.sumLong("b"), at);
            }
        }
    }

    @Test
    void minAndMax_overEveryType() {
        Inputs in = new Inputs();
        try (Simulation sim = Lang.sim(3)) {
            Places<StatsCell> p = sim.places(StatsCell.class, Grid.of(NX, NY));
            in.load(p);
            double vMin = Double.POSITIVE_INFINITY;
            double vMax = Double.NEGATIVE_INFINITY;
            float fMin = Float.POSITIVE_INFINITY;
            float fMax = Float.NEGATIVE_INFINITY;
            long nMin = Long.MAX_VALUE;
            long nMax = Long.MIN_VALUE;
            long bigMin = Long.MAX_VALUE;
            long bigMax = Long.MIN_VALUE;
            long sMin = Long.MAX_VALUE;
            long bMax = Long.MIN_VALUE;
            for (int i = 0; i < CELLS; i++) {
                vMin = Math.min(vMin, in.v[i]);
                vMax = Math.max(vMax, in.v[i]);
                fMin = Math.min(fMin, in.f[i]);
                fMax = Math.max(fMax, in.f[i]);
                nMin = Math.min(nMin, in.n[i]);
                nMax = Math.max(nMax, in.n[i]);
                bigMin = Math.min(bigMin, in.big[i]);
                bigMax = Math.max(bigMax, in.big[i]);
                sMin = Math.min(sMin, in.s[i]);
                bMax = Math.max(bMax, in.b[i]);
            }
            assertEquals(vMin, p.min("v"), 0.0);
            assertEquals(vMax, p.max("v"), 0.0);
            assertEquals(fMin, p.min("f"), 0.0);
            assertEquals(fMax, p.max("f"), 0.0);
            assertEquals(nMin, p.min("n"), 0.0);
            assertEquals(nMax, p.max("n"), 0.0);
            Reduction big = p.reduce("big");
            assertEquals(bigMin, big.longMin());
            assertEquals(bigMax, big.longMax());
            assertEquals(CELLS, big.count());
            assertEquals(sMin, p.reduce("s").longMin());
            assertEquals(bMax, p.reduce("b").longMax());
            assertEquals(0, p.min("flag"), 0.0);
            assertEquals(1, p.max("flag"), 0.0);
        }
    }

    @Test
    void specialValues_followIeeeAndJavaMinMax() {
        try (Simulation sim = Lang.sim(1)) {
            Places<StatsCell> p = sim.places(StatsCell.class, Grid.of(4));
            p.set("v", new double[] {-0.0, -0.0, -0.0, -0.0});
            assertEquals(Double.doubleToRawLongBits(-0.0), Double.doubleToRawLongBits(p.sum("v")));
            p.set("v", new double[] {-0.0, 0.0, -0.0, -0.0});
            assertEquals(Double.doubleToRawLongBits(0.0), Double.doubleToRawLongBits(p.sum("v")));
            assertEquals(Double.doubleToRawLongBits(-0.0), Double.doubleToRawLongBits(p.min("v")));
            assertEquals(Double.doubleToRawLongBits(0.0), Double.doubleToRawLongBits(p.max("v")));
            p.set("v", new double[] {1, Double.NaN, 2, 3});
            assertTrue(Double.isNaN(p.sum("v")));
            assertTrue(Double.isNaN(p.min("v")));
            assertTrue(Double.isNaN(p.max("v")));
            p.set("v", new double[] {1, Double.POSITIVE_INFINITY, Double.MAX_VALUE, 3});
            assertEquals(Double.POSITIVE_INFINITY, p.sum("v"));
            p.set("v", new double[] {Double.MAX_VALUE, Double.MAX_VALUE, -Double.MAX_VALUE, 0});
            assertEquals(Double.MAX_VALUE, p.sum("v"));
        }
    }

    @Test
    void sumLong_misuseAndOverflow_areRejectedInOneLine() {
        try (Simulation sim = Lang.sim(1)) {
            Places<StatsCell> p = sim.places(StatsCell.class, Grid.of(3));
            assertEquals("attribute StatsCell.v is floating point; use sum",
                    assertThrows(ColonyException.class, () -> p.sumLong("v")).getMessage());
            p.set("big", new long[] {Long.MAX_VALUE, 1, 0});
            assertEquals("the sum of StatsCell.big overflows 64 bits",
                    assertThrows(ColonyException.class, () -> p.sumLong("big")).getMessage());
            p.set("big", new long[] {Long.MAX_VALUE, 1, -2});
            assertEquals(Long.MAX_VALUE - 1, p.sumLong("big"));
        }
    }

    @Test
    void sumLong_thatFitsIn64Bits_isExactWhateverPartialSumsOverflowAndThreads() {
        long[] big = new long[CELLS];
        big[0] = Long.MAX_VALUE;
        big[1] = Long.MAX_VALUE;
        big[CELLS / 2] = Long.MIN_VALUE;
        big[CELLS - 2] = -Long.MAX_VALUE;
        big[CELLS - 1] = -Long.MAX_VALUE + 5;
        long expected = Long.MIN_VALUE + 5; // exact: MAX + MAX + MIN - MAX - MAX + 5
        for (int threads : new int[] {1, 3}) {
            try (Simulation sim = Lang.sim(threads)) {
                Places<StatsCell> p = sim.places(StatsCell.class, Grid.of(NX, NY));
                p.set("big", big);
                assertEquals(expected, p.sumLong("big"), threads + " threads");
                assertEquals((double) expected, p.sum("big"), 0.0, threads + " threads");
                big[7] = -6; // one below Long.MIN_VALUE
                p.set("big", big);
                assertEquals("the sum of StatsCell.big overflows 64 bits",
                        assertThrows(ColonyException.class, () -> p.sumLong("big")).getMessage(), threads + " threads");
                big[7] = 0;
            }
        }
    }

    @Test
    void count_overPredicateSteps_matchesReferenceAtOneAndThreeThreads() {
        Inputs in = new Inputs();
        long positive = 0;
        long flaggedAbove = 0;
        long inBand = 0;
        for (int i = 0; i < CELLS; i++) {
            positive += in.v[i] > 0 ? 1 : 0;
            flaggedAbove += in.v[i] > 0.25 && in.flag[i] ? 1 : 0;
            inBand += in.n[i] >= -(1 << 30) && in.n[i] <= 12345 ? 1 : 0;
        }
        for (int threads : new int[] {1, 3}) {
            try (Simulation sim = Lang.sim(threads)) {
                Places<StatsCell> p = sim.places(StatsCell.class, Grid.of(NX, NY));
                in.load(p);
                assertEquals(positive, p.count(StatsCell::positive));
                assertEquals(flaggedAbove, p.count(StatsCell::flaggedAbove, 0.25));
                assertEquals(inBand, p.count(StatsCell::inBand, -(1 << 30), 12345));
                assertEquals(positive, p.count("positive"));
                assertEquals(0, sim.epoch(), "counts of predicates that draw nothing leave the random streams alone");
            }
        }
    }

    @Test
    void checksum_isEqualAcrossThreadCounts_andFollowsTheState() {
        Inputs in = new Inputs();
        String[] sums = new String[3];
        for (int threads = 1; threads <= 3; threads++) {
            try (Simulation sim = Lang.sim(threads)) {
                Places<StatsCell> p = sim.places(StatsCell.class, Grid.of(NX, NY));
                String empty = p.checksum();
                in.load(p);
                assertNotEquals(empty, p.checksum());
                for (int t = 0; t < 3; t++) {
                    p.callAll(StatsCell::settle);
                }
                sums[threads - 1] = p.checksum();
                assertEquals(16, sums[threads - 1].length());
                p.set("b", new byte[CELLS]);
                assertNotEquals(sums[threads - 1], p.checksum());
            }
        }
        assertEquals(sums[0], sums[1]);
        assertEquals(sums[0], sums[2]);
    }
}
