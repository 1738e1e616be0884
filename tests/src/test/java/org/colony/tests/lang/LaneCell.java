package org.colony.tests.lang;

import org.colony.Attribute;
import org.colony.Place;
import org.colony.Step;

/**
 * Straight-line steps on int, boolean, long and double attributes that the CPU backend runs a vector of cells at a
 * time (where the JVM has the Vector API): negation, complement, xor, comparisons, boolean operators, {@code ?:},
 * floating division, row-wide values ({@code y()}, sizes, parameters) and an early return for the whole row.
 */
public class LaneCell extends Place {

    @Attribute
    int a;

    @Attribute
    int b;

    @Attribute
    boolean flag;

    @Attribute
    long l;

    @Attribute
    double v;

    @Step
    void mix(int k) {
        LaneCell e = neighbor(1, 0), w = neighbor(-1, 0), n = neighbor(0, -1);
        int twice = k * 2 + size(0) + y();
        a = b > k ? a * 3 - e.a + n.a : -a ^ twice;
        flag = (a & 1) == 0 || w.flag && !flag;
        b = ~b + (flag ? 1 : 0);
    }

    @Step
    void churn(long m) {
        LaneCell e = neighbor(1, 0), s = neighbor(0, 1);
        l = l * m + e.l - (l >= 0 ? 1L : s.l);
    }

    @Step
    void spread(double f) {
        if (onBoundary() || f < 0) {
            return;
        }
        LaneCell e = neighbor(1, 0), w = neighbor(-1, 0);
        v = -(e.v - w.v) / f + (v > 0 ? v : -v) * 0.5;
    }
}
