package org.colony.runtime.record;

import java.util.List;
import java.util.Locale;
import org.colony.runtime.reduce.Reduction;

/**
 * A sum, minimum, maximum or mean of an attribute, from the collection's one-pass reduction ({@link
 * org.colony.runtime.ModelCollection#reduce(String)}), made once per row for all the statistics of one attribute: on
 * the CPU it runs on the worker threads over the columns in place; the CUDA backend downloads the column and reduces
 * it on the host (it has no reduction kernel yet). Integral and boolean
 * attributes give whole numbers (booleans count 1 for true) and an exact mean of their exact sum; floating-point
 * attributes give the exactly rounded sum, so every value is the same on every backend, thread count and
 * partitioning. A collection of no instances gives {@code NaN} for the minimum, maximum and mean.
 *
 * @param target the attribute
 * @param kind which statistic
 */
record Statistic(Target target, Kind kind) implements Series {

    /** The statistics of a reduction. */
    enum Kind {
        SUM, MIN, MAX, MEAN;

        /** {@return the name in column names and in {@code --series}} */
        String label() {
            return name().toLowerCase(Locale.ROOT);
        }
    }

    @Override
    public List<String> columns() {
        return List.of(target.prefix() + "." + kind.label());
    }

    @Override
    public void sample(Sample sample, List<String> values) {
        values.add(format(sample.reduction(target)));
    }

    private String format(Reduction r) {
        boolean floating = target.type().isFloating();
        boolean empty = r.count() == 0;
        return switch (kind) {
            case SUM -> floating ? Double.toString(r.sum()) : Long.toString(r.longSum());
            case MIN -> empty ? "NaN" : floating ? Double.toString(r.min()) : Long.toString(r.longMin());
            case MAX -> empty ? "NaN" : floating ? Double.toString(r.max()) : Long.toString(r.longMax());
            case MEAN -> empty ? "NaN" : Double.toString((floating ? r.sum() : (double) r.longSum()) / r.count());
        };
    }
}
