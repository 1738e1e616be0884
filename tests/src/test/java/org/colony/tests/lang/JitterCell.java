package org.colony.tests.lang;

import org.colony.Attribute;
import org.colony.Place;
import org.colony.Step;

/**
 * Random draws that the neighbours then read: held on a torus, the cells of a tile's halo across a seam must draw as
 * the cells they copy.
 */
public class JitterCell extends Place {

    @Attribute
    double v;

    @Step
    public void jitter() {
        v = v * 0.5 + uniform();
    }

    @Step
    public void blur() {
        JitterCell e = neighbor(1, 0);
        JitterCell w = neighbor(-1, 0);
        JitterCell n = neighbor(0, 1);
        JitterCell s = neighbor(0, -1);
        v = (v + e.v + w.v + n.v + s.v) * 0.2 + uniform() * 1e-3;
    }
}
