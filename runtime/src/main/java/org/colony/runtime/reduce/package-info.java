/**
 * Reductions whose results do not depend on evaluation order: {@link org.colony.runtime.reduce.Reduction}, what
 * {@code reduce} returns, and the exact sums and per-column accumulators backends merge it from; {@link
 * org.colony.runtime.reduce.Extremes}, the least and greatest values without the sum; {@link
 * org.colony.runtime.reduce.Bins}, the arithmetic every backend counts histograms with.
 */
package org.colony.runtime.reduce;
