package org.colony.tests.lang;

import org.colony.Attribute;
import org.colony.Place;
import org.colony.Step;

/** Attributes of every kind for reductions, predicate steps for counting. */
public class StatsCell extends Place {

    @Attribute
    double v;

    @Attribute
    float f;

    @Attribute
    int n;

    @Attribute
    long big;

    @Attribute
    boolean flag;

    @Attribute
    short s;

    @Attribute
    byte b;

    @Step
    boolean positive() {
        return v > 0;
    }

    @Step
    boolean flaggedAbove(double threshold) {
        return v > threshold && flag;
    }

    @Step
    boolean inBand(int lo, int hi) {
        return within(n, lo, hi);
    }

    boolean within(int value, int lo, int hi) {
        if (value < lo) {
            return false;
        }
        return value <= hi;
    }

    @Step
    void settle() {
        n = n / 2 + x();
        flag = !flag;
    }
}
