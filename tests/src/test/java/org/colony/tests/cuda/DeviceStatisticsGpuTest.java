package org.colony.tests.cuda;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;

import org.colony.runtime.Agents;
import org.colony.runtime.ModelCollection;
import org.colony.runtime.Placement;
import org.colony.runtime.Places;
import org.colony.runtime.Simulation;
import org.colony.runtime.grid.Grid;
import org.colony.runtime.reduce.Bins;
import org.colony.runtime.reduce.Extremes;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Histograms counted on a GPU ({@code Store.histogram}: only the counts are downloaded) are the CPU's count for
 * count, and extremes reduced on a GPU ({@code Store.extremes}) the CPU's bit for bit, for places (owned cells of a
 * block stored with a halo) and live agents, every attribute type, NaN, infinities, -0.0 beside 0.0, subnormals and
 * values on and next to every bin edge, and for an empty collection.
 */
@Tag("gpu")
class DeviceStatisticsGpuTest {

    /** Every attribute's histograms and extremes on the GPU equal the CPU's of the same column. */
    private static void assertSameCounts(ModelCollection<?> gpu, ModelCollection<?> cpu, String what) {
        for (Object[] attribute : HistogramColumns.ATTRIBUTES) {
            String name = (String) attribute[0];
            int k = (Integer) attribute[1];
            for (Bins bins : HistogramColumns.BINS) {
                long[] device = gpu.histogram(name, k, bins);
                assertNotNull(device, what + " " + name + ": the CUDA backend counts on the device");
                String where = what + " " + name + "[" + k + "] " + bins;
                assertArrayEquals(bins.count(cpu.getColumn(name, k)), device, where);
                assertArrayEquals(bins.count(gpu.getColumn(name, k)), device, where + " (the GPU's column)");
            }
            Extremes expected = cpu.extremes(name, k);
            assertEquals(expected, gpu.extremes(name, k), what + " " + name + "[" + k + "] extremes");
            assertEquals(Double.doubleToRawLongBits(expected.min()), Double.doubleToRawLongBits(gpu.extremes(name, k)
                    .min()), what + " " + name + "[" + k + "] min bits");
        }
    }

    @ParameterizedTest(name = "{0}x{1}")
    @CsvSource({"37, 23", "1, 1", "130, 3", "8, 200"})
    void placeHistograms_onTheGpu_areTheCpus(int nx, int ny) {
        Gpu.require();
        try (Simulation gpuSim = Gpu.cuda(7); Simulation cpuSim = Gpu.cpu(7)) {
            Places<BinCell> gpu = gpuSim.places(BinCell.class, Grid.of(nx, ny));
            Places<BinCell> cpu = cpuSim.places(BinCell.class, Grid.of(nx, ny));
            HistogramColumns.fill(gpu, nx * ny, 11);
            HistogramColumns.fill(cpu, nx * ny, 11);
            assertSameCounts(gpu, cpu, "places " + nx + "x" + ny);
            gpu.callAll(BinCell::shift);
            cpu.callAll(BinCell::shift);
            assertSameCounts(gpu, cpu, "places " + nx + "x" + ny + " after a step");
        }
    }

    @ParameterizedTest(name = "{0} agents")
    @CsvSource({"1", "700", "5000"})
    void agentHistograms_onTheGpu_areTheCpus_beforeAndAfterDeaths(int count) {
        Gpu.require();
        try (Simulation gpuSim = Gpu.cuda(5); Simulation cpuSim = Gpu.cpu(5)) {
            Agents<BinBug> gpu = gpuSim.agents(BinBug.class, gpuSim.places(BinCell.class, Grid.of(31, 17)),
                    Placement.random(count));
            Agents<BinBug> cpu = cpuSim.agents(BinBug.class, cpuSim.places(BinCell.class, Grid.of(31, 17)),
                    Placement.random(count));
            HistogramColumns.fill(gpu, count, 13);
            HistogramColumns.fill(cpu, count, 13);
            assertSameCounts(gpu, cpu, count + " agents");
            gpu.callAll(BinBug::cull, 3);
            cpu.callAll(BinBug::cull, 3);
            gpu.manageAll();
            cpu.manageAll();
            assertEquals(cpu.size(), gpu.size());
            assertSameCounts(gpu, cpu, gpu.size() + " agents left of " + count);
        }
    }

    /** No agents, or none left: every count is 0 and the extremes NaN, on the device as on the host. */
    @ParameterizedTest(name = "{0} agents, all die")
    @CsvSource({"0", "2", "300"})
    void histogramsOfNoAgents_areZeros(int count) {
        Gpu.require();
        try (Simulation gpuSim = Gpu.cuda(3)) {
            Agents<BinBug> gpu = gpuSim.agents(BinBug.class, gpuSim.places(BinCell.class, Grid.of(4, 4)),
                    Placement.random(count));
            if (count > 0) {
                HistogramColumns.fill(gpu, count, 1);
                gpu.callAll(BinBug::die);
                gpu.manageAll();
            }
            assertEquals(0, gpu.size());
            for (Object[] attribute : HistogramColumns.ATTRIBUTES) {
                String name = (String) attribute[0];
                boolean floating = gpu.model().attributes().get(gpu.model().attributeIndex(name)).type().isFloating();
                assertEquals(floating ? new Extremes(Double.NaN, Double.NaN, 0, 0, 0)
                        : new Extremes(Double.NaN, Double.NaN, Long.MAX_VALUE, Long.MIN_VALUE, 0),
                        gpu.extremes(name, (Integer) attribute[1]), name);
                for (Bins bins : HistogramColumns.BINS) {
                    assertArrayEquals(new long[bins.counts()],
                            gpu.histogram((String) attribute[0], (Integer) attribute[1], bins), bins.toString());
                }
            }
        }
    }
}
