package org.colony.runtime.cpu;

import org.colony.ColonyException;
import org.colony.kernel.Combine;
import org.colony.kernel.Layout;

/**
 * Applies the agents' contributions to one place attribute column after an agent step: for each place,
 * its agents' contributions in id order are combined with the current value (sum, minimum, maximum) or
 * replace it (a plain write, which allows one writer per place).
 */
public final class PlaceWrites {

    private PlaceWrites() {
    }

    /**
     * Combines contributions into {@code column} for the owned places of rows {@code [from, to)} of the block
     * (a row is a line along x of fixed y and z, {@link Layout#rows()}).
     *
     * @param column the place attribute's current column (one element of an array attribute)
     * @param contribution per agent slot
     * @param written per agent slot, whether it wrote (ignored for sums)
     * @param index the agents grouped by place
     * @param from the first row
     * @param to one past the last row
     * @param what the attribute, for messages
     */
    public static void apply(Combine op, Object column, Object contribution, boolean[] written, PlaceIndex index,
            int from, int to, String what) {
        Layout layout = index.layout();
        for (int row = from; row < to; row++) {
            int y = row % layout.extent1();
            int z = row / layout.extent1();
            int first = layout.storageIndex(0, y, z);
            for (int s = first; s < first + layout.extent0(); s++) {
                apply(op, column, contribution, written, index, s, what, layout, s - first, y, z);
            }
        }
    }

    private static void apply(Combine op, Object column, Object contribution, boolean[] written, PlaceIndex index,
            int s, String what, Layout layout, int x, int y, int z) {
        int[] start = index.start();
        int[] order = index.order();
        int a = start[s];
        int b = start[s + 1];
        if (a == b) {
            return;
        }
        if (op == Combine.SET) {
            int writer = -1;
            for (int k = a; k < b; k++) {
                if (written[order[k]]) {
                    if (writer >= 0) {
                        long g = (layout.origin0() + x) + (long) layout.size0() * ((layout.origin1() + y)
                                + (long) layout.size1() * (layout.origin2() + z));
                        throw new ColonyException(what + " is written with a plain assignment by two agents on place "
                                + g + "; plain writes need at most one agent per place");
                    }
                    writer = order[k];
                }
            }
            if (writer >= 0) {
                System.arraycopy(contribution, writer, column, s, 1);
            }
            return;
        }
        switch (column) {
            case double[] c -> {
                double[] v = (double[]) contribution;
                double r = c[s];
                for (int k = a; k < b; k++) {
                    int i = order[k];
                    r = switch (op) {
                        case SUM -> r + v[i];
                        case MIN -> written[i] ? Math.min(r, v[i]) : r;
                        default -> written[i] ? Math.max(r, v[i]) : r;
                    };
                }
                c[s] = r;
            }
            case float[] c -> {
                float[] v = (float[]) contribution;
                float r = c[s];
                for (int k = a; k < b; k++) {
                    int i = order[k];
                    r = switch (op) {
                        case SUM -> r + v[i];
                        case MIN -> written[i] ? Math.min(r, v[i]) : r;
                        default -> written[i] ? Math.max(r, v[i]) : r;
                    };
                }
                c[s] = r;
            }
            case long[] c -> {
                long[] v = (long[]) contribution;
                long r = c[s];
                for (int k = a; k < b; k++) {
                    int i = order[k];
                    r = switch (op) {
                        case SUM -> r + v[i];
                        case MIN -> written[i] ? Math.min(r, v[i]) : r;
                        default -> written[i] ? Math.max(r, v[i]) : r;
                    };
                }
                c[s] = r;
            }
            case int[] c -> {
                int[] v = (int[]) contribution;
                int r = c[s];
                for (int k = a; k < b; k++) {
                    int i = order[k];
                    r = switch (op) {
                        case SUM -> r + v[i];
                        case MIN -> written[i] ? Math.min(r, v[i]) : r;
                        default -> written[i] ? Math.max(r, v[i]) : r;
                    };
                }
                c[s] = r;
            }
            case short[] c -> {
                short[] v = (short[]) contribution;
                short r = c[s];
                for (int k = a; k < b; k++) {
                    int i = order[k];
                    r = (short) switch (op) {
                        case SUM -> r + v[i];
                        case MIN -> written[i] ? Math.min(r, v[i]) : r;
                        default -> written[i] ? Math.max(r, v[i]) : r;
                    };
                }
                c[s] = r;
            }
            case byte[] c -> {
                byte[] v = (byte[]) contribution;
                byte r = c[s];
                for (int k = a; k < b; k++) {
                    int i = order[k];
                    r = (byte) switch (op) {
                        case SUM -> r + v[i];
                        case MIN -> written[i] ? Math.min(r, v[i]) : r;
                        default -> written[i] ? Math.max(r, v[i]) : r;
                    };
                }
                c[s] = r;
            }
            default -> throw new IllegalArgumentException(op + " on " + column.getClass());
        }
    }
}
