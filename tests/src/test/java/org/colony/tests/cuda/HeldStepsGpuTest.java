package org.colony.tests.cuda;

import static org.colony.tests.lang.Lang.assertSameColumns;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.util.List;
import java.util.function.Consumer;
import org.colony.ColonyException;
import org.colony.Place;
import org.colony.cuda.internal.store.HeldKernelSource;
import org.colony.examples.heat.Heat2D;
import org.colony.examples.heat.HeatCell;
import org.colony.examples.life.GameOfLife;
import org.colony.runtime.Config;
import org.colony.runtime.Places;
import org.colony.runtime.Simulation;
import org.colony.runtime.grid.Grid;
import org.colony.tests.lang.BitsCell;
import org.colony.tests.lang.DivideCell;
import org.colony.tests.lang.HistoryCell;
import org.colony.tests.lang.JitterCell;
import org.colony.tests.lang.Lang;
import org.colony.tests.lang.RandomCell;
import org.colony.tests.lang.ReachCell;
import org.colony.tests.lang.RimCell;
import org.colony.tests.lang.SharedCell;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Held steps on the GPU (several place steps per pass over tiles in shared memory): every model gives the same bits
 * held, run one step at a time on the GPU, and on the CPU, on the shapes the CPU's {@code HeldStepsTest} covers (odd
 * sizes, boundary steps reading what they write, array attributes, random draws, reach 2, tori), with any number of steps
 * per pass and tiles of any side; held steps run before every read, and a failing held step is reported by name.
 */
@Tag("gpu")
class HeldStepsGpuTest {

    @AfterEach
    void clearProperties() {
        clear();
    }

    private static void clear() {
        System.clearProperty("colony.cuda.hold");
        System.clearProperty("colony.cuda.hold.tile");
        System.clearProperty("colony.cuda.hold.minCells");
        System.clearProperty("colony.cuda.hold.compile");
        System.clearProperty("colony.cuda.hold.shared");
    }

    /** A GPU simulation holding {@code depth} steps per pass on tiles of side {@code tile} (0: the largest). */
    private static Simulation held(int depth, int tile) {
        Gpu.require();
        System.setProperty("colony.cuda.hold", Integer.toString(depth));
        System.setProperty("colony.cuda.hold.tile", Integer.toString(tile));
        System.setProperty("colony.cuda.hold.minCells", "0");
        System.setProperty("colony.cuda.hold.compile", "wait");
        try {
            return Simulation.create(Config.defaults().withBackend("cuda").withSeed(7));
        } finally {
            clear();
        }
    }

    /** A GPU simulation holding steps on {@code partitions} partitions of one GPU, or one on each of 2 GPUs. */
    private static Simulation heldPartitions(int partitions, boolean twoGpus) {
        Gpu.require();
        System.setProperty("colony.cuda.hold.minCells", "0");
        System.setProperty("colony.cuda.hold.compile", "wait");
        try {
            Config c = Config.defaults().withBackend("cuda").withSeed(7);
            return Simulation.create(twoGpus ? c.withDevices(2) : c.withPartitions(partitions));
        } finally {
            clear();
        }
    }

    private static Simulation plain(String backend) {
        Gpu.require();
        System.setProperty("colony.cuda.hold", "1");
        try {
            return Simulation.create(Config.defaults().withBackend(backend).withThreads(2).withSeed(7));
        } finally {
            clear();
        }
    }

    private static <P extends Place> List<Object> run(Simulation sim, Class<P> cell, Grid grid,
            Consumer<Places<P>> init, Consumer<Places<P>> tick, int ticks) {
        Places<P> places = sim.places(cell, grid);
        init.accept(places);
        for (int t = 0; t < ticks; t++) {
            tick.accept(places);
            sim.step();
        }
        return Lang.columns(places);
    }

