package org.colony.tests.record;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.colony.ColonyException;
import org.colony.runtime.Agents;
import org.colony.runtime.Config;
import org.colony.runtime.ModelCollection;
import org.colony.runtime.Placement;
import org.colony.runtime.Places;
import org.colony.runtime.Simulation;
import org.colony.runtime.grid.Grid;
import org.colony.runtime.reduce.Bins;
import org.colony.runtime.reduce.Extremes;
import org.colony.runtime.reduce.Reduction;
import org.colony.tests.cuda.BinBug;
import org.colony.tests.cuda.BinCell;
import org.colony.tests.cuda.HistogramColumns;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;

/**
 * {@link Bins}, the arithmetic every backend counts histograms with, puts each value where the edges say, and the
 * CPU backend keeps the paths every backend had before: histograms counted on the host from the column (its
 * {@code Store.histogram} gives null), extremes taken from its accumulators.
 */
class HistogramBinsTest {

    /** The bin of {@code v} found by walking the edges. */
    private static int byTheEdges(Bins bins, double v) {
        if (Double.isNaN(v)) {
            return bins.bins() + 2;
        }
        if (v < bins.lo()) {
            return bins.bins();
        }
        if (v >= bins.hi()) {
            return bins.bins() + 1;
        }
        for (int i = 0; i < bins.bins(); i++) {
            if (bins.edge(i) <= v && v < bins.edge(i + 1)) {
                return i;
            }
        }
        throw new AssertionError("no bin for " + v);
    }

    @Test
    void everyValue_landsInTheBinItsEdgesSay() {
        double[] values = HistogramColumns.doubles(20_000, 3);
        for (Bins bins : HistogramColumns.BINS) {
            for (double v : values) {
                assertEquals(byTheEdges(bins, v), bins.bin(v), bins + " v=" + v);
                assertEquals(byTheEdges(bins, (float) v), bins.bin((float) v), bins + " (float) v=" + (float) v);
            }
        }
    }

    @Test
    void specialValues_goToTheirOwnCounts() {
        Bins bins = new Bins(0, 10, 10);
        assertArrayEquals(new long[] {2, 0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 2, 1},
                bins.count(new double[] {-0.0, 0.0, 9.999999999999998, Double.NEGATIVE_INFINITY, 10,
                    Double.POSITIVE_INFINITY, Double.NaN}));
        assertArrayEquals(new long[] {1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0},
                bins.count(new boolean[] {false, true}));
        assertArrayEquals(new long[bins.counts()], bins.count(new float[0]));
    }

    @Test
    void badBins_areRefused() {
        assertRefused("lo=1.0 hi=1.0 is not a range; give finite lo < hi", () -> new Bins(1, 1, 3));
        assertRefused("lo=NaN hi=1.0 is not a range; give finite lo < hi", () -> new Bins(Double.NaN, 1, 3));
        assertRefused("lo=-1.0E308 hi=1.0E308 is too wide a range", () -> new Bins(-1e308, 1e308, 3));
        assertRefused("bins=0 is out of range; use 1 to 100000", () -> new Bins(0, 1, 0));
    }

    private static void assertRefused(String message, Executable body) {
        assertEquals(message, assertThrows(ColonyException.class, body).getMessage());
    }

    @Test
    void theCpuBackend_countsOnTheHost_andTakesExtremesFromTheReduction() {
        try (Simulation sim = Simulation.create(Config.defaults().withBackend("cpu").withThreads(2))) {
            Places<BinCell> places = sim.places(BinCell.class, Grid.of(9, 7));
            Agents<BinBug> bugs = sim.agents(BinBug.class, places, Placement.random(40));
            HistogramColumns.fill(places, 63, 5);
            HistogramColumns.fill(bugs, 40, 6);
            for (ModelCollection<?> collection : new ModelCollection<?>[] {places, bugs}) {
                for (Object[] attribute : HistogramColumns.ATTRIBUTES) {
                    String name = (String) attribute[0];
                    int k = (Integer) attribute[1];
                    Bins bins = HistogramColumns.BINS.get(0);
                    assertArrayEquals(bins.count(collection.getColumn(name, k)), collection.histogram(name, k, bins),
                            collection + " " + name);
                    Reduction reduction = name.equals("h") ? collection.reduce(name, k) : collection.reduce(name);
                    assertEquals(Extremes.of(reduction), collection.extremes(name, k), collection + " " + name);
                }
            }
        }
    }
}
