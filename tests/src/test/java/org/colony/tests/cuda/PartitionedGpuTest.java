package org.colony.tests.cuda;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.util.Arrays;
import org.colony.ColonyException;
import org.colony.cuda.CudaBackendProvider;
import org.colony.cuda.CudaDevices;
import org.colony.examples.heat.Heat2D;
import org.colony.examples.life.GameOfLife;
import org.colony.examples.life.LifeCell;
import org.colony.runtime.Config;
import org.colony.runtime.Places;
import org.colony.runtime.Simulation;
import org.colony.runtime.grid.Grid;
import org.colony.tests.lang.Cube;
import org.colony.tests.lang.HistoryCell;
import org.colony.tests.lang.Lang;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Grids cut into partitions on GPUs: several partitions on one GPU (device-to-device halo copies), and one
 * partition on each of two GPUs (NCCL), against the CPU backend bit for bit. The two-GPU tests run where two
 * GPUs are present and are skipped, saying so, elsewhere.
 */
@Tag("gpu")
class PartitionedGpuTest {

    static int devices() {
        Gpu.require();
        return CudaDevices.count();
    }

    static void requireTwo() {
        int n = devices();
        assumeTrue(n >= 2, () -> "two GPUs needed; this machine has " + n);
    }

    static Simulation sim(String backend, long seed, String... more) {
        String[] args = new String[3 + more.length];
        args[0] = "--backend=" + backend;
        args[1] = "--seed=" + seed;
        args[2] = "--threads=2";
        System.arraycopy(more, 0, args, 3, more.length);
        return Simulation.create(Config.fromArgs(args));
    }

    static double[] heat(Simulation sim, int n, int steps) {
        try (sim) {
            Heat2D m = new Heat2D(sim, n, steps * 9 / 10);
            for (int t = 0; t < steps; t++) {
                m.tick();
            }
            return m.plate().getDouble("temp");
        }
    }

    static boolean[] wrappedLife(Simulation sim, int nx, int ny, int steps) {
        try (sim) {
            Places<LifeCell> board = sim.places(LifeCell.class, Grid.of(nx, ny).wrap());
            board.callAll(LifeCell::seed, 0.4);
            for (int t = 0; t < steps; t++) {
                board.callAll(LifeCell::update);
                sim.step();
            }
            return board.getBoolean("alive");
        }
    }

    @ParameterizedTest(name = "heat2d n={0}, {1} partitions on one GPU")
    @CsvSource({"37, 4", "301, 3x2", "1001, 2"})
    void partitionsOnOneGpu_matchTheCpu(int n, String partitions) {
        Gpu.require();
        assertArrayEquals(heat(sim("cpu", 42), n, 100), heat(sim("cuda", 42, "--partitions=" + partitions), n, 100),
                0.0);
    }

    static double[] cube(Simulation sim, boolean wrap) {
        try (sim) {
            Places<Cube> c = sim.places(Cube.class, wrap ? Grid.of(9, 7, 11).wrap() : Grid.of(9, 7, 11));
            c.set("u", Lang.doubles(9 * 7 * 11, 50, 3));
            for (int t = 0; t < 15; t++) {
                c.callAll("diffuse", 0.1);
            }
            return c.getDouble("u");
        }
    }

    static String history(Simulation sim, int w, int h, boolean wrap) {
        try (sim) {
            Places<HistoryCell> p = sim.places(HistoryCell.class, wrap ? Grid.of(w, h).wrap() : Grid.of(w, h));
            p.set("d", 0, Lang.doubles(w * h, 1, 5));
            for (int t = 0; t < 25; t++) {
                p.callAll(HistoryCell::push, 3);
                p.callAll(HistoryCell::mix);
                p.callAll(HistoryCell::sum);
            }
            StringBuilder sb = new StringBuilder();
            for (int k = 0; k < 4; k++) {
                sb.append(Arrays.toString(p.getInt("h", k)));
            }
            for (int k = 0; k < 3; k++) {
                sb.append(Arrays.toString(p.getDouble("d", k)));
            }
            return sb.append(Arrays.toString(p.getInt("total"))).toString();
        }
    }

