package org.colony.tests.lang;

import org.colony.Attribute;
import org.colony.Place;
import org.colony.Step;

/**
 * Steps that fail while they run, for the line a failure names: a division by zero in a step and in a model method
 * it calls, after a step with a vector form (so that the vector kernels sit in the same generated file).
 */
public class FaultCell extends Place {

    @Attribute
    double v;

    @Attribute
    int k;

    @Step
    void scale(double f) {
        FaultCell east = neighbor(1, 0);
        v = v * f + east.v;
    }

    @Step
    void divide(int d) {
        k = k + 1;
        if (k > 0) {
            k = k + 2;
        }
        k = k / d;
        v = v + 1;
    }

    @Step
    void divideInHelper(int d) {
        k = k + 1;
        k = share(k, d) + 1;
    }

    int share(int total, int parts) {
        int each = total / parts;
        return each;
    }
}
