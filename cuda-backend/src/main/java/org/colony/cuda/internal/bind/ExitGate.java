package org.colony.cuda.internal.bind;

import org.colony.ColonyException;

/**
 * Keeps the process from exiting while a thread is inside a native library that tears itself down at exit. NVRTC
 * registers destructors that run when the process exits; a daemon thread still compiling then (a held pass whose
 * compilation a run's last ticks started, say) calls into freed code, and the JVM dies with a fatal error instead of
 * the run's exit status. Work in such a library passes through {@link #enter} and {@link #leave}; the first entry
 * registers a shutdown hook that waits, at most {@value #WAIT_MILLIS} ms, for the work under way to end, and refuses
 * work that would begin after it.
 */
public final class ExitGate {

    /** The longest the process waits at its exit for native work under way (a large NVRTC compile takes seconds). */
    static final long WAIT_MILLIS = 60_000;
    /** The process's gate. */
    private static final ExitGate PROCESS = new ExitGate();

    private int inside;
    private boolean exiting;
    private boolean hooked;

    /** A gate of its own (tests); the process's is {@link #enter}'s and {@link #leave}'s. */
    ExitGate() {
    }

    /**
     * Enters native work; every call is matched by {@link #leave} in a {@code finally}.
     *
     * @param what the work, for the refusal
     * @throws ColonyException where the process is exiting (the work would outlive the library)
     */
    public static void enter(String what) {
        PROCESS.in(what, () -> Runtime.getRuntime().addShutdownHook(
                new Thread(() -> PROCESS.drain(WAIT_MILLIS), "colony-native-exit")));
    }

    /** Leaves native work entered with {@link #enter}. */
    public static void leave() {
        PROCESS.out();
    }

    /**
     * Counts a thread in; the first entry runs {@code hook} first (registers the shutdown hook), under the gate's lock,
     * so that no thread is inside before the hook is in place.
     *
     * @throws ColonyException once {@link #drain} began, or where the hook cannot be registered (the JVM exits)
     */
    synchronized void in(String what, Runnable hook) {
        if (exiting) {
            throw new ColonyException(what + " did not start: the process is exiting");
        }
        if (!hooked) {
            try {
                hook.run();
            } catch (IllegalStateException e) {
                throw new ColonyException(what + " did not start: the process is exiting");
            }
            hooked = true;
        }
        inside++;
    }

    /** Counts a thread out. */
    synchronized void out() {
        inside--;
        notifyAll();
    }

    /**
     * Refuses new work and waits for the work under way to end, at most {@code millis} ms.
     *
     * @return whether no work was under way when it returned
     */
    synchronized boolean drain(long millis) {
        exiting = true;
        long end = System.nanoTime() + millis * 1_000_000;
        long left;
        while (inside > 0 && (left = (end - System.nanoTime()) / 1_000_000) > 0) {
            try {
                wait(left);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                break;
            }
        }
        return inside == 0;
    }
}
