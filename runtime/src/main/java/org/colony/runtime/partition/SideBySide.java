package org.colony.runtime.partition;

import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.LockSupport;
import java.util.function.IntConsumer;
import org.colony.ColonyException;
import org.colony.runtime.tuning.RuntimeSwitches;

/**
 * Runs one piece of work per partition side by side: partition 0's on the calling thread, every other one's on a
 * thread of its own (its lane: partition p always runs on lane p, so the device it drives stays current there), so
 * that the devices they drive overlap. A call returns when every piece is done; the first failure (in partition
 * order) is rethrown, errors as they are.
 *
 * <p>The pieces are short (a wait for a device and some launches: tens to hundreds of microseconds) and come one
 * after another, several per tick. Waking a parked thread costs tens of microseconds, during which the device that
 * thread drives may idle, so each lane spins for its next piece, and the caller for the lanes to finish, for
 * {@code colony.partitions.spinMicros} (2000 unless set; 0 blocks at once) before blocking. A lane spins only
 * while it holds one of the process's {@link Spinners} (one fewer than the processors, shared by every instance),
 * else it blocks at once: with the caller, the threads spinning never outnumber the processors (while one
 * simulation runs at a time).
 *
 * <p>Public for the benchmarks' {@code SideBySideLatency}, which times the hand-off as the runtime sets it up and
 * {@linkplain #blocking blocking} at once.
 */
public final class SideBySide implements AutoCloseable {

    /** The lanes the process allows to spin at once: one fewer than its processors (one is the caller's). */
    private static final Spinners SPINNERS = new Spinners(Runtime.getRuntime().availableProcessors() - 1);

    private final int parts;
    private final String what;
    private final long spinNanos;
    private final Spinners spinners;
    private final Lane[] lanes;
    private volatile boolean closed;

    /**
     * Side by side as the runtime runs partitions: spinning for {@code colony.partitions.spinMicros}, lanes while the
     * process's spinners allow.
     *
     * @param parts the partitions
     * @param what the work's subject, for thread names and messages
     * @throws ColonyException when {@code colony.partitions.spinMicros} is not a number of microseconds
     */
    public SideBySide(int parts, String what) {
        this(parts, what, spinNanos(), SPINNERS);
    }

    /** As above, spinning for at most {@code spinNanos} (0: blocking at once), lanes while {@code spinners} allow. */
    SideBySide(int parts, String what, long spinNanos, Spinners spinners) {
        this.parts = parts;
        this.what = what;
        this.spinNanos = spinNanos;
        this.spinners = spinners;
        this.lanes = new Lane[parts];
        try {
            for (int p = 1; p < parts; p++) {
                lanes[p] = new Lane(p, what + " partition " + p);
            }
        } catch (RuntimeException | Error e) {
            close();
            throw e;
        }
    }

    /**
     * Side by side with no spin: every lane, and the caller waiting for the lanes, blocks at once (as with
     * {@code colony.partitions.spinMicros} 0), whatever the property says.
     *
     * @param parts the partitions
     * @param what the work's subject, for thread names and messages
     */
    public static SideBySide blocking(int parts, String what) {
        return new SideBySide(parts, what, 0L, new Spinners(0));
    }

    /**
     * The spin of {@link RuntimeSwitches#SPIN_MICROS} (2000 microseconds when unset), in nanoseconds.
     *
     * @throws ColonyException when it is not a whole number of microseconds from 0 to 1000000
     */
    public static long spinNanos() {
        return RuntimeSwitches.SPIN_MICROS.whole() * 1000;
    }

