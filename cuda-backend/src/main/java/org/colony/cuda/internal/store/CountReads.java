package org.colony.cuda.internal.store;

import java.util.concurrent.atomic.LongAdder;

/**
 * How partitions read an agent collection's counts, counted over this JVM: reads that took a copy queued ahead
 * ({@link AgentDevice#queueStats}) and waited for it alone (partitions of one device queue theirs one after another,
 * so that only the first read of a phase waits for the device's work), settlings whose counts were known without
 * a read (every move wins where places have no capacity), and rounds whose children born were known without one
 * (every child asked for is born).
 */
public final class CountReads {

    private static final LongAdder QUEUED = new LongAdder();
    private static final LongAdder KNOWN = new LongAdder();
    private static final LongAdder BORN_KNOWN = new LongAdder();

    private CountReads() {
    }

    /** Counts one read taken from a queued copy. */
    static void queuedTaken() {
        QUEUED.increment();
    }

    /** Counts one settling whose counts were known without a read. */
    static void known() {
        KNOWN.increment();
    }

    /** Counts one {@code manageAll} whose children born were known without a read. */
    static void birthsKnown() {
        BORN_KNOWN.increment();
    }

    /** {@return the {@code manageAll}s whose children born were known without a read so far in this JVM} */
    public static long knownBirths() {
        return BORN_KNOWN.sum();
    }

    /** {@return the reads taken from queued copies so far in this JVM} */
    public static long queued() {
        return QUEUED.sum();
    }

    /** {@return the settlings whose counts were known without a read so far in this JVM} */
    public static long knownSettlings() {
        return KNOWN.sum();
    }
}
