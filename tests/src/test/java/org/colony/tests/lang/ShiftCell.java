package org.colony.tests.lang;

import org.colony.Attribute;
import org.colony.Place;
import org.colony.Step;

/** Steps whose results depend on snapshot reads of neighbours and on seeing the instance's own writes. */
public class ShiftCell extends Place {

    @Attribute
    int value;

    @Attribute
    long seen;

    /** Every value moves one cell east; the west column gets 0 from the absent cell beyond it. */
    @Step
    void shift() {
        ShiftCell west = neighbor(-1, 0);
        value = west.value;
    }

    /** Own writes are seen at once; the east neighbour and the cell's own view show values from before. */
    @Step
    void writeThenRead() {
        value = value * 2 + 1;
        value += 3;
        ShiftCell east = neighbor(1, 0);
        ShiftCell self = neighbor(0, 0);
        seen = value * 1000L + east.value * 10L + self.value;
    }

    /** An attribute no step reads through a neighbour, written several times. */
    @Step
    void accumulate() {
        seen = seen + 1;
        seen = seen * 3;
        seen -= value;
    }
}
