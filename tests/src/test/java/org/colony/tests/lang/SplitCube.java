package org.colony.tests.lang;

import org.colony.Attribute;
import org.colony.Place;
import org.colony.Step;

/** A 3-D block whose faces copy inwards while the interior diffuses: a split step and its twin. */
public class SplitCube extends Place {

    @Attribute
    float u;

    /** Split: the interior diffuses over six neighbours, the faces copy their inner neighbour. */
    @Step
    void diffuse(float r) {
        if (onBoundary()) {
            int dx = x() == 0 ? 1 : (x() == size(0) - 1 ? -1 : 0);
            int dy = y() == 0 ? 1 : (y() == size(1) - 1 ? -1 : 0);
            int dz = z() == 0 ? 1 : (z() == size(2) - 1 ? -1 : 0);
            SplitCube inner = neighbor(dx, dy, dz);
            u = inner.u;
        } else {
            SplitCube e = neighbor(1, 0, 0), w = neighbor(-1, 0, 0), no = neighbor(0, -1, 0);
            SplitCube so = neighbor(0, 1, 0), up = neighbor(0, 0, 1), down = neighbor(0, 0, -1);
            u = u + r * (e.u + w.u + no.u + so.u + up.u + down.u - 6 * u);
        }
    }

    /** {@link #diffuse}'s statements in one more block. */
    @Step
    void diffusePlain(float r) {
        {
            if (onBoundary()) {
                int dx = x() == 0 ? 1 : (x() == size(0) - 1 ? -1 : 0);
                int dy = y() == 0 ? 1 : (y() == size(1) - 1 ? -1 : 0);
                int dz = z() == 0 ? 1 : (z() == size(2) - 1 ? -1 : 0);
                SplitCube inner = neighbor(dx, dy, dz);
                u = inner.u;
            } else {
                SplitCube e = neighbor(1, 0, 0), w = neighbor(-1, 0, 0), no = neighbor(0, -1, 0);
                SplitCube so = neighbor(0, 1, 0), up = neighbor(0, 0, 1), down = neighbor(0, 0, -1);
                u = u + r * (e.u + w.u + no.u + so.u + up.u + down.u - 6 * u);
            }
        }
    }
}
