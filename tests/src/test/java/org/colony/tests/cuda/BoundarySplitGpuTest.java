package org.colony.tests.cuda;

import java.util.List;
import org.colony.runtime.Config;
import org.colony.runtime.Simulation;
import org.colony.runtime.grid.Grid;
import org.colony.tests.lang.SplitRuns;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Steps split between the grid's interior and its boundary march rows on the GPU (the interior's neighbours in
 * registers, the boundary's computed neighbours from memory): they give the bits of their unsplit twins on the GPU
 * and on the CPU, on plates and tori, with the rows a thread marches chosen by the backend or forced, whole and
 * cut into partitions on one GPU.
 */
@Tag("gpu")
class BoundarySplitGpuTest {

    private static Simulation sim(String backend, String partitions) {
        return Simulation.create(partitions == null ? Config.defaults().withBackend(backend).withThreads(2).withSeed(42)
                : Config.fromArgs("--backend=" + backend, "--threads=2", "--seed=42", "--partitions=" + partitions));
    }

    @ParameterizedTest(name = "{0}x{1} march={2} partitions={3}")
    @CsvSource({"1, 1, 0, ", "3, 3, 0, ", "37, 5, 0, ", "37, 5, 3, ", "131, 9, 7, ", "257, 131, 0, ",
        "1001, 67, 4, ", "37, 29, 3, 2", "301, 97, 0, 3x2"})
    void splitCell_onGpu_matchesItsTwinOnGpuAndCpu(int nx, int ny, int march, String partitions) {
        Gpu.require();
        for (Grid grid : List.of(Grid.of(nx, ny), Grid.of(nx, ny).wrap())) {
            List<long[]> cpu;
            try (Simulation sim = sim("cpu", null)) {
                cpu = SplitRuns.cell(sim, grid, true);
            }
            if (march > 0) {
                System.setProperty("colony.cuda.march", Integer.toString(march));
            }
            try (Simulation sim = sim("cuda", partitions)) {
                String what = grid + " march=" + march + " partitions=" + partitions;
                SplitRuns.assertSameBits(cpu, SplitRuns.cell(sim, grid, true), what + ", twin on the GPU");
                SplitRuns.assertSameBits(cpu, SplitRuns.cell(sim, grid, false), what + ", split on the GPU");
            } finally {
                System.clearProperty("colony.cuda.march");
            }
        }
    }
}
