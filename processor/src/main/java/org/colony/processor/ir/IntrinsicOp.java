package org.colony.processor.ir;

/** The pure intrinsics of a place that a step may call. */
public enum IntrinsicOp {
    /** {@code index()}: the global linear index, a long. */
    INDEX,
    /** {@code coord(d)} with a constant d (one Const int argument). */
    COORD,
    /** {@code size(d)} with a constant d (one Const int argument). */
    SIZE,
    /** {@code onBoundary()}. */
    ON_BOUNDARY,
    /** {@code hasNeighbor(offsets...)}: one int argument per grid dimension. */
    HAS_NEIGHBOR,
    /** {@code time()}: the simulation time step, a long. */
    TIME
}
