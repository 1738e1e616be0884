package org.colony.runtime.record;

import java.util.ArrayList;
import java.util.List;
import org.colony.ColonyException;

/**
 * Counts of an attribute's values in {@code bins} equal bins over {@code [lo, hi)}: bin {@code i} holds the values
 * {@code v} with {@code edge(i) <= v < edge(i + 1)}, where {@code edge(i) = lo + (hi - lo) * i / bins} and {@code
 * edge(bins) = hi}. Values below {@code lo} and from {@code hi} up are counted apart ({@code .below}, {@code
 * .above}), and so is NaN ({@code .nan}, floating-point attributes only). Integral values are compared as doubles.
 * The column is read from where it lives (downloaded from a GPU) and counted on the host, once per row for every
 * histogram of the attribute.
 *
 * @param target the attribute
 * @param lo the lower edge of the first bin
 * @param hi the upper edge of the last bin
 * @param bins the number of bins
 */
record Histogram(Target target, double lo, double hi, int bins) implements Series {

    /** The most bins a histogram may have. */
    static final int MOST_BINS = 100_000;

    /**
     * {@return a histogram of {@code target}, checked}
     *
     * @param target the attribute
     * @param lo the lower edge of the first bin
     * @param hi the upper edge of the last bin
     * @param bins the number of bins
     * @throws ColonyException where the range is empty or not finite, or the bins are not 1 to {@link #MOST_BINS}
     */
    static Histogram of(Target target, double lo, double hi, int bins) {
        String what = "histogram of " + target.prefix();
        if (!Double.isFinite(lo) || !Double.isFinite(hi) || !(lo < hi)) {
            throw new ColonyException(what + ": lo=" + lo + " hi=" + hi + " is not a range; give finite lo < hi");
        }
        if (!Double.isFinite(hi - lo)) {
            throw new ColonyException(what + ": lo=" + lo + " hi=" + hi + " is too wide a range");
        }
        if (bins < 1 || bins > MOST_BINS) {
            throw new ColonyException(what + ": bins=" + bins + " is out of range; use 1 to " + MOST_BINS);
        }
        return new Histogram(target, lo, hi, bins);
    }

    @Override
    public List<String> columns() {
        List<String> names = new ArrayList<>();
        String prefix = target.prefix() + ".hist";
        for (int i = 0; i < bins; i++) {
            names.add(prefix + "[" + Names.number(edge(i)) + ":" + Names.number(edge(i + 1)) + ")");
        }
        names.add(prefix + ".below");
        names.add(prefix + ".above");
        if (target.type().isFloating()) {
            names.add(prefix + ".nan");
        }
        return names;
    }

    /** {@return the lower edge of bin {@code i}; {@code hi} for {@code i = bins}} */
    double edge(int i) {
        return i == bins ? hi : lo + (hi - lo) * i / bins;
    }

    /** {@return the bin of {@code v}: 0 to bins - 1, bins for below, bins + 1 for above, bins + 2 for NaN} */
    int bin(double v) {
        if (Double.isNaN(v)) {
            return bins + 2;
        }
        if (v < lo) {
            return bins;
        }
        if (v >= hi) {
            return bins + 1;
        }
        int i = (int) Math.min(bins - 1, Math.max(0, Math.floor((v - lo) / (hi - lo) * bins)));
        while (i > 0 && v < edge(i)) { // the edges decide, not the rounding of the division
            i--;
        }
        while (i < bins - 1 && v >= edge(i + 1)) {
            i++;
        }
        return i;
    }

    @Override
    public void sample(Sample sample, List<String> values) {
        long[] counts = count(sample.column(target));
        int columns = target.type().isFloating() ? bins + 3 : bins + 2;
        for (int i = 0; i < columns; i++) {
            values.add(Long.toString(counts[i]));
        }
    }

    /** {@return the counts of a column's values: the bins, then below, above and NaN} */
    long[] count(Object column) {
        long[] counts = new long[bins + 3];
        switch (column) {
            case double[] c -> {
                for (double v : c) {
                    counts[bin(v)]++;
                }
            }
            case float[] c -> {
                for (float v : c) {
                    counts[bin(v)]++;
                }
            }
            case long[] c -> {
                for (long v : c) {
                    counts[bin(v)]++;
                }
            }
            case int[] c -> {
                for (int v : c) {
                    counts[bin(v)]++;
                }
            }
            case short[] c -> {
                for (short v : c) {
                    counts[bin(v)]++;
                }
            }
            case byte[] c -> {
                for (byte v : c) {
                    counts[bin(v)]++;
                }
            }
            case boolean[] c -> {
                for (boolean v : c) {
                    counts[bin(v ? 1 : 0)]++;
                }
            }
            default -> throw new IllegalArgumentException(column.getClass().toString());
        }
        return counts;
    }
}