    /**
     * One GPU's partitions copy a halo straight from the neighbour's cells, a kernel a column: 3-D grids (corners and
     * edges of every kind, a partition its own neighbour on a torus) and array attributes (several element columns).
     */
    @ParameterizedTest(name = "3-D, partitions={0}, torus={1}")
    @CsvSource({"2x2x2, false", "2x2x2, true", "1x1x5, true", "3x1x1, false"})
    void cube_onPartitionsOfOneGpu_matchesTheCpu(String partitions, boolean wrap) {
        Gpu.require();
        assertArrayEquals(cube(sim("cpu", 3), wrap), cube(sim("cuda", 3, "--partitions=" + partitions), wrap), 0.0);
    }

    @ParameterizedTest(name = "array attributes {0}x{1}, partitions={2}, torus={3}")
    @CsvSource({"31, 45, 2, false", "257, 129, 3x2, false", "31, 45, 2, true", "90, 61, 4, true"})
    void arrays_onPartitionsOfOneGpu_matchTheCpu(int w, int h, String partitions, boolean wrap) {
        Gpu.require();
        assertEquals(history(sim("cpu", 3), w, h, wrap),
                history(sim("cuda", 3, "--partitions=" + partitions), w, h, wrap));
    }

    @ParameterizedTest(name = "heat2d n={0} on two GPUs")
    @CsvSource({"37", "1001", "2048"})
    void heat2d_onTwoGpus_matchesOneGpuAndTheCpu(int n) {
        requireTwo();
        double[] cpu = heat(sim("cpu", 42), n, 120);
        assertArrayEquals(cpu, heat(sim("cuda", 42), n, 120), 0.0);
        assertArrayEquals(cpu, heat(sim("cuda", 42, "--devices=2"), n, 120), 0.0);
    }

    @ParameterizedTest(name = "wrapping gameoflife {0}x{1} on two GPUs, partitions {2}")
    @CsvSource({"64, 48, 2", "301, 257, 2", "301, 257, 2x1"})
    void wrappingLife_onTwoGpus_matchesTheCpu(int nx, int ny, String partitions) {
        requireTwo();
        boolean[] cpu = wrappedLife(sim("cpu", 9, "--partitions=" + partitions), nx, ny, 60);
        assertArrayEquals(wrappedLife(sim("cpu", 9), nx, ny, 60), cpu);
        assertArrayEquals(cpu, wrappedLife(sim("cuda", 9, "--devices=2", "--partitions=" + partitions), nx, ny, 60));
    }

    @Test
    void gameOfLife_onTwoGpus_matchesTheCpu() {
        requireTwo();
        boolean[] cpu;
        try (Simulation s = sim("cpu", 7)) {
            GameOfLife m = new GameOfLife(s, 999);
            for (int t = 0; t < 80; t++) {
                m.tick();
            }
            cpu = m.board().getBoolean("alive");
        }
        try (Simulation s = sim("cuda", 7, "--devices=2")) {
            GameOfLife m = new GameOfLife(s, 999);
            assertEquals(2, m.board().partitions());
            for (int t = 0; t < 80; t++) {
                m.tick();
            }
            assertArrayEquals(cpu, m.board().getBoolean("alive"));
        }
    }

    @Test
    void devicesBeyondTheMachine_areRefusedInOneLine() {
        int n = devices();
        ColonyException e = assertThrows(ColonyException.class, () -> sim("cuda", 1, "--devices=" + (n + 1)));
        assertEquals("--devices=" + (n + 1) + " from --device=0 needs GPUs 0 to " + n + ", but this machine has " + n
                + " CUDA device" + (n == 1 ? "" : "s"), e.getMessage());
        assertTrue(new CudaBackendProvider().unavailableReason() == null);
    }
}