    /** Runs the ticks on the CPU, the GPU one step at a time, and the GPU held, and compares every column. */
    private static <P extends Place> void compare(Class<P> cell, Grid grid, int depth, int tile,
            Consumer<Places<P>> init, Consumer<Places<P>> tick, int ticks, boolean expectHeld) {
        List<Object> cpu;
        try (Simulation sim = plain("cpu")) {
            cpu = run(sim, cell, grid, init, tick, ticks);
        }
        try (Simulation sim = plain("cuda")) {
            assertSameColumns(cpu, run(sim, cell, grid, init, tick, ticks), cell.getSimpleName()
                    + " on the GPU, not held");
        }
        long before = HeldKernelSource.passes();
        try (Simulation sim = held(depth, tile)) {
            assertSameColumns(cpu, run(sim, cell, grid, init, tick, ticks), cell.getSimpleName() + " on " + grid + ", "
                    + depth + " steps a pass, tile " + tile);
        }
        assertEquals(expectHeld, HeldKernelSource.passes() > before, "passes of held steps ran");
    }

    @ParameterizedTest(name = "n={0} depth={1} tile={2}")
    @CsvSource({"3, 4, 0", "7, 2, 8", "64, 4, 0", "301, 3, 16", "301, 8, 0", "520, 0, 0", "1000, 5, 24", "1000, 0, 0"})
    void heat2d_heldMatchesOneStepAtATime(int n, int depth, int tile) {
        double[][] temps = new double[3][];
        long before = HeldKernelSource.passes();
        for (int mode = 0; mode < 3; mode++) {
            try (Simulation sim = mode == 0 ? plain("cpu") : mode == 1 ? plain("cuda") : held(depth, tile)) {
                Heat2D model = new Heat2D(sim, n, 100); // the heater is on for the first 100 of the 150 ticks
                for (int t = 0; t < 150; t++) {
                    model.tick();
                }
                temps[mode] = model.plate().getDouble("temp");
            }
        }
        assertEquals(n >= 3, HeldKernelSource.passes() > before, "passes of held steps ran");
        assertSameColumns(List.of(temps[0]), List.of(temps[1]), "Heat2D " + n + " on the GPU, not held");
        assertSameColumns(List.of(temps[0]), List.of(temps[2]), "Heat2D " + n + " held, " + depth + " a pass, tile "
                + tile);
    }

    @ParameterizedTest(name = "{0}x{1} depth={2}")
    @CsvSource({"257, 301, 4", "1000, 999, 8", "33, 2000, 3"})
    void gameOfLife_heldMatchesOneStepAtATime(int w, int h, int depth) {
        boolean[][] alive = new boolean[3][];
        long before = HeldKernelSource.passes();
        for (int mode = 0; mode < 3; mode++) {
            try (Simulation sim = mode == 0 ? plain("cpu") : mode == 1 ? plain("cuda") : held(depth, 0)) {
                GameOfLifeOn life = new GameOfLifeOn(sim, w, h);
                for (int t = 0; t < 60; t++) {
                    life.tick();
                }
                alive[mode] = life.board.getBoolean("alive");
            }
        }
        assertTrue(HeldKernelSource.passes() > before);
        assertArrayEquals(alive[0], alive[1], "GPU one step at a time");
        assertArrayEquals(alive[0], alive[2], "GPU held");
    }

    /** GameOfLife on a w x h board, seeded as the example seeds it. */
    private static final class GameOfLifeOn {
        final Simulation sim;
        final Places<org.colony.examples.life.LifeCell> board;

        GameOfLifeOn(Simulation sim, int w, int h) {
            this.sim = sim;
            this.board = sim.places(org.colony.examples.life.LifeCell.class, Grid.of(w, h));
            board.callAll(org.colony.examples.life.LifeCell::seed, GameOfLife.DENSITY);
        }

        void tick() {
            board.callAll(org.colony.examples.life.LifeCell::update);
            sim.step();
        }
    }

    /** Steps on booleans alone run bit-sliced (32 cells a word) in passes: the same bits as the CPU. */
    @ParameterizedTest(name = "{0}x{1} depth={2} tile={3}")
    @CsvSource({"40, 40, 4, 0", "300, 41, 3, 0", "129, 257, 16, 0", "1000, 999, 0, 0", "97, 300, 5, 64"})
    void bitsCell_bitSlicedMatchesTheCpu(int w, int h, int depth, int tile) {
        compare(BitsCell.class, Grid.of(w, h), depth, tile, p -> {
            p.set("alive", Lang.booleans(w * h, 3));
            p.set("mark", Lang.booleans(w * h, 4));
        }, p -> {
            p.callAll(BitsCell::life, false);
            p.callAll(BitsCell::spread);
            p.callAll(BitsCell::life, true);
        }, 20, true);
    }

