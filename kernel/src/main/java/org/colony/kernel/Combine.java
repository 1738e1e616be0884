package org.colony.kernel;

/** How agents' writes of one place attribute in one step combine (applied in agent-id order). */
public enum Combine {
    /** A plain write, {@code place().a = v}: at most one agent per place may write. */
    SET,
    /** {@code place().a += v} (and -=, ++, --): the sum of the contributions, added to the current value in agent-id order. */
    SUM,
    /** {@code place().a = Math.min(place().a, v)}: the least of the current value and the contributions. */
    MIN,
    /** {@code place().a = Math.max(place().a, v)}: the greatest of the current value and the contributions. */
    MAX
}
