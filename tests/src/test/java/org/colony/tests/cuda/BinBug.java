package org.colony.tests.cuda;

import org.colony.Agent;
import org.colony.Attribute;
import org.colony.Step;

/** An agent with an attribute of every type and an array attribute, for the device histogram and reduction tests. */
public class BinBug extends Agent<BinCell> {

    @Attribute
    double v;

    @Attribute
    float f;

    @Attribute
    long big;

    @Attribute
    int n;

    @Attribute
    short s;

    @Attribute
    byte b;

    @Attribute
    boolean flag;

    @Attribute(length = 2)
    double[] h;

    /** Every bug whose id is not a multiple of {@code keep} dies. */
    @Step
    void cull(int keep) {
        if (id() % keep != 0) {
            kill();
        }
    }

    /** Every third bug has a child (a copy of it); of the others, every second dies. */
    @Step
    void turnover() {
        if (id() % 3 == 0) {
            spawn(1);
        } else if (id() % 2 == 0) {
            kill();
        }
    }

    /** Every value moves on: {@code v} and {@code h[1]} by {@code by}, {@code n} by one, {@code f} halves. */
    @Step
    void drift(double by) {
        v += by;
        h[1] = h[1] + by;
        n += 1;
        f = f * 0.5f;
    }

    /** A bug moves one place along x or y, at random (places hold any number of bugs). */
    @Step
    void hop() {
        if (uniform() < 0.5) {
            migrate(uniform() < 0.5 ? -1 : 1, 0);
        } else {
            migrate(0, uniform() < 0.5 ? -1 : 1);
        }
    }

    /** A bug dies with probability 1/{@code k}. */
    @Step
    void thin(int k) {
        if (uniform() * k < 1) {
            kill();
        }
    }

    /** Every bug dies. */
    @Step
    void die() {
        kill();
    }
}
