package org.colony.runtime.cpu;

import org.colony.kernel.Combine;
import org.colony.kernel.Layout;

/**
 * Applies the agents' contributions to one place attribute column after an agent step: for each place,
 * its agents' contributions in id order are combined with the current value (sum, minimum, maximum) or
 * replace it (a plain write, which the runtime runs only where a place holds at most one agent, its only writer).
 *
 * <p>The work is proportional to the agents, not to the places. Slots are in id order, so applying the
 * contributions one agent after the other in slot order combines each place's in id order. Tasks that share
 * the work take either ranges of slots, where a place holds at most one agent, or every slot and only the
 * agents on their own range of places.
 */
public final class PlaceWrites {

    private PlaceWrites() {
    }

    /**
     * Combines, one agent after the other, the contributions of the agents in slots {@code [from, to)} whose
     * place has a global index in {@code [lo, hi)} into {@code column}. The caller sees that no other task
     * applies agents on the same places at the same time, and that those slots hold every agent on their
     * places that wrote, so that each place combines its agents' contributions in id order.
     *
     * @param op how the contributions combine
     * @param column the place attribute's current column (one element of an array attribute)
     * @param contribution per agent slot
     * @param written per agent slot, whether it wrote (ignored for sums)
     * @param locations per agent slot, the global index of its place, owned by the block
     * @param layout the block
     * @param from the first slot
     * @param to one past the last slot
     * @param lo the least global place index applied
     * @param hi one past the greatest
     */
    public static void apply(Combine op, Object column, Object contribution, boolean[] written, long[] locations,
            Layout layout, int from, int to, long lo, long hi) {
        switch (column) {
            case double[] c -> doubles(op, c, (double[]) contribution, written, locations, layout, from, to, lo, hi);
            case float[] c -> floats(op, c, (float[]) contribution, written, locations, layout, from, to, lo, hi);
            case long[] c -> longs(op, c, (long[]) contribution, written, locations, layout, from, to, lo, hi);
            case int[] c -> ints(op, c, (int[]) contribution, written, locations, layout, from, to, lo, hi);
            case short[] c -> shorts(op, c, (short[]) contribution, written, locations, layout, from, to, lo, hi);
            case byte[] c -> bytes(op, c, (byte[]) contribution, written, locations, layout, from, to, lo, hi);
            case boolean[] c when op == Combine.SET -> booleans(c, (boolean[]) contribution, written, locations, layout,
                    from, to, lo, hi);
            default -> throw new IllegalArgumentException(op + " on " + column.getClass());
        }
    }

    /** The storage cell of global place {@code g}, a place the block owns. */
    private static int cell(Layout l, long g) {
        long row = g / l.size0();
        int x = (int) (g - row * l.size0());
        if (l.dims() < 3) {
            return l.storageIndex(x - l.origin0(), (int) row - l.origin1(), 0);
        }
        return l.storageIndex(x - l.origin0(), (int) (row % l.size1()) - l.origin1(),
                (int) (row / l.size1()) - l.origin2());
    }

    /** Plain writes of booleans (the only writes booleans have): each place's only writer. */
    private static void booleans(boolean[] c, boolean[] v, boolean[] written, long[] locations, Layout layout,
            int from, int to, long lo, long hi) {
        for (int i = from; i < to; i++) {
            long g = locations[i];
            if (written[i] && g >= lo && g < hi) {
                c[cell(layout, g)] = v[i];
            }
        }
    }

    private static void doubles(Combine op, double[] c, double[] v, boolean[] written, long[] locations, Layout layout,
            int from, int to, long lo, long hi) {
        for (int i = from; i < to; i++) {
            long g = locations[i];
            if (g >= lo && g < hi && (op == Combine.SUM || written[i])) {
                int s = cell(layout, g);
                c[s] = switch (op) {
                    case SUM -> c[s] + v[i];
                    case SET -> v[i];
                    case MIN -> Math.min(c[s], v[i]);
                    default -> Math.max(c[s], v[i]);
                };
            }
        }
    }

    private static void floats(Combine op, float[] c, float[] v, boolean[] written, long[] locations, Layout layout,
            int from, int to, long lo, long hi) {
        for (int i = from; i < to; i++) {
            long g = locations[i];
            if (g >= lo && g < hi && (op == Combine.SUM || written[i])) {
                int s = cell(layout, g);
                c[s] = switch (op) {
                    case SUM -> c[s] + v[i];
                    case SET -> v[i];
                    case MIN -> Math.min(c[s], v[i]);
                    default -> Math.max(c[s], v[i]);
                };
            }
        }
    }

    private static void longs(Combine op, long[] c, long[] v, boolean[] written, long[] locations, Layout layout,
            int from, int to, long lo, long hi) {
        for (int i = from; i < to; i++) {
            long g = locations[i];
            if (g >= lo && g < hi && (op == Combine.SUM || written[i])) {
                int s = cell(layout, g);
                c[s] = switch (op) {
                    case SUM -> c[s] + v[i];
                    case SET -> v[i];
                    case MIN -> Math.min(c[s], v[i]);
                    default -> Math.max(c[s], v[i]);
                };
            }
        }
    }

    private static void ints(Combine op, int[] c, int[] v, boolean[] written, long[] locations, Layout layout,
            int from, int to, long lo, long hi) {
        for (int i = from; i < to; i++) {
            long g = locations[i];
            if (g >= lo && g < hi && (op == Combine.SUM || written[i])) {
                int s = cell(layout, g);
                c[s] = switch (op) {
                    case SUM -> c[s] + v[i];
                    case SET -> v[i];
                    case MIN -> Math.min(c[s], v[i]);
                    default -> Math.max(c[s], v[i]);
                };
            }
        }
    }

    private static void shorts(Combine op, short[] c, short[] v, boolean[] written, long[] locations, Layout layout,
            int from, int to, long lo, long hi) {
        for (int i = from; i < to; i++) {
            long g = locations[i];
            if (g >= lo && g < hi && (op == Combine.SUM || written[i])) {
                int s = cell(layout, g);
                c[s] = (short) switch (op) {
                    case SUM -> c[s] + v[i];
                    case SET -> v[i];
                    case MIN -> Math.min(c[s], v[i]);
                    default -> Math.max(c[s], v[i]);
                };
            }
        }
    }

    private static void bytes(Combine op, byte[] c, byte[] v, boolean[] written, long[] locations, Layout layout,
            int from, int to, long lo, long hi) {
        for (int i = from; i < to; i++) {
            long g = locations[i];
            if (g >= lo && g < hi && (op == Combine.SUM || written[i])) {
                int s = cell(layout, g);
                c[s] = (byte) switch (op) {
                    case SUM -> c[s] + v[i];
                    case SET -> v[i];
                    case MIN -> Math.min(c[s], v[i]);
                    default -> Math.max(c[s], v[i]);
                };
            }
        }
    }
}
