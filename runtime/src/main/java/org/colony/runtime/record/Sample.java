package org.colony.runtime.record;

import java.util.HashMap;
import java.util.Map;
import org.colony.runtime.reduce.Bins;
import org.colony.runtime.reduce.Reduction;

/**
 * What the series of one row read, read once: the reduction of an attribute serves its sum, minimum, maximum and
 * mean, and a downloaded column every histogram of it that its backend does not count where the column lives.
 */
final class Sample {

    private final Map<Target, Reduction> reductions = new HashMap<>();
    private final Map<Target, Object> columns = new HashMap<>();

    /** {@return the reduction of {@code target} now} */
    Reduction reduction(Target target) {
        return reductions.computeIfAbsent(target, Target::reduce);
    }

    /**
     * {@return the counts of {@code target}'s values in {@code bins} now: counted where the column lives where its
     * backend can, else from the column, read once for every histogram of the attribute}
     */
    long[] histogram(Target target, Bins bins) {
        long[] counts = target.histogram(bins);
        return counts != null ? counts : bins.count(column(target));
    }

    /** {@return the column of {@code target} now, downloaded from where it lives} */
    Object column(Target target) {
        return columns.computeIfAbsent(target, Target::column);
    }
}
