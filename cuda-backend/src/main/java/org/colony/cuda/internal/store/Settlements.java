package org.colony.cuda.internal.store;

import java.util.concurrent.atomic.LongAdder;

/**
 * The settlements of requests for places that ran in one block ({@code colony_grant_one}) or by atomics over the
 * requests ({@code colony_best_open} and after), over every backend.
 */
public final class Settlements {

    private static final LongAdder ONE_BLOCK = new LongAdder();
    private static final LongAdder BY_ATOMICS = new LongAdder();

    private Settlements() {
    }

    /** {@return how many settlements ran in one block so far in this JVM} */
    public static long inOneBlock() {
        return ONE_BLOCK.sum();
    }

    static void oneBlock() {
        ONE_BLOCK.increment();
    }

    /** {@return how many settlements ran by atomics over their requests, in many blocks, so far in this JVM} */
    public static long byAtomics() {
        return BY_ATOMICS.sum();
    }

    static void atomics() {
        BY_ATOMICS.increment();
    }
}
