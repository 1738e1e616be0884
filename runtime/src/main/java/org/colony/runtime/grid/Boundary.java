package org.colony.runtime.grid;

/** What lies beyond the edge of a grid. */
public enum Boundary {
    /** Cells outside the grid do not exist: reads through {@code neighbor} give zero, {@code hasNeighbor} is false. */
    ABSENT,
    /** The grid wraps around in every dimension (a ring, torus or 3-torus). */
    WRAP
}
