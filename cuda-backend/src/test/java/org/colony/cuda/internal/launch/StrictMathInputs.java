package org.colony.cuda.internal.launch;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

/**
 * Arguments on which the tests compare {@code fdlibm.cuh} with {@code StrictMath}: the hard cases of every function
 * (signed zeros, subnormals, NaNs with payloads, infinities, overflow and underflow thresholds, exact powers,
 * {@code pow}'s special cases, multiples of pi/2 and pi/4 up to 1e308, both sides of every switch point of the
 * algorithms), then random ones: a third random bit patterns over the whole double range, a third random
 * magnitudes (a random exponent), a third arguments of ordinary size for the function.
 */
final class StrictMathInputs {

    /**
     * The high words at which fdlibm's algorithms switch branch (thresholds of |x|, of the reduction, of the
     * polynomials), gathered from the functions' sources.
     */
    private static final int[] SWITCH_HIGH_WORDS = {
        0x3e400000, 0x3e300000, 0x3e200000, 0x3c900000, 0x3c800000, 0x3c600000, 0x3fd33333, 0x3fe90000, 0x3fe921fb,
        0x3fe59428, 0x4002d97c, 0x413921fb, 0x3ff921fb, 0x3ff00000, 0x3fe00000, 0x3fef3333, 0x44100000, 0x3fdc0000,
        0x3ff30000, 0x3fe60000, 0x40038000, 0x40862e42, 0x3fd62e42, 0x3ff0a2b2, 0x4043687a, 0x3fda827a, 0xbfd2bec3,
        0x43400000, 0x40360000, 0x408633ce, 0x3fd62e43, 0x00100000, 0x7fe00000, 0x7ff00000, 0x41e00000, 0x43300000,
        0x3fefffff, 0x3ff00001, 0x3ff6a09e, 0x3ff3988e, 0x3ffbb67a, 0x40900000, 0x4090cc00, 0x5f300000, 0x20b00000,
        0x3fe6a09e, 0x3ff6a09f,
    };

    private StrictMathInputs() {
    }

    /** Arguments for {@code f}: the hard cases, then random ones up to {@code n} pairs ({@code y} unused by unary). */
    static double[][] of(StrictMathFunction f, int n, long seed) {
        List<double[]> hard = hard(f);
        int count = Math.max(n, hard.size());
        double[] x = new double[count];
        double[] y = new double[count];
        for (int i = 0; i < hard.size(); i++) {
            x[i] = hard.get(i)[0];
            y[i] = hard.get(i)[1];
        }
        fillRandom(f, x, y, hard.size(), count, seed);
        return new double[][] {x, y};
    }

    /** Random arguments for {@code f} into {@code x[from..to)} and {@code y[from..to)}. */
    static void fillRandom(StrictMathFunction f, double[] x, double[] y, int from, int to, long seed) {
        SplittableRandom r = new SplittableRandom(seed);
        for (int i = from; i < to; i++) {
            switch (i % 3) {
                case 0 -> {
                    x[i] = Double.longBitsToDouble(r.nextLong());
                    y[i] = Double.longBitsToDouble(r.nextLong());
                }
                case 1 -> {
                    x[i] = randomMagnitude(r);
                    y[i] = randomMagnitude(r);
                }
                default -> {
                    x[i] = ordinary(f, r);
                    y[i] = ordinarySecond(f, r);
                }
            }
        }
    }

    /** A double of random sign, random exponent (subnormals included) and random significand. */
    private static double randomMagnitude(SplittableRandom r) {
        long bits = r.nextLong() & 0x800FFFFFFFFFFFFFL;
        long exponent = r.nextInt(0, 0x7ff);
        return Double.longBitsToDouble(bits | exponent << 52);
    }

    /** An argument of the size models use. */
    static double ordinary(StrictMathFunction f, SplittableRandom r) {
        return switch (f) {
            case EXP -> r.nextDouble(-745.2, 709.8);
            case EXPM1 -> r.nextBoolean() ? r.nextDouble(-40, 710) : r.nextDouble(-1, 1);
            case LOG, LOG10 -> r.nextBoolean() ? r.nextDouble(0, 1000) : r.nextDouble(0.5, 2);
            case LOG1P -> r.nextBoolean() ? r.nextDouble(-1, 1) : r.nextDouble(-1, 1e6);
            case POW -> r.nextDouble(0, 10);
            case SIN, COS, TAN -> r.nextBoolean() ? r.nextDouble(-10, 10) : r.nextDouble(-1e6, 1e6);
            case ASIN, ACOS, BOX_MULLER -> r.nextDouble(-1, 1);
            case ATAN, ATAN2, HYPOT -> r.nextDouble(-100, 100);
            case SINH, COSH, TANH -> r.nextDouble(-30, 30);
            case CBRT -> r.nextDouble(-1e6, 1e6);
        };
    }

