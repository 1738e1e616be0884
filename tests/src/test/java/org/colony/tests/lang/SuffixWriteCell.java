package org.colony.tests.lang;

import org.colony.Attribute;
import org.colony.Place;
import org.colony.Step;

/** Bit-sliced forms (BitFormTest): written attributes whose names end one another's ("won" first, then "on"). */
public class SuffixWriteCell extends Place {
    @Attribute
    boolean won;

    @Attribute
    boolean on;

    @Step
    public void step() {
        SuffixWriteCell e = neighbor(1, 0);
        won = !e.on;
        on = !on;
    }
}
