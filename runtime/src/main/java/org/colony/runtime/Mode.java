package org.colony.runtime;

/** How strictly backends must agree. */
public enum Mode {
    /** Bit-identical results on every backend, thread count, partitioning and device count (the default). */
    DETERMINISTIC,
    /** Backends may use faster arithmetic (fused multiply-add, fast math) and give slightly different results. */
    FAST
}
