package org.colony.cuda.internal.launch;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.foreign.Arena;
import java.lang.foreign.ValueLayout;
import java.util.Arrays;
import org.colony.kernel.ScalarType;
import org.junit.jupiter.api.Test;

/** Snapshots of kernel parameters: what a CUDA graph node gets, and when two launches count as the same. */
@SuppressWarnings("restricted") // reads the native pointers a launch hands the driver
class KernelParamsTest {

    @Test
    void snapshot_isTheFrameThenOneEightByteSlotPerParameter() {
        try (Arena a = Arena.ofConfined()) {
            KernelParams p = new KernelParams(a, 16, 4);
            p.begin().frame().set(ValueLayout.JAVA_LONG, 8, 99L);
            p.add(5L).addInt(-1);
            byte[] s = p.snapshot(true);
            assertEquals(16 + 2 * 8, s.length);
            assertEquals(99, s[8]);
            assertEquals(5, s[16]);
            assertArrayEquals(new byte[] {-1, -1, -1, -1, 0, 0, 0, 0}, Arrays.copyOfRange(s, 24, 32));
            assertEquals(16, p.snapshot(false).length, "without the frame: the slots only");
        }
    }

    @Test
    void narrowValueInASlotThatHeldAWideOne_snapshotsAsTheSameBytesAsInAFreshSlot() {
        try (Arena a = Arena.ofConfined()) {
            KernelParams reused = new KernelParams(a, 8, 2);
            reused.begin().add(-1L);
            reused.begin().addInt(3).addFloat(1.5f);
            KernelParams fresh = new KernelParams(a, 8, 2);
            fresh.begin().addInt(3).addFloat(1.5f);
            assertArrayEquals(fresh.snapshot(false), reused.snapshot(false));
        }
    }

    @Test
    void launchOfASnapshot_pointsAtACopyOfEachValue() {
        try (Arena a = Arena.ofConfined()) {
            KernelParams p = new KernelParams(a, 8, 2);
            p.begin().frame().set(ValueLayout.JAVA_LONG, 0, 11L);
            p.add(22L).add(33L);
            Launch l = new Launch(1, 1, 1, 1, 1, 1, 1, 0, 8, p.snapshot(true), "k");
            p.begin().add(0L).add(0L); // the store reuses its parameters for the next launch
            var pointers = l.pointers(a).reinterpret(3 * ValueLayout.ADDRESS.byteSize());
            long[] seen = new long[3];
            for (int i = 0; i < 3; i++) {
                seen[i] = pointers.getAtIndex(ValueLayout.ADDRESS, i).reinterpret(8).get(ValueLayout.JAVA_LONG, 0);
            }
            assertArrayEquals(new long[] {11, 22, 33}, seen);
            assertTrue(l.sameParams(new Launch(1, 1, 1, 1, 1, 1, 1, 0, 8, l.params().clone(), "k")));
        }
    }

    @Test
    void pointers_leadToTheFrameAndToEachValue_zeroExtended() {
        try (Arena a = Arena.ofConfined()) {
            KernelParams p = new KernelParams(a, 8, 8);
            p.begin().add(-1L).add(-1L).add(-1L).add(-1L).add(-1L).add(-1L).add(-1L); // every slot dirty
            p.begin().frame().set(ValueLayout.JAVA_LONG, 0, 11L);
            p.add((byte) -1, ScalarType.BYTE).add((short) -2, ScalarType.SHORT).add(-3, ScalarType.INT)
                    .add(-4L, ScalarType.LONG).add(1.5f, ScalarType.FLOAT).add(2.5, ScalarType.DOUBLE)
                    .add(true, ScalarType.BOOLEAN);
            var pointers = p.pointers().reinterpret(8 * ValueLayout.ADDRESS.byteSize());
            long[] seen = new long[8];
            for (int i = 0; i < 8; i++) {
                seen[i] = pointers.getAtIndex(ValueLayout.ADDRESS, i).reinterpret(8).get(ValueLayout.JAVA_LONG, 0);
            }
            assertArrayEquals(new long[] {11, 0xFFL, 0xFFFEL, 0xFFFFFFFDL, -4L,
                    Float.floatToRawIntBits(1.5f), Double.doubleToRawLongBits(2.5), 1}, seen);
            assertEquals(7, p.count());
        }
    }
}
