package org.colony.cuda;

import org.colony.cuda.internal.store.Settlements;
import org.colony.cuda.tuning.CudaSwitches;

/**
 * How the CUDA backends of this JVM settled agents' requests for places ({@code manageAll}'s moves and children):
 * where places hold one agent at most and the requests are few ({@link CudaSwitches#ONE_BLOCK_GRANT}), in one launch
 * of one block; where they are more, by atomics over the requests ({@link CudaSwitches#ATOMIC_GRANT}); otherwise
 * grouped by place first. For tests and benchmarks that must know which way ran.
 */
public final class CudaSettling {

    private CudaSettling() {
    }

    /** {@return how many settlements ran in one block so far in this JVM} */
    public static long inOneBlock() {
        return Settlements.inOneBlock();
    }

    /**
     * {@return how many settlements ran by atomics over their requests, in many blocks
     * ({@link CudaSwitches#ATOMIC_GRANT}), so far in this JVM}
     */
    public static long byAtomics() {
        return Settlements.byAtomics();
    }
}
