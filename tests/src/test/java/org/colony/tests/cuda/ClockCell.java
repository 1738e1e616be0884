package org.colony.tests.cuda;

import org.colony.Attribute;
import org.colony.Place;
import org.colony.Step;

/**
 * A place whose steps read the clock and divide by a countdown: a launch whose parameters change every tick, and
 * a step that fails on the device on a chosen tick (for the CUDA graph tests).
 */
public class ClockCell extends Place {

    @Attribute
    long stamp;

    @Attribute
    int left;

    @Attribute
    int quotient;

    /** Mixes the time into the stamp. */
    @Step
    public void stamp() {
        stamp = stamp * 31 + time() + index();
    }

    /** Counts down and divides by what is left: a division by zero on the tick where nothing is left. */
    @Step
    public void countDown() {
        left = left - 1;
        quotient = 1000 / left;
    }
}