    @ParameterizedTest(name = "{0}x{1} partitions={2}")
    @CsvSource({"300, 41, 2", "257, 600, 3"})
    void bitsCell_onPartitions(int w, int h, int partitions) {
        List<Object> cpu;
        Consumer<Places<BitsCell>> init = p -> {
            p.set("alive", Lang.booleans(w * h, 3));
            p.set("mark", Lang.booleans(w * h, 4));
        };
        Consumer<Places<BitsCell>> tick = p -> {
            p.callAll(BitsCell::life, false);
            p.callAll(BitsCell::life, true);
            p.callAll(BitsCell::spread);
        };
        try (Simulation sim = plain("cpu")) {
            cpu = run(sim, BitsCell.class, Grid.of(w, h), init, tick, 15);
        }
        long before = HeldKernelSource.passes();
        try (Simulation sim = heldPartitions(partitions, false)) {
            assertSameColumns(cpu, run(sim, BitsCell.class, Grid.of(w, h), init, tick, 15), "on partitions");
        }
        assertTrue(HeldKernelSource.passes() > before, "passes of held steps ran");
    }

    @ParameterizedTest(name = "{0}x{1} depth={2}")
    @CsvSource({"40, 40, 4", "300, 41, 3", "129, 257, 8"})
    void rim_boundaryStepsReadingTheBoundary(int w, int h, int depth) {
        compare(RimCell.class, Grid.of(w, h), depth, 0, p -> p.set("v", Lang.doubles(w * h, 10, 3)), p -> {
            p.callAll(RimCell::turn); // writes turns in place, which has no second column: not held
            p.callAll(RimCell::blend);
            p.callAll(RimCell::blend);
        }, 40, true);
    }

    /**
     * Array attributes (one written in place, one double-buffered, elements read from neighbours at indices known only
     * when the step runs): a tile holds each element's cells a tile's area apart; on a grid and on a torus, the same
     * bits.
     */
    @ParameterizedTest(name = "{0}x{1} depth={2} tile={3} torus={4}")
    @CsvSource({"31, 45, 4, 0, false", "257, 129, 0, 0, false", "200, 90, 6, 12, false", "31, 45, 4, 0, true",
            "257, 129, 3, 16, true"})
    void history_arrayAttributesHeld(int w, int h, int depth, int tile, boolean torus) {
        Grid grid = torus ? Grid.of(w, h).wrap() : Grid.of(w, h);
        compare(HistoryCell.class, grid, depth, tile, p -> p.set("d", 0, Lang.doubles(w * h, 1, 5)),
                HistoryGpu::tick, 25, true);
    }

    /** The array attributes on partitions of one GPU, or one on each of 2 GPUs: their halos carry every element. */
    @ParameterizedTest(name = "{0}x{1} partitions={2} two GPUs={3} torus={4}")
    @CsvSource({"257, 129, 2, false, false", "90, 400, 3, false, true", "257, 129, 2, true, false"})
    void history_onPartitions(int w, int h, int partitions, boolean twoGpus, boolean torus) {
        Grid grid = torus ? Grid.of(w, h).wrap() : Grid.of(w, h);
        onPartitions(HistoryCell.class, grid, partitions, twoGpus, p -> p.set("d", 0, Lang.doubles(w * h, 1, 5)),
                HistoryGpu::tick, 25);
    }

    /**
     * A partition's tile reaching past its stored halo (the last tile along a cut, wider than what is left): the steps
     * do not run on those cells, whose values the block does not have, so a division by a neighbour's value, never 0
     * on the grid, does not fail there, nor an array index taken from it (run on those cells' zeros, both failed).
     */
    @ParameterizedTest(name = "{0}x{1} partitions={2} torus={3}")
    @CsvSource({"301, 97, 2, false", "97, 301, 3, false", "301, 97, 2, true", "90, 400, 3, true"})
    void pastAPartitionsHalo_noStepRuns(int w, int h, int partitions, boolean torus) {
        Grid grid = torus ? Grid.of(w, h).wrap() : Grid.of(w, h);
        onPartitions(DivideCell.class, grid, partitions, false, p -> p.callAll(DivideCell::init), p -> {
            p.callAll(DivideCell::divide);
            p.callAll(DivideCell::pick);
            p.callAll(DivideCell::divide);
        }, 12);
    }

