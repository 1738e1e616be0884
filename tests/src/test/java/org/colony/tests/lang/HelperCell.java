package org.colony.tests.lang;

import org.colony.Attribute;
import org.colony.Place;
import org.colony.Step;

/** Model methods with early returns and loops, called from expressions and as statements. */
public class HelperCell extends Place {

    @Attribute
    int a;

    @Attribute
    double b;

    @Step
    void compute(int limit) {
        a = clamp(a * 3 + collatzSteps(a), limit) + clamp(x(), 5);
        b = b + halfOrNegated(a) * 2;
        bump();
    }

    /** Java evaluates left to right: operands read before a call see the attributes as they were before it. */
    @Step
    void sideEffects() {
        a = a + bumpAndGet() * 10;
        a += bumpAndGet();
        b = twice(b) + (a % 2 == 0 ? incrementB() : 0.5);
        if (a < 0 || incrementB() > 2) {
            b = -b;
        }
    }

    int bumpAndGet() {
        a = a + 7;
        return a;
    }

    double incrementB() {
        b = b + 1;
        return b;
    }

    double twice(double v) {
        return 2 * v;
    }

    int clamp(int v, int limit) {
        if (v > limit) {
            return limit;
        }
        if (v < -limit) {
            return -limit;
        }
        return v;
    }

    /** Collatz steps from |n| + 1 down to 1, or minus the steps taken when there are more than 20. */
    int collatzSteps(int n) {
        int m = Math.abs(n) + 1;
        int steps = 0;
        while (true) {
            if (m == 1) {
                return steps;
            }
            if (steps >= 20) {
                break;
            }
            steps++;
            if (m % 2 == 0) {
                m = m / 2;
                continue;
            }
            m = 3 * m + 1;
        }
        return -steps;
    }

    double halfOrNegated(int v) {
        return v % 2 == 0 ? v / 2.0 : -v;
    }

    void bump() {
        if (a < 0) {
            return;
        }
        a++;
    }
}
