package org.colony.runtime.reduce;

import java.math.BigDecimal;
import java.math.BigInteger;

/**
 * An exact accumulator of doubles: every finite double is a multiple of 2<sup>-1074</sup>, so the sum
 * is kept as a wide fixed-point integer and rounded to the nearest double once, at the end. Because
 * integer addition is associative, the result is the same whatever the order of the additions and
 * however they are split between threads, partitions or devices ({@link #add(ExactSum)}).
 *
 * <p>Digits hold 32 bits each in a {@code long}, which leaves room to add 2<sup>30</sup> values before
 * carries are propagated. Not thread-safe: give each thread its own accumulator and merge them.
 */
public final class ExactSum {

    private static final int DIGITS = 70;
    private static final int NORMALIZE_EVERY = 1 << 30;

    /** 2^-1074, the unit of the fixed-point digits, exactly. */
    private static final BigDecimal UNIT = BigDecimal.ONE.divide(new BigDecimal(BigInteger.TWO.pow(1074)));

    private final long[] digits = new long[DIGITS];
    private int pending;
    private boolean nan;
    private boolean positiveInfinity;
    private boolean negativeInfinity;
    private boolean sawPositiveZeroOrValue;
    private long count;

    /** A sum of nothing yet: 0. */
    public ExactSum() {
    }

    /**
     * Adds a double exactly.
     *
     * @param v the value; an infinity or NaN is carried to {@link #value()} as IEEE 754 says
     */
    public void add(double v) {
        count++;
        long bits = Double.doubleToRawLongBits(v);
        int exponent = (int) ((bits >>> 52) & 0x7FF);
        long mantissa = bits & 0xF_FFFF_FFFF_FFFFL;
        boolean negative = bits < 0;
        if (exponent == 0x7FF) {
            if (mantissa != 0) {
                nan = true;
            } else if (negative) {
                negativeInfinity = true;
            } else {
                positiveInfinity = true;
            }
            return;
        }
        if (!negative || mantissa != 0 || exponent != 0) {
            sawPositiveZeroOrValue = true;
        }
        if (exponent == 0 && mantissa == 0) {
            return;
        }
        int shift;
        if (exponent == 0) {
            shift = 0;
        } else {
            mantissa |= 1L << 52;
            shift = exponent - 1;
        }
        int index = shift >>> 5;
        int offset = shift & 31;
        // mantissa << offset spans at most 84 bits: three 32-bit digits.
        long low = (mantissa << offset) & 0xFFFF_FFFFL;
        long mid = (mantissa >>> (32 - offset)) & 0xFFFF_FFFFL;
        long high = offset == 0 ? 0 : mantissa >>> (64 - offset);
        if (negative) {
            digits[index] -= low;
            digits[index + 1] -= mid;
            digits[index + 2] -= high;
        } else {
            digits[index] += low;
            digits[index + 1] += mid;
            digits[index + 2] += high;
        }
        if (++pending == NORMALIZE_EVERY) {
            normalize();
        }
    }

    /**
     * Adds a float exactly (every float is a double).
     *
     * @param v the value; an infinity or NaN is carried to {@link #value()} as IEEE 754 says
     */
    public void add(float v) {
        add((double) v);
    }

    /**
     * Adds another accumulator's sum exactly.
     *
     * @param other the sum to add; left unchanged
     */
    public void add(ExactSum other) {
        normalize();
        other.normalize();
        for (int i = 0; i < DIGITS; i++) {
            digits[i] += other.digits[i];
        }
        pending = 1;
        normalize();
        nan |= other.nan;
        positiveInfinity |= other.positiveInfinity;
        negativeInfinity |= other.negativeInfinity;
        sawPositiveZeroOrValue |= other.sawPositiveZeroOrValue;
        count += other.count;
    }