    /** HistoryCell's tick. */
    private static final class HistoryGpu {
        static void tick(Places<HistoryCell> p) {
            p.callAll(HistoryCell::push, 3);
            p.callAll(HistoryCell::mix);
            p.callAll(HistoryCell::sum);
            p.callAll(HistoryCell::mix);
        }
    }

    @ParameterizedTest(name = "{0}x{1} depth={2} tile={3}")
    @CsvSource({"50, 60, 3, 0", "90, 400, 6, 12", "400, 90, 0, 0"})
    void reach_twoRowsEitherSide(int w, int h, int depth, int tile) {
        compare(ReachCell.class, Grid.of(w, h), depth, tile, p -> p.set("v", Lang.ints(w * h, -100, 100, 9)), p -> {
            p.callAll(ReachCell::gather, 2);
            p.callAll(ReachCell::wobble);
            p.callAll(ReachCell::gather, -1);
        }, 12, true);
    }

    /** Tiles in more shared memory than a block may declare statically (dynamic shared memory): the same bits. */
    @ParameterizedTest(name = "n={0} shared={1}")
    @CsvSource({"301, 65536", "1000, 98304", "520, 73728"})
    void largerTiles_inDynamicSharedMemory(int n, int shared) {
        double[][] temps = new double[2][];
        long before = HeldKernelSource.passes();
        for (int mode = 0; mode < 2; mode++) {
            Simulation sim;
            if (mode == 0) {
                sim = plain("cpu");
            } else {
                System.setProperty("colony.cuda.hold.shared", Integer.toString(shared));
                try {
                    sim = held(0, 0);
                } finally {
                    System.clearProperty("colony.cuda.hold.shared");
                }
            }
            try (sim) {
                Heat2D model = new Heat2D(sim, n, 100);
                for (int t = 0; t < 120; t++) {
                    model.tick();
                }
                temps[mode] = model.plate().getDouble("temp");
            }
        }
        assertTrue(HeldKernelSource.passes() > before, "passes of held steps ran");
        int launched = HeldKernelSource.lastSharedBytes();
        assertTrue(launched > 48 * 1024 && launched <= shared, "a pass took " + launched + " bytes of " + shared);
        assertSameColumns(List.of(temps[0]), List.of(temps[1]), "Heat2D " + n + " held in " + shared + " bytes a block");
    }

    /**
     * On a torus a tile's halo loads the cells across the seams, and those run the steps as the cells they copy (their
     * random draws too); a bit-sliced tile's words hold cells of both sides of a seam where the width is not a multiple
     * of 32 (every size here), and wrap more than once round a torus narrower than the tile.
     */
    @ParameterizedTest(name = "{0}x{1} depth={2} tile={3}")
    @CsvSource({"40, 40, 3, 0", "301, 97, 4, 16", "90, 400, 0, 0", "23, 31, 6, 0", "5, 7, 4, 0"})
    void torus_tilesLoadAcrossTheSeams(int w, int h, int depth, int tile) {
        Grid torus = Grid.of(w, h).wrap();
        compare(ReachCell.class, torus, depth, tile, p -> p.set("v", Lang.ints(w * h, -100, 100, 9)), p -> {
            p.callAll(ReachCell::gather, 2);
            p.callAll(ReachCell::wobble);
            p.callAll(ReachCell::gather, -1);
        }, 12, true);
        compare(JitterCell.class, torus, depth, tile, p -> { }, p -> {
            p.callAll(JitterCell::jitter);
            p.callAll(JitterCell::blur);
            p.callAll(JitterCell::blur);
        }, 9, true);
        compare(BitsCell.class, torus, depth, 0, p -> {
            p.set("alive", Lang.booleans(w * h, 5));
            p.set("mark", Lang.booleans(w * h, 6));
        }, p -> {
            p.callAll(BitsCell::life, false);
            p.callAll(BitsCell::spread);
        }, 10, true);
        compare(org.colony.examples.life.LifeCell.class, torus, depth, 0,
                p -> p.callAll(org.colony.examples.life.LifeCell::seed, GameOfLife.DENSITY),
                p -> p.callAll(org.colony.examples.life.LifeCell::update), 21, true);
    }

