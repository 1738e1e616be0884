package org.colony.runtime.partition;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicIntegerArray;
import org.colony.runtime.ColonyException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class SideBySideTest {

    /** Spinning for 2 ms before blocking, and blocking at once. */
    private static final long SPIN = 2_000_000L;

    @ParameterizedTest
    @ValueSource(longs = {SPIN, 0L})
    void everyPartition_runsOnce_theFirstOnTheCaller_eachOtherAlwaysOnItsOwnThread(long spin) throws Exception {
        Thread[][] ran = new Thread[50][4];
        try (SideBySide side = new SideBySide(4, "Test", spin)) {
            AtomicIntegerArray calls = new AtomicIntegerArray(4);
            for (int round = 0; round < 50; round++) {
                int r = round;
                side.run(p -> {
                    calls.incrementAndGet(p);
                    ran[r][p] = Thread.currentThread();
                });
                if (round % 10 == 9) {
                    sleep(5); // (past the spin: the lanes block, and the next round wakes them)
                }
            }
            for (int p = 0; p < 4; p++) {
                assertEquals(50, calls.get(p), "partition " + p);
            }
            for (int round = 0; round < 50; round++) {
                assertSame(Thread.currentThread(), ran[round][0]);
                for (int p = 1; p < 4; p++) {
                    assertNotSame(Thread.currentThread(), ran[round][p], "partition " + p);
                    assertSame(ran[0][p], ran[round][p], "partition " + p + " keeps its thread, round " + round);
                    for (int q = 1; q < p; q++) {
                        assertNotSame(ran[round][q], ran[round][p], "partitions " + q + " and " + p);
                    }
                }
            }
        }
        for (int p = 1; p < 4; p++) {
            ran[0][p].join(5000);
            assertFalse(ran[0][p].isAlive(), "the thread of partition " + p + " ends once closed");
        }
    }

    @ParameterizedTest
    @ValueSource(longs = {SPIN, 0L})
    void partitions_runAtTheSameTime(long spin) throws Exception {
        // Each waits for all the others: run in turn, this would time out.
        try (SideBySide side = new SideBySide(3, "Test", spin)) {
            CyclicBarrier all = new CyclicBarrier(3);
            side.run(p -> {
                try {
                    all.await(10, TimeUnit.SECONDS);
                } catch (Exception e) {
                    throw new IllegalStateException("partition " + p + " ran alone", e);
                }
            });
        }
    }

    @ParameterizedTest
    @ValueSource(longs = {SPIN, 0L})
    void aFailure_isRethrown_afterEveryPartitionFinished_theFirstInPartitionOrderWinning(long spin) {
        try (SideBySide side = new SideBySide(3, "Test", spin)) {
            AtomicIntegerArray done = new AtomicIntegerArray(3);
            IllegalStateException e = assertThrows(IllegalStateException.class, () -> side.run(p -> {
                if (p == 2) {
                    sleep(50);
                    done.set(p, 1);
                    throw new IllegalStateException("two");
                }
                if (p == 1) {
                    sleep(100);
                    done.set(p, 1);
                    throw new IllegalStateException("one");
                }
                done.set(p, 1);
            }));
            assertEquals("one", e.getMessage());
            for (int p = 0; p < 3; p++) {
                assertEquals(1, done.get(p), "partition " + p + " finished");
            }
            // The caller's own failure comes first; errors stay errors.
            assertEquals("zero", assertThrows(IllegalArgumentException.class, () -> side.run(p -> {
                throw p == 0 ? new IllegalArgumentException("zero") : new IllegalStateException("other");
            })).getMessage());
            assertThrows(AssertionError.class, () -> side.run(p -> {
                if (p == 1) {
                    throw new AssertionError("an error");
                }
            }));
            side.run(p -> done.set(p, 2)); // still usable
            assertEquals(2, done.get(2));
        }
    }

    @Test
    void anInterruptedCaller_waitsForThePartitions_thenSaysSo_andStaysInterrupted() {
        try (SideBySide side = new SideBySide(2, "Test", 0L)) {
            AtomicIntegerArray done = new AtomicIntegerArray(2);
            ColonyException e = assertThrows(ColonyException.class, () -> side.run(p -> {
                if (p == 0) {
                    Thread.currentThread().interrupt();
                } else {
                    sleep(50);
                    done.set(p, 1);
                }
            }));
            assertEquals("interrupted while the partitions of Test were managed", e.getMessage());
            assertEquals(1, done.get(1), "partition 1 finished before the call returned");
            assertTrue(Thread.interrupted(), "the interrupt is kept");
            side.run(p -> done.set(p, 2)); // still usable
            assertEquals(2, done.get(1));
        }
    }

    @Test
    void theSpin_isReadInMicroseconds_andABadOneIsNamed() {
        assertEquals(2_000_000L, SideBySide.spinNanos(null));
        assertEquals(0L, SideBySide.spinNanos("0"));
        assertEquals(150_000L, SideBySide.spinNanos(" 150 "));
        for (String bad : new String[] {"-1", "2ms", "1000001"}) {
            ColonyException e = assertThrows(ColonyException.class, () -> SideBySide.spinNanos(bad));
            assertEquals("colony.partitions.spinMicros must be a whole number of microseconds from 0 to 1000000, "
                    + "not '" + bad + "'", e.getMessage());
        }
    }

    private static void sleep(long ms) {
        try {
            Thread.sleep(ms);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
