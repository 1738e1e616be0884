package org.colony.tests.lang;

import static org.colony.tests.lang.Lang.assertSameColumns;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.List;
import java.util.function.Consumer;
import org.colony.ColonyException;
import org.colony.Place;
import org.colony.examples.heat.Heat2D;
import org.colony.examples.heat.HeatCell;
import org.colony.runtime.Config;
import org.colony.runtime.Places;
import org.colony.runtime.Simulation;
import org.colony.runtime.grid.Grid;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The CPU backend's held steps (several place steps run together as a wavefront over bands of rows): every
 * model gives the same values, bit for bit, held or run one call at a time, whatever the grid's shape and
 * the thread count, and the held steps run before anything reads the places.
 */
class HeldStepsTest {

    @AfterEach
    void clearProperties() {
        clearHoldProperties();
    }

    /** A simulation on the CPU that holds steps on any grid ({@code held}) or holds none. */
    private static Simulation sim(boolean held, int threads) {
        if (held) {
            System.setProperty("colony.cpu.hold.minCells", "0");
            System.setProperty("colony.cpu.hold.minCellBytes", "0");
            System.clearProperty("colony.cpu.hold");
        } else {
            System.setProperty("colony.cpu.hold", "false");
        }
        try {
            return Simulation.create(Config.defaults().withBackend("cpu").withThreads(threads).withSeed(7));
        } finally {
            clearHoldProperties();
        }
    }

    private static void clearHoldProperties() {
        System.clearProperty("colony.cpu.hold");
        System.clearProperty("colony.cpu.hold.minCells");
        System.clearProperty("colony.cpu.hold.minCellBytes");
    }
    /** Runs {@code ticks} of {@code tick} on a fresh grid, held and not, and compares every column. */
    private static <P extends Place> void compare(Class<P> cell, Grid grid, int threads,
            Consumer<Places<P>> init, Consumer<Places<P>> tick, int ticks) {
        List<Object> expected;
        try (Simulation sim = sim(false, threads)) {
            Places<P> places = sim.places(cell, grid);
            init.accept(places);
            for (int t = 0; t < ticks; t++) {
                tick.accept(places);
                sim.step();
            }
            expected = Lang.columns(places);
        }
        try (Simulation sim = sim(true, threads)) {
            Places<P> places = sim.places(cell, grid);
            init.accept(places);
            for (int t = 0; t < ticks; t++) {
                tick.accept(places);
                sim.step();
            }
            assertSameColumns(expected, Lang.columns(places), cell.getSimpleName() + " on " + grid + ", " + threads
                    + " threads");
        }
    }

    @ParameterizedTest(name = "n={0} threads={1}")
    @CsvSource({"3, 1", "7, 2", "64, 1", "64, 2", "301, 2", "301, 3", "520, 2", "1000, 2"})
    void heat2d_heldMatchesOneCallAtATime(int n, int threads) {
        int steps = 150;
        double[][] temps = new double[2][];
        for (int held = 0; held < 2; held++) {
            try (Simulation sim = sim(held == 1, threads)) {
                Heat2D model = new Heat2D(sim, n, 100);
                for (int t = 0; t < steps; t++) {
                    model.tick();
                }
                temps[held] = model.plate().getDouble("temp");
            }
        }
        assertSameColumns(List.of(temps[0]), List.of(temps[1]), "Heat2D " + n + "x" + n);
        assertTrue(n < 3 || Arrays.stream(temps[1]).max().orElse(0) > 0);
    }

    @ParameterizedTest(name = "{0}x{1} threads={2}")
    @CsvSource({"40, 40, 1", "40, 300, 2", "300, 41, 2", "129, 257, 3", "17, 500, 2", "600, 600, 2"})
    void rim_boundaryStepsReadingTheBoundary(int w, int h, int threads) {
        compare(RimCell.class, Grid.of(w, h), threads,
                p -> p.set("v", Lang.doubles(w * h, 10, 3)),
                p -> {
                    p.callAll(RimCell::turn);
                    p.callAll(RimCell::blend);
                }, 40);
    }

