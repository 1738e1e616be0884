package org.colony.tests.agents;

import org.colony.Agent;
import org.colony.Attribute;
import org.colony.Priority;
import org.colony.Step;

/** A test agent whose requests for room are ranked by a {@code @Priority} attribute that a step computes. */
public class Bidder extends Agent<Field> {

    /** The rank of this bidder's requests in manageAll: higher first. */
    @Priority
    @Attribute
    double bid;

    /** The offset {@link #go} asks for. */
    @Attribute
    int dx;

    @Attribute
    int dy;

    /** How many children {@link #breed} asks for. */
    @Attribute
    int children;

    /** What {@link #rate} sets the bid from: one of a few values, so that bids tie. */
    @Attribute
    int grade;

    /** Computes the bid from the grade: NaN, -0.0, 0.0, infinities and plain numbers. */
    @Step
    void rate() {
        bid = grade == 0 ? Double.NaN : grade == 1 ? -0.0 : grade == 2 ? 0.0 : grade == 3 ? Double.POSITIVE_INFINITY
                : grade == 4 ? Double.NEGATIVE_INFINITY : grade * 0.5 - 3;
    }

    /** Asks to move by (dx, dy). */
    @Step
    void go() {
        migrate(dx, dy);
    }

    /** Asks for {@code children} children. */
    @Step
    void breed() {
        spawn(children);
    }
}
