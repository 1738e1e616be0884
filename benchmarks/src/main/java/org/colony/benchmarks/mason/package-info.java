/**
 * Heat2D, GameOfLife and SugarScape written as idiomatic MASON models (its {@code SimState}, {@code Schedule},
 * {@code Steppable}s and grids), and their JMH benchmarks: the comparators Colony's CPU backend is measured
 * against in the same run.
 */
package org.colony.benchmarks.mason;
