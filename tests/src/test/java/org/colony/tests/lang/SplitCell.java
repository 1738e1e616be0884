package org.colony.tests.lang;

import org.colony.Attribute;
import org.colony.Place;
import org.colony.Step;

/**
 * Steps split between the grid's interior and its boundary, one per form the processor splits, each with a twin
 * whose body is the same statements inside one more block, which the processor does not split: the twin runs the
 * plain per-cell kernel, so the two give the same values bit for bit.
 */
public class SplitCell extends Place {

    @Attribute
    double v;

    @Attribute
    int n;

    @Attribute
    int marks;

    /** Heat2D's tick: declarations, {@code if (!onBoundary()) A else-if ... else B}, B at computed offsets. */
    @Step
    void heat(double r, double hot, boolean heating) {
        int side = size(0);
        if (!onBoundary()) {
            SplitCell e = neighbor(1, 0), w = neighbor(-1, 0), no = neighbor(0, -1), so = neighbor(0, 1);
            v = v + r * (e.v - 2 * v + w.v) + r * (so.v - 2 * v + no.v);
        } else if (heating && y() == 0 && x() >= side / 3 && x() < 2 * side / 3) {
            v = hot;
        } else {
            int dx = x() == 0 ? 1 : (x() == side - 1 ? -1 : 0);
            int dy = y() == 0 ? 1 : (y() == size(1) - 1 ? -1 : 0);
            SplitCell inner = neighbor(dx, dy);
            v = inner.v;
        }
    }

    /** {@link #heat}'s statements in one more block. */
    @Step
    void heatPlain(double r, double hot, boolean heating) {
        {
            int side = size(0);
            if (!onBoundary()) {
                SplitCell e = neighbor(1, 0), w = neighbor(-1, 0), no = neighbor(0, -1), so = neighbor(0, 1);
                v = v + r * (e.v - 2 * v + w.v) + r * (so.v - 2 * v + no.v);
            } else if (heating && y() == 0 && x() >= side / 3 && x() < 2 * side / 3) {
                v = hot;
            } else {
                int dx = x() == 0 ? 1 : (x() == side - 1 ? -1 : 0);
                int dy = y() == 0 ? 1 : (y() == size(1) - 1 ? -1 : 0);
                SplitCell inner = neighbor(dx, dy);
                v = inner.v;
            }
        }
    }

    /**
     * {@code if (onBoundary()) B else A}, the interior reaching two places away (beyond the grid from the ring
     * inside the boundary: zero on a plate, wrapped on a torus) with a division and a select.
     */
    @Step
    void wide(double a) {
        if (onBoundary()) {
            SplitCell inward = neighbor(x() == 0 ? 1 : (x() == size(0) - 1 ? -1 : 0), y() == 0 ? 1 : 0);
            v = v * 0.5 + inward.v;
        } else {
            SplitCell e2 = neighbor(2, 0), w2 = neighbor(-2, 0), no = neighbor(0, -1), so2 = neighbor(0, 2);
            v = (e2.v - w2.v) * a + v / 3.0 + (no.v > v ? so2.v : -v);
        }
    }

    /** {@link #wide}'s statements in one more block. */
    @Step
    void widePlain(double a) {
        {
            if (onBoundary()) {
                SplitCell inward = neighbor(x() == 0 ? 1 : (x() == size(0) - 1 ? -1 : 0), y() == 0 ? 1 : 0);
                v = v * 0.5 + inward.v;
            } else {
                SplitCell e2 = neighbor(2, 0), w2 = neighbor(-2, 0), no = neighbor(0, -1), so2 = neighbor(0, 2);
                v = (e2.v - w2.v) * a + v / 3.0 + (no.v > v ? so2.v : -v);
            }
        }
    }

    /**
     * {@code if (onBoundary()) { B; return; } A} on ints (wrapping on overflow), B also counting its visits in an
     * attribute the interior never touches; B's offsets are checked against the declared reach.
     */
    @Step(reach = 1)
    void mark(int k) {
        if (onBoundary()) {
            marks++;
            SplitCell far = neighbor(x() % 2, -(y() % 2));
            n = far.n ^ k;
            return;
        }
        SplitCell e = neighbor(1, 0), so = neighbor(0, 1);
        n = n * 3 - e.n + so.n * k;
    }

    /** {@link #mark}'s statements in one more block. */
    @Step(reach = 1)
    void markPlain(int k) {
        {
            if (onBoundary()) {
                marks++;
                SplitCell far = neighbor(x() % 2, -(y() % 2));
                n = far.n ^ k;
                return;
            }
            SplitCell e = neighbor(1, 0), so = neighbor(0, 1);
            n = n * 3 - e.n + so.n * k;
        }
    }

    /** {@code if (onBoundary()) B} then the rest, which every place runs: boundary places B first. */
    @Step
    void after(double a) {
        if (onBoundary()) {
            SplitCell across = neighbor(0, y() == 0 ? 1 : -1);
            v = v + x() * 0.25 - across.v;
        }
        SplitCell e = neighbor(1, 0), w = neighbor(-1, 0);
        v = v * a + (e.v - w.v);
    }

    /** {@link #after}'s statements in one more block. */
    @Step
    void afterPlain(double a) {
        {
            if (onBoundary()) {
                SplitCell across = neighbor(0, y() == 0 ? 1 : -1);
                v = v + x() * 0.25 - across.v;
            }
            SplitCell e = neighbor(1, 0), w = neighbor(-1, 0);
            v = v * a + (e.v - w.v);
        }
    }
}
