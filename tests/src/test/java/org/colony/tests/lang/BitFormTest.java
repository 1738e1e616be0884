package org.colony.tests.lang;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import org.colony.kernel.KernelSupport;
import org.colony.runtime.Config;
import org.colony.runtime.Places;
import org.colony.runtime.Simulation;
import org.colony.runtime.cli.Main;
import org.colony.runtime.grid.Grid;
import org.colony.runtime.storage.BlockBits;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Steps on booleans alone that the CPU backend runs bit-sliced, 64 cells a {@code long} ({@link BitsCell}: counts,
 * weighted sums, comparisons, selects, a narrowing, an attribute written in place, reads two columns away and two
 * rows down), against the same rules as plain Java, bit for bit: rows shorter than a word, a word and one cell, many
 * words and a part; plates and tori; one and two threads; one to three partitions; many ticks in a row, run one at a
 * time and held back and run as a wavefront of bands.
 */
class BitFormTest {

    @Test
    void testJvm_runsTheBitForms() {
        assertTrue(KernelSupport.BITS, "the tests run with --add-modules jdk.incubator.vector and colony.bits on");
    }

    @ParameterizedTest(name = "{0}x{1} wrap={2} threads={3} partitions={4} held={5}")
    @CsvSource({
        "3, 3, false, 1, 1, false",
        "5, 4, true, 1, 1, false",
        "37, 5, false, 1, 1, false",
        "64, 9, true, 2, 1, false",
        "65, 66, false, 2, 1, false",
        "65, 66, true, 1, 2, false",
        "131, 70, false, 2, 3, false",
        "200, 41, true, 2, 2, false",
        "257, 130, false, 2, 1, false",
        "257, 130, false, 2, 1, true",
        "130, 300, false, 1, 1, true",
    })
    void bitSlicedSteps_matchPlainJavaBitForBit(int nx, int ny, boolean wrap, int threads, int partitions,
            boolean held) {
        Lang.assumeCpu("the CPU backend's bit-sliced kernels");
        // held: the steps of any grid held back and run as a wavefront of bands (narrow cells are not, by default)
        if (held) {
            System.setProperty("colony.cpu.hold.minCells", "0");
            System.setProperty("colony.cpu.hold.minCellBytes", "0");
        }
        try {
            run(nx, ny, wrap, threads, partitions, partitions == 1 && !held);
        } finally {
            System.clearProperty("colony.cpu.hold.minCells");
            System.clearProperty("colony.cpu.hold.minCellBytes");
        }
    }

    private static void run(int nx, int ny, boolean wrap, int threads, int partitions, boolean storesBits) {
        int cells = nx * ny;
        SplittableRandom r = new SplittableRandom(cells * 31L + (wrap ? 1 : 0));
        boolean[] alive = new boolean[cells];
        boolean[] mark = new boolean[cells];
        for (int c = 0; c < cells; c++) {
            alive[c] = r.nextInt(3) == 0;
            mark[c] = r.nextBoolean();
        }
        try (Simulation sim = Simulation.create(Config.defaults().withBackend(Lang.backend()).withThreads(threads)
                .withPartitions(partitions))) {
            Grid grid = wrap ? Grid.of(nx, ny).wrap() : Grid.of(nx, ny);
            Places<BitsCell> p = sim.places(BitsCell.class, grid);
            p.set("alive", alive);
            p.set("mark", mark);
            long callsBefore = BlockBits.calls();
            long unpacksBefore = BlockBits.unpacks();
            for (int tick = 0; tick < 24; tick++) {
                boolean flip = tick % 3 == 1;
                p.callAll(BitsCell::life, flip);
                life(alive, mark, nx, ny, wrap, flip);
                if (tick % 2 == 0) {
                    p.callAll(BitsCell::spread);
                    spread(alive, mark, nx, ny, wrap);
                }
                if (tick % 8 == 7) { // a read between ticks ends a held run, and unpacks bits kept between calls
                    assertArrayEquals(alive, p.getBoolean("alive"), "alive after tick " + tick);
                }
                if (tick == 12) { // a write between ticks, of one attribute
                    for (int c = 0; c < cells; c += 3) {
                        mark[c] = !mark[c];
                    }
                    p.set("mark", mark);
                }
            }
            long calls = BlockBits.calls() - callsBefore;
            long unpacks = BlockBits.unpacks() - unpacksBefore;
            assertArrayEquals(alive, p.getBoolean("alive"), "alive");
            assertArrayEquals(mark, p.getBoolean("mark"), "mark");
            if (storesBits) {
                // 36 calls of two steps: the first of each on the columns (where the kernel offers the bits), and
                // after each read or write a call or two backing off to the columns (BitsBackoff)
                assertTrue(calls >= 26 && calls <= 34, "calls on bits kept between calls: " + calls);
                assertTrue(unpacks >= 4, "reads and the write between ticks unpack the bits: " + unpacks);
            } else {
                assertEquals(0, calls, "partitions, held steps and colony.cpu.bitStorage=false run on the columns");
            }
        }
    }

