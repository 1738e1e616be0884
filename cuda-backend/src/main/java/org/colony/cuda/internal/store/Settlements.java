package org.colony.cuda.internal.store;

import java.util.concurrent.atomic.LongAdder;

/** The settlements of requests for places that ran in one block ({@code colony_grant_one}), over every backend. */
public final class Settlements {

    private static final LongAdder ONE_BLOCK = new LongAdder();

    private Settlements() {
    }

    /** {@return how many settlements ran in one block so far in this JVM} */
    public static long inOneBlock() {
        return ONE_BLOCK.sum();
    }

    static void oneBlock() {
        ONE_BLOCK.increment();
    }
}
