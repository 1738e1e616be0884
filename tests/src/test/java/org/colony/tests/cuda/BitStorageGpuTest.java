package org.colony.tests.cuda;

import static org.colony.tests.lang.Lang.assertSameColumns;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import java.util.ArrayList;
import java.util.List;
import org.colony.cuda.internal.store.BitColumns;
import org.colony.examples.life.GameOfLife;
import org.colony.examples.life.LifeCell;
import org.colony.runtime.Config;
import org.colony.runtime.Places;
import org.colony.runtime.Simulation;
import org.colony.runtime.grid.Grid;
import org.colony.tests.lang.BitsCell;
import org.colony.tests.lang.Lang;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Booleans that only bit-sliced steps read and write stay in device memory as bits, one a cell, between the held passes
 * of a whole grid's block, their byte columns freed ({@code BitColumns}): reads in between unpack them, writes in
 * between are packed by the next pass, and every value is the CPU's and the GPU's with a byte a cell
 * ({@code colony.cuda.bitStorage=false}), on grids and tori of widths that are no multiple of 32.
 */
@Tag("gpu")
class BitStorageGpuTest {

    private static final String[] PROPERTIES = {"colony.cuda.hold", "colony.cuda.hold.minCells",
        "colony.cuda.hold.compile", "colony.cuda.bitStorage"};

    @AfterEach
    void clearProperties() {
        clear();
    }

    private static void clear() {
        for (String p : PROPERTIES) {
            System.clearProperty(p);
        }
    }

    /** A simulation on {@code backend}; on the GPU holding {@code depth} steps a pass, with bits stored or not. */
    private static Simulation sim(String backend, int depth, boolean bits) {
        Gpu.require();
        System.setProperty("colony.cuda.hold", Integer.toString(depth));
        System.setProperty("colony.cuda.hold.minCells", "0");
        System.setProperty("colony.cuda.hold.compile", "wait");
        System.setProperty("colony.cuda.bitStorage", Boolean.toString(bits));
        try {
            return Simulation.create(Config.defaults().withBackend(backend).withThreads(2).withSeed(7));
        } finally {
            clear();
        }
    }

    /** What the run below sees: columns read between ticks, and every column at the end. */
    private record Seen(List<Object> columns, long bytesHeld, long bytesAtStart) {
    }

    /**
     * BitsCell's three steps a tick for 14 ticks: "alive" read after ticks 3, 7 and 11 (unpacked), "mark" written
     * after tick 6 (packed by the next pass), the memory the collection holds taken after tick 9 once its held steps
     * ran (the 6 calls since the read after tick 7 end in a pass at every depth the rows below take: a call left alone
     * would run at once, on bytes).
     */
    private static Seen bitsCell(Simulation sim, Grid grid) {
        int cells = (int) grid.cells();
        Places<BitsCell> p = sim.places(BitsCell.class, grid);
        p.set("alive", Lang.booleans(cells, 3));
        p.set("mark", Lang.booleans(cells, 4));
        long atStart = p.memoryBytes();
        List<Object> seen = new ArrayList<>();
        long held = 0;
        for (int t = 0; t < 14; t++) {
            p.callAll(BitsCell::life, false);
            p.callAll(BitsCell::spread);
            p.callAll(BitsCell::life, true);
            sim.step();
            if (t % 4 == 3) {
                seen.add(p.getBoolean("alive"));
            }
            if (t == 6) {
                p.set("mark", Lang.booleans(cells, 9));
            }
            if (t == 9) {
                sim.synchronize(); // runs the held steps: no read, so the bits alone hold the values
                held = p.memoryBytes();
            }
        }
        seen.addAll(Lang.columns(p));
        return new Seen(seen, held, atStart);
    }

