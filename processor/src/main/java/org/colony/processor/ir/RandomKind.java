package org.colony.processor.ir;

/** The kinds of random draw a step can make, each from the framework's Philox4x32-10 stream. */
public enum RandomKind {
    /** A double in [0, 1); consumes two 32-bit words. */
    UNIFORM,
    /** An int in [0, bound); consumes one word per attempt (rejection keeps it unbiased). */
    UNIFORM_INT,
    /** A standard normal double by Box-Muller; consumes two uniforms. */
    NORMAL
}
