package org.colony.tests.lang;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;

import org.colony.runtime.Places;
import org.colony.runtime.Simulation;
import org.colony.runtime.grid.Grid;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Model methods with early returns, loops with break and continue, called from expressions and as statements. */
class HelperMethodTest {

    @ParameterizedTest(name = "{0}x{1} threads={2}")
    @CsvSource({
        "4, 3, 1",
        "4, 3, 2",
        "190, 180, 1",
        "190, 180, 3",
    })
    void helperMethods_matchSequentialReference(int nx, int ny, int threads) {
        int cells = nx * ny;
        int[] a = Lang.ints(cells, -60, 60, cells);
        double[] b = Lang.doubles(cells, 5, cells + 1);
        int[] limits = {40, 7, 1000, 3};
        try (Simulation sim = Lang.sim(threads)) {
            Places<HelperCell> p = sim.places(HelperCell.class, Grid.of(nx, ny));
            p.set("a", a);
            p.set("b", b);
            for (int limit : limits) {
                p.callAll(HelperCell::compute, limit);
                for (int i = 0; i < cells; i++) {
                    int x = i % nx;
                    a[i] = clamp(a[i] * 3 + collatzSteps(a[i]), limit) + clamp(x, 5);
                    b[i] = b[i] + halfOrNegated(a[i]) * 2;
                    if (a[i] >= 0) {
                        a[i]++;
                    }
                }
                assertArrayEquals(a, p.getInt("a"), "a after limit " + limit);
                assertArrayEquals(b, p.getDouble("b"), 0.0, "b after limit " + limit);
            }
        }
    }

    @ParameterizedTest(name = "cells={0} threads={1}")
    @CsvSource({
        "12, 1",
        "40000, 3",
    })
    void operandsAndCallsWithSideEffects_evaluateLeftToRight(int cells, int threads) {
        int[] a = Lang.ints(cells, -60, 60, cells);
        double[] b = Lang.doubles(cells, 5, cells + 1);
        try (Simulation sim = Lang.sim(threads)) {
            Places<HelperCell> p = sim.places(HelperCell.class, Grid.of(cells));
            p.set("a", a);
            p.set("b", b);
            p.callAll(HelperCell::sideEffects);
            for (int i = 0; i < cells; i++) {
                Cell c = new Cell(a[i], b[i]);
                c.sideEffects();
                a[i] = c.a;
                b[i] = c.b;
            }
            assertArrayEquals(a, p.getInt("a"));
            assertArrayEquals(b, p.getDouble("b"), 0.0);
        }
    }

    /** The step as plain Java on one object. */
    private static final class Cell {
        int a;
        double b;

        Cell(int a, double b) {
            this.a = a;
            this.b = b;
        }

        void sideEffects() {
            a = a + bumpAndGet() * 10;
            a += bumpAndGet();
            b = twice(b) + (a % 2 == 0 ? incrementB() : 0.5);
            if (a < 0 || incrementB() > 2) {
                b = -b;
            }
        }

        int bumpAndGet() {
            a = a + 7;
            return a;
        }

        double incrementB() {
            b = b + 1;
            return b;
        }

        static double twice(double v) {
            return 2 * v;
        }
    }

    private static int clamp(int v, int limit) {
        return v > limit ? limit : v < -limit ? -limit : v;
    }

    private static int collatzSteps(int n) {
        long m = Math.abs(n) + 1;
        for (int steps = 0; steps <= 20; steps++) {
            if (m == 1) {
                return steps;
            }
            if (steps == 20) {
                return -20;
            }
            m = m % 2 == 0 ? m / 2 : 3 * m + 1;
        }
        throw new AssertionError();
    }

    private static double halfOrNegated(int v) {
        return v % 2 == 0 ? v / 2.0 : -v;
    }
}