    /**
     * A model that reads its cells after every call: the bits a call on them wrote are unpacked before the next, so
     * the step backs off to the columns (tries after 1, 2, 4 ... 256 calls on them, then none), to the same values.
     */
    @Test
    void aReadAfterEveryCall_backsOffToTheColumns() {
        Lang.assumeCpu("the CPU backend's bit-sliced kernels");
        int nx = 70;
        int ny = 33;
        int cells = nx * ny;
        boolean[] alive = new boolean[cells];
        boolean[] mark = new boolean[cells];
        for (int c = 0; c < cells; c++) {
            alive[c] = c % 3 == 0 || c % 7 == 2;
        }
        try (Simulation sim = Lang.sim(2)) {
            Places<BitsCell> p = sim.places(BitsCell.class, Grid.of(nx, ny).wrap());
            p.set("alive", alive);
            long callsBefore = BlockBits.calls();
            for (int tick = 0; tick < 700; tick++) {
                p.callAll(BitsCell::life, false);
                life(alive, mark, nx, ny, true, false);
                assertArrayEquals(alive, p.getBoolean("alive"), "alive after tick " + tick);
            }
            // the second call, then one after each back-off of 1, 2, 4 ... 256 calls on the columns
            assertEquals(10, BlockBits.calls() - callsBefore, "calls on bits");
            assertArrayEquals(mark, p.getBoolean("mark"), "mark");
        }
    }

    /** With {@code colony.cpu.bitStorage=false} every call packs and unpacks the columns, to the same values. */
    @ParameterizedTest(name = "{0}x{1} wrap={2}")
    @CsvSource({"65, 66, true", "130, 40, false"})
    void withoutBitStorage_theSameValues(int nx, int ny, boolean wrap) {
        Lang.assumeCpu("the CPU backend's bit-sliced kernels");
        System.setProperty("colony.cpu.bitStorage", "false");
        try {
            run(nx, ny, wrap, 2, 1, false);
        } finally {
            System.clearProperty("colony.cpu.bitStorage");
        }
    }

    /**
     * Names the generated code must keep apart: attributes whose names end one another's ({@code on}, {@code won}),
     * read and written in either order, and an argument named as a local of the generated kernel ({@code keep}).
     */
    @Test
    void namesThatEndOneAnother_orMeetTheKernelsOwn_keepTheirOwnCells() {
        Lang.assumeCpu("the CPU backend's bit-sliced kernels");
        int nx = 100;
        int ny = 10;
        int cells = nx * ny;
        boolean[] on = new boolean[cells];
        boolean[] won = new boolean[cells];
        for (int c = 0; c < cells; c++) {
            on[c] = c % 3 == 0;
            won[c] = c % 5 == 1;
        }
        try (Simulation sim = Lang.sim(2)) {
            Places<SuffixReadCell> r = sim.places(SuffixReadCell.class, Grid.of(nx, ny));
            r.set("on", on);
            r.set("won", won);
            r.callAll(SuffixReadCell::step);
            Places<SuffixWriteCell> w = sim.places(SuffixWriteCell.class, Grid.of(nx, ny));
            w.set("on", on);
            w.set("won", won);
            w.callAll(SuffixWriteCell::step);
            Places<ParamNameCell> k = sim.places(ParamNameCell.class, Grid.of(nx, ny));
            k.set("alive", won);
            k.callAll(ParamNameCell::toggle, true);
            boolean[] readOn = new boolean[cells];
            boolean[] writtenOn = new boolean[cells];
            boolean[] writtenWon = new boolean[cells];
            boolean[] toggled = new boolean[cells];
            for (int y = 0; y < ny; y++) {
                for (int x = 0; x < nx; x++) {
                    int c = x + nx * y;
                    readOn[c] = (x + 1 < nx && won[c + 1]) ^ on[c];
                    writtenOn[c] = !on[c];
                    writtenWon[c] = !(x + 1 < nx && on[c + 1]);
                    toggled[c] = won[c] ^ true ^ (x + 1 < nx && won[c + 1]);
                }
            }
            assertArrayEquals(readOn, r.getBoolean("on"), "on = e.won ^ on");
            assertArrayEquals(writtenWon, w.getBoolean("won"), "won = !e.on");
            assertArrayEquals(writtenOn, w.getBoolean("on"), "on = !on");
            assertArrayEquals(toggled, k.getBoolean("alive"), "alive ^ keep ^ e.alive");
        }
    }

