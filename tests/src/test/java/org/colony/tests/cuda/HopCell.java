package org.colony.tests.cuda;

import org.colony.Attribute;
import org.colony.Place;

/** The place of {@link Hopper}s: what it holds does not matter, only who stands on it. */
public class HopCell extends Place {

    @Attribute
    int visits;
}
