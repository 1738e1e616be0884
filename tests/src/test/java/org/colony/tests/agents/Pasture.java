package org.colony.tests.agents;

import org.colony.Attribute;
import org.colony.Place;

/** A place that grazers and heaters live on; the grazers add what they give away to its {@code given}. */
public class Pasture extends Place {

    /** The sum of what the grazers on the place gave away in a step, added in their id order. */
    @Attribute
    double given;
}
