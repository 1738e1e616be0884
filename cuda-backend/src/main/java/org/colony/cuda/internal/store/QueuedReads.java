package org.colony.cuda.internal.store;

import java.util.concurrent.atomic.LongAdder;

/**
 * The reads of an agent collection's counts that took a copy queued ahead ({@link AgentDevice#queueStats}) and waited
 * for it alone, counted over this JVM: partitions of one device queue theirs one after another, so that only the
 * first read of a phase waits for the device's work.
 */
public final class QueuedReads {

    private static final LongAdder TAKEN = new LongAdder();

    private QueuedReads() {
    }

    /** Counts one read taken from a queued copy. */
    static void taken() {
        TAKEN.increment();
    }

    /** {@return the reads taken from queued copies so far in this JVM} */
    public static long count() {
        return TAKEN.sum();
    }
}
