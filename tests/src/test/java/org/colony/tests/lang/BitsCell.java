package org.colony.tests.lang;

import org.colony.Attribute;
import org.colony.Place;
import org.colony.Step;

/**
 * Steps on booleans alone that the CUDA backend's held passes run bit-sliced, 32 cells a word: neighbour counts,
 * sums, products by literals and non-negative differences, every comparison of unsigned counts, selects of booleans
 * and of ints, a boolean parameter, a narrowing to byte that keeps the value, an attribute written in place and read
 * on the cell itself, reads two columns away and two rows down, an inlined model method.
 */
public class BitsCell extends Place {

    @Attribute
    boolean alive;

    @Attribute
    boolean mark;

    /** B3/S23 on {@code alive}, with a weighted count that sets {@code mark} (in place). */
    @Step
    public void life(boolean flip) {
        BitsCell nw = neighbor(-1, -1), n = neighbor(0, -1), ne = neighbor(1, -1);
        BitsCell w = neighbor(-1, 0), e = neighbor(1, 0);
        BitsCell sw = neighbor(-1, 1), s = neighbor(0, 1), se = neighbor(1, 1);
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
        alive = count == 3 || (alive && !lonely && !crowded) || k >= 7 && k != 8 && !(k <= 6);
        mark = flip ^ (weighted >= 20 ? crowded : weighted != 7 && mark);
    }

    /** Reads two columns east and two rows south. */
    @Step(reach = 2)
    public void spread() {
        BitsCell e2 = neighbor(2, 0), w = neighbor(-1, 0), n = neighbor(0, -1), s2 = neighbor(1, 2);
        int heat = weigh(e2.alive, w.mark) + (s2.mark ? 1 : 0) + (n.alive ? 2 : 0);
        alive = heat >= 5 && heat != 6 || !alive & mark;
    }

    /** A model method, inlined. */
    int weigh(boolean four, boolean two) {
        return (four ? 4 : 0) + (two ? 2 : 0);
    }
}
