package org.colony.tests.partition;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import org.colony.ColonyException;
import org.colony.Place;
import org.colony.examples.heat.Heat2D;
import org.colony.examples.life.GameOfLife;
import org.colony.examples.life.LifeCell;
import org.colony.runtime.Config;
import org.colony.runtime.Places;
import org.colony.runtime.Simulation;
import org.colony.runtime.grid.Grid;
import org.colony.tests.lang.Cube;
import org.colony.tests.lang.ReachCell;
import org.colony.tests.lang.ShiftCell;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Heat2D and GameOfLife cut into K partitions in one process give the final state of the uncut grid, bit for
 * bit, on odd sizes (partitions of unequal extents) and with the shape chosen by Colony or forced.
 */
class PartitionedPlacesTest {

    static Simulation sim(long seed, int threads, String partitions) {
        Config c = Config.defaults().withBackend("cpu").withThreads(threads).withSeed(seed);
        if (partitions != null) {
            c = Config.fromArgs("--backend=cpu", "--threads=" + threads, "--seed=" + seed, "--partitions=" + partitions);
        }
        return Simulation.create(c);
    }

    static double[] heat(int n, int steps, int threads, String partitions) {
        try (Simulation sim = sim(42, threads, partitions)) {
            Heat2D m = new Heat2D(sim, n, steps * 9 / 10);
            for (int t = 0; t < steps; t++) {
                m.tick();
            }
            return m.plate().getDouble("temp");
        }
    }

    static boolean[] life(int n, int steps, int threads, String partitions) {
        try (Simulation sim = sim(7, threads, partitions)) {
            GameOfLife m = new GameOfLife(sim, n);
            for (int t = 0; t < steps; t++) {
                m.tick();
            }
            return m.board().getBoolean("alive");
        }
    }

    @ParameterizedTest(name = "heat2d n={0} partitions={1}")
    @CsvSource({"37, 1", "37, 2", "37, 3", "37, 4", "37, 6", "37, 8", "101, 6", "37, 3x2", "37, 1x5", "37, 7x1",
        "64, 4", "64, 8", "64, 2x4"})
    void heat2d_partitioned_isBitIdenticalToOneBlock(int n, String partitions) {
        double[] one = heat(n, 60, 2, null);
        assertArrayEquals(one, heat(n, 60, 2, partitions), 0.0);
    }

    @ParameterizedTest(name = "gameoflife n={0} partitions={1}")
    @CsvSource({"33, 1", "33, 2", "33, 3", "33, 4", "33, 6", "33, 8", "125, 6", "33, 2x3", "33, 11x1", "40, 1x4",
        "40, 8x1"})
    void gameOfLife_partitioned_isBitIdenticalToOneBlock(int n, String partitions) {
        boolean[] one = life(n, 40, 2, null);
        assertArrayEquals(one, life(n, 40, 2, partitions));
    }

    @ParameterizedTest(name = "gameoflife 1 thread vs 2, partitions={0}")
    @CsvSource({"4", "3x3"})
    void gameOfLife_partitioned_doesNotDependOnThreads(String partitions) {
        assertArrayEquals(life(30, 30, 1, partitions), life(30, 30, 2, partitions));
        assertEquals(life(30, 30, 2, null).length, 900);
    }

    static boolean[] wrappedLife(int nx, int ny, int steps, String partitions) {
        try (Simulation sim = sim(11, 2, partitions)) {
            Places<LifeCell> board = sim.places(LifeCell.class, Grid.of(nx, ny).wrap());
            board.callAll(LifeCell::seed, 0.4);
            for (int t = 0; t < steps; t++) {
                board.callAll(LifeCell::update);
                sim.step();
            }
            if (partitions != null) {
                assertEquals(Config.Partitions.parse(partitions).count(), board.partitions());
            }
            return board.getBoolean("alive");
        }
    }

