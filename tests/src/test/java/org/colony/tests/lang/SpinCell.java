package org.colony.tests.lang;

import org.colony.Attribute;
import org.colony.Place;
import org.colony.Step;

/** A step that never ends while its argument is positive (what --step-timeout is for), a long one, a division. */
public class SpinCell extends Place {

    @Attribute
    int k;

    @Step
    public void spin(int n) {
        while (n > 0) {
            k = k + 1;
        }
    }

    @Step
    public void churn(int n) {
        for (int i = 0; i < n; i++) {
            k = k * 1103515245 + 12345;
        }
    }

    @Step
    public void divide(int d) {
        k = k / d;
    }
}
