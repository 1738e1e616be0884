package org.colony.tests.docs;

import org.colony.Attribute;
import org.colony.Place;
import org.colony.Step;

/** The worked example of {@code docs/random.md}, with a predicate and a bound from the driver for the test. */
public class Dice extends Place {

    @Attribute
    double u;

    @Attribute
    int face;

    @Attribute
    double g;

    /** Draws nothing: takes no epoch. */
    @Step
    public void quiet() {
        u = u + 1;
    }

    @Step
    public void roll() {
        u = uniform();
        face = uniformInt(6);
        g = normal();
    }

    /** A bound chosen by the driver: 3 x 2^29 rejects a word with chance 1/4. */
    @Step
    public void pick(int bound) {
        face = uniformInt(bound);
        if (face % 2 == 0) {
            g = normal() + uniform();
        }
    }

    @Step
    public boolean heads() {
        return uniform() < 0.5;
    }
}