    @ParameterizedTest(name = "wrapping gameoflife {0}x{1} partitions={2}")
    @CsvSource({"23, 17, 1", "23, 17, 2", "23, 17, 3", "23, 17, 4", "23, 17, 6", "23, 17, 2x2", "23, 17, 1x3",
        "9, 31, 3x1", "8, 8, 8x1"})
    void wrappingGrid_partitioned_isBitIdenticalToOneBlock(int nx, int ny, String partitions) {
        assertArrayEquals(wrappedLife(nx, ny, 25, null), wrappedLife(nx, ny, 25, partitions));
    }

    static int[] reach(boolean wrap, String partitions) {
        return reach(Grid.of(19, 13), wrap, partitions);
    }

    static int[] reach(Grid grid, boolean wrap, String partitions) {
        try (Simulation sim = sim(3, 2, partitions)) {
            Grid g = wrap ? grid.wrap() : grid;
            int cells = (int) g.cells();
            Places<ReachCell> p = sim.places(ReachCell.class, g);
            int[] v = new int[cells];
            for (int i = 0; i < v.length; i++) {
                v[i] = i * 7 + 1;
            }
            p.set("v", v);
            int[] sum = new int[v.length];
            for (int d = -1; d <= 2; d++) { // gather reads (d - 1, d): reach 2 allows d from -1
                p.callAll("gather", d);
                int[] out = p.getInt("out");
                for (int i = 0; i < sum.length; i++) {
                    sum[i] = sum[i] * 31 + out[i];
                }
            }
            p.callAll("wobble");
            int[] out = p.getInt("out");
            for (int i = 0; i < sum.length; i++) {
                sum[i] = sum[i] * 31 + out[i];
            }
            return sum;
        }
    }

    /**
     * A grid only a row high (or two), cut along x: the halo along y is never exchanged (no neighbour there on a grid
     * that does not wrap), so a reach wider than the partitions along y is no reason to refuse them.
     */
    @ParameterizedTest(name = "reach 2 on 40x{0}, partitions={1}")
    @CsvSource({"1, 2", "2, 4x1", "1, 3"})
    void reachWiderThanAnUncutDimension_partitioned_isBitIdenticalToOneBlock(int rows, String partitions) {
        assertArrayEquals(reach(Grid.of(40, rows), false, null), reach(Grid.of(40, rows), false, partitions));
    }

    @ParameterizedTest(name = "reach 2, wrap={0}, partitions={1}")
    @CsvSource({"false, 4", "true, 4", "true, 2x3", "false, 6", "true, 9x1"})
    void reachTwo_partitioned_isBitIdenticalToOneBlock(boolean wrap, String partitions) {
        assertArrayEquals(reach(wrap, null), reach(wrap, partitions));
    }

    static double[] cube(String partitions) {
        try (Simulation sim = sim(5, 2, partitions)) {
            Places<Cube> c = sim.places(Cube.class, Grid.of(9, 7, 11));
            double[] u = new double[9 * 7 * 11];
            for (int i = 0; i < u.length; i++) {
                u[i] = (i * 37 % 101) / 7.0;
            }
            c.set("u", u);
            for (int t = 0; t < 15; t++) {
                c.callAll("diffuse", 0.1);
            }
            return c.getDouble("u");
        }
    }

    @ParameterizedTest(name = "3-D, partitions={0}")
    @CsvSource({"2", "4", "6", "8", "2x2x2", "1x1x5"})
    void threeDimensions_partitioned_isBitIdenticalToOneBlock(String partitions) {
        assertArrayEquals(cube(null), cube(partitions), 0.0);
    }

