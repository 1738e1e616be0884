package org.colony.tests.lang;

import org.colony.Attribute;
import org.colony.Place;
import org.colony.Step;

/** A float blur on a wrapping 2-D grid with diagonal and distance-2 neighbours (reach 2). */
public class TorusCell extends Place {

    @Attribute
    float v;

    @Step
    void blur(float keep) {
        TorusCell e = neighbor(1, 0), w = neighbor(-1, 0), n = neighbor(0, -1), s = neighbor(0, 1);
        TorusCell ne = neighbor(1, -1), sw = neighbor(-1, 1);
        TorusCell ww = neighbor(-2, 0), ss = neighbor(0, 2);
        v = keep * v + (1 - keep) * ((e.v + w.v + n.v + s.v) * 0.125f + (ne.v + sw.v) * 0.0625f
                + (ww.v + ss.v) * 0.1875f);
    }
}
