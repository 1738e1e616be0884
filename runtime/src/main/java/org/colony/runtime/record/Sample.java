package org.colony.runtime.record;

import java.util.HashMap;
import java.util.Map;
import org.colony.runtime.reduce.Reduction;

/**
 * What the series of one row read, read once: the reduction of an attribute serves its sum, minimum, maximum and
 * mean, and a downloaded column every histogram of it.
 */
final class Sample {

    private final Map<Target, Reduction> reductions = new HashMap<>();
    private final Map<Target, Object> columns = new HashMap<>();

    /** {@return the reduction of {@code target} now} */
    Reduction reduction(Target target) {
        return reductions.computeIfAbsent(target, Target::reduce);
    }

    /** {@return the column of {@code target} now, downloaded from where it lives} */
    Object column(Target target) {
        return columns.computeIfAbsent(target, Target::column);
    }
}
