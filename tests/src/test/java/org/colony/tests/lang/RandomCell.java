package org.colony.tests.lang;

import org.colony.Attribute;
import org.colony.Place;
import org.colony.Step;

/** The framework's random draws, in expressions, branches, conditionals and model methods. */
public class RandomCell extends Place {

    @Attribute
    double u;

    @Attribute
    int k;

    @Attribute
    double g;

    @Attribute
    double pair;

    @Attribute
    int extra;

    @Step
    public void draw(int bound) {
        u = uniform();
        k = uniformInt(bound);
        g = normal();
        pair = uniform() - uniform() * 2;
        if (u < 0.5) {
            extra = uniformInt(3) + pick();
        } else {
            extra = -1;
        }
    }

    int pick() {
        return uniform() < 0.25 ? 100 : uniformInt(7);
    }

    @Step
    boolean coin(double p) {
        return uniform() < p;
    }
}
