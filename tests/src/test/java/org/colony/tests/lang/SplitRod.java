package org.colony.tests.lang;

import org.colony.Attribute;
import org.colony.Place;
import org.colony.Step;

/** A 1-D rod whose ends copy their inner neighbour while the interior diffuses: a split step and its twin. */
public class SplitRod extends Place {

    @Attribute
    double u;

    /** Split: the interior diffuses, the ends copy inwards. */
    @Step
    void diffuse(double r) {
        if (!onBoundary()) {
            SplitRod left = neighbor(-1), right = neighbor(1);
            u = u + r * (left.u - 2 * u + right.u);
        } else {
            SplitRod inner = neighbor(x() == 0 ? 1 : -1);
            u = inner.u;
        }
    }

    /** {@link #diffuse}'s statements in one more block. */
    @Step
    void diffusePlain(double r) {
        {
            if (!onBoundary()) {
                SplitRod left = neighbor(-1), right = neighbor(1);
                u = u + r * (left.u - 2 * u + right.u);
            } else {
                SplitRod inner = neighbor(x() == 0 ? 1 : -1);
                u = inner.u;
            }
        }
    }
}