    /**
     * {@return the sum as numbers, for another process to merge ({@link #ofState}): the digits, then flags and count}
     */
    public long[] state() {
        normalize();
        long[] out = new long[DIGITS + 2];
        System.arraycopy(digits, 0, out, 0, DIGITS);
        out[DIGITS] = (nan ? 1 : 0) | (positiveInfinity ? 2 : 0) | (negativeInfinity ? 4 : 0)
                | (sawPositiveZeroOrValue ? 8 : 0);
        out[DIGITS + 1] = count;
        return out;
    }

    /**
     * {@return the numbers of {@link #state()} as a sum again}
     *
     * @param from where this sum's numbers start in {@code state}
     * @param state numbers from {@link #state()}
     */
    public static ExactSum ofState(long[] state, int from) {
        ExactSum s = new ExactSum();
        System.arraycopy(state, from, s.digits, 0, DIGITS);
        long flags = state[from + DIGITS];
        s.nan = (flags & 1) != 0;
        s.positiveInfinity = (flags & 2) != 0;
        s.negativeInfinity = (flags & 4) != 0;
        s.sawPositiveZeroOrValue = (flags & 8) != 0;
        s.count = state[from + DIGITS + 1];
        return s;
    }

    /**
     * {@return the sum of values added elsewhere (a device) digit by digit as {@link #add(double)} adds them, with
     * the carries still to propagate}
     *
     * @param digits signed words, word {@code i} counting units of 2<sup>32 i - 1074</sup>; at most {@link #digits()}
     *     of them, each the sum of fewer than 2<sup>31</sup> parts below 2<sup>32</sup> (so within 64 bits)
     * @param flags the flags word of {@link #state()}: 1 a NaN was added, 2 a positive infinity, 4 a negative
     *     infinity, 8 a value other than -0.0
     * @param count how many values were added
     */
    public static ExactSum ofDigits(long[] digits, long flags, long count) {
        if (digits.length > DIGITS) {
            throw new IllegalArgumentException("digits=" + digits.length + " most=" + DIGITS);
        }
        long[] state = new long[DIGITS + 2];
        System.arraycopy(digits, 0, state, 0, digits.length);
        state[DIGITS] = flags;
        state[DIGITS + 1] = count;
        ExactSum s = ofState(state, 0);
        s.normalize();
        return s;
    }

    /** {@return how many 32-bit digits the sum keeps ({@link #ofDigits})} */
    public static int digits() {
        return DIGITS;
    }

    /** {@return the length of {@link #state()}} */
    public static int stateLength() {
        return DIGITS + 2;
    }

    /** {@return how many values were added} */
    public long count() {
        return count;
    }

    private void normalize() {
        long carry = 0;
        for (int i = 0; i < DIGITS; i++) {
            long d = digits[i] + carry;
            digits[i] = d & 0xFFFF_FFFFL;
            carry = d >> 32;
        }
        // A negative total leaves carry = -1 past the top digit: the digits then hold 2^(32*DIGITS) + sum.
        if (carry != 0) {
            digits[DIGITS - 1] |= carry << 32;
        }
        pending = 0;
    }

    /**
     * {@return the exact sum rounded once to the nearest double (ties to even); infinities and NaN as IEEE 754 says}
     */
    public double value() {
        if (nan || (positiveInfinity && negativeInfinity)) {
            return Double.NaN;
        }
        if (positiveInfinity) {
            return Double.POSITIVE_INFINITY;
        }
        if (negativeInfinity) {
            return Double.NEGATIVE_INFINITY;
        }
        normalize();
        BigInteger total = BigInteger.ZERO;
        for (int i = DIGITS - 1; i >= 0; i--) {
            total = total.shiftLeft(32).add(BigInteger.valueOf(i == DIGITS - 1 ? digits[i] : digits[i] & 0xFFFF_FFFFL));
        }
        if (total.signum() == 0) {
            return (count > 0 && !sawPositiveZeroOrValue) ? -0.0 : 0.0;
        }
        return new BigDecimal(total).multiply(UNIT).doubleValue();
    }
}
