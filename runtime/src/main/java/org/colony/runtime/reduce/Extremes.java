package org.colony.runtime.reduce;

/**
 * The least and greatest values of one attribute column and their count, without the sum: what a device can reduce
 * where the column lives, with the rules of {@link Reduction} (so they do not depend on the order either). A NaN
 * anywhere makes the floating-point minimum and maximum NaN, whatever its bits.
 *
 * @param min the least value ({@code Math.min} semantics: NaN wins, -0.0 below 0.0); NaN where there is none
 * @param max the greatest value ({@code Math.max} semantics); NaN where there is none
 * @param longMin the least value of an integral column ({@code Long.MAX_VALUE} where there is none; 0 for floating
 *     point)
 * @param longMax the greatest value of an integral column ({@code Long.MIN_VALUE} where there is none; 0 for
 *     floating point)
 * @param count the number of values
 */
public record Extremes(double min, double max, long longMin, long longMax, long count) {

    /**
     * {@return the extremes of a reduction}
     *
     * @param reduction the reduction of a column
     */
    public static Extremes of(Reduction reduction) {
        return new Extremes(reduction.min(), reduction.max(), reduction.longMin(), reduction.longMax(),
                reduction.count());
    }
}
