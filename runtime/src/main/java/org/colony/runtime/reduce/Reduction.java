package org.colony.runtime.reduce;

/**
 * The reductions of one attribute column, computed in one pass. Floating-point sums are exact sums
 * rounded once, so they do not depend on how the work was split; integer sums are exact.
 *
 * @param sum the sum (exactly rounded for floating point, converted from the exact integer sum otherwise)
 * @param longSum the exact sum of an integral or boolean column (true counts 1); 0 for floating point
 * @param min the least value ({@code Math.min} semantics: NaN wins, -0.0 below 0.0)
 * @param max the greatest value
 * @param longMin the least value of an integral column
 * @param longMax the greatest value of an integral column
 * @param count the number of cells
 */
public record Reduction(double sum, long longSum, double min, double max, long longMin, long longMax, long count) {
}
