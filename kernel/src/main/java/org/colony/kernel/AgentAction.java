package org.colony.kernel;

/** The life-cycle intents an agent step may record for {@code manageAll}. */
public enum AgentAction {
    /** {@code migrate(offsets...)}: move relative to the current place; one int argument per dimension. */
    MIGRATE,
    /** {@code moveTo(coordinates...)}: move to an absolute place; one int argument per dimension. */
    MOVE_TO,
    /**
     * {@code spawn(n[, offsets...])}: n more children; the count, then (for children at an offset from the agent's
     * place) one int offset per dimension.
     */
    SPAWN,
    /**
     * {@code spawnNear(n, radius, tries)}: n more children, each on a place at random within the radius with room for
     * it (up to {@code tries} places drawn); three int arguments.
     */
    SPAWN_NEAR,
    /** {@code kill()}: die; no arguments. */
    KILL
}
