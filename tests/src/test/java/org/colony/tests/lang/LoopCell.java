package org.colony.tests.lang;

import org.colony.Attribute;
import org.colony.Place;
import org.colony.Step;

/** Loops of every shape: do-while, while with effects in the condition, for with several variables. */
public class LoopCell extends Place {

    @Attribute
    int n;

    @Attribute
    int count;

    @Attribute
    double acc;

    @Attribute
    int draws;

    @Step
    void loops(int limit) {
        int i = 0;
        do {
            i += 2;
        } while (i < n);
        count = i;
        int j = 0;
        while (grow(j) < limit) {
            j++;
            if (j > 50) {
                break;
            }
        }
        acc = j;
        for (int k = 0, m = 10; k < m; k++, m--) {
            if (k % 2 == 1) {
                continue;
            }
            acc += k * m;
        }
        int r = 0;
        while (uniform() < 0.7) {
            r++;
        }
        draws = r;
        do {
            r--;
            if (r % 3 == 0) {
                continue;
            }
            acc += r;
        } while (r > 0 && small(r));
        n = r;
    }

    int grow(int j) {
        return j * j + n;
    }

    boolean small(int r) {
        if (r > 100) {
            return false;
        }
        return true;
    }
}
