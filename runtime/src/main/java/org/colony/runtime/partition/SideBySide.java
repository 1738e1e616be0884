package org.colony.runtime.partition;

import java.util.concurrent.locks.LockSupport;
import java.util.function.IntConsumer;
import org.colony.runtime.ColonyException;

/**
 * Runs one piece of work per partition side by side: partition 0's on the calling thread, every other one's on a
 * thread of its own (its lane: partition p always runs on lane p, so the device it drives stays current there), so
 * that the devices they drive overlap. A call returns when every piece is done; the first failure (in partition
 * order) is rethrown, errors as they are.
 *
 * <p>The pieces are short (a wait for a device and some launches: tens to hundreds of microseconds) and come one
 * after another, several per tick. Waking a parked thread costs tens of microseconds, during which the device that
 * thread drives may idle, so each lane spins for its next piece, and the caller for the lanes to finish, for
 * {@code colony.partitions.spinMicros} (2000 unless set; 0 blocks at once) before blocking. Nothing spins where the
 * machine has no processor to spare for every partition.
 */
final class SideBySide implements AutoCloseable {

    private final int parts;
    private final String what;
    private final long spinNanos;
    private final Lane[] lanes;

    /**
     * @param parts the partitions
     * @param what the work's subject, for thread names and messages
     */
    SideBySide(int parts, String what) {
        this(parts, what, parts < Runtime.getRuntime().availableProcessors()
                ? spinNanos(System.getProperty("colony.partitions.spinMicros")) : 0L);
    }

    /** As above, spinning for {@code spinNanos} (0: blocking at once). */
    SideBySide(int parts, String what, long spinNanos) {
        this.parts = parts;
        this.what = what;
        this.spinNanos = spinNanos;
        this.lanes = new Lane[parts];
        for (int p = 1; p < parts; p++) {
            lanes[p] = new Lane(p, spinNanos, what + " partition " + p);
        }
    }

    /**
     * The spin of {@code -Dcolony.partitions.spinMicros} (2000 when unset), in nanoseconds.
     *
     * @throws ColonyException when it is not a whole number of microseconds from 0 to 1000000
     */
    static long spinNanos(String micros) {
        if (micros == null || micros.isBlank()) {
            return 2_000_000L;
        }
        try {
            long us = Long.parseLong(micros.strip());
            if (us >= 0 && us <= 1_000_000) {
                return us * 1000;
            }
        } catch (NumberFormatException e) {
            // the message below
        }
        throw new ColonyException("colony.partitions.spinMicros must be a whole number of microseconds from 0 to "
                + "1000000, not '" + micros + "'");
    }

    /** How long this one spins, in nanoseconds (0: it blocks at once). */
    long spinNanos() {
        return spinNanos;
    }

    /** Calls {@code work} with every partition number, side by side. */
    void run(IntConsumer work) {
        for (int p = 1; p < parts; p++) {
            lanes[p].post(work);
        }
        Throwable failure = null;
        try {
            work.accept(0);
        } catch (RuntimeException | Error e) {
            failure = e;
        }
        boolean interrupted = false;
        long until = System.nanoTime() + spinNanos;
        for (int p = 1; p < parts; p++) {
            interrupted |= lanes[p].awaitDone(until);
            Throwable f = lanes[p].failure;
            if (failure == null) {
                failure = f;
            }
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
            if (failure == null) {
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
        for (int p = 1; p < parts; p++) {
            lanes[p].close();
        }
    }

    /** The thread of one partition and the piece posted to it. */
    private static final class Lane implements Runnable {
        private final int partition;
        private final long spinNanos;
        private final Thread thread;
        /** The piece posted and not yet taken; null when none. */
        private volatile IntConsumer work;
        /** Whether the piece last posted is done (and {@link #failure} is its outcome). */
        private volatile boolean done = true;
        /** The caller waiting in {@link #awaitDone} when it blocks, to be woken; null when it spins or is away. */
        private volatile Thread sleeper;
        private volatile boolean closed;
        /** The last piece's failure, or null; written before {@link #done}, read after it. */
        private Throwable failure;

        Lane(int partition, long spinNanos, String name) {
            this.partition = partition;
            this.spinNanos = spinNanos;
            this.thread = new Thread(this, name);
            thread.setDaemon(true);
            thread.start();
        }

        void post(IntConsumer piece) {
            if (!done) {
                throw new IllegalStateException("partition " + partition + " is still working on its last piece");
            }
            failure = null;
            done = false;
            work = piece;
            LockSupport.unpark(thread);
        }

        /** Waits until the piece is done: spins until {@code until}, then blocks. Returns whether interrupted. */
        boolean awaitDone(long until) {
            boolean interrupted = false;
            while (!done) {
                if (System.nanoTime() < until) {
                    Thread.onSpinWait();
                    continue;
                }
                sleeper = Thread.currentThread();
                if (!done) {
                    LockSupport.parkNanos(this, 1_000_000L);
                }
                sleeper = null;
                if (Thread.interrupted()) {
                    interrupted = true; // (the piece still runs: wait for it, then report)
                }
            }
            return interrupted;
        }

        @Override
        public void run() {
            while (true) {
                IntConsumer piece = next();
                if (piece == null) {
                    return;
                }
                Throwable f = null;
                try {
                    piece.accept(partition);
                } catch (Throwable t) {
                    f = t;
                }
                failure = f;
                done = true;
                Thread s = sleeper;
                if (s != null) {
                    LockSupport.unpark(s);
                }
            }
        }

        /** The next piece posted (spinning, then blocking), or null once closed. */
        private IntConsumer next() {
            long until = System.nanoTime() + spinNanos;
            while (true) {
                IntConsumer piece = work;
                if (piece != null) {
                    work = null;
                    return piece;
                }
                if (closed) {
                    return null;
                }
                if (System.nanoTime() < until) {
                    Thread.onSpinWait();
                } else {
                    LockSupport.park(this);
                }
            }
        }

        void close() {
            closed = true;
            LockSupport.unpark(thread);
        }
    }
}
