package org.colony.cuda.internal.device;

import org.colony.cuda.internal.bind.Driver;
import org.colony.cuda.internal.bind.ExitGate;
import org.colony.cuda.internal.bind.Probe;

/**
 * The CUDA driver's start and a device's context made on a thread of their own while the JVM still loads the command
 * line and the model (a few hundred milliseconds each, the largest part of a GPU run's start), so that
 * {@link CudaDevice#open} finds them done. The early thread retains the device's primary context and
 * {@link #handOver} releases that retain once the device holds its own, so nothing outlives the run; where no device
 * is opened, the context stays until the process ends. It never fails: a driver that does not start, or a device that
 * does not exist, is met again, and reported, where the backend opens.
 */
public final class EarlyContext {

    private static Thread thread;
    /** The device whose primary context the early thread retained, or -1. */
    private static volatile int retained = -1;

    private EarlyContext() {
    }

    /**
     * Starts the driver and device {@code ordinal}'s context on a daemon thread, once per process.
     *
     * @param ordinal the device the run will open
     */
    public static synchronized void start(int ordinal) {
        if (thread != null) {
            return;
        }
        thread = Thread.ofPlatform().daemon().name("colony-cuda-start").start(() -> {
            try {
                ExitGate.enter("the CUDA driver's early start");
            } catch (RuntimeException e) {
                return; // the process is exiting
            }
            try {
                if (Probe.driver() == null && ordinal >= 0 && ordinal < Driver.deviceCount()) {
                    Driver.retainPrimaryContext(Driver.device(ordinal));
                    retained = ordinal;
                }
            } catch (RuntimeException | LinkageError e) {
                // met again where the backend opens
            } finally {
                ExitGate.leave();
            }
        });
    }

    /** Waits for the early start, if one began, until it ends: its work is the opening device's first. */
    static void await() {
        await(0);
    }

    /**
     * Waits for the early start, if one began, at most {@code millis} milliseconds (0: until it ends); an interrupt
     * does not cut the wait short, and is kept for the caller.
     *
     * @param millis the longest wait, or 0 for none
     */
    public static void await(long millis) {
        Thread t;
        synchronized (EarlyContext.class) {
            t = thread;
        }
        if (t == null) {
            return;
        }
        boolean interrupted = false;
        long end = System.nanoTime() + millis * 1_000_000;
        while (t.isAlive()) {
            long left = millis == 0 ? 0 : (end - System.nanoTime()) / 1_000_000;
            if (millis != 0 && left <= 0) {
                break;
            }
            try {
                t.join(millis == 0 ? 0 : Math.max(1, left));
            } catch (InterruptedException e) {
                interrupted = true;
            }
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
    }

    /** Releases the early thread's retain of device {@code ordinal}'s context, once that device holds its own. */
    static void handOver(int ordinal) {
        synchronized (EarlyContext.class) {
            if (retained != ordinal) {
                return;
            }
            retained = -1;
        }
        Driver.releasePrimaryContext(Driver.device(ordinal));
    }
}
