package org.colony.tests.lang;

import org.colony.Attribute;
import org.colony.Place;
import org.colony.Step;

/** Bit-sliced forms (BitFormTest): read attributes whose names end one another's ("on", "won"). */
public class SuffixReadCell extends Place {
    @Attribute
    boolean on;

    @Attribute
    boolean won;

    @Step
    public void step() {
        SuffixReadCell e = neighbor(1, 0);
        on = e.won ^ on;
    }
}
