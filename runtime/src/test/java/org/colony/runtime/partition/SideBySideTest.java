package org.colony.runtime.partition;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicIntegerArray;
import org.junit.jupiter.api.Test;

class SideBySideTest {

    @Test
    void everyPartition_runsOnce_theFirstOnTheCaller_othersOnThreadsOfTheirOwn() {
        try (SideBySide side = new SideBySide(4, "Test")) {
            Thread[] ran = new Thread[4];
            AtomicIntegerArray calls = new AtomicIntegerArray(4);
            for (int round = 0; round < 50; round++) {
                side.run(p -> {
                    calls.incrementAndGet(p);
                    ran[p] = Thread.currentThread();
                });
            }
            for (int p = 0; p < 4; p++) {
                assertEquals(50, calls.get(p), "partition " + p);
            }
            assertSame(Thread.currentThread(), ran[0]);
            for (int p = 1; p < 4; p++) {
                assertNotSame(Thread.currentThread(), ran[p], "partition " + p);
            }
        }
    }

    @Test
    void partitions_runAtTheSameTime() throws Exception {
        // Each waits for all the others: run in turn, this would time out.
        try (SideBySide side = new SideBySide(3, "Test")) {
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

    @Test
    void aFailure_isRethrown_afterEveryPartitionFinished_theFirstInPartitionOrderWinning() {
        try (SideBySide side = new SideBySide(3, "Test")) {
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

    private static void sleep(long ms) {
        try {
            Thread.sleep(ms);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
