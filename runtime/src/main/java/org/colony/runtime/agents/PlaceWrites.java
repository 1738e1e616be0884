package org.colony.runtime.agents;

import org.colony.runtime.ColonyException;
import org.colony.runtime.spi.Combine;
import org.colony.runtime.spi.Layout;

/**
 * Applies the agents' contributions to one place attribute column after an agent step: for each place,
 * its agents' contributions in id order are combined with the current value (sum, minimum, maximum) or
 * replace it (a plain write, which allows one writer per place).
 */
public final class PlaceWrites {

    private PlaceWrites() {
    }

    /**
     * Combines contributions into {@code column} for the places {@code [from, to)} (global indices).
     *
     * @param column the place attribute's current column (one element of an array attribute)
     * @param contribution per agent slot
     * @param written per agent slot, whether it wrote (ignored for sums)
     * @param index the agents grouped by place
     * @param layout where each place is stored
     * @param what the attribute, for messages
     */
    public static void apply(Combine op, Object column, Object contribution, boolean[] written, PlaceIndex index,
            Layout layout, int from, int to, String what) {
        int[] start = index.start();
        int[] order = index.order();
        int w = layout.size0();
        int h = layout.size1();
        for (int g = from; g < to; g++) {
            int a = start[g];
            int b = start[g + 1];
            if (a == b) {
                continue;
            }
            int x = g % w;
            int y = (g / w) % h;
            int z = g / w / h;
            int s = layout.storageIndex(x - layout.origin0(), y - layout.origin1(), z - layout.origin2());
            if (op == Combine.SET) {
                int writer = -1;
                for (int k = a; k < b; k++) {
                    if (written[order[k]]) {
                        if (writer >= 0) {
                            throw new ColonyException(what + " is written with a plain assignment by two agents on place "
                                    + g + "; plain writes need at most one agent per place");
                        }
                        writer = order[k];
                    }
                }
                if (writer >= 0) {
                    System.arraycopy(contribution, writer, column, s, 1);
                }
                continue;
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
}
