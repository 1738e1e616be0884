package org.colony.runtime.io;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * What one heat map showed: the range of its colour scale and how many values were not finite numbers (drawn in
 * colours of their own, outside the scale).
 *
 * @param min the value of the scale's first colour: the smallest finite value, or the fixed range's start; NaN where
 *     no value was finite
 * @param max the value of its last colour: the largest finite value, or the fixed range's end; NaN where no value
 *     was finite
 * @param nan the number of NaN values
 * @param positiveInfinity the number of values at +infinity
 * @param negativeInfinity the number of values at -infinity
 */
public record FrameStats(double min, double max, long nan, long positiveInfinity, long negativeInfinity) {

    /**
     * {@return the statistics of {@code values}: the finite ones' range (or {@code fixed}), and the others counted}
     *
     * @param values the values drawn
     * @param fixed the fixed range of the scale, or null to span the finite values
     */
    public static FrameStats of(double[] values, ValueRange fixed) {
        double min = Double.POSITIVE_INFINITY;
        double max = Double.NEGATIVE_INFINITY;
        long nan = 0;
        long positive = 0;
        long negative = 0;
        for (double v : values) {
            if (Double.isNaN(v)) {
                nan++;
            } else if (v == Double.POSITIVE_INFINITY) {
                positive++;
            } else if (v == Double.NEGATIVE_INFINITY) {
                negative++;
            } else {
                min = Math.min(min, v);
                max = Math.max(max, v);
            }
        }
        if (fixed != null) {
            return new FrameStats(fixed.min(), fixed.max(), nan, positive, negative);
        }
        return min <= max ? new FrameStats(min, max, nan, positive, negative)
                : new FrameStats(Double.NaN, Double.NaN, nan, positive, negative);
    }

    /** {@return the number of values that were not finite} */
    public long nonFinite() {
        return nan + positiveInfinity + negativeInfinity;
    }

    /** {@return the values that were not finite in words ({@code "3 NaN, 1 +inf"}), or "" where all were finite} */
    public String nonFiniteText() {
        List<String> parts = new ArrayList<>();
        if (nan > 0) {
            parts.add(nan + " NaN");
        }
        if (positiveInfinity > 0) {
            parts.add(positiveInfinity + " +inf");
        }
        if (negativeInfinity > 0) {
            parts.add(negativeInfinity + " -inf");
        }
        return String.join(", ", parts);
    }

    /** {@return the scale's range in words: {@code "0 to 100"}, or {@code "no finite values"}} */
    public String rangeText() {
        return Double.isNaN(min) ? "no finite values" : label(min) + " to " + label(max);
    }

    /**
     * {@return a short label of a value for a legend: a whole number as one, else four significant digits}
     *
     * @param value the value
     */
    public static String label(double value) {
        if (Double.isNaN(value)) {
            return "-";
        }
        if (value == Math.rint(value) && Math.abs(value) < 1e9) {
            return Long.toString((long) value);
        }
        String text = String.format(Locale.ROOT, "%.4g", value);
        int e = text.indexOf('e');
        String mantissa = e < 0 ? text : text.substring(0, e);
        if (mantissa.contains(".")) {
            mantissa = mantissa.replaceAll("0+$", "").replaceAll("\\.$", "");
        }
        if (e < 0) {
            return mantissa;
        }
        int exponent = Integer.parseInt(text.substring(e + 1));
        return mantissa + "e" + exponent;
    }
}
