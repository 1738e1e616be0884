package org.colony.tests.lang;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.colony.kernel.KernelSupport;
import org.colony.kernel.ModelDescriptor;
import org.colony.runtime.Config;
import org.colony.runtime.Simulation;
import org.colony.runtime.grid.Grid;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Steps split between the grid's interior and its boundary (the CPU's vector form on interior rows, the GPU's
 * row-marching kernel) give the same values bit for bit as their twins, the same statements that the processor
 * does not split: on odd sizes, rows shorter and longer than a vector, one and three threads (splitting rows, and
 * rows into pieces of x on a grid of few rows), wrapping and not, in 1, 2 and 3 dimensions, cut into partitions,
 * and held as a wavefront.
 */
class BoundarySplitTest {

    private static final String LANG = "org.colony.tests.lang.";

    /** Per step of a model, whether its CUDA kernel marches rows. */
    private static Map<String, Boolean> marching(String model) throws ReflectiveOperationException {
        ModelDescriptor d = (ModelDescriptor) Class.forName(model + "_Model").getConstructor().newInstance();
        Map<String, Boolean> out = new LinkedHashMap<>();
        for (int i = 0; i < d.info().steps().size(); i++) {
            out.put(d.info().steps().get(i).name(), d.cuda().steps().get(i).kernel().marches());
        }
        return out;
    }

    @Test
    void splitSteps_haveVectorForms_andMarchIn2d_theirTwinsDoNot() throws ReflectiveOperationException {
        assertEquals(List.of("after", "heat", "mark", "wide"),
                SplitRuns.methods(LANG + "SplitCell_Kernels$Vectors").stream().sorted().toList());
        assertEquals(List.of("diffuse"), SplitRuns.methods(LANG + "SplitRod_Kernels$Vectors"));
        assertEquals(List.of("diffuse"), SplitRuns.methods(LANG + "SplitCube_Kernels$Vectors"));
        assertEquals(Map.of("heat", true, "heatPlain", false, "wide", true, "widePlain", false, "mark", true,
                "markPlain", false, "after", true, "afterPlain", false), marching(LANG + "SplitCell"));
    }

    @Test
    void heat2dTick_hasAVectorForm_andMarches() throws ReflectiveOperationException {
        assertEquals(List.of("tick"), SplitRuns.methods("org.colony.examples.heat.HeatCell_Kernels$Vectors"));
        assertEquals(Map.of("tick", true), marching("org.colony.examples.heat.HeatCell"));
    }

    @ParameterizedTest(name = "{0}x{1} threads={2}")
    @CsvSource({"1, 1, 1", "2, 5, 1", "3, 3, 1", "37, 5, 1", "37, 5, 3", "131, 9, 3", "64, 33, 1", "257, 131, 3",
        "20011, 3, 3"})
    void splitCell_matchesItsTwinBitForBit(int nx, int ny, int threads) {
        assertTrue(!Lang.backend().equals("cpu") || KernelSupport.VECTORS, "the tests run the vector forms");
        for (Grid grid : List.of(Grid.of(nx, ny), Grid.of(nx, ny).wrap())) {
            try (Simulation sim = Lang.sim(threads)) {
                SplitRuns.assertSameBits(SplitRuns.cell(sim, grid, true), SplitRuns.cell(sim, grid, false),
                        grid + ", " + threads + " threads");
            }
        }
    }

    @ParameterizedTest(name = "rod of {0}, cube {1}x{2}x{3}, threads={4}")
    @CsvSource({"1, 1, 1, 1, 1", "3, 3, 3, 3, 1", "37, 9, 5, 7, 1", "131, 37, 5, 3, 3", "40000, 35, 33, 31, 3"})
    void rodAndCube_matchTheirTwinsBitForBit(int rod, int nx, int ny, int nz, int threads) {
        for (boolean wrap : new boolean[] {false, true}) {
            Grid line = wrap ? Grid.of(rod).wrap() : Grid.of(rod);
            Grid cube = wrap ? Grid.of(nx, ny, nz).wrap() : Grid.of(nx, ny, nz);
            try (Simulation sim = Lang.sim(threads)) {
                SplitRuns.assertSameBits(SplitRuns.rod(sim, line, true), SplitRuns.rod(sim, line, false),
                        line + ", " + threads + " threads");
                SplitRuns.assertSameBits(SplitRuns.cube(sim, cube, true), SplitRuns.cube(sim, cube, false),
                        cube + ", " + threads + " threads");
            }
        }
    }

    @ParameterizedTest(name = "{0}x{1} partitions={2} threads={3}")
    @CsvSource({"37, 29, 1, 1", "37, 29, 2, 3", "37, 29, 3, 1", "37, 29, 4, 3", "41, 23, 2x2, 1", "131, 9, 1x3, 3",
        "9, 40, 4x1, 1"})
    void partitioned_matchesTheUncutTwinBitForBit(int nx, int ny, String partitions, int threads) {
        Lang.assumeCpu("partitions of one process on the CPU");
        for (Grid grid : List.of(Grid.of(nx, ny), Grid.of(nx, ny).wrap())) {
            List<long[]> twin;
            try (Simulation sim = Lang.sim(threads)) {
                twin = SplitRuns.cell(sim, grid, true);
            }
            try (Simulation sim = Simulation.create(Config.fromArgs("--backend=cpu", "--threads=" + threads,
                    "--seed=42", "--partitions=" + partitions))) {
                SplitRuns.assertSameBits(twin, SplitRuns.cell(sim, grid, false), grid + ", partitions " + partitions);
            }
        }
    }

    @ParameterizedTest(name = "{0}x{1} threads={2}")
    @CsvSource({"5, 7, 1", "64, 65, 1", "301, 257, 3"})
    void held_matchesTheTwinOneCallAtATimeBitForBit(int nx, int ny, int threads) {
        Lang.assumeCpu("held steps are the CPU backend's");
        for (Grid grid : List.of(Grid.of(nx, ny), Grid.of(nx, ny).wrap())) {
            List<long[]> twin;
            System.setProperty("colony.cpu.hold", "false");
            try (Simulation sim = Lang.sim(threads)) {
                twin = SplitRuns.cell(sim, grid, true);
            } finally {
                System.clearProperty("colony.cpu.hold");
            }
            System.setProperty("colony.cpu.hold.minCells", "0");
            try (Simulation sim = Lang.sim(threads)) {
                SplitRuns.assertSameBits(twin, SplitRuns.cell(sim, grid, false), grid + " held");
            } finally {
                System.clearProperty("colony.cpu.hold.minCells");
            }
        }
    }
}
