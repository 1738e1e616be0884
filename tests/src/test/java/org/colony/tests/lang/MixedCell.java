package org.colony.tests.lang;

import org.colony.Attribute;
import org.colony.Place;
import org.colony.Step;

/** Attributes of three sizes, two of them double-buffered: tiles whose arrays round up to 16 bytes differently. */
public class MixedCell extends Place {

    @Attribute
    byte b;

    @Attribute
    short s;

    @Attribute
    int i;

    @Step
    public void mix() {
        MixedCell e = neighbor(1, 0);
        MixedCell w = neighbor(-1, 0);
        s = (short) (e.s + w.s + b);
        i = e.i - w.i + s;
    }
}
