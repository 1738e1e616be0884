package org.colony.runtime;

import java.io.PrintStream;
import java.time.Duration;
import java.util.Locale;

/**
 * The opt-in watchdog of {@code --step-timeout}: a daemon thread that, when one call of a simulation (a step, a
 * count, {@code manageAll}, a read that waits for steps held back) runs longer than the limit, prints which call
 * and ends the process with exit status 2. A step cannot be stopped half-way (a CPU step runs on the caller and
 * the workers, a GPU kernel on the device), so ending the process is the only way out of {@code while (true)}.
 * Under {@code mpirun} the other ranks are then ended by {@code mpirun}.
 */
final class Watchdog implements AutoCloseable {

    /** The exit status of a process the watchdog ends. */
    static final int STATUS = 2;

    private final Thread thread;
    private volatile boolean closed;

    private Watchdog(Usage usage, Duration limit, PrintStream err) {
        long limitNanos = limit.toNanos();
        long pollMillis = Math.max(10, Math.min(1000, limit.toMillis() / 4));
        thread = new Thread(() -> {
            while (!closed) {
                try {
                    Thread.sleep(pollMillis);
                } catch (InterruptedException e) {
                    return;
                }
                String late = usage.runningLongerThan(limitNanos);
                if (late != null && !closed) {
                    err.println("colony: " + late + " has run for longer than --step-timeout=" + text(limit)
                            + "; ending the process (a step that never ends: look for a loop whose condition stays "
                            + "true)");
                    err.flush();
                    Runtime.getRuntime().halt(STATUS);
                }
            }
        }, "colony-watchdog");
        thread.setDaemon(true);
    }

    /** Starts a watchdog of {@code usage}, or returns null where {@code limit} is null (no watchdog). */
    static Watchdog start(Usage usage, Duration limit) {
        if (limit == null) {
            return null;
        }
        Watchdog w = new Watchdog(usage, limit, System.err);
        w.thread.start();
        return w;
    }

    private static String text(Duration d) {
        long ms = d.toMillis();
        return ms % 1000 == 0 ? ms / 1000 + "s" : String.format(Locale.ROOT, "%dms", ms);
    }

    @Override
    public void close() {
        closed = true;
        thread.interrupt();
    }
}
