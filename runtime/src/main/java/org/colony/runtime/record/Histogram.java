package org.colony.runtime.record;

import java.util.ArrayList;
import java.util.List;
import org.colony.ColonyException;
import org.colony.runtime.reduce.Bins;

/**
 * Counts of an attribute's values in {@code bins} equal bins over {@code [lo, hi)}: bin {@code i} holds the values
 * {@code v} with {@code edge(i) <= v < edge(i + 1)}, where {@code edge(i) = lo + (hi - lo) * i / bins} and {@code
 * edge(bins) = hi}. Values below {@code lo} and from {@code hi} up are counted apart ({@code .below}, {@code
 * .above}), and so is NaN ({@code .nan}, floating-point attributes only). Integral values are compared as doubles.
 * The values are counted where the column lives when its backend can ({@link
 * org.colony.runtime.spi.Store#histogram}: on a GPU, only the counts come back), else the column is read once per
 * row for every histogram of the attribute and counted on the host, by the same arithmetic ({@link Bins}).
 *
 * @param target the attribute
 * @param lo the lower edge of the first bin
 * @param hi the upper edge of the last bin
 * @param bins the number of bins
 */
record Histogram(Target target, double lo, double hi, int bins) implements Series {

    /** The most bins a histogram may have. */
    static final int MOST_BINS = Bins.MOST_BINS;

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

    /** {@return the bins, whose arithmetic every backend counts with} */
    Bins binning() {
        return new Bins(lo, hi, bins);
    }

    /** {@return the lower edge of bin {@code i}; {@code hi} for {@code i = bins}} */
    double edge(int i) {
        return binning().edge(i);
    }

    @Override
    public void sample(Sample sample, List<String> values) {
        long[] counts = target.histogram(binning());
        int columns = target.type().isFloating() ? bins + 3 : bins + 2;
        for (int i = 0; i < columns; i++) {
            values.add(Long.toString(counts[i]));
        }
    }
}
