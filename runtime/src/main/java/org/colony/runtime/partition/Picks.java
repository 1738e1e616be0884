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
        return switch (column) {
            case long[] c -> longs(c, pick);
            case int[] c -> {
                int[] out = new int[pick.length];
                for (int j = 0; j < pick.length; j++) {
                    out[j] = c[pick[j]];
                }
                yield out;
            }
            case double[] c -> {
                double[] out = new double[pick.length];
                for (int j = 0; j < pick.length; j++) {
                    out[j] = c[pick[j]];
                }
                yield out;
            }
            case float[] c -> {
                float[] out = new float[pick.length];
                for (int j = 0; j < pick.length; j++) {
                    out[j] = c[pick[j]];
                }
                yield out;
            }
            default -> {
                Object out = Array.newInstance(column.getClass().getComponentType(), pick.length);
                for (int j = 0; j < pick.length; j++) {
                    Array.set(out, j, Array.get(column, pick[j]));
                }
                yield out;
            }
        };
    }

    /** {@return the entries {@code pick[0..]} of {@code column}} */
    static long[] longs(long[] column, int[] pick) {
        long[] out = new long[pick.length];
        for (int j = 0; j < pick.length; j++) {
            out[j] = column[pick[j]];
        }
        return out;
    }

    /** {@return per attribute, the entries {@code pick[0..]} of its column ({@link #pick}), null where it is null} */
    static Object[] columns(Object[] values, int[] pick) {
        Object[] out = new Object[values.length];
        for (int a = 0; a < values.length; a++) {
            out[a] = values[a] == null ? null : pick(values[a], pick);
        }
        return out;
    }

    /** {@return per partition {@code 0 .. partitions - 1}, the indices {@code i} with {@code owner[i]} that one} */
    static int[][] byOwner(int[] owner, int partitions) {
        int[] sizes = new int[partitions];
        for (int o : owner) {
            sizes[o]++;
        }
        int[][] picks = new int[partitions][];
        for (int p = 0; p < partitions; p++) {
            picks[p] = new int[sizes[p]];
        }
        int[] filled = new int[partitions];
        for (int i = 0; i < owner.length; i++) {
            picks[owner[i]][filled[owner[i]]++] = i;
        }
        return picks;
    }
}