    private static double ordinarySecond(StrictMathFunction f, SplittableRandom r) {
        return switch (f) {
            case POW -> r.nextBoolean() ? r.nextDouble(-20, 20) : r.nextInt(-30, 30);
            case ATAN2, HYPOT -> r.nextDouble(-100, 100);
            case BOX_MULLER -> r.nextDouble(0, 1);
            default -> 0;
        };
    }

    /** The hard cases of {@code f}, as (x, y) pairs. */
    static List<double[]> hard(StrictMathFunction f) {
        List<Double> singles = singles();
        List<double[]> pairs = new ArrayList<>();
        if (f.arity() == 1) {
            for (double v : singles) {
                pairs.add(new double[] {v, 0});
            }
            return pairs;
        }
        List<Double> special = specials();
        for (double a : special) {
            for (double b : special) {
                pairs.add(new double[] {a, b});
            }
        }
        SplittableRandom r = new SplittableRandom(f.ordinal());
        for (double v : singles) {
            pairs.add(new double[] {v, special.get(r.nextInt(special.size()))});
            pairs.add(new double[] {special.get(r.nextInt(special.size())), v});
        }
        switch (f) {
            case POW -> pow(pairs, r);
            case ATAN2, HYPOT -> {
                for (int e = -1074; e <= 1023; e += 7) {
                    for (int d : new int[] {-62, -61, -60, -59, -1, 0, 1, 59, 60, 61, 62, 500, -500, 600, -600}) {
                        double a = Math.scalb(1.0 + r.nextDouble(), e);
                        double b = Math.scalb(1.0 + r.nextDouble(), e + d);
                        pairs.add(new double[] {a, b});
                        pairs.add(new double[] {-b, a});
                    }
                }
            }
            case BOX_MULLER -> {
                for (double u : new double[] {0, 0x1p-53, 0.5, 1 - 0x1p-53, 0.25, 0.75}) {
                    for (int k = 0; k < 1 << 12; k++) {
                        pairs.add(new double[] {u, k * 0x1p-12});
                        pairs.add(new double[] {k * 0x1p-12, u});
                    }
                }
            }
            default -> {
            }
        }
        return pairs;
    }

    /** pow's special cases (Math.pow's javadoc) and the edges of its overflow, underflow and |y| > 2^31 branches. */
    private static void pow(List<double[]> pairs, SplittableRandom r) {
        double[] xs = {0.0, -0.0, 1.0, -1.0, 2.0, -2.0, 0.5, -0.5, 3.0, -3.0, 10.0, -10.0, Double.MIN_VALUE,
            -Double.MIN_VALUE, Double.MAX_VALUE, -Double.MAX_VALUE, Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY,
            Double.NaN, Math.nextUp(1.0), Math.nextDown(1.0), -Math.nextUp(1.0), 0x1.fffffp-1, 0x1.00001p0};
        double[] ys = {0.0, -0.0, 0.5, -0.5, 1.0, -1.0, 2.0, -2.0, 3.0, -3.0, 1e300, -1e300, 0x1p53, 0x1p53 + 2,
            0x1p52 + 1, -(0x1p52 + 1), 0x1p31, 0x1p31 + 1, -0x1p31, 0x1.00000ffffffffp31, 0x1.00001p31, 1023.0,
            1024.0, -1074.0, -1075.0, -1022.0, Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY, Double.NaN,
            Double.MIN_VALUE, 0.3333333333333333, 1.5, -1.5, 7.0, -7.0};
        for (double x : xs) {
            for (double y : ys) {
                pairs.add(new double[] {x, y});
            }
        }
        for (int k = 0; k < 20_000; k++) {
            // results near the overflow and underflow thresholds, subnormal results included
            double x = r.nextDouble(1.0001, 16);
            double y = (r.nextBoolean() ? 1024 : -1075 + r.nextDouble(0, 55)) / (Math.log(x) / Math.log(2));
            y = Math.scalb(Math.rint(Math.scalb(y, 20)), -20) + (r.nextBoolean() ? 0 : Math.ulp(y) * r.nextInt(-4, 5));
            pairs.add(new double[] {x, y});
            pairs.add(new double[] {-x, Math.rint(y)});
            pairs.add(new double[] {1 / x, -y});
            // |y| > 2^31 with x near 1
            pairs.add(new double[] {1 + r.nextDouble(-0x1p-20, 0x1p-20), r.nextDouble(0x1p31, 0x1p40)
                * (r.nextBoolean() ? 1 : -1)});
        }
    }

