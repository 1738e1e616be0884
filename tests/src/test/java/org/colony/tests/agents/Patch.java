package org.colony.tests.agents;

import org.colony.Attribute;
import org.colony.Place;
import org.colony.Step;

/** A plain place that motes visit. */
public class Patch extends Place {

    @Attribute
    int visits;

    /** Forgets the visits. */
    @Step
    void clear() {
        visits = 0;
    }
}
