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
    MAX;

    /**
     * {@return the bits of the identity of this combination in {@code type}, the value a column of combined writes
     * starts from: 0 for an integral sum, -0.0 for a floating-point one (so -0.0 survives adding nothing), the largest
     * value (+infinity) for a minimum, the least (-infinity) for a maximum} An int or float identity is in the low 32
     * bits ({@link Float#floatToRawIntBits}), a double's is {@link Double#doubleToRawLongBits}.
     *
     * @param type the column's type: int, long, float or double
     * @throws IllegalArgumentException for a plain write, which has no identity, or another type
     */
    public long identityBits(ScalarType type) {
        if (this == SET) {
            throw new IllegalArgumentException("a plain write has no identity");
        }
        return switch (type) {
            case INT -> this == SUM ? 0 : this == MIN ? Integer.MAX_VALUE : Integer.MIN_VALUE;
            case LONG -> this == SUM ? 0 : this == MIN ? Long.MAX_VALUE : Long.MIN_VALUE;
            case FLOAT -> Float.floatToRawIntBits(this == SUM ? -0.0f : this == MIN ? Float.POSITIVE_INFINITY
                    : Float.NEGATIVE_INFINITY);
            case DOUBLE -> Double.doubleToRawLongBits(this == SUM ? -0.0 : this == MIN ? Double.POSITIVE_INFINITY
                    : Double.NEGATIVE_INFINITY);
            default -> throw new IllegalArgumentException(type + " columns are not combined");
        };
    }
}
