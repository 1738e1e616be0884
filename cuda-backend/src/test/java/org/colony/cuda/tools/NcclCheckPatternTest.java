package org.colony.cuda.tools;

import static java.lang.foreign.ValueLayout.JAVA_BYTE;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import org.junit.jupiter.api.Test;

/** The byte patterns NcclCheck sends and verifies: no GPU needed. */
class NcclCheckPatternTest {

    @Test
    void firstMismatch_ofAnIntactPattern_isNone() {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment host = arena.allocate(1027, 8);
            NcclCheck.pattern(host, 1027, 99);
            assertEquals(-1, NcclCheck.firstMismatch(host, 1027, 99));
            assertNotEquals(-1, NcclCheck.firstMismatch(host, 1027, 98), "another seed gives other bytes");
        }
    }

    @Test
    void firstMismatch_pointsAtTheFirstChangedByte_inAWordOrInTheTail() {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment host = arena.allocate(1027, 8);
            NcclCheck.pattern(host, 1027, 7);
            flip(host, 1026);
            assertEquals(1026, NcclCheck.firstMismatch(host, 1027, 7));
            flip(host, 13);
            assertEquals(13, NcclCheck.firstMismatch(host, 1027, 7));
        }
    }

    @Test
    void patterns_ofAPrefix_agreeWithTheWhole() {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment host = arena.allocate(64, 8);
            NcclCheck.pattern(host, 64, 5);
            assertEquals(-1, NcclCheck.firstMismatch(host, 4, 5));
            assertEquals(-1, NcclCheck.firstMismatch(host, 13, 5));
        }
    }

    private static void flip(MemorySegment host, long offset) {
        host.set(JAVA_BYTE, offset, (byte) ~host.get(JAVA_BYTE, offset));
    }
}
