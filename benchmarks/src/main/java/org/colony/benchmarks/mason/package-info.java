/**
 * Heat2D, GameOfLife and SugarScape written as idiomatic MASON models (its {@code SimState}, {@code Schedule},
 * {@code Steppable}s and grids), the comparators Colony's CPU backend is measured against.
 */
package org.colony.benchmarks.mason;
