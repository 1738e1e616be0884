package org.colony.tests.agents;

import org.colony.Attribute;
import org.colony.Place;
import org.colony.Step;

/** A place that walkers write (plain, sums, minima, maxima) and that counts and reads its agents. */
public class Field extends Place {

    /** Written with a plain assignment by the one walker on the place. */
    @Attribute
    int mark;

    /** Sums of walkers' contributions. */
    @Attribute
    int total;

    @Attribute
    double dsum;

    @Attribute
    float fsum;

    /** Minima and maxima of walkers' contributions. */
    @Attribute
    int lo;

    @Attribute
    int hi;

    @Attribute
    double dlo;

    /** An array attribute walkers add to element by element. */
    @Attribute(length = 2)
    int[] tally;

    /** What {@link #census} saw. */
    @Attribute
    int walkers;

    @Attribute
    int stones;

    @Attribute
    long idSum;

    @Attribute
    long digest;

    /** Counts the walkers and stones here and folds the walkers' ids, energies and hist[1] in iteration order. */
    @Step
    void census() {
        walkers = agentCount(Walker.class);
        stones = agentCount(Stone.class);
        long ids = 0;
        long d = 0;
        for (Walker w : agents(Walker.class)) {
            ids += w.id();
            d = d * 31 + w.energy + 7L * w.hist[1];
        }
        for (Stone s : agents(Stone.class)) {
            d = d * 17 + s.weight;
        }
        idSum = ids;
        digest = d;
    }

    /** Feeds its walkers: its total to each one's energy, and their value down to its dlo at most. */
    @Step
    void feed() {
        for (Walker w : agents(Walker.class)) {
            w.energy += total;
            w.value = Math.min(w.value, dlo);
        }
    }

    /** Asks for {@code n} stones on itself where its total is positive (a place creating agents). */
    @Step
    void sow(int n) {
        if (total > 0) {
            spawn(Stone.class, n);
        }
    }

    /** Shares its dsum out among its walkers: a floating-point sum, which only a place (their one writer) may make. */
    @Step
    void share() {
        int n = agentCount(Walker.class);
        for (Walker w : agents(Walker.class)) {
            w.value += dsum / n;
            w.value -= 0.125;
        }
    }
}