    @ParameterizedTest(name = "{0}x{1} threads={2}")
    @CsvSource({"31, 45, 1", "64, 300, 2", "257, 129, 3"})
    void history_arrayAttributesInPlaceAndBuffered(int w, int h, int threads) {
        compare(HistoryCell.class, Grid.of(w, h), threads,
                p -> p.set("d", 0, Lang.doubles(w * h, 1, 5)),
                p -> {
                    p.callAll(HistoryCell::push, 3);
                    p.callAll(HistoryCell::mix);
                    p.callAll(HistoryCell::sum);
                }, 25);
    }

    @ParameterizedTest(name = "{0}x{1} threads={2}")
    @CsvSource({"31, 45, 1", "301, 97, 2"})
    void divide_byNeighboursValues(int w, int h, int threads) {
        compare(DivideCell.class, Grid.of(w, h), threads, p -> p.callAll(DivideCell::init), p -> {
            p.callAll(DivideCell::divide);
            p.callAll(DivideCell::pick);
            p.callAll(DivideCell::divide);
        }, 12);
    }

    @ParameterizedTest(name = "{0}x{1} threads={2}")
    @CsvSource({"50, 60, 1", "90, 400, 2", "400, 90, 3"})
    void reach_twoRowsEitherSide(int w, int h, int threads) {
        compare(ReachCell.class, Grid.of(w, h), threads,
                p -> p.set("v", Lang.ints(w * h, -100, 100, 9)),
                p -> {
                    p.callAll(ReachCell::gather, 2);
                    p.callAll(ReachCell::wobble);
                    p.callAll(ReachCell::gather, -1);
                }, 12);
    }

    @ParameterizedTest(name = "{0}x{1} threads={2}")
    @CsvSource({"40, 40, 1", "200, 300, 2"})
    void random_drawsFollowTheirCalls(int w, int h, int threads) {
        compare(RandomCell.class, Grid.of(w, h), threads, p -> { },
                p -> p.callAll(RandomCell::draw, 10), 9);
    }

    @Test
    void heldSteps_runBeforeEveryRead() {
        int n = 200;
        try (Simulation held = sim(true, 2); Simulation plain = sim(false, 2)) {
            Places<HeatCell> a = held.places(HeatCell.class, Grid.of(n, n));
            Places<HeatCell> b = plain.places(HeatCell.class, Grid.of(n, n));
            for (int t = 0; t < 7; t++) {
                a.callAll(HeatCell::tick, 0.2, 5.0, true);
                a.callAll(HeatCell::tick, 0.2, 5.0, true);
                b.callAll(HeatCell::tick, 0.2, 5.0, true);
                b.callAll(HeatCell::tick, 0.2, 5.0, true);
                // each kind of read sees every call so far
                assertEquals(b.sum("temp"), a.sum("temp"));
                assertEquals(b.get(n / 2, 1, 0), a.get(n / 2, 1, 0));
            }
            double[] v = Lang.doubles(n * n, 1, 11);
            a.callAll(HeatCell::tick, 0.2, 5.0, false);
            b.callAll(HeatCell::tick, 0.2, 5.0, false);
            a.set("temp", v); // a write replaces what the held call computed, after it ran
            b.set("temp", v);
            a.callAll(HeatCell::tick, 0.2, 5.0, false);
            b.callAll(HeatCell::tick, 0.2, 5.0, false);
            assertArrayEquals(b.getDouble("temp"), a.getDouble("temp"), 0.0);
        }
    }

    @Test
    void aFailingHeldStep_isReportedWithItsName() {
        try (Simulation sim = sim(true, 2)) {
            Places<ReachCell> p = sim.places(ReachCell.class, Grid.of(100, 100));
            p.callAll(ReachCell::gather, 1);
            p.callAll(ReachCell::gather, 3); // beyond the declared reach of 2: fails when the held calls run
            ColonyException e = assertThrows(ColonyException.class, () -> p.getInt("out"));
            assertTrue(e.getMessage().contains("ReachCell.gather"), e.getMessage());
            assertTrue(e.getMessage().contains("reach"), e.getMessage());
        }
    }
}
