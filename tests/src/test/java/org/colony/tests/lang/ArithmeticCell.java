package org.colony.tests.lang;

import org.colony.Attribute;
import org.colony.Place;
import org.colony.Step;

/** Java's arithmetic on every primitive type: promotion, narrowing, overflow, shifts, casts, Math. */
public class ArithmeticCell extends Place {

    static final int MASK = 0x5A5A;
    static final long BIG = 1L << 40;

    @Attribute
    byte b;

    @Attribute
    short s;

    @Attribute
    int i;

    @Attribute
    long l;

    @Attribute
    float f;

    @Attribute
    double d;

    @Attribute
    boolean flag;

    @Step
    void churn(int k, double scale) {
        b += (byte) k;
        b++;
        s = (short) (s * 300 + b);
        s -= (short) 7;
        i = i * 1_000_003 + (i >>> 3) - (i >> 2) + (k << 29) + MASK;
        i ^= ~s;
        int neg = -i;
        int same = - -neg; // not a decrement
        i = same + neg + -(-k) + (- -neg);
        int q = i / (k == 0 ? 1 : -k);
        int r = i % 7;
        l = l * 31 + (l << (k & 70)) + (l >>> 5) + q + r + BIG;
        l |= (long) b << 8;
        f = f * 1.5f + (float) l / 3 - 0.1f * s;
        d = d / scale + Math.sqrt(Math.abs(d)) + Math.pow(1.0001, i % 50) + Math.floorMod(i, 7) - Math.hypot(f, 3)
                + StrictMath.sin(d) + Math.max(f, -1e-3) + Math.floor(-d) + Math.round(d * 1e-3);
        int sat = (int) (d * 1e300);
        long trunc = (long) -f;
        i += sat / 1_000_000 + (int) trunc % 1000 + (int) Double.NaN;
        flag = (q & 1) == 0 ^ flag | i > 0 && !(r == 3);
    }
}
