package org.colony.tests.lang;

import org.colony.Attribute;
import org.colony.Place;
import org.colony.Step;

/** Bit-sliced forms (BitFormTest): a bit-sliced step whose boolean argument is named like a generated local. */
public class ParamNameCell extends Place {
    @Attribute
    boolean alive;

    @Step
    public void toggle(boolean keep) {
        ParamNameCell e = neighbor(1, 0);
        alive = alive ^ keep ^ e.alive;
    }
}
