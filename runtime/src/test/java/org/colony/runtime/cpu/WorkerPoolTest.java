package org.colony.runtime.cpu;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.lang.ref.WeakReference;
import java.util.concurrent.atomic.AtomicLongArray;
import java.util.function.IntConsumer;
import org.junit.jupiter.api.Test;

/**
 * The CPU backend's threads: every task of a job runs once, a task's failure comes back to the caller, and a job that
 * ended stays reachable from no worker, even from a pool that is never closed (a simulation whose close ran out of
 * memory kept its whole model through a parked worker).
 */
class WorkerPoolTest {

    @Test
    void everyTaskRunsOnce_onTheCallerAndTheWorkers() {
        try (WorkerPool pool = new WorkerPool(3)) {
            for (int round = 0; round < 50; round++) {
                AtomicLongArray runs = new AtomicLongArray(97);
                pool.run(97, runs::incrementAndGet);
                for (int i = 0; i < 97; i++) {
                    assertEquals(1, runs.get(i), "task " + i + " of round " + round);
                }
            }
        }
    }

    @Test
    void aTaskThatFails_failsTheJob_andThePoolGoesOn() {
        try (WorkerPool pool = new WorkerPool(2)) {
            IllegalStateException e = assertThrows(IllegalStateException.class, () -> pool.run(8, i -> {
                if (i == 5) {
                    throw new IllegalStateException("task 5");
                }
            }));
            assertEquals("task 5", e.getMessage());
            AtomicLongArray runs = new AtomicLongArray(8);
            pool.run(8, runs::incrementAndGet);
            assertEquals(8, java.util.stream.IntStream.range(0, 8).mapToLong(runs::get).sum());
        }
    }

    /** A body holding a large array, as a collection's step holds its stores. */
    private static final class Heavy implements IntConsumer {
        final long[] cells = new long[1 << 20];

        @Override
        public void accept(int i) {
            cells[i]++;
        }
    }

    @Test
    void aJobThatEnded_isHeldByNoWorker_ofAPoolNeverClosed() throws InterruptedException {
        WorkerPool pool = new WorkerPool(4); // (never closed: as after a close that failed)
        WeakReference<Heavy> body = runHeavy(pool);
        for (int i = 0; i < 50 && body.get() != null; i++) {
            System.gc();
            Thread.sleep(20);
        }
        assertNull(body.get(), "a parked worker still holds the job that ended");
        pool.close();
    }

    /** Runs jobs of a heavy body on {@code pool}; returns a weak reference to the last one's body. */
    private static WeakReference<Heavy> runHeavy(WorkerPool pool) {
        WeakReference<Heavy> last = null;
        for (int round = 0; round < 20; round++) {
            Heavy h = new Heavy();
            pool.run(64, h);
            last = new WeakReference<>(h);
        }
        return last;
    }
}
