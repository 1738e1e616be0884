package org.colony.runtime.partition;

import java.lang.reflect.Array;

/** Picks the entries of value columns that go to one partition. */
final class Picks {

    private Picks() {
    }

    /**
     * {@return a column of the entries {@code pick[0..]} of {@code column}: a primitive array, or an array of element
     * columns (an array attribute), picked element by element}
     */
    static Object pick(Object column, int[] pick) {
        if (column instanceof Object[] elements) {
            Object[] out = (Object[]) Array.newInstance(elements.getClass().getComponentType(), elements.length);
            for (int k = 0; k < elements.length; k++) {
                out[k] = pick(elements[k], pick);
            }
            return out;
        }
        Object out = Array.newInstance(column.getClass().getComponentType(), pick.length);
        for (int j = 0; j < pick.length; j++) {
            Array.set(out, j, Array.get(column, pick[j]));
        }
        return out;
    }
}
