package org.colony.runtime.storage;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import org.colony.kernel.ScalarType;

/**
 * Copies runs of a primitive column to and from native memory (booleans as one byte, 0 or 1): halo buffers on the
 * CPU, staging memory for transfers to and from a GPU. Offsets in memory are in bytes; values are unaligned.
 */
public final class HostCopy {

    private HostCopy() {
    }

    /** Copies {@code length} values of {@code column} from {@code index} into {@code segment} at byte {@code offset}. */
    public static void toSegment(Object column, int index, MemorySegment segment, long offset, int length,
            ScalarType type) {
        switch (type) {
            case BOOLEAN -> {
                boolean[] c = (boolean[]) column;
                for (int i = 0; i < length; i++) {
                    segment.set(ValueLayout.JAVA_BYTE, offset + i, c[index + i] ? (byte) 1 : (byte) 0);
                }
            }
            case BYTE -> MemorySegment.copy(column, index, segment, ValueLayout.JAVA_BYTE, offset, length);
            case SHORT -> MemorySegment.copy(column, index, segment, ValueLayout.JAVA_SHORT_UNALIGNED, offset, length);
            case INT -> MemorySegment.copy(column, index, segment, ValueLayout.JAVA_INT_UNALIGNED, offset, length);
            case LONG -> MemorySegment.copy(column, index, segment, ValueLayout.JAVA_LONG_UNALIGNED, offset, length);
            case FLOAT -> MemorySegment.copy(column, index, segment, ValueLayout.JAVA_FLOAT_UNALIGNED, offset, length);
            case DOUBLE -> MemorySegment.copy(column, index, segment, ValueLayout.JAVA_DOUBLE_UNALIGNED, offset,
                    length);
        }
    }

    /** Copies {@code length} values from {@code segment} at byte {@code offset} into {@code column} from {@code index}. */
    public static void fromSegment(MemorySegment segment, long offset, Object column, int index, int length,
            ScalarType type) {
        switch (type) {
            case BOOLEAN -> {
                boolean[] c = (boolean[]) column;
                for (int i = 0; i < length; i++) {
                    c[index + i] = segment.get(ValueLayout.JAVA_BYTE, offset + i) != 0;
                }
            }
            case BYTE -> MemorySegment.copy(segment, ValueLayout.JAVA_BYTE, offset, column, index, length);
            case SHORT -> MemorySegment.copy(segment, ValueLayout.JAVA_SHORT_UNALIGNED, offset, column, index, length);
            case INT -> MemorySegment.copy(segment, ValueLayout.JAVA_INT_UNALIGNED, offset, column, index, length);
            case LONG -> MemorySegment.copy(segment, ValueLayout.JAVA_LONG_UNALIGNED, offset, column, index, length);
            case FLOAT -> MemorySegment.copy(segment, ValueLayout.JAVA_FLOAT_UNALIGNED, offset, column, index, length);
            case DOUBLE -> MemorySegment.copy(segment, ValueLayout.JAVA_DOUBLE_UNALIGNED, offset, column, index,
                    length);
        }
    }

    /**
     * Copies the values of {@code column} at the indices {@code cells}, in that order, into {@code segment} from byte
     * {@code offset} (a gather).
     */
    public static void gather(Object column, int[] cells, MemorySegment segment, long offset, ScalarType type) {
        long at = offset;
        switch (type) {
            case BOOLEAN -> {
                boolean[] c = (boolean[]) column;
                for (int i : cells) {
                    segment.set(ValueLayout.JAVA_BYTE, at++, c[i] ? (byte) 1 : (byte) 0);
                }
            }
            case BYTE -> {
                byte[] c = (byte[]) column;
                for (int i : cells) {
                    segment.set(ValueLayout.JAVA_BYTE, at++, c[i]);
                }
            }
            case SHORT -> {
                short[] c = (short[]) column;
                for (int i : cells) {
                    segment.set(ValueLayout.JAVA_SHORT_UNALIGNED, at, c[i]);
                    at += 2;
                }
            }
            case INT -> {
                int[] c = (int[]) column;
                for (int i : cells) {
                    segment.set(ValueLayout.JAVA_INT_UNALIGNED, at, c[i]);
                    at += 4;
                }
            }
            case LONG -> {
                long[] c = (long[]) column;
                for (int i : cells) {
                    segment.set(ValueLayout.JAVA_LONG_UNALIGNED, at, c[i]);
                    at += 8;
                }
            }
            case FLOAT -> {
                float[] c = (float[]) column;
                for (int i : cells) {
                    segment.set(ValueLayout.JAVA_FLOAT_UNALIGNED, at, c[i]);
                    at += 4;
                }
            }
            case DOUBLE -> {
                double[] c = (double[]) column;
                for (int i : cells) {
                    segment.set(ValueLayout.JAVA_DOUBLE_UNALIGNED, at, c[i]);
                    at += 8;
                }
            }
        }
    }
}
