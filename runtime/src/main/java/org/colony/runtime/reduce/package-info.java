/**
 * Reductions whose results do not depend on evaluation order: {@link org.colony.runtime.reduce.Reduction}, what
 * {@code reduce} returns, and the exact sums and per-column accumulators backends merge it from.
 */
package org.colony.runtime.reduce;
