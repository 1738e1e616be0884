package org.colony.runtime.reduce;

import org.colony.ColonyException;

/**
 * Equal bins over {@code [lo, hi)}, and the one arithmetic every backend counts values into them with: bin {@code i}
 * holds the values {@code v} with {@code edge(i) <= v < edge(i + 1)}, where {@code edge(i) = lo + (hi - lo) * i /
 * bins} and {@code edge(bins) = hi}; values below {@code lo}, from {@code hi} up, and NaN are counted apart. Integral
 * values are compared as doubles (booleans as 0 and 1). A device that counts must use the same IEEE operations in
 * the same order (no fused multiply-add), so its counts are the host's.
 *
 * @param lo the lower edge of the first bin
 * @param hi the upper edge of the last bin
 * @param bins the number of bins
 */
public record Bins(double lo, double hi, int bins) {

    /** The most bins there may be. */
    public static final int MOST_BINS = 100_000;

    /**
     * Checks the bins.
     *
     * @param lo the lower edge of the first bin
     * @param hi the upper edge of the last bin
     * @param bins the number of bins
     * @throws ColonyException where the range is empty or not finite, or the bins are not 1 to {@link #MOST_BINS}
     */
    public Bins {
        if (!Double.isFinite(lo) || !Double.isFinite(hi) || !(lo < hi)) {
            throw new ColonyException("lo=" + lo + " hi=" + hi + " is not a range; give finite lo < hi");
        }
        if (!Double.isFinite(hi - lo)) {
            throw new ColonyException("lo=" + lo + " hi=" + hi + " is too wide a range");
        }
        if (bins < 1 || bins > MOST_BINS) {
            throw new ColonyException("bins=" + bins + " is out of range; use 1 to " + MOST_BINS);
        }
    }

    /** {@return the number of counts {@link #count} gives: the bins, then below, above and NaN} */
    public int counts() {
        return bins + 3;
    }

    /**
     * {@return the lower edge of bin {@code i}; {@code hi} for {@code i = bins}}
     *
     * @param i the bin, 0 to {@code bins}
     */
    public double edge(int i) {
        return i == bins ? hi : lo + (hi - lo) * i / bins;
    }

    /**
     * {@return the count {@code v} adds to: its bin from 0 to {@code bins - 1}, {@code bins} for below, {@code bins
     * + 1} for above, {@code bins + 2} for NaN}
     *
     * @param v the value
     */
    public int bin(double v) {
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

    /**
     * {@return the counts of a column's values: the bins, then below, above and NaN ({@link #counts()} of them)}
     *
     * @param column a primitive array; booleans count as 0 and 1
     */
    public long[] count(Object column) {
        long[] counts = new long[counts()];
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
