package org.colony.cuda.internal;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import org.colony.runtime.spi.ScalarType;

/** Copies between Java primitive arrays and native memory, element type by element type. */
public final class HostColumns {

    private HostColumns() {
    }

    /** The native layout of a scalar type (no alignment constraint, as columns are packed). */
    public static ValueLayout layout(ScalarType t) {
        return switch (t) {
            case BOOLEAN -> ValueLayout.JAVA_BOOLEAN;
            case BYTE -> ValueLayout.JAVA_BYTE;
            case SHORT -> ValueLayout.JAVA_SHORT_UNALIGNED;
            case INT -> ValueLayout.JAVA_INT_UNALIGNED;
            case LONG -> ValueLayout.JAVA_LONG_UNALIGNED;
            case FLOAT -> ValueLayout.JAVA_FLOAT_UNALIGNED;
            case DOUBLE -> ValueLayout.JAVA_DOUBLE_UNALIGNED;
        };
    }

    /** Copies {@code count} elements from native {@code src} at element {@code from} into {@code dst[to..]}. */
    public static void toArray(MemorySegment src, long from, Object dst, int to, int count, ScalarType t) {
        if (dst instanceof boolean[] b) {
            for (int i = 0; i < count; i++) {
                b[to + i] = src.get(ValueLayout.JAVA_BYTE, from + i) != 0;
            }
            return;
        }
        MemorySegment.copy(src, layout(t), from * t.bytes(), dst, to, count);
    }

    /** Copies {@code count} elements of {@code src[from..]} into native {@code dst} at element {@code to}. */
    public static void fromArray(Object src, int from, MemorySegment dst, long to, int count, ScalarType t) {
        if (src instanceof boolean[] b) {
            for (int i = 0; i < count; i++) {
                dst.set(ValueLayout.JAVA_BYTE, to + i, b[from + i] ? (byte) 1 : (byte) 0);
            }
            return;
        }
        MemorySegment.copy(src, from, dst, layout(t), to * t.bytes(), count);
    }
}
