package org.colony.tests.cuda;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Arrays;
import org.colony.examples.heat.Heat2D;
import org.colony.examples.life.GameOfLife;
import org.colony.examples.sugarscape.SugarScape;
import org.colony.examples.wolfsheep.WolfSheep;
import org.colony.runtime.Agents;
import org.colony.runtime.Simulation;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Every example on the CUDA backend against the CPU backend, final states compared bit for bit. Runs
 * where a GPU is present; elsewhere each test is skipped with the reason.
 */
@Tag("gpu")
class CudaExamplesTest {

    @ParameterizedTest(name = "heat2d n={0} steps={1}")
    @CsvSource({"7, 20", "100, 300", "1001, 200"})
    void heat2d_onGpu_isBitIdenticalToCpu(int n, int steps) {
        Gpu.require();
        double[] cpu;
        double[] gpu;
        try (Simulation sim = Gpu.cpu(42)) {
            Heat2D m = new Heat2D(sim, n, steps * 9 / 10);
            for (int t = 0; t < steps; t++) {
                m.tick();
            }
            cpu = m.plate().getDouble("temp");
        }
        try (Simulation sim = Gpu.cuda(42)) {
            Heat2D m = new Heat2D(sim, n, steps * 9 / 10);
            for (int t = 0; t < steps; t++) {
                m.tick();
            }
            gpu = m.plate().getDouble("temp");
        }
        assertArrayEquals(cpu, gpu, 0.0);
    }

    @ParameterizedTest(name = "gameoflife n={0} steps={1}")
    @CsvSource({"5, 10", "300, 200", "2000, 50"})
    void gameOfLife_onGpu_isBitIdenticalToCpu(int n, int steps) {
        Gpu.require();
        boolean[] cpu;
        boolean[] gpu;
        long cpuAlive;
        long gpuAlive;
        try (Simulation sim = Gpu.cpu(7)) {
            GameOfLife m = new GameOfLife(sim, n);
            for (int t = 0; t < steps; t++) {
                m.tick();
            }
            cpu = m.board().getBoolean("alive");
            cpuAlive = m.population();
        }
        try (Simulation sim = Gpu.cuda(7)) {
            GameOfLife m = new GameOfLife(sim, n);
            for (int t = 0; t < steps; t++) {
                m.tick();
            }
            gpu = m.board().getBoolean("alive");
            gpuAlive = m.population();
        }
        assertArrayEquals(cpu, gpu);
        assertEquals(cpuAlive, gpuAlive);
    }

    @ParameterizedTest(name = "sugarscape n={0} steps={1}")
    @CsvSource({"24, 100", "200, 100"})
    void sugarScape_onGpu_isBitIdenticalToCpu(int n, int steps) {
        Gpu.require();
        String cpu;
        String gpu;
        try (Simulation sim = Gpu.cpu(42)) {
            SugarScape m = new SugarScape(sim, n);
            for (int t = 0; t < steps; t++) {
                m.tick();
            }
            cpu = state(m.land().checksum(), m.ants());
        }
        try (Simulation sim = Gpu.cuda(42)) {
            SugarScape m = new SugarScape(sim, n);
            for (int t = 0; t < steps; t++) {
                m.tick();
            }
            gpu = state(m.land().checksum(), m.ants());
        }
        assertEquals(cpu, gpu);
    }

    @ParameterizedTest(name = "wolfsheep {0}x{0} steps={1}")
    @CsvSource({"51, 200", "150, 150"})
    void wolfSheep_onGpu_isBitIdenticalToCpu(int n, int steps) {
        Gpu.require();
        String cpu;
        String gpu;
        try (Simulation sim = Gpu.cpu(5)) {
            WolfSheep.World w = WolfSheep.defaults(n, n).start(sim, n, n);
            for (int t = 0; t < steps; t++) {
                w.tick();
            }
            cpu = state(w.grass().checksum(), w.sheep()) + " " + state("", w.wolves());
        }
        try (Simulation sim = Gpu.cuda(5)) {
            WolfSheep.World w = WolfSheep.defaults(n, n).start(sim, n, n);
            for (int t = 0; t < steps; t++) {
                w.tick();
            }
            gpu = state(w.grass().checksum(), w.sheep()) + " " + state("", w.wolves());
        }
        assertEquals(cpu, gpu);
    }

    private static String state(String places, Agents<?> agents) {
        return places + " n=" + agents.size() + " " + agents.checksum() + " ids=" + Arrays.hashCode(agents.ids())
                + " at=" + Arrays.hashCode(agents.locations());
    }
}
