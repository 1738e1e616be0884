/**
 * Time series of a run: statistics of collections (sums, extremes, means, predicate counts, populations,
 * histograms) declared on a {@link org.colony.runtime.record.TimeSeries}, sampled every N steps and written as
 * CSV, and the text form of a series that {@code mass run --series} reads.
 */
package org.colony.runtime.record;
