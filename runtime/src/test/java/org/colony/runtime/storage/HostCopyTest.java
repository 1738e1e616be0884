package org.colony.runtime.storage;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.reflect.Array;
import org.colony.kernel.ScalarType;
import org.junit.jupiter.api.Test;

class HostCopyTest {

    @Test
    void everyType_roundTripsThroughNativeMemoryAtAByteOffset() {
        try (Arena arena = Arena.ofConfined()) {
            for (ScalarType t : ScalarType.values()) {
                Object column = t.newArray(6);
                for (int i = 0; i < 6; i++) {
                    Array.set(column, i, value(t, i));
                }
                MemorySegment m = arena.allocate(64);
                HostCopy.toSegment(column, 2, m, 3, 4, t);
                Object back = t.newArray(6);
                HostCopy.fromSegment(m, 3, back, 1, 4, t);
                for (int i = 0; i < 4; i++) {
                    assertEquals(Array.get(column, 2 + i), Array.get(back, 1 + i),
                            t + " element " + i);
                }
                assertEquals(Array.get(t.newArray(1), 0), Array.get(back, 0));
            }
        }
    }

    @Test
    void booleans_areOneByteZeroOrOne() {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment m = arena.allocate(4);
            HostCopy.toSegment(new boolean[] {true, false, true}, 0, m, 1, 3, ScalarType.BOOLEAN);
            assertArrayEquals(new byte[] {0, 1, 0, 1}, m.toArray(ValueLayout.JAVA_BYTE));
        }
    }

    private static Object value(ScalarType t, int i) {
        return switch (t) {
            case BOOLEAN -> i % 2 == 1;
            case BYTE -> (byte) (i - 3);
            case SHORT -> (short) (1000 * i - 2500);
            case INT -> 1_000_003 * i - 7;
            case LONG -> 1L << (10 * i);
            case FLOAT -> i / 3f - 1;
            case DOUBLE -> -i / 7.0;
        };
    }
}