    /** The values two-argument functions cross with each other. */
    private static List<Double> specials() {
        List<Double> v = new ArrayList<>();
        for (double d : new double[] {0.0, 1.0, 0.5, 2.0, 3.0, Math.PI, Math.PI / 2, Double.MIN_VALUE,
            Double.MIN_NORMAL, Double.MAX_VALUE, Double.POSITIVE_INFINITY, 1e-300, 1e300, 0x1p-1022 * 0.75}) {
            v.add(d);
            v.add(-d);
        }
        v.add(Double.NaN);
        v.add(Double.longBitsToDouble(0xfff0000000000001L));
        return v;
    }

    /** The single arguments every function gets. */
    static List<Double> singles() {
        List<Double> v = new ArrayList<>();
        for (long bits : new long[] {0x7ff0000000000001L, 0x7ff8000000000000L, 0xfff8000000000000L,
            0x7fffffffffffffffL, 0xffffffffffffffffL, 0x7ff4000000000000L, 0x7ff0000000000000L, 0xfff0000000000000L,
            0x0000000000000001L, 0x000fffffffffffffL, 0x0010000000000000L, 0x7fefffffffffffffL}) {
            both(v, Double.longBitsToDouble(bits));
        }
        for (int e = -1074; e <= 1023; e++) { // exact powers of two and their neighbours
            double p = Math.scalb(1.0, e);
            both(v, p);
            both(v, Math.nextUp(p));
            both(v, Math.nextDown(p));
        }
        for (int k = -40; k <= 40; k++) {
            both(v, k);
            both(v, k + 0.5);
            both(v, Math.pow(10, k));
        }
        for (int w : SWITCH_HIGH_WORDS) { // both sides of every switch point
            double at = Double.longBitsToDouble((long) w << 32);
            both(v, at);
            both(v, Math.nextDown(at));
            both(v, Math.nextUp(at));
            both(v, Double.longBitsToDouble((long) w << 32 | 0xFFFFFFFFL));
            both(v, Double.longBitsToDouble((long) (w + 1) << 32));
        }
        for (double t : new double[] {709.782712893384, 0x1.62e42fefa39efp9, -0x1.74910d52d3051p9, -745.1332191019412,
            0x1.633ce8fb9f87dp9, 710.4758600739439, 22.0, 0x1.0p-28, 56 * 0.6931471805599453, 0.5 * 0.6931471805599453,
            1.5 * 0.6931471805599453, 0.6744, 0.975, 0.4375, 1.1875, 2.4375, 0x1.0p66, 0.41422, -0.2929,
            0.7071067811865476, 1.4142135623730951, -1.0, 1.0}) {
            both(v, t);
            both(v, Math.nextUp(t));
            both(v, Math.nextDown(t));
        }
        multiplesOfPi(v);
        return v;
    }

    /**
     * The doubles nearest k pi/4 for small k, and nearest k pi/2 for k around 10^e / (pi/2) up to 1e308: where the
     * reduction of trigonometric arguments cancels most.
     */
    private static void multiplesOfPi(List<Double> v) {
        for (int k = -64; k <= 64; k++) {
            double m = k * (Math.PI / 4);
            both(v, m);
            both(v, Math.nextUp(m));
            both(v, Math.nextDown(m));
        }
        for (int e = 0; e <= 308; e++) {
            double base = Math.rint(Math.pow(10, e) / (Math.PI / 2));
            for (int j = 0; j < 8; j++) {
                double k = base + j * Math.max(1, Math.ulp(base));
                double m = k * (Math.PI / 2);
                double q = k * (Math.PI / 4);
                if (Double.isFinite(m)) {
                    both(v, m);
                    both(v, Math.nextUp(m));
                    both(v, Math.nextDown(m));
                }
                if (Double.isFinite(q)) {
                    both(v, q);
                }
            }
        }
        // the double nearest a multiple of pi/2 (J.-M. Muller, Elementary Functions): 6381956970095103 * 2^797
        double nearest = 6381956970095103.0 * Math.scalb(1.0, 797);
        both(v, nearest);
        both(v, Math.nextUp(nearest));
        both(v, Math.nextDown(nearest));
    }

    private static void both(List<Double> v, double d) {
        v.add(d);
        v.add(-d);
    }
}
