package org.colony.runtime.migration;

import org.colony.kernel.RandomStream;

/**
 * What settles capacity conflicts in {@code manageAll}: first the model's rank (the value of its {@code @Priority}
 * attribute, where it has one), then a random priority, 64 bits from the framework's generator for (seed,
 * manageAll's epoch, agent id); higher wins, and the lower agent id wins ties. A migration uses draws 0-1 of the
 * agent's stream, the k-th child of a parent draws 2 + 2k and 3 + 2k.
 *
 * <p>Ranks are 64-bit keys whose unsigned order is the values' numeric order: integers flip their sign bit;
 * floating-point values order as IEEE 754's total order of their own bits with {@code -0.0} taken as {@code 0.0} and
 * every NaN as 0, below every number (a model's ranks all come from one attribute, so floats and doubles are never
 * compared with each other). {@code support.cu}'s {@code rankOf} computes the same.
 */
public final class Priority {

    private Priority() {
    }

    /** The priority of agent {@code id}'s move. */
    public static long move(RandomStream rng, long id) {
        rng.reset(id);
        return bits(rng);
    }

    /** The priority of the {@code k}-th child of parent {@code id}. */
    public static long child(RandomStream rng, long id, int k) {
        rng.reset(id);
        rng.skip(2 + 2L * k);
        return bits(rng);
    }

    private static long bits(RandomStream rng) {
        long hi = rng.nextInt() & 0xFFFF_FFFFL;
        long lo = rng.nextInt() & 0xFFFF_FFFFL;
        return (hi << 32) | lo;
    }

    /** {@return the rank of an integral priority} */
    public static long rank(long value) {
        return value ^ Long.MIN_VALUE;
    }

    /** {@return the rank of a floating-point priority} */
    public static long rank(double value) {
        if (Double.isNaN(value)) {
            return 0L;
        }
        long bits = Double.doubleToRawLongBits(value == 0 ? 0.0 : value);
        return bits < 0 ? ~bits : bits | Long.MIN_VALUE;
    }

    /**
     * {@return the rank of a single-precision priority: its own order, from its bits (so that a GPU flushing subnormal
     * floats to zero ranks them alike), in the high half}
     */
    public static long rank(float value) {
        int bits = Float.floatToRawIntBits(value);
        if ((bits & 0x7FFF_FFFF) > 0x7F80_0000) {
            return 0L; // NaN
        }
        if ((bits & 0x7FFF_FFFF) == 0) {
            bits = 0; // -0.0 as 0.0
        }
        int key = bits < 0 ? ~bits : bits | Integer.MIN_VALUE;
        return (key & 0xFFFF_FFFFL) << 32;
    }

    /**
     * {@return the rank of the value in slot {@code slot} of a scalar numeric column}
     *
     * @param column a {@code byte[]}, {@code short[]}, {@code int[]}, {@code long[]}, {@code float[]} or
     *     {@code double[]}
     * @param slot the agent's slot
     */
    public static long rank(Object column, int slot) {
        return switch (column) {
            case double[] a -> rank(a[slot]);
            case float[] a -> rank(a[slot]);
            case long[] a -> rank(a[slot]);
            case int[] a -> rank((long) a[slot]);
            case short[] a -> rank((long) a[slot]);
            case byte[] a -> rank((long) a[slot]);
            default -> throw new IllegalArgumentException("not a numeric column: " + column.getClass());
        };
    }

    /** Whether request a (priority pa, id ia) beats request b. */
    public static boolean beats(long pa, long ia, long pb, long ib) {
        int c = Long.compareUnsigned(pa, pb);
        return c > 0 || (c == 0 && ia < ib);
    }
}
