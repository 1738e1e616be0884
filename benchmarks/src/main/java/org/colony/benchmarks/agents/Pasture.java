package org.colony.benchmarks.agents;

import org.colony.Attribute;
import org.colony.Place;
import org.colony.Step;

/** A place of {@link GrazingBenchmark}: food that grazers eat and a mark that one grazer sets. */
public class Pasture extends Place {

    @Attribute
    double food;

    @Attribute
    int mark;

    /** A place of the pasture; the runtime makes them. */
    public Pasture() {
    }

    /** Food from 0 to 9 by position, no mark. */
    @Step
    public void init() {
        food = (x() * 7 + y() * 3) % 10;
        mark = 0;
    }
}
