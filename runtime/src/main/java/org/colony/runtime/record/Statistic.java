package org.colony.runtime.record;

import java.util.List;
import java.util.Locale;
import org.colony.runtime.reduce.Extremes;
import org.colony.runtime.reduce.Reduction;

/**
 * A sum, minimum, maximum or mean of an attribute, from the collection's one-pass reduction ({@link
 * org.colony.runtime.ModelCollection#reduce(String)}), made once per row for all the statistics of one attribute: on
 * the CPU it runs on the worker threads over the columns in place; the CUDA backend reduces the column on the device,
 * exactly, and downloads a few numbers per partition. A minimum or maximum of an attribute whose sum and mean the
 * row does not hold is reduced alone ({@link org.colony.runtime.ModelCollection#extremes}): on one GPU, on the
 * device, only the extremes downloaded. Integral and boolean
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

    /** {@return whether the statistic needs the attribute's sum} */
    boolean summed() {
        return kind == Kind.SUM || kind == Kind.MEAN;
    }

    @Override
    public void sample(Sample sample, List<String> values) {
        values.add(summed() ? format(sample.reduction(target)) : format(sample.extremes(target)));
    }

    private String format(Reduction r) {
        boolean floating = target.type().isFloating();
        boolean empty = r.count() == 0;
        return switch (kind) {
            case SUM -> floating ? Double.toString(r.sum()) : Long.toString(r.longSum());
            case MEAN -> empty ? "NaN" : Double.toString((floating ? r.sum() : (double) r.longSum()) / r.count());
            case MIN, MAX -> throw new IllegalStateException(kind + " comes from the extremes");
        };
    }

    private String format(Extremes x) {
        boolean floating = target.type().isFloating();
        if (x.count() == 0) {
            return "NaN";
        }
        if (kind == Kind.MIN) {
            return floating ? Double.toString(x.min()) : Long.toString(x.longMin());
        }
        return floating ? Double.toString(x.max()) : Long.toString(x.longMax());
    }
}
