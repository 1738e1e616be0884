package org.colony.runtime.record;

import java.util.List;

/** One statistic of a run: the CSV columns it fills and how it reads their values at a sampled step. */
interface Series {

    /** {@return the names of the columns this series fills, in order} */
    List<String> columns();

    /**
     * Reads the statistic now and appends one formatted value per column.
     *
     * @param sample what this row's series have read so far, to share
     * @param values where the values go, in the order of {@link #columns()}
     */
    void sample(Sample sample, List<String> values);
}
