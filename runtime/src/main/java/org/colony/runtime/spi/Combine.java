package org.colony.runtime.spi;

/** How agents' writes of one place attribute in one step combine (applied in agent-id order). */
public enum Combine {
    /** A plain write: at most one agent per place may write. */
    SET,
    /** The sum of the contributions, added to the current value in agent-id order. */
    SUM,
    /** The least of the current value and the contributions. */
    MIN,
    /** The greatest of the current value and the contributions. */
    MAX
}