    /**
     * A torus cut into partitions (of one GPU, or one on each of 2 GPUs): each partition's halo, exchanged as wide as
     * the steps reach together, holds the cells across the seams (a partition that spans a dimension is its own
     * neighbour along it), and the cells past a seam run as the cells they copy: the same bits as the CPU on one block.
     */
    @ParameterizedTest(name = "{0}x{1} partitions={2} two GPUs={3}")
    @CsvSource({"301, 97, 2, false", "90, 400, 3, false", "520, 131, 4, false", "301, 97, 2, true"})
    void torus_onPartitions_heldMatchesTheCpu(int w, int h, int partitions, boolean twoGpus) {
        Grid torus = Grid.of(w, h).wrap();
        onPartitions(ReachCell.class, torus, partitions, twoGpus, p -> p.set("v", Lang.ints(w * h, -100, 100, 9)),
                p -> {
                    p.callAll(ReachCell::gather, 2);
                    p.callAll(ReachCell::wobble);
                    p.callAll(ReachCell::gather, -1);
                }, 12);
        onPartitions(JitterCell.class, torus, partitions, twoGpus, p -> { }, p -> {
            p.callAll(JitterCell::jitter);
            p.callAll(JitterCell::blur);
            p.callAll(JitterCell::blur);
        }, 9);
        onPartitions(BitsCell.class, torus, partitions, twoGpus, p -> {
            p.set("alive", Lang.booleans(w * h, 5));
            p.set("mark", Lang.booleans(w * h, 6));
        }, p -> {
            p.callAll(BitsCell::life, false);
            p.callAll(BitsCell::spread);
        }, 10);
        onPartitions(org.colony.examples.life.LifeCell.class, torus, partitions, twoGpus,
                p -> p.callAll(org.colony.examples.life.LifeCell::seed, GameOfLife.DENSITY),
                p -> p.callAll(org.colony.examples.life.LifeCell::update), 21);
    }

    /** Runs a model on the CPU in one block and held on partitions of the GPU: the same bits, and passes ran. */
    private static <P extends Place> void onPartitions(Class<P> cell, Grid grid, int partitions, boolean twoGpus,
            Consumer<Places<P>> init, Consumer<Places<P>> tick, int ticks) {
        Gpu.require();
        if (twoGpus) {
            assumeTrue(org.colony.cuda.CudaDevices.count() >= 2, "fewer than 2 GPUs");
        }
        List<Object> cpu;
        try (Simulation sim = plain("cpu")) {
            cpu = run(sim, cell, grid, init, tick, ticks);
        }
        long before = HeldKernelSource.passes();
        try (Simulation sim = heldPartitions(partitions, twoGpus)) {
            assertSameColumns(cpu, run(sim, cell, grid, init, tick, ticks), cell.getSimpleName() + " on " + grid + ", "
                    + (twoGpus ? "2 GPUs" : partitions + " partitions"));
        }
        assertTrue(HeldKernelSource.passes() > before, "passes of held steps ran");
    }

    @ParameterizedTest(name = "{0}x{1} depth={2}")
    @CsvSource({"40, 40, 2", "200, 300, 4"})
    void random_drawsFollowTheirCalls(int w, int h, int depth) {
        compare(RandomCell.class, Grid.of(w, h), depth, 0, p -> { }, p -> p.callAll(RandomCell::draw, 10), 9, true);
    }

