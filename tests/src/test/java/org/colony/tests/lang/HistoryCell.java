package org.colony.tests.lang;

import org.colony.Attribute;
import org.colony.Place;
import org.colony.Step;

/** Array attributes: read and written per element, also through neighbours. */
public class HistoryCell extends Place {

    @Attribute(length = 4)
    int[] h;

    @Attribute(length = 3)
    double[] d;

    @Attribute
    int total;

    /** Shifts the history and records {@code v + x} as the newest entry. */
    @Step
    public void push(int v) {
        for (int k = h.length - 1; k > 0; k--) {
            h[k] = h[k - 1];
        }
        h[0] = v + x();
    }

    /** Mixes in the west and north neighbours' histories from before the step. */
    @Step
    public void mix() {
        HistoryCell w = neighbor(-1, 0);
        HistoryCell n = neighbor(0, -1);
        for (int k = 0; k < 4; k++) {
            h[k] = h[k] + w.h[k] - n.h[3 - k];
        }
        h[1] += h[0];
        d[y() % 3] = d[0] + w.d[2] * 0.5 + n.d[y() % 3];
    }

    /** The sum of the history, by a for-each loop over the array attribute. */
    @Step
    public void sum() {
        int s = 0;
        for (int e : h) {
            s += e;
        }
        total = s;
    }
}
