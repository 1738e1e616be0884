package org.colony.processor.ir;

/** The pure intrinsics that a step may call. For agent models, coordinates are those of the agent's place. */
public enum IntrinsicOp {
    /** {@code index()}: the global linear index, a long; with one argument (a PLACE), a graph neighbour's id. */
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
    TIME,
    /**
     * {@code id()} of the agent itself (no argument) or of an agent reference (arguments: the AGENT
     * reference, Const int slot of its model), a long.
     */
    ID,
    /** {@code ordinal()}: an agent's ordinal among the children its parent had born with it. */
    ORDINAL,
    /**
     * The number of agents of one class on a place: arguments (PLACE place, Const int slot of the agent
     * model), an int.
     */
    AGENT_COUNT,
    /** A vertex's (out-)degree: argument (PLACE: Self or a neighbour), an int. */
    DEGREE,
    /** A vertex's in-degree: argument (PLACE: Self or a neighbour), an int. */
    IN_DEGREE,
    /**
     * The weight of the edge a neighbours loop is at: arguments (the loop's INT edge local, a BOOLEAN Const: whether
     * the loop walks incoming edges), a double.
     */
    EDGE_WEIGHT,
    /**
     * An attribute of the edge a neighbours loop reached a vertex by: its arguments are the loop's edge local, whether
     * the loop walks incoming edges (a boolean constant) and the attribute's ordinal in the edge class (an int
     * constant).
     */
    EDGE_ATTRIBUTE
}
