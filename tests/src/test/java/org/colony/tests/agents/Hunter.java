package org.colony.tests.agents;

import org.colony.Agent;
import org.colony.Attribute;
import org.colony.Step;

/**
 * A hunter that tries to eat one beetle next to it; where several try for one beetle, the hungriest (then the one of
 * the highest id) eats it and the others get nothing: the predators, written with a maximum. In {@link #bid}
 * every hunter raises its beetle's {@link Beetle#eatenBy} to its key; in the next step the beetle knows who won
 * ({@link Beetle#notice}) and so does every hunter ({@link #eat}: the winner reads its own key on the beetle, eats
 * it and kills it; the others go hungrier).
 */
public class Hunter extends Agent<Field> {

    /** How hungry it is: the hungriest bidder wins. */
    @Attribute
    int hunger;

    @Attribute
    int meals;

    /** The key it bid with in the last {@link #bid}, 0 where it found no beetle. */
    @Attribute
    long bid;

    /** The offset {@link #go} asks for. */
    @Attribute
    int dx;

    @Attribute
    int dy;

    /** Its key: hunger first, then id; never 0 (hunger is never negative). */
    long key() {
        return ((long) hunger << 32) + id() + 1;
    }

    /**
     * Bids for the first beetle of a fixed scan of its place and the eight around it (rows from the top, places from
     * the left, beetles in id order): raises the beetle's {@code eatenBy} to its key.
     */
    @Step(reach = 1)
    void bid() {
        bid = 0;
        for (int y = -1; y <= 1; y++) {
            for (int x = -1; x <= 1; x++) {
                for (Beetle b : agentsAt(Beetle.class, x, y)) {
                    if (bid == 0) {
                        bid = key();
                        b.eatenBy = Math.max(b.eatenBy, bid);
                    }
                }
            }
        }
    }

    /** Eats the beetle it bid for if its key won (the beetle then dies), else goes hungrier. */
    @Step(reach = 1)
    void eat() {
        boolean won = false;
        for (int y = -1; y <= 1; y++) {
            for (int x = -1; x <= 1; x++) {
                for (Beetle b : agentsAt(Beetle.class, x, y)) {
                    if (bid != 0 && b.eatenBy == bid) {
                        won = true;
                        b.kill();
                    }
                }
            }
        }
        if (won) {
            meals++;
            hunger = 0;
        } else {
            hunger++;
        }
    }

    /** Asks to move by (dx, dy). */
    @Step
    void go() {
        migrate(dx, dy);
    }
}
