package org.colony.tests.cuda;

import org.colony.Agent;
import org.colony.Attribute;
import org.colony.Priority;
import org.colony.Step;

/**
 * An agent that hops to a random free neighbouring place, heavier hoppers first, and, refused, draws another hop in
 * the next round ({@link #rehop}, or {@link #rehopLeft} without a random draw); {@link #draw} takes a number from the stream after the rounds, so a backend that
 * counts the rounds' streams wrongly shows it. {@link #cull} and {@link #rehopOrDie} kill, which rounds queued at
 * once cannot hold: the backend runs those rounds one at a time.
 */
public class Hopper extends Agent<HopCell> {

    /** Heavier hoppers win contested places. */
    @Priority
    @Attribute
    double weight;

    /** Whether the last round asked to move, and from where (a hopper still there was refused). */
    @Attribute
    boolean asked;

    @Attribute
    int fromX;

    @Attribute
    int fromY;

    @Attribute
    double luck;

    @Attribute
    int tries;

    /** How many times a retry step ran on this hopper: a retry step that ran where it should not shows here. */
    @Attribute
    int retries;

    /** Asks for a random neighbouring place, if it is free. */
    @Step(reach = 1)
    void hop() {
        pick();
    }

    /** Asks again, at random, where the last request was refused; otherwise asks nothing. */
    @Step(reach = 1)
    void rehop() {
        retries++;
        if (asked && x() == fromX && y() == fromY) {
            pick();
        } else {
            asked = false;
        }
    }

    /** Asks for the place to the left where the last request was refused (no random draw); otherwise nothing. */
    @Step(reach = 1)
    void rehopLeft() {
        retries++;
        if (asked && x() == fromX && y() == fromY && hasNeighborPlace(-1, 0) && agentCountAt(Hopper.class, -1, 0) == 0) {
            migrate(-1, 0);
        } else {
            asked = false;
        }
    }

    /** As {@link #rehop}, but a hopper refused three times dies. */
    @Step(reach = 1)
    void rehopOrDie() {
        if (asked && x() == fromX && y() == fromY) {
            tries++;
            if (tries >= 3) {
                kill();
            } else {
                pick();
            }
        } else {
            asked = false;
        }
    }

    /** A random neighbouring place, if free, or off a grid that does not wrap (a move dropped, not refused). */
    private void pick() {
        int dx = uniformInt(3) - 1;
        int dy = uniformInt(3) - 1;
        if ((dx != 0 || dy != 0) && (!hasNeighborPlace(dx, dy) || agentCountAt(Hopper.class, dx, dy) == 0)) {
            asked = true;
            fromX = x();
            fromY = y();
            migrate(dx, dy);
        } else {
            asked = false;
        }
    }

    /** A number from this call's stream. */
    @Step
    void draw() {
        luck = uniform();
    }

    /** The unlucky die. */
    @Step
    void cull() {
        if (luck < 0.05) {
            kill();
        }
    }
}