    /**
     * On partitions (of one GPU, or one on each of 2 GPUs) every block runs the passes, its halo widened to the steps'
     * reach together and exchanged once a pass: the same bits as the CPU.
     */
    @ParameterizedTest(name = "n={0} partitions={1} two GPUs={2}")
    @CsvSource({"301, 2, false", "520, 3, false", "1000, 4, false", "520, 2, true"})
    void heat2d_onPartitions_heldMatchesTheCpu(int n, int partitions, boolean twoGpus) {
        Gpu.require();
        if (twoGpus) {
            assumeTrue(org.colony.cuda.CudaDevices.count() >= 2, "fewer than 2 GPUs");
        }
        double[][] temps = new double[2][];
        long before = HeldKernelSource.passes();
        for (int mode = 0; mode < 2; mode++) {
            try (Simulation sim = mode == 0 ? plain("cpu") : heldPartitions(partitions, twoGpus)) {
                Heat2D model = new Heat2D(sim, n, 100);
                for (int t = 0; t < 150; t++) {
                    model.tick();
                    if (t == 70) {
                        assertTrue(model.plate().sum("temp") > 0); // a read between passes
                    }
                }
                temps[mode] = model.plate().getDouble("temp");
            }
        }
        assertTrue(HeldKernelSource.passes() > before, "passes of held steps ran");
        // a partition's tile takes the device's larger shared memory, as a whole grid's does
        assertTrue(HeldKernelSource.lastSharedBytes() > 48 * 1024, "a partition's pass took "
                + HeldKernelSource.lastSharedBytes() + " bytes");
        assertSameColumns(List.of(temps[0]), List.of(temps[1]), "Heat2D " + n + " on " + partitions
                + " partitions");
    }

    @ParameterizedTest(name = "{0}x{1} partitions={2}")
    @CsvSource({"90, 400, 2", "400, 90, 3"})
    void reachAndRim_onPartitions(int w, int h, int partitions) {
        List<Object> cpu;
        List<Object> gpu;
        Consumer<Places<ReachCell>> init = p -> p.set("v", Lang.ints(w * h, -100, 100, 9));
        Consumer<Places<ReachCell>> tick = p -> {
            p.callAll(ReachCell::gather, 2);
            p.callAll(ReachCell::wobble);
            p.callAll(ReachCell::gather, -1);
        };
        try (Simulation sim = plain("cpu")) {
            cpu = run(sim, ReachCell.class, Grid.of(w, h), init, tick, 12);
        }
        long before = HeldKernelSource.passes();
        try (Simulation sim = heldPartitions(partitions, false)) {
            gpu = run(sim, ReachCell.class, Grid.of(w, h), init, tick, 12);
        }
        assertTrue(HeldKernelSource.passes() > before, "passes of held steps ran");
        assertSameColumns(cpu, gpu, "ReachCell on " + partitions + " partitions");
        Consumer<Places<RimCell>> rimInit = p -> p.set("v", Lang.doubles(w * h, 10, 3));
        Consumer<Places<RimCell>> rimTick = p -> {
            p.callAll(RimCell::turn);
            p.callAll(RimCell::blend);
            p.callAll(RimCell::blend);
        };
        try (Simulation sim = plain("cpu")) {
            cpu = run(sim, RimCell.class, Grid.of(w, h), rimInit, rimTick, 30);
        }
        try (Simulation sim = heldPartitions(partitions, false)) {
            gpu = run(sim, RimCell.class, Grid.of(w, h), rimInit, rimTick, 30);
        }
        assertSameColumns(cpu, gpu, "RimCell on " + partitions + " partitions");
    }

    /**
     * Agents living on the places (SugarScape's ants, whose places' steps iterate none of them) read the places between
     * the steps: nothing is held, so no one-step passes stand in for the steps' own kernels.
     */
    @Test
    void agentsOnThePlaces_stopHolding() {
        long before = HeldKernelSource.passes();
        try (Simulation sim = held(0, 0)) {
            org.colony.examples.sugarscape.SugarScape m = new org.colony.examples.sugarscape.SugarScape(sim, 300);
            for (int t = 0; t < 20; t++) {
                m.tick();
            }
            sim.synchronize();
        }
        assertEquals(before, HeldKernelSource.passes(), "passes of held steps ran");
    }