    @Test
    void anAttributeNobodyReadsRemotely_isNeverExchanged() {
        try (Simulation sim = sim(1, 2, "3x2")) {
            Places<ShiftCell> p = sim.places(ShiftCell.class, Grid.of(12, 10));
            assertArrayEquals(new int[] {3, 2}, p.partitionShape());
            int[] v = new int[120];
            Arrays.setAll(v, i -> i);
            p.set("value", v);
            for (int t = 0; t < 5; t++) {
                p.callAll("shift");
                p.callAll("accumulate");
                p.callAll("writeThenRead");
            }
            assertEquals(0L, p.haloTraffic().get("seen"));
            // value: 10 halo exchanges (before each shift and each writeThenRead: both read it remotely, and the
            // step before changed it); each sends every link's region, 4 bytes a cell.
            assertTrue(p.haloTraffic().get("value") > 0);
        }
    }

    @Test
    void aCleanAttribute_isNotExchangedAgain() {
        try (Simulation sim = sim(1, 2, "4")) {
            Places<ShiftCell> p = sim.places(ShiftCell.class, Grid.of(16, 16));
            p.callAll("shift");
            long once = p.haloTraffic().get("value");
            p.callAll("accumulate"); // writes seen only: value stays clean
            assertEquals(once, p.haloTraffic().get("value"));
        }
    }

    private static String refused(String partitions, Grid grid, Class<? extends Place> model) {
        try (Simulation sim = sim(1, 1, partitions)) {
            return assertThrows(ColonyException.class, () -> sim.places(model, grid)).getMessage();
        }
    }

    @Test
    void morePartitionsThanCellsAlongADimension_isRefusedInOneLine() {
        assertEquals("partitions=3 along dimension 0 is more than the 2 places of the grid 2x10 along it; use at most 2",
                refused("3x1", Grid.of(2, 10), LifeCell.class));
        assertEquals("partitions=25 cannot cut the grid 4x4 (16 places): every way of cutting it gives a partition "
                + "no cells; use at most 16 partitions", refused("25", Grid.of(4, 4), LifeCell.class));
    }

    @Test
    void aHaloWiderThanAPartition_isRefusedInOneLine() {
        assertEquals("ReachCell reads places up to 2 cells away, but partition 0 of 10x1 partitions of 10x10 is 1 cell "
                + "wide along dimension 0; use fewer partitions along that dimension",
                refused("10x1", Grid.of(10, 10), ReachCell.class));
    }

    @Test
    void devicesOnTheCpu_isRefusedInOneLine() {
        try (Simulation sim = Simulation.create(Config.fromArgs("--backend=cpu", "--devices=2"))) {
            assertEquals("--devices=2 spreads a grid over GPUs and needs the cuda backend; on the cpu backend cut a "
                    + "grid with --partitions=2", assertThrows(ColonyException.class,
                            () -> sim.places(LifeCell.class, Grid.of(8, 8))).getMessage());
        }
    }

    @Test
    void aDeviceOnTheCpu_isRefusedInOneLine() {
        assertEquals("--device=3 picks a GPU, but this simulation runs on the cpu backend; leave --device out, or run "
                + "with --backend cuda", assertThrows(ColonyException.class,
                        () -> Simulation.create(Config.fromArgs("--backend=cpu", "--device=3"))).getMessage());
    }

    @ParameterizedTest(name = "interior and border run apart, partitions={0}")
    @CsvSource({"2", "1x3", "3x2", "4"})
    void stepsSplitIntoInteriorAndBorder_giveTheSameState(String partitions) {
        String before = System.getProperty("colony.partitions.split");
        double[] heat;
        boolean[] life;
        int[] reach;
        double[] cube;
        System.setProperty("colony.partitions.split", "always");
        try {
            heat = heat(37, 60, 2, partitions);
            life = wrappedLife(23, 17, 25, partitions);
            reach = reach(true, partitions);
            cube = cube(partitions);
        } finally {
            if (before == null) {
                System.clearProperty("colony.partitions.split");
            } else {
                System.setProperty("colony.partitions.split", before);
            }
        }
        assertArrayEquals(heat(37, 60, 2, null), heat, 0.0);
        assertArrayEquals(wrappedLife(23, 17, 25, null), life);
        assertArrayEquals(reach(true, null), reach);
        assertArrayEquals(cube(null), cube, 0.0);
    }
}
