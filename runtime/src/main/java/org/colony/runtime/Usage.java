package org.colony.runtime;

import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Supplier;
import org.colony.ColonyException;
import org.colony.runtime.spi.StepFailure;
import org.colony.runtime.spi.WorkFailure;

/**
 * Guards a simulation against misuse that would corrupt it silently: calls from a second thread while one thread
 * is inside it, and any use after a call failed half-way. A simulation may move from one thread to another between
 * calls (creating it on one thread and running it on another is fine), but two threads may not be inside it at
 * once. A step that fails while it runs ({@link StepFailure}), or any other exception of the backend's work that
 * is not a refusal, leaves the simulation failed: every later use repeats that error, and only
 * {@link Simulation#close()} still works. A refusal ({@link ColonyException}) is thrown before anything changed.
 *
 * <p>Nothing here talks to other MPI ranks: a failure is this rank's own, as it was before.
 */
final class Usage {

    private final AtomicReference<Thread> inside = new AtomicReference<>();
    /** Nested entries of the thread inside (a reduction that reads, say); touched only by that thread. */
    private int depth;
    /** What the thread inside is doing, for the message to a second thread. */
    private volatile String doing;
    /** When the thread inside came in ({@link System#nanoTime()}). */
    private volatile long since;
    /** The step called last, which may run later, at a read (steps held back) or on a GPU. */
    private volatile String lastStep;
    private volatile boolean closed;
    private volatile ColonyException failure;

    /** Throws if the simulation is closed or failed. */
    void check() {
        if (closed) {
            throw new ColonyException("the simulation is closed");
        }
        ColonyException first = failure;
        if (first != null) {
            throw new ColonyException("the simulation failed earlier and can only be closed: " + first.getMessage(),
                    first);
        }
    }

    /** Notes the step a call issued, for a watchdog's message about a later call that runs it. */
    void issued(String step) {
        lastStep = step;
    }

    /**
     * What the thread inside is doing, where it has been at it for longer than {@code limitNanos}; else null.
     */
    String runningLongerThan(long limitNanos) {
        String what = doing;
        if (what == null || System.nanoTime() - since <= limitNanos || closed) {
            return null;
        }
        String step = lastStep;
        return what.startsWith("callAll ") || what.startsWith("count ") || step == null ? what
                : what + " (which runs the steps called before it; the last was " + step + ")";
    }

    /** Leaves the simulation failed with {@code e} (unless it failed before): work that changed it half-way failed. */
    void fail(ColonyException e) {
        if (failure == null && !closed) {
            failure = e;
        }
    }

    /** Marks the simulation closed. */
    void close() {
        closed = true;
    }

    /** Runs backend work for the call described by {@code what}. */
    void run(String what, Runnable work) {
        run(what, () -> {
            work.run();
            return null;
        });
    }

    /**
     * Runs backend work for the call described by {@code what} ({@code callAll HeatCell.diffuse}): refuses it while
     * another thread is inside the simulation, and leaves the simulation failed if the work throws.
     */
    <T> T run(String what, Supplier<T> work) {
        check();
        Thread me = Thread.currentThread();
        if (!inside.compareAndSet(null, me) && inside.get() != me) {
            Thread other = inside.get();
            String busy = doing;
            throw new ColonyException("thread '" + me.getName() + "' called " + what + " while thread '"
                    + (other == null ? "?" : other.getName()) + "' is inside the simulation"
                    + (busy == null ? "" : " (" + busy + ")") + "; a simulation is driven from one thread at a "
                    + "time: let one thread make every call, or hand the simulation over between calls");
        }
        if (depth++ == 0) {
            since = System.nanoTime();
            doing = what;
        }
        try {
            check(); // a failure another thread recorded before this one came in
            return work.get();
        } catch (RuntimeException | Error e) {
            // A refusal is thrown before anything changed; a step that failed while it ran, or anything else
            // thrown from the backend's work, may have left the state half-updated.
            if (failure == null && !closed && (e instanceof StepFailure || e instanceof WorkFailure
                    || !(e instanceof ColonyException))) {
                failure = e instanceof ColonyException c ? c
                        : new ColonyException(what + " failed: " + e, e);
            }
            throw e;
        } finally {
            if (--depth == 0) {
                doing = null;
                inside.set(null);
            }
        }
    }
}
