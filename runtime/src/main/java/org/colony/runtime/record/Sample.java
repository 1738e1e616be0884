package org.colony.runtime.record;

import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import org.colony.runtime.reduce.Extremes;
import org.colony.runtime.reduce.Reduction;

/**
 * What the series of one row read, read once: the reduction of an attribute serves its sum and mean, and its
 * minimum and maximum where the row has its sum or mean (else they are reduced alone, where the column lives); a
 * downloaded column serves every grouped series of it.
 */
final class Sample {

    private final Map<Target, Reduction> reductions = new HashMap<>();
    private final Map<Target, Extremes> extremes = new HashMap<>();
    private final Map<Target, Object> columns = new HashMap<>();
    /** The attributes with a sum or mean in the row: their extremes come from their reduction, one pass for all. */
    private final Set<Target> summed;

    /** @param summed the attributes with a sum or mean in the row */
    Sample(Set<Target> summed) {
        this.summed = summed;
    }

    /** {@return the reduction of {@code target} now} */
    Reduction reduction(Target target) {
        return reductions.computeIfAbsent(target, Target::reduce);
    }

    /**
     * {@return the least and greatest values of {@code target} now: from its reduction where the row has its sum or
     * mean, else reduced where the column lives}
     */
    Extremes extremes(Target target) {
        if (summed.contains(target)) {
            return Extremes.of(reduction(target));
        }
        return extremes.computeIfAbsent(target, Target::extremes);
    }

    /** {@return the column of {@code target} now, downloaded from where it lives} */
    Object column(Target target) {
        return columns.computeIfAbsent(target, Target::column);
    }
}