    /**
     * Steps reading shared values are held: a pass's module has constant memory of its own, which gets every value
     * set, before the pass and after it, and the calls held run before a value changes.
     */
    @Test
    void stepsReadingSharedValues_areHeld_withTheValuesSet() {
        Consumer<Places<SharedCell>> init = p -> p.set("v", Lang.doubles(300 * 300, 5, 8));
        Consumer<Places<SharedCell>> tick = p -> {
            p.setShared("enabled", true);
            p.setShared("scale", 0.5);
            p.setShared("weights", new int[] {1, 2, 3});
            p.setShared("offset", 7L);
            p.callAll(SharedCell::apply);
            p.callAll(SharedCell::apply);
            p.setShared("scale", 2.0);
            p.callAll(SharedCell::apply);
        };
        List<Object> cpu;
        try (Simulation sim = plain("cpu")) {
            cpu = run(sim, SharedCell.class, Grid.of(300, 300), init, tick, 3);
        }
        long before = HeldKernelSource.passes();
        try (Simulation sim = held(4, 0)) {
            assertSameColumns(cpu, run(sim, SharedCell.class, Grid.of(300, 300), init, tick, 3), "SharedCell held");
        }
        assertTrue(HeldKernelSource.passes() > before, "passes of held steps ran");
    }

    @Test
    void heldSteps_runBeforeEveryRead() {
        int n = 200;
        try (Simulation held = held(4, 0); Simulation plain = plain("cuda")) {
            Places<HeatCell> a = held.places(HeatCell.class, Grid.of(n, n));
            Places<HeatCell> b = plain.places(HeatCell.class, Grid.of(n, n));
            for (int t = 0; t < 7; t++) {
                for (int k = 0; k < 3; k++) {
                    a.callAll(HeatCell::tick, 0.2, 5.0, true);
                    b.callAll(HeatCell::tick, 0.2, 5.0, true);
                }
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

    /**
     * Without {@code colony.cuda.hold.compile=wait}, a pass cut short by a read (steps never held together before)
     * runs its steps one at a time while its own kernel compiles beside the run, instead of the host waiting for
     * NVRTC in the middle of a step: the read after two held steps launches no pass, and gives what one step at a
     * time gives.
     */
    @Test
    void aPassCutShort_runsAtOnceWhileItsKernelCompiles() {
        Gpu.require();
        int n = 300;
        System.setProperty("colony.cuda.hold", "4");
        System.setProperty("colony.cuda.hold.minCells", "0");
        Simulation held;
        try {
            held = Simulation.create(Config.defaults().withBackend("cuda").withSeed(7));
        } finally {
            clear();
        }
        try (held; Simulation plain = plain("cuda")) {
            Places<HeatCell> a = held.places(HeatCell.class, Grid.of(n, n));
            Places<HeatCell> b = plain.places(HeatCell.class, Grid.of(n, n));
            // ticks run at once until the 4-step pass is compiled (its compilation starts at the third call)
            long before = HeldKernelSource.passes();
            long deadline = System.nanoTime() + 120_000_000_000L;
            while (HeldKernelSource.passes() == before) {
                assertTrue(System.nanoTime() < deadline, "no pass of 4 steps ran within 2 minutes");
                a.callAll(HeatCell::tick, 0.2, 5.0, true);
                b.callAll(HeatCell::tick, 0.2, 5.0, true);
            }
            long passes = HeldKernelSource.passes(); // a full pass just ran: nothing is held
            a.callAll(HeatCell::tick, 0.2, 5.0, true);
            b.callAll(HeatCell::tick, 0.2, 5.0, true);
            a.callAll(HeatCell::tick, 0.2, 5.0, true);
            b.callAll(HeatCell::tick, 0.2, 5.0, true);
            assertArrayEquals(b.getDouble("temp"), a.getDouble("temp"), 0.0);
            assertEquals(passes, HeldKernelSource.passes(), "the read ran the two held steps as a pass");
        }
    }

    @Test
    void aFailingHeldStep_isReportedWithItsName() {
        try (Simulation sim = held(4, 0)) {
            Places<ReachCell> p = sim.places(ReachCell.class, Grid.of(100, 100));
            p.callAll(ReachCell::gather, 1);
            p.callAll(ReachCell::gather, 3); // beyond the declared reach of 2: fails when the held calls run
            ColonyException e = assertThrows(ColonyException.class, () -> p.getInt("out"));
            assertTrue(e.getMessage().contains("ReachCell.gather"), e.getMessage());
            assertTrue(e.getMessage().contains("reach"), e.getMessage());
        }
    }
}
