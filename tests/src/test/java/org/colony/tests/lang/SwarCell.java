package org.colony.tests.lang;

import org.colony.Attribute;
import org.colony.Place;
import org.colony.Step;

/**
 * Steps that the CUDA backend runs in their SWAR form, four cells in the byte lanes of a word: boolean and byte
 * attributes, neighbour counts, sums, products by literals and non-negative differences, every comparison (of
 * unsigned counts and of signed bytes), selects of booleans and of ints, a boolean parameter, narrowing to byte,
 * attributes written in place and read on the cell itself, reads two columns away and two rows down, an inlined
 * model method.
 */
public class SwarCell extends Place {

    @Attribute
    boolean alive;

    @Attribute
    boolean mark;

    @Attribute
    byte state;

    /** B3/S23 on {@code alive}, with a weighted count that sets {@code mark} (in place) and {@code state}. */
    @Step
    void life(boolean flip) {
        SwarCell nw = neighbor(-1, -1), n = neighbor(0, -1), ne = neighbor(1, -1);
        SwarCell w = neighbor(-1, 0), e = neighbor(1, 0);
        SwarCell sw = neighbor(-1, 1), s = neighbor(0, 1), se = neighbor(1, 1);
        int count = (nw.alive ? 1 : 0) + (n.alive ? 1 : 0) + (ne.alive ? 1 : 0) + (w.alive ? 1 : 0)
                + (e.alive ? 1 : 0) + (sw.alive ? 1 : 0) + (s.alive ? 1 : 0) + (se.alive ? 1 : 0);
        int weighted = (count + 1) * 3 + (mark ? 10 : 0) - (e.alive ? 1 : 0);
        boolean lonely = count < 2;
        boolean crowded = count > 3;
        int k = 0;
        k += n.alive ? 0 : 1;
        {
            byte b = (byte) (k + 5);
            k = b & 6 | count;
        }
        alive = count == 3 || (alive && !lonely && !crowded);
        mark = flip ^ (weighted >= 20 ? crowded : weighted != 7 && mark);
        state = (byte) (crowded ? 200 : k <= 4 ? weighted : 4 * k);
    }

    /** Reads the signed bytes of neighbours, two columns east and two rows south among them. */
    @Step
    void fade() {
        SwarCell e2 = neighbor(2, 0), w = neighbor(-1, 0), n = neighbor(0, -1), s2 = neighbor(1, 2);
        boolean hot = e2.state > 50 || w.state <= -3 || n.state == state;
        int heat = weigh(hot, e2.alive) + (s2.mark ? 1 : 0);
        state = (byte) (hot ? heat * 30 : state >= 0 ? 7 : 9);
        alive = heat >= 5 && heat != 6 || !alive & mark;
        mark = w.state < n.state ^ !(state > -100);
    }

    /** A model method, inlined into the SWAR form. */
    int weigh(boolean four, boolean two) {
        return (four ? 4 : 0) + (two ? 2 : 0);
    }
}