    /**
     * Calls {@code work} with every partition number, side by side.
     *
     * @throws ColonyException when closed, or when the caller was interrupted (after every piece finished; the
     *     interrupt stays set)
     */
    public void run(IntConsumer work) {
        if (closed) {
            throw new ColonyException("the partitions of " + what + " are closed");
        }
        for (int p = 1; p < parts; p++) {
            lanes[p].post(work);
        }
        Throwable failure = null;
        try {
            work.accept(0);
        } catch (Throwable e) {
            failure = e;
        }
        long until = System.nanoTime() + spinNanos;
        for (int p = 1; p < parts; p++) {
            until = lanes[p].awaitDone(until);
            Throwable f = lanes[p].failure;
            if (failure == null) {
                failure = f;
            }
        }
        if (Thread.currentThread().isInterrupted()) {
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
        closed = true;
        for (int p = 1; p < parts; p++) {
            if (lanes[p] != null) {
                lanes[p].close();
            }
        }
    }

    /**
     * How many lanes may spin at once, shared by the instances that use it. A lane takes one before it spins for
     * its next piece and gives it back before it blocks or works.
     */
    static final class Spinners {
        private final int allowed;
        private final AtomicInteger spinning = new AtomicInteger();

        Spinners(int allowed) {
            this.allowed = Math.max(0, allowed);
        }

        boolean take() {
            for (int s = spinning.get(); s < allowed; s = spinning.get()) {
                if (spinning.compareAndSet(s, s + 1)) {
                    return true;
                }
            }
            return false;
        }

        void giveBack() {
            spinning.decrementAndGet();
        }

        /** The threads spinning now. */
        int spinning() {
            return spinning.get();
        }
    }

    /** The thread of one partition and the piece posted to it. */
    private final class Lane implements Runnable {
        private final int partition;
        private final Thread thread;
        /** The piece posted and not yet taken; null when none. */
        private volatile IntConsumer work;
        /** Whether the piece last posted is done (and {@link #failure} is its outcome). */
        private volatile boolean done = true;
        /** The caller waiting in {@link #awaitDone} when it blocks, to be woken; null when it spins or is away. */
        private volatile Thread sleeper;
        private volatile boolean ended;
        /** The last piece's failure, or null; written before {@link #done}, read after it. */
        private Throwable failure;

        Lane(int partition, String name) {
            this.partition = partition;
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

        /**
         * Waits until the piece is done: spins until {@code until}, then blocks. Returns the spin's end for the next
         * lane: now, once this one blocked.
         */
        long awaitDone(long until) {
            boolean interrupted = false;
            while (!done) {
                if (until - System.nanoTime() > 0) {
                    Thread.onSpinWait();
                    continue;
                }
                until = System.nanoTime();
                sleeper = Thread.currentThread();
                if (!done) {
                    LockSupport.parkNanos(this, 1_000_000L);
                }
                sleeper = null;
                interrupted |= Thread.interrupted(); // (the piece still runs: wait for it, then report)
            }
            if (interrupted) {
                Thread.currentThread().interrupt();
            }
            return until;
        }

        @Override
        public void run() {
            while (true) {
                IntConsumer piece = next();
                if (piece == null) {
                    return;
                }
                Thread.interrupted(); // (a piece starts uninterrupted, whatever the last one left)
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

        /** The next piece posted (spinning while allowed, then blocking), or null once ended. */
        private IntConsumer next() {
            long until = System.nanoTime() + spinNanos;
            boolean spin = spinNanos > 0 && spinners.take();
            try {
                while (true) {
                    IntConsumer piece = work;
                    if (piece != null) {
                        work = null;
                        return piece;
                    }
                    if (ended) {
                        return null;
                    }
                    if (spin && until - System.nanoTime() > 0) {
                        Thread.onSpinWait();
                        continue;
                    }
                    if (spin) {
                        spin = false;
                        spinners.giveBack();
                    }
                    Thread.interrupted(); // (an interrupt left by a piece must not turn the wait into a spin)
                    LockSupport.park(this);
                }
            } finally {
                if (spin) {
                    spinners.giveBack();
                }
            }
        }

        void close() {
            ended = true;
            LockSupport.unpark(thread);
        }
    }
}
