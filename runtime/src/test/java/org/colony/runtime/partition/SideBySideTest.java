package org.colony.runtime.partition;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicIntegerArray;
import org.colony.ColonyException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

@Timeout(value = 60, unit = TimeUnit.SECONDS) // (a lost wake-up hangs: fail instead)
class SideBySideTest {

    /** Spinning for 2 ms before blocking, and blocking at once. */
    private static final long SPIN = 2_000_000L;

    /** Spinning for {@code spin} with room for every thread to spin. */
    private static SideBySide side(int parts, long spin) {
        return new SideBySide(parts, "Test", spin, new SideBySide.Spinners(parts));
    }

    @ParameterizedTest
    @ValueSource(longs = {SPIN, 0L})
    void everyPartition_runsOnce_theFirstOnTheCaller_eachOtherAlwaysOnItsOwnThread(long spin) throws Exception {
        Thread[][] ran = new Thread[50][4];
        try (SideBySide side = side(4, spin)) {
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
        try (SideBySide side = side(3, spin)) {
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
        try (SideBySide side = side(3, spin)) {
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

    @ParameterizedTest
    @ValueSource(longs = {SPIN, 0L})
    void anInterruptedCaller_waitsForThePartitions_thenSaysSo_andStaysInterrupted(long spin) {
        try (SideBySide side = side(2, spin)) {
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
    void aPieceThatInterruptsItsThread_leavesTheNextOneUninterrupted_andTheThreadIdleWhenBlocked() throws Exception {
        try (SideBySide side = side(2, 0L)) {
            Thread[] lane = new Thread[1];
            side.run(p -> {
                if (p == 1) {
                    lane[0] = Thread.currentThread();
                    Thread.currentThread().interrupt();
                }
            });
            ThreadMXBean mx = ManagementFactory.getThreadMXBean();
            long cpu = mx.getThreadCpuTime(lane[0].threadId());
            sleep(300);
            long burnt = mx.getThreadCpuTime(lane[0].threadId()) - cpu;
            assertTrue(cpu < 0 || burnt < 150_000_000L, "the blocked thread used " + burnt / 1_000_000 + " ms of CPU");
            boolean[] interrupted = new boolean[2];
            side.run(p -> interrupted[p] = Thread.currentThread().isInterrupted());
            assertFalse(interrupted[1], "the next piece starts uninterrupted");
        }
    }

    @Test
    void afterClose_aCallSaysSo() {
        SideBySide side = side(3, SPIN);
        side.run(p -> { });
        side.close();
        ColonyException e = assertThrows(ColonyException.class, () -> side.run(p -> { }));
        assertEquals("the partitions of Test are closed", e.getMessage());
    }

    @Test
    void threadsSpinOnlyWhileTheSharedSpinnersAllow() throws Exception {
        // A spin far longer than the test: a thread that spins stays runnable, one that blocks waits.
        long tenSeconds = 10_000_000_000L;
        SideBySide.Spinners none = new SideBySide.Spinners(0);
        Thread[] lanes = new Thread[4];
        try (SideBySide side = new SideBySide(4, "Test", tenSeconds, none)) {
            side.run(p -> lanes[p] = Thread.currentThread());
            for (int p = 1; p < 4; p++) {
                awaitState(lanes[p], Thread.State.WAITING);
            }
            assertEquals(0, none.spinning());
        }
        SideBySide.Spinners two = new SideBySide.Spinners(2);
        try (SideBySide a = new SideBySide(3, "A", tenSeconds, two);
                SideBySide b = new SideBySide(3, "B", tenSeconds, two)) {
            a.run(p -> lanes[p] = Thread.currentThread());
            b.run(p -> { });
            long until = System.nanoTime() + 5_000_000_000L;
            while (two.spinning() < 2 && System.nanoTime() < until) {
                Thread.onSpinWait();
            }
            sleep(100);
            assertEquals(2, two.spinning(), "four threads would spin, two may");
            a.run(p -> { }); // (works the same whoever spins)
        }
        long until = System.nanoTime() + 5_000_000_000L;
        while (two.spinning() > 0 && System.nanoTime() < until) {
            Thread.onSpinWait();
        }
        assertEquals(0, two.spinning(), "closed, none spins");
        for (int p = 1; p < 3; p++) {
            lanes[p].join(5000);
            assertFalse(lanes[p].isAlive());
        }
    }

    @Test
    void spinners_allowUpToTheirNumber() {
        SideBySide.Spinners s = new SideBySide.Spinners(2);
        assertTrue(s.take());
        assertTrue(s.take());
        assertFalse(s.take());
        s.giveBack();
        assertTrue(s.take());
        assertEquals(2, s.spinning());
        assertFalse(new SideBySide.Spinners(-1).take());
    }

    private static void awaitState(Thread t, Thread.State state) {
        long until = System.nanoTime() + 5_000_000_000L;
        while (t.getState() != state && System.nanoTime() < until) {
            sleep(1);
        }
        assertEquals(state, t.getState(), t.getName());
    }

    @Test
    void theSpin_isReadInMicroseconds_andABadOneIsNamed() {
        String property = "colony.partitions.spinMicros";
        String before = System.getProperty(property);
        try {
            System.clearProperty(property);
            assertEquals(2_000_000L, SideBySide.spinNanos());
            System.setProperty(property, "0");
            assertEquals(0L, SideBySide.spinNanos());
            System.setProperty(property, " 150 ");
            assertEquals(150_000L, SideBySide.spinNanos());
            for (String bad : new String[] {"-1", "2ms", "1000001"}) {
                System.setProperty(property, bad);
                ColonyException e = assertThrows(ColonyException.class, SideBySide::spinNanos);
                assertEquals("colony.partitions.spinMicros must be a whole number of microseconds from 0 to 1000000, "
                        + "not '" + bad + "'", e.getMessage());
            }
        } finally {
            if (before == null) {
                System.clearProperty(property);
            } else {
                System.setProperty(property, before);
            }
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