    /**
     * The packing goes a byte-vector mask of the machine's width at a time (64, 32 or 16 cells): GameOfLife in JVMs
     * limited to AVX2 (32-lane masks) and to SSE (16), bit-sliced and not, ends with one checksum.
     */
    @ParameterizedTest(name = "UseAVX={0}")
    @CsvSource({"2", "0"})
    void narrowerVectors_packTheSameBits(int avx) throws Exception {
        Lang.assumeCpu("the CPU backend's bit-sliced kernels");
        String arch = System.getProperty("os.arch");
        Assumptions.assumeTrue(arch.equals("amd64") || arch.equals("x86_64"), () -> "-XX:UseAVX is x86's: " + arch);
        String bits = checksum(avx, true);
        assertEquals(checksum(avx, false), bits, "UseAVX=" + avx);
        assertEquals(checksum(-1, false), bits, "UseAVX=" + avx + " against this machine's vectors");
    }

    /** The checksum of a short GameOfLife run in a JVM with {@code -XX:UseAVX=avx} (none for -1). */
    private static String checksum(int avx, boolean bits) throws Exception {
        List<String> cmd = new ArrayList<>(List.of(ProcessHandle.current().info().command().orElse("java")));
        if (avx >= 0) {
            cmd.add("-XX:UseAVX=" + avx);
        }
        cmd.addAll(List.of("-Dcolony.bits=" + bits, "--enable-native-access=ALL-UNNAMED",
                "--add-modules=jdk.incubator.vector", "-cp", System.getProperty("java.class.path"),
                Main.class.getName(), "run", "gameoflife", "--size=300", "--steps=40", "--backend=cpu",
                "--threads=2", "--quiet"));
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        String output = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(120, TimeUnit.SECONDS), output);
        assertEquals(0, p.exitValue(), output);
        for (String line : output.split("\n")) {
            if (line.startsWith("checksum")) {
                return line.substring("checksum".length()).strip();
            }
        }
        throw new AssertionError("no checksum in: " + output);
    }

    /** A cell's value at an offset: wrapped on a torus, false off a plate. */
    private static boolean at(boolean[] v, int nx, int ny, boolean wrap, int x, int y) {
        if (wrap) {
            return v[Math.floorMod(x, nx) + nx * Math.floorMod(y, ny)];
        }
        return x >= 0 && x < nx && y >= 0 && y < ny && v[x + nx * y];
    }

    private static int one(boolean b) {
        return b ? 1 : 0;
    }

    /** {@link BitsCell#life} in plain Java: alive from the old values, mark in place. */
    private static void life(boolean[] alive, boolean[] mark, int nx, int ny, boolean wrap, boolean flip) {
        boolean[] old = alive.clone();
        for (int y = 0; y < ny; y++) {
            for (int x = 0; x < nx; x++) {
                int c = x + nx * y;
                int count = one(at(old, nx, ny, wrap, x - 1, y - 1)) + one(at(old, nx, ny, wrap, x, y - 1))
                        + one(at(old, nx, ny, wrap, x + 1, y - 1)) + one(at(old, nx, ny, wrap, x - 1, y))
                        + one(at(old, nx, ny, wrap, x + 1, y)) + one(at(old, nx, ny, wrap, x - 1, y + 1))
                        + one(at(old, nx, ny, wrap, x, y + 1)) + one(at(old, nx, ny, wrap, x + 1, y + 1));
                int weighted = (count + 1) * 3 + (mark[c] ? 10 : 0) - one(at(old, nx, ny, wrap, x + 1, y));
                boolean lonely = count < 2;
                boolean crowded = count > 3;
                int k = at(old, nx, ny, wrap, x, y - 1) ? 0 : 1;
                byte b = (byte) (k + 5);
                k = b & 6 | count;
                alive[c] = count == 3 || (old[c] && !lonely && !crowded) || k >= 7 && k != 8 && !(k <= 6);
                mark[c] = flip ^ (weighted >= 20 ? crowded : weighted != 7 && mark[c]);
            }
        }
    }

    /** {@link BitsCell#spread} in plain Java. */
    private static void spread(boolean[] alive, boolean[] mark, int nx, int ny, boolean wrap) {
        boolean[] old = alive.clone();
        for (int y = 0; y < ny; y++) {
            for (int x = 0; x < nx; x++) {
                int c = x + nx * y;
                int heat = (at(old, nx, ny, wrap, x + 2, y) ? 4 : 0) + (at(mark, nx, ny, wrap, x - 1, y) ? 2 : 0)
                        + one(at(mark, nx, ny, wrap, x + 1, y + 2)) + (at(old, nx, ny, wrap, x, y - 1) ? 2 : 0);
                alive[c] = heat >= 5 && heat != 6 || !old[c] & mark[c];
            }
        }
    }
}
