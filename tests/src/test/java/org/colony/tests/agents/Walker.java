package org.colony.tests.agents;

import org.colony.Agent;
import org.colony.Attribute;
import org.colony.Step;

/**
 * A test agent with one step per agent construct: moves set from the driver, births, deaths, every kind of
 * place write, iteration over agents here and next door, array attributes and random draws.
 */
public class Walker extends Agent<Field> {

    /** The offset {@link #go} asks for. */
    @Attribute
    int dx;

    @Attribute
    int dy;

    /** The coordinates {@link #jump} asks for. */
    @Attribute
    int tx;

    @Attribute
    int ty;

    @Attribute
    int energy;

    @Attribute
    double value;

    /** What {@link #look} saw. */
    @Attribute
    long seen;

    /** How many children {@link #breed} asks for. */
    @Attribute
    int children;

    /** Whether {@link #cull} kills this walker. */
    @Attribute
    boolean doomed;

    @Attribute(length = 3)
    int[] hist;

    /** Asks to move by (dx, dy). */
    @Step
    void go() {
        migrate(dx, dy);
    }

    /** Asks to move to (tx, ty), anywhere. */
    @Step
    void jump() {
        moveTo(tx, ty);
    }

    /** Asks for {@code children} children, then changes itself: the children copy the end-of-step values. */
    @Step
    void breed() {
        spawn(children);
        energy += 100;
        hist[2] = (int) id();
    }

    /** Dies when doomed. */
    @Step
    void cull() {
        if (doomed) {
            kill();
        }
    }

    /** Asks for children and to die in the same step when doomed. */
    @Step
    void breedAndCull() {
        spawn(children);
        if (doomed) {
            kill();
        }
    }

    /** A plain write of the place: allowed only with at most one walker per place. */
    @Step
    void mark() {
        place().mark = energy;
    }

    /** Sums into the place: ints, doubles, floats and an array element. */
    @Step
    void add() {
        place().total += energy;
        place().dsum += value;
        place().fsum += (float) value;
        place().tally[1]++;
    }

    /** Sums by subtraction and decrement. */
    @Step
    void subtract() {
        place().total -= energy;
        place().total--;
        place().tally[0] -= 2;
    }

    /** Adds to the place's double sum only when energy is positive. */
    @Step
    void addIfPositive() {
        if (energy > 0) {
            place().dsum += value;
        }
    }

    /** Minima and maxima, with the place's attribute on either side. */
    @Step
    void extremes() {
        place().lo = Math.min(place().lo, energy);
        place().hi = Math.max(energy, place().hi);
        place().dlo = Math.min(place().dlo, value);
    }

    /**
     * Writes its own energy first, then reads walkers here (itself included) and one place east, stones here,
     * and counts: every read through another agent or the place sees the values from before the step.
     */
    @Step
    void look() {
        energy = energy * 2 + 1;
        long s = 0;
        for (Walker w : agentsHere(Walker.class)) {
            s = s * 31 + w.energy;
        }
        for (Walker w : agentsAt(Walker.class, 1, 0)) {
            s = s * 37 + w.energy + w.hist[0];
        }
        for (Stone st : agentsHere(Stone.class)) {
            s += 1000L * st.weight;
        }
        s += 7L * agentCountHere(Walker.class) + 11L * agentCountAt(Stone.class, 0, 1)
                + 13L * agentCountAt(Walker.class, -1, -1);
        seen = s + 100_000L * place().total + energy;
    }

    /** Pushes energy into the history array. */
    @Step
    void shift() {
        hist[2] = hist[1];
        hist[1] = hist[0];
        hist[0] = energy;
    }

    /** Draws its value and energy from the framework's generator. */
    @Step
    void draw() {
        value = uniform();
        energy = uniformInt(1000);
    }

    /** Moves by a random offset of at most {@code reach} along each axis. */
    @Step
    void wander(int reach) {
        migrate(uniformInt(2 * reach + 1) - reach, uniformInt(2 * reach + 1) - reach);
    }

    /** Whether energy is above a threshold. */
    @Step
    boolean rich(int threshold) {
        return energy > threshold;
    }

    /** Reads the totals of neighbouring places (zero off a non-wrapping grid) and whether one exists. */
    @Step
    void sense() {
        seen = neighborPlace(-1, 0).total + 10_000L * neighborPlace(0, 1).total + (hasNeighborPlace(1, 1) ? 7 : 0)
                + 100_000_000L * place().total;
    }

    /**
     * Asks for {@code children} children on the place (-dy, dx) from its place when it asks (a quarter turn from where
     * {@link #go} takes it), then changes itself.
     */
    @Step
    void breedAt() {
        spawn(children, -dy, dx);
        energy += 100;
    }

    /** Asks for children on two places before one manageAll: refused in the step. */
    @Step
    void breedOnTwoPlaces() {
        spawn(1, 1, 0);
        spawn(1, 0, 1);
    }

    /**
     * Asks for {@code children} children, each on a place drawn within {@code dx} of its place (up to {@code dy}
     * tries), then changes itself.
     */
    @Step
    void breedNear() {
        spawnNear(children, dx, dy);
        energy += 100;
    }

    /** Makes dx a radius (0 to 3) and dy a number of tries (1 to 4) for {@link #breedNear}. */
    @Step
    void spread() {
        dx = Math.abs(dx) % 4;
        dy = 1 + Math.abs(dy) % 4;
    }

    /** Records its ordinal among the children born with it in the last manageAll (-1 when it was not born there). */
    @Step
    void remember() {
        seen = ordinal();
    }

    /** Jostles the other walkers on its place: one energy each, and the highest jostler's id into their seen. */
    @Step
    void jostle() {
        for (Walker o : agentsHere(Walker.class)) {
            if (o.id() != id()) {
                o.energy++;
                o.seen = Math.max(o.seen, id());
            }
        }
    }

    /** Asks for {@code children} stones on its place (agents of another class). */
    @Step
    void plant() {
        spawn(Stone.class, children);
    }
}
