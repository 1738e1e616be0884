package org.colony.cuda.internal.store;

import java.util.concurrent.atomic.LongAdder;

/** The launches of agent steps' warp forms (a warp an agent), over every backend. */
public final class WarpLaunches {

    private static final LongAdder LAUNCHES = new LongAdder();

    private WarpLaunches() {
    }

    /** {@return how many launches of warp forms there were so far in this JVM} */
    public static long count() {
        return LAUNCHES.sum();
    }

    static void launched() {
        LAUNCHES.increment();
    }
}
