package org.colony.runtime.storage;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;

/**
 * Copies the values of chosen slots of a primitive column to and from consecutive values of a memory segment
 * (booleans as one byte, 0 or 1): how agents' rows are packed for another partition; and into consecutive values of
 * another column: how the agents that stay are compacted.
 */
public final class SlotCopy {

    private SlotCopy() {
    }

    /** Copies {@code column[slots[i]]} for {@code i < n} into {@code segment} from byte {@code offset}. */
    public static void toSegment(Object column, int[] slots, int n, MemorySegment segment, long offset) {
        switch (column) {
            case boolean[] c -> {
                for (int i = 0; i < n; i++) {
                    segment.set(ValueLayout.JAVA_BYTE, offset + i, c[slots[i]] ? (byte) 1 : (byte) 0);
                }
            }
            case byte[] c -> {
                for (int i = 0; i < n; i++) {
                    segment.set(ValueLayout.JAVA_BYTE, offset + i, c[slots[i]]);
                }
            }
            case short[] c -> {
                for (int i = 0; i < n; i++) {
                    segment.set(ValueLayout.JAVA_SHORT_UNALIGNED, offset + 2L * i, c[slots[i]]);
                }
            }
            case int[] c -> {
                for (int i = 0; i < n; i++) {
                    segment.set(ValueLayout.JAVA_INT_UNALIGNED, offset + 4L * i, c[slots[i]]);
                }
            }
            case long[] c -> {
                for (int i = 0; i < n; i++) {
                    segment.set(ValueLayout.JAVA_LONG_UNALIGNED, offset + 8L * i, c[slots[i]]);
                }
            }
            case float[] c -> {
                for (int i = 0; i < n; i++) {
                    segment.set(ValueLayout.JAVA_FLOAT_UNALIGNED, offset + 4L * i, c[slots[i]]);
                }
            }
            case double[] c -> {
                for (int i = 0; i < n; i++) {
                    segment.set(ValueLayout.JAVA_DOUBLE_UNALIGNED, offset + 8L * i, c[slots[i]]);
                }
            }
            default -> throw new IllegalArgumentException(column.getClass().toString());
        }
    }

    /** Copies {@code n} consecutive values of {@code segment} from byte {@code offset} into {@code column[slots[i]]}. */
    public static void fromSegment(MemorySegment segment, long offset, Object column, int[] slots, int n) {
        switch (column) {
            case boolean[] c -> {
                for (int i = 0; i < n; i++) {
                    c[slots[i]] = segment.get(ValueLayout.JAVA_BYTE, offset + i) != 0;
                }
            }
            case byte[] c -> {
                for (int i = 0; i < n; i++) {
                    c[slots[i]] = segment.get(ValueLayout.JAVA_BYTE, offset + i);
                }
            }
            case short[] c -> {
                for (int i = 0; i < n; i++) {
                    c[slots[i]] = segment.get(ValueLayout.JAVA_SHORT_UNALIGNED, offset + 2L * i);
                }
            }
            case int[] c -> {
                for (int i = 0; i < n; i++) {
                    c[slots[i]] = segment.get(ValueLayout.JAVA_INT_UNALIGNED, offset + 4L * i);
                }
            }
            case long[] c -> {
                for (int i = 0; i < n; i++) {
                    c[slots[i]] = segment.get(ValueLayout.JAVA_LONG_UNALIGNED, offset + 8L * i);
                }
            }
            case float[] c -> {
                for (int i = 0; i < n; i++) {
                    c[slots[i]] = segment.get(ValueLayout.JAVA_FLOAT_UNALIGNED, offset + 4L * i);
                }
            }
            case double[] c -> {
                for (int i = 0; i < n; i++) {
                    c[slots[i]] = segment.get(ValueLayout.JAVA_DOUBLE_UNALIGNED, offset + 8L * i);
                }
            }
            default -> throw new IllegalArgumentException(column.getClass().toString());
        }
    }

    /** Copies {@code from[slots[i]]} into {@code to[i]} for {@code i < n}: two columns of the same type. */
    public static void gather(Object from, int[] slots, int n, Object to) {
        switch (from) {
            case double[] f -> {
                double[] t = (double[]) to;
                for (int i = 0; i < n; i++) {
                    t[i] = f[slots[i]];
                }
            }
            case float[] f -> {
                float[] t = (float[]) to;
                for (int i = 0; i < n; i++) {
                    t[i] = f[slots[i]];
                }
            }
            case long[] f -> {
                long[] t = (long[]) to;
                for (int i = 0; i < n; i++) {
                    t[i] = f[slots[i]];
                }
            }
            case int[] f -> {
                int[] t = (int[]) to;
                for (int i = 0; i < n; i++) {
                    t[i] = f[slots[i]];
                }
            }
            case short[] f -> {
                short[] t = (short[]) to;
                for (int i = 0; i < n; i++) {
                    t[i] = f[slots[i]];
                }
            }
            case byte[] f -> {
                byte[] t = (byte[]) to;
                for (int i = 0; i < n; i++) {
                    t[i] = f[slots[i]];
                }
            }
            case boolean[] f -> {
                boolean[] t = (boolean[]) to;
                for (int i = 0; i < n; i++) {
                    t[i] = f[slots[i]];
                }
            }
            default -> throw new IllegalArgumentException(from.getClass().toString());
        }
    }
}