    @ParameterizedTest(name = "{0}x{1} torus={2} depth={3}")
    @CsvSource({"300, 41, false, 4", "129, 257, true, 4", "1000, 999, false, 0", "33, 70, true, 6", "5, 7, true, 3",
        "64, 64, false, 2"})
    void bitsCell_storedAsBits_matchesTheCpuAndBytes(int w, int h, boolean torus, int depth) {
        Grid grid = torus ? Grid.of(w, h).wrap() : Grid.of(w, h);
        Seen cpu;
        try (Simulation sim = sim("cpu", 1, false)) {
            cpu = bitsCell(sim, grid);
        }
        Seen bytes;
        long passes = BitColumns.passesOnBits();
        try (Simulation sim = sim("cuda", depth, false)) {
            bytes = bitsCell(sim, grid);
        }
        assertEquals(passes, BitColumns.passesOnBits(), "no pass on bits with colony.cuda.bitStorage=false");
        assertSameColumns(cpu.columns(), bytes.columns(), "BitsCell on " + grid + ", bytes");
        long packs = BitColumns.packs();
        long unpacks = BitColumns.unpacks();
        Seen bits;
        try (Simulation sim = sim("cuda", depth, true)) {
            bits = bitsCell(sim, grid);
        }
        assertSameColumns(cpu.columns(), bits.columns(), "BitsCell on " + grid + ", bits");
        assertTrue(BitColumns.passesOnBits() > passes, "passes ran on bits");
        assertTrue(BitColumns.packs() - packs >= 4, "the bytes written before the passes, and after tick 6, packed");
        assertTrue(BitColumns.unpacks() - unpacks >= 6, "each read after passes unpacked both attributes");
        // three byte columns over the padded grid (alive's with a second) against four of bits, two an attribute
        assertTrue(bits.bytesHeld() < bits.bytesAtStart() && (w < 32 || bits.bytesHeld() * 3 < bits.bytesAtStart()),
                "bits held " + bits.bytesHeld() + " bytes, " + bits.bytesAtStart() + " as bytes");
        assertTrue(bytes.bytesHeld() >= bytes.bytesAtStart(), "bytes kept as bytes");
    }

    /**
     * Partitions of one GPU keep their booleans as bits too, and their byte columns for the halo: a partition's pass
     * loads its owned cells from its bits and its halo from the bytes the exchange filled from its neighbours' bits.
     */
    @ParameterizedTest(name = "{0}x{1} torus={2} partitions={3}")
    @CsvSource({"300, 241, false, 2", "257, 600, true, 3", "1000, 999, false, 4", "129, 300, true, 2"})
    void bitsCell_onPartitions_storedAsBits(int w, int h, boolean torus, int partitions) {
        Grid grid = torus ? Grid.of(w, h).wrap() : Grid.of(w, h);
        Seen cpu;
        try (Simulation sim = sim("cpu", 1, false)) {
            cpu = bitsCell(sim, grid);
        }
        long passes = BitColumns.passesOnBits();
        Seen bits;
        try (Simulation sim = partitioned(partitions)) {
            bits = bitsCell(sim, grid);
        }
        assertSameColumns(cpu.columns(), bits.columns(), "BitsCell on " + grid + ", " + partitions + " partitions");
        assertTrue(BitColumns.passesOnBits() > passes, "passes ran on bits");
    }

    /** A GPU simulation of {@code partitions} partitions of one GPU, its steps held (by the rule), bits stored. */
    private static Simulation partitioned(int partitions) {
        Gpu.require();
        System.setProperty("colony.cuda.hold.minCells", "0");
        System.setProperty("colony.cuda.hold.compile", "wait");
        try {
            return Simulation.create(Config.defaults().withBackend("cuda").withSeed(7).withPartitions(partitions));
        } finally {
            clear();
        }
    }

    /** GameOfLife as the example runs it: its board in bits between passes, the same as one step at a time. */
    @Test
    void gameOfLife_storedAsBits_matchesOneStepAtATime() {
        int w = 1001;
        int h = 517;
        List<Object> expected;
        try (Simulation sim = sim("cuda", 1, false)) {
            expected = life(sim, Grid.of(w, h), 40);
        }
        long passes = BitColumns.passesOnBits();
        try (Simulation sim = sim("cuda", 0, true)) {
            assertSameColumns(expected, life(sim, Grid.of(w, h), 40), "GameOfLife, bits");
        }
        assertTrue(BitColumns.passesOnBits() > passes, "passes ran on bits");
        try (Simulation sim = sim("cuda", 0, false)) {
            assertSameColumns(expected, life(sim, Grid.of(w, h), 40), "GameOfLife, bytes held");
        }
    }

    private static List<Object> life(Simulation sim, Grid grid, int ticks) {
        Places<LifeCell> board = sim.places(LifeCell.class, grid);
        board.callAll(LifeCell::seed, GameOfLife.DENSITY);
        for (int t = 0; t < ticks; t++) {
            board.callAll(LifeCell::update);
            sim.step();
        }
        return Lang.columns(board);
    }
}
