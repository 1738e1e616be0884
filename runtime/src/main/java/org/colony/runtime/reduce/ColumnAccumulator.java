package org.colony.runtime.reduce;

import java.util.Arrays;
import org.colony.ColonyException;
import org.colony.kernel.ScalarType;

/**
 * The partial reductions (exact sum, minimum, maximum, count) of parts of one primitive column; partials
 * merge exactly, in any order, so a reduction split between threads or devices gives one result.
 */
public final class ColumnAccumulator {

    private final ExactSum exact;
    /** The integer sum as a 128-bit two's complement number: partial sums may pass 64 bits, the total may not. */
    private long longSum;
    private long longHigh;
    private double min = Double.POSITIVE_INFINITY;
    private double max = Double.NEGATIVE_INFINITY;
    private long longMin = Long.MAX_VALUE;
    private long longMax = Long.MIN_VALUE;
    private long count;

    /** An accumulator of no values yet. */
    public ColumnAccumulator() {
        this.exact = new ExactSum();
    }

    private ColumnAccumulator(ExactSum exact) {
        this.exact = exact;
    }

    /** {@return the partial as numbers, for another process to merge ({@link #ofState})} */
    public long[] state() {
        long[] e = exact.state();
        long[] out = Arrays.copyOf(e, e.length + 7);
        int i = e.length;
        out[i++] = longSum;
        out[i++] = longHigh;
        out[i++] = Double.doubleToRawLongBits(min);
        out[i++] = Double.doubleToRawLongBits(max);
        out[i++] = longMin;
        out[i++] = longMax;
        out[i] = count;
        return out;
    }

    /**
     * {@return the numbers of {@link #state()} as a partial again}
     *
     * @param state numbers from {@link #state()}
     */
    public static ColumnAccumulator ofState(long[] state) {
        ColumnAccumulator c = new ColumnAccumulator(ExactSum.ofState(state, 0));
        int i = ExactSum.stateLength();
        c.longSum = state[i++];
        c.longHigh = state[i++];
        c.min = Double.longBitsToDouble(state[i++]);
        c.max = Double.longBitsToDouble(state[i++]);
        c.longMin = state[i++];
        c.longMax = state[i++];
        c.count = state[i];
        return c;
    }

    /**
     * {@return the partial of floating-point values reduced elsewhere (a device), as {@link #addRow} would have made
     * it of the same values}
     *
     * @param sum their exact sum
     * @param min their least value by {@code Math.min} (NaN where there is one), positive infinity for none
     * @param max their greatest value by {@code Math.max} (NaN where there is one), negative infinity for none
     * @param count how many values
     */
    public static ColumnAccumulator ofFloating(ExactSum sum, double min, double max, long count) {
        ColumnAccumulator c = new ColumnAccumulator(sum);
        c.min = min;
        c.max = max;
        c.count = count;
        return c;
    }

    /**
     * {@return the partial of integral or boolean values reduced elsewhere (a device), as {@link #addRow} would have
     * made it of the same values}
     *
     * @param sumHigh the high 64 bits of their sum as a 128-bit two's complement number
     * @param sumLow the low 64 bits of that sum
     * @param min their least value, {@code Long.MAX_VALUE} for none
     * @param max their greatest value, {@code Long.MIN_VALUE} for none
     * @param count how many values
     */
    public static ColumnAccumulator ofIntegral(long sumHigh, long sumLow, long min, long max, long count) {
        ColumnAccumulator c = new ColumnAccumulator();
        c.longHigh = sumHigh;
        c.longSum = sumLow;
        c.longMin = min;
        c.longMax = max;
        c.count = count;
        return c;
    }

    /**
     * Adds cells {@code [from, to)} of a primitive column.
     *
     * @param column a primitive array; booleans count as 0 and 1
     * @param from the first cell
     * @param to one past the last cell
     */
    public void addRow(Object column, int from, int to) {
        count += to - from;
        switch (column) {
            case double[] c -> {
                for (int i = from; i < to; i++) {
                    double v = c[i];
                    exact.add(v);
                    min = Math.min(min, v);
                    max = Math.max(max, v);
                }
            }
            case float[] c -> {
                for (int i = from; i < to; i++) {
                    float v = c[i];
                    exact.add(v);
                    min = Math.min(min, v);
                    max = Math.max(max, v);
                }
            }
            case int[] c -> {
                long s = 0;
                for (int i = from; i < to; i++) {
                    int v = c[i];
                    s += v;
                    longMin = Math.min(longMin, v);
                    longMax = Math.max(longMax, v);
                }
                addLong(s);
            }
            case long[] c -> {
                for (int i = from; i < to; i++) {
                    long v = c[i];
                    addLong(v);
                    longMin = Math.min(longMin, v);
                    longMax = Math.max(longMax, v);
                }
            }
            case short[] c -> {
                long s = 0;
                for (int i = from; i < to; i++) {
                    short v = c[i];
                    s += v;
                    longMin = Math.min(longMin, v);
                    longMax = Math.max(longMax, v);
                }
                addLong(s);
            }
            case byte[] c -> {
                long s = 0;
                for (int i = from; i < to; i++) {
                    byte v = c[i];
                    s += v;
                    longMin = Math.min(longMin, v);
                    longMax = Math.max(longMax, v);
                }
                addLong(s);
            }
            case boolean[] c -> {
                long s = 0;
                for (int i = from; i < to; i++) {
                    int v = c[i] ? 1 : 0;
                    s += v;
                    longMin = Math.min(longMin, v);
                    longMax = Math.max(longMax, v);
                }
                addLong(s);
            }
            default -> throw new IllegalArgumentException(column.getClass().toString());
        }
    }

    private void addLong(long v) {
        add128(v >> 63, v);
    }

    private void add128(long high, long low) {
        long sum = longSum + low;
        longHigh += high + (Long.compareUnsigned(sum, longSum) < 0 ? 1 : 0);
        longSum = sum;
    }

    /**
     * Adds another partial.
     *
     * @param o a partial of a column of the same type
     */
    public void merge(ColumnAccumulator o) {
        exact.add(o.exact);
        add128(o.longHigh, o.longSum);
        min = Math.min(min, o.min);
        max = Math.max(max, o.max);
        longMin = Math.min(longMin, o.longMin);
        longMax = Math.max(longMax, o.longMax);
        count += o.count;
    }

    /**
     * {@return the least and greatest values and their count for a column of the given type, without the sum (so a
     * sum that would overflow 64 bits does not stand in their way)}
     *
     * @param type the column's type
     */
    public Extremes extremes(ScalarType type) {
        if (type.isFloating()) {
            return new Extremes(count == 0 ? Double.NaN : min, count == 0 ? Double.NaN : max, 0, 0, count);
        }
        return new Extremes(count == 0 ? Double.NaN : longMin, count == 0 ? Double.NaN : longMax, longMin, longMax,
                count);
    }

    /**
     * {@return the result for a column of the given type}
     *
     * @param attribute the attribute's name, for messages
     * @param type the column's type
     */
    public Reduction result(ScalarType type, String attribute) {
        if (type.isFloating()) {
            return new Reduction(exact.value(), 0, count == 0 ? Double.NaN : min, count == 0 ? Double.NaN : max, 0, 0,
                    count);
        }
        if (longHigh != longSum >> 63) {
            throw new ColonyException("the sum of " + attribute + " overflows 64 bits");
        }
        return new Reduction((double) longSum, longSum, count == 0 ? Double.NaN : longMin,
                count == 0 ? Double.NaN : longMax, longMin, longMax, count);
    }
}
