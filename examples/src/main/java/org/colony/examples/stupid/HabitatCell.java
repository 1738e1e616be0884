package org.colony.examples.stupid;

import org.colony.Attribute;
import org.colony.Place;
import org.colony.Step;

/** A cell of StupidModel's habitat: food that bugs eat, produced at the cell's own rate (from the cell data file). */
public class HabitatCell extends Place {

    /** Food available here. */
    @Attribute
    double food;

    /** Food produced here each step. */
    @Attribute
    double production;

    /** The cell produces its food. */
    @Step
    public void grow() {
        food += production;
    }
}
