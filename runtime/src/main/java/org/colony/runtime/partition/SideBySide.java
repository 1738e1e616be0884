package org.colony.runtime.partition;

import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.IntConsumer;
import org.colony.runtime.ColonyException;

/**
 * Runs one piece of work per partition side by side: partition 0's on the calling thread, the others' on threads
 * of their own, so that the devices they drive overlap. A call returns when every piece is done; the first failure
 * (in partition order) is rethrown, errors as they are.
 *
 * <p>A step of a partitioned {@code manageAll} is short (a wait for a device, some hundred microseconds), so the
 * caller spins for a while before it blocks on the others: waking a parked thread would cost about as much.
 */
final class SideBySide implements AutoCloseable {

    /** How long the caller spins for the others before it blocks, in nanoseconds. */
    private static final long SPIN_NANOS = 2_000_000L;

    private final int parts;
    private final ExecutorService threads;
    private final String what;

    /**
     * @param parts the partitions
     * @param what the work's subject, for thread names and messages
     */
    SideBySide(int parts, String what) {
        this.parts = parts;
        this.what = what;
        this.threads = Executors.newFixedThreadPool(Math.max(1, parts - 1), r -> {
            Thread t = new Thread(r, what + " partitions");
            t.setDaemon(true);
            return t;
        });
    }

    /** Calls {@code work} with every partition number, side by side. */
    void run(IntConsumer work) {
        Future<?>[] others = new Future<?>[parts];
        for (int p = 1; p < parts; p++) {
            int q = p;
            others[p] = threads.submit(() -> work.accept(q));
        }
        Throwable failure = null;
        try {
            work.accept(0);
        } catch (RuntimeException | Error e) {
            failure = e;
        }
        long until = System.nanoTime() + SPIN_NANOS;
        for (int p = 1; p < parts; p++) {
            while (!others[p].isDone() && System.nanoTime() < until) {
                Thread.onSpinWait();
            }
            try {
                others[p].get();
            } catch (java.util.concurrent.ExecutionException e) {
                if (failure == null) {
                    failure = e.getCause();
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new ColonyException("interrupted while the partitions of " + what + " were managed");
            }
        }
        if (failure instanceof RuntimeException re) {
            throw re;
        }
        if (failure instanceof Error err) {
            throw err;
        }
        if (failure != null) {
            throw new ColonyException(failure.toString());
        }
    }

    @Override
    public void close() {
        threads.shutdownNow();
    }
}
