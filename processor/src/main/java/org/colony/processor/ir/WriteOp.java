package org.colony.processor.ir;

/** How an agent's write of its place's attribute combines with other agents' writes to the same place. */
public enum WriteOp {
    /** {@code place().a = v}: needs at most one writer per place. */
    SET,
    /** {@code place().a += v} (and -=, ++, --): the sum, in agent-id order. */
    SUM,
    /** {@code place().a = Math.min(place().a, v)}: the least value. */
    MIN,
    /** {@code place().a = Math.max(place().a, v)}: the greatest value. */
    MAX
}
