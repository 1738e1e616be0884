package org.colony.cuda.internal.store;

import org.colony.kernel.ScalarType;
import org.colony.runtime.reduce.ColumnAccumulator;
import org.colony.runtime.reduce.ExactSum;

/**
 * The words {@code colony_reduce} (in {@code support.cu}) adds a column's values into, and the partial reduction
 * they make on the host: the exact sum's digits before their carries ({@link ExactSum#ofDigits}), the extremes' keys
 * as {@code colony_extremes} keeps them, and {@link ExactSum}'s flags. An integral column's sum is two digits: the
 * sum of the values' low 32 bits, unsigned, and that of their high 32 bits, signed.
 */
final class ReductionWords {

    /** The digits of the exact sum, the words that come first. */
    static final int DIGITS = ExactSum.digits();
    /** The word holding the greatest {@code ~key} (the least key) of the values other than NaN. */
    static final int LEAST = DIGITS;
    /** The word holding the greatest key of the values other than NaN. */
    static final int GREATEST = DIGITS + 1;
    /** The word holding ExactSum's flags: 1 NaN, 2 positive infinity, 4 negative infinity, 8 not -0.0. */
    static final int FLAGS = DIGITS + 2;
    /** The number of words. */
    static final int WORDS = DIGITS + 3;
    /** The most values one launch may add: fewer than 2^31 parts below 2^32 keep a digit within 64 bits. */
    static final long MOST_VALUES = Integer.MAX_VALUE;

    private static final long NAN_FLAG = 1;

    private ReductionWords() {
    }

    /**
     * {@return the partial {@link ColumnAccumulator#addRow} makes of the same values}
     *
     * @param type the column's type
     * @param values how many values were added
     * @param words the {@link #WORDS} words {@code colony_reduce} left
     */
    static ColumnAccumulator accumulator(ScalarType type, long values, long[] words) {
        if (type.isFloating()) {
            long[] digits = new long[DIGITS];
            System.arraycopy(words, 0, digits, 0, DIGITS);
            ExactSum sum = ExactSum.ofDigits(digits, words[FLAGS], values);
            boolean nan = (words[FLAGS] & NAN_FLAG) != 0;
            double min = nan ? Double.NaN : words[LEAST] == 0 ? Double.POSITIVE_INFINITY : fromKey(~words[LEAST]);
            double max = nan ? Double.NaN : words[GREATEST] == 0 ? Double.NEGATIVE_INFINITY : fromKey(words[GREATEST]);
            return ColumnAccumulator.ofFloating(sum, min, max, values);
        }
        // low + (high << 32) as a 128-bit number: low is below 2^63, high within 64 bits.
        long low = words[0];
        long high = words[1];
        long sumLow = low + (high << 32);
        long sumHigh = (high >> 32) + (Long.compareUnsigned(sumLow, low) < 0 ? 1 : 0);
        return ColumnAccumulator.ofIntegral(sumHigh, sumLow, ~words[LEAST] ^ Long.MIN_VALUE,
                words[GREATEST] ^ Long.MIN_VALUE, values);
    }

    /** {@return the double whose key ({@code extremeKey} in support.cu) is {@code key}} */
    static double fromKey(long key) {
        return Double.longBitsToDouble(key < 0 ? key & Long.MAX_VALUE : ~key);
    }
}
