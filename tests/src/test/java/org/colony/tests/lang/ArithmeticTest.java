package org.colony.tests.lang;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;

import java.util.SplittableRandom;
import org.colony.runtime.Places;
import org.colony.runtime.Simulation;
import org.colony.runtime.grid.Grid;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Java arithmetic in steps, on attributes of every type (one of them named {@code s}, like the kernels' own cell
 * index), against the same statements run as plain Java.
 */
class ArithmeticTest {

    @ParameterizedTest(name = "{0}x{1} threads={2}")
    @CsvSource({
        "3, 3, 1",
        "3, 3, 2",
        "190, 180, 1",
        "190, 180, 3",
    })
    void javaArithmetic_matchesPlainJavaBitForBit(int nx, int ny, int threads) {
        int cells = nx * ny;
        SplittableRandom r = new SplittableRandom(cells);
        byte[] b = new byte[cells];
        short[] s = new short[cells];
        int[] i = new int[cells];
        long[] l = new long[cells];
        float[] f = new float[cells];
        double[] d = new double[cells];
        boolean[] flag = new boolean[cells];
        for (int c = 0; c < cells; c++) {
            b[c] = (byte) r.nextInt();
            s[c] = (short) r.nextInt();
            i[c] = r.nextInt();
            l[c] = r.nextLong();
            f[c] = (float) r.nextDouble(-1e6, 1e6);
            d[c] = r.nextDouble(-1e3, 1e3);
            flag[c] = r.nextBoolean();
        }
        int[] ks = {0, 5, -3, 31, 70};
        double[] scales = {2.0, -0.75, 1e-3, 3.0, 1.5};
        try (Simulation sim = Lang.sim(threads)) {
            Places<ArithmeticCell> p = sim.places(ArithmeticCell.class, Grid.of(nx, ny));
            p.set("b", b);
            p.set("s", s);
            p.set("i", i);
            p.set("l", l);
            p.set("f", f);
            p.set("d", d);
            p.set("flag", flag);
            for (int round = 0; round < ks.length; round++) {
                int k = ks[round];
                double scale = scales[round];
                p.callAll(ArithmeticCell::churn, k, scale);
                for (int c = 0; c < cells; c++) {
                    b[c] += (byte) k;
                    b[c]++;
                    s[c] = (short) (s[c] * 300 + b[c]);
                    s[c] -= (short) 7;
                    i[c] = i[c] * 1_000_003 + (i[c] >>> 3) - (i[c] >> 2) + (k << 29) + ArithmeticCell.MASK;
                    i[c] ^= ~s[c];
                    int neg = -i[c];
                    int same = - -neg;
                    i[c] = same + neg + -(-k) + (- -neg);
                    int q = i[c] / (k == 0 ? 1 : -k);
                    int rem = i[c] % 7;
                    l[c] = l[c] * 31 + (l[c] << (k & 70)) + (l[c] >>> 5) + q + rem + ArithmeticCell.BIG;
                    l[c] |= (long) b[c] << 8;
                    f[c] = f[c] * 1.5f + (float) l[c] / 3 - 0.1f * s[c];
                    // Functions without an exactly rounded result (pow, hypot) are StrictMath's (fdlibm) on every
                    // backend, as the processor documents; exact ones (sqrt, floor, ...) are the same either way.
                    d[c] = d[c] / scale + Math.sqrt(Math.abs(d[c])) + StrictMath.pow(1.0001, i[c] % 50)
                            + Math.floorMod(i[c], 7) - StrictMath.hypot(f[c], 3) + StrictMath.sin(d[c])
                            + Math.max(f[c], -1e-3) + Math.floor(-d[c]) + Math.round(d[c] * 1e-3);
                    int sat = (int) (d[c] * 1e300);
                    long trunc = (long) -f[c];
                    i[c] += sat / 1_000_000 + (int) trunc % 1000 + (int) Double.NaN;
                    flag[c] = (q & 1) == 0 ^ flag[c] | i[c] > 0 && !(rem == 3);
                }
                String at = "round " + round;
                assertArrayEquals(b, p.getByte("b"), at);
                assertArrayEquals(s, p.getShort("s"), at);
                assertArrayEquals(i, p.getInt("i"), at);
                assertArrayEquals(l, p.getLong("l"), at);
                assertArrayEquals(f, p.getFloat("f"), 0.0f, at);
                assertArrayEquals(d, p.getDouble("d"), 0.0, at);
                assertArrayEquals(flag, p.getBoolean("flag"), at);
            }
        }
    }
}
