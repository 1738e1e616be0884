package org.colony.tests.cuda;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.colony.ColonyException;
import org.colony.runtime.Agents;
import org.colony.runtime.Config;
import org.colony.runtime.ModelCollection;
import org.colony.runtime.Placement;
import org.colony.runtime.Places;
import org.colony.runtime.Simulation;
import org.colony.runtime.grid.Grid;
import org.colony.runtime.reduce.Reduction;
import org.colony.tests.cuda.ReductionColumns.Kind;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Reductions on a GPU ({@code Store.reduce}: exact sums, extremes and counts reduced where the column lives, only a
 * few words downloaded) are the CPU's bit for bit, for every attribute type: places (owned cells of blocks stored with
 * a halo, one block or several partitions) and live agents (after births and deaths, on one block or partitions), on
 * columns whose huge and tiny values cancel, with NaN, infinities, -0.0 alone, long sums past 64 bits, and none.
 */
@Tag("gpu")
class DeviceReductionGpuTest {

    private static Simulation sim(String backend, long seed, String partitions) {
        List<String> args = new ArrayList<>(List.of("--backend=" + backend, "--seed=" + seed, "--threads=2"));
        if (partitions != null) {
            args.add("--partitions=" + partitions);
        }
        return Simulation.create(Config.fromArgs(args.toArray(String[]::new)));
    }

    /** {@return the reduction of element {@code k} of the attribute, of the attribute itself where it is no array} */
    private static Reduction reduce(ModelCollection<?> collection, String name, int k) {
        return name.equals("h") ? collection.reduce(name, k) : collection.reduce(name);
    }

    /**
     * Every attribute's reduction on the GPU equals the CPU's, the sum's bits included (-0.0, NaN); a long sum past
     * 64 bits fails on both.
     */
    private static void assertSameReductions(ModelCollection<?> gpu, ModelCollection<?> cpu, String what) {
        for (Object[] attribute : HistogramColumns.ATTRIBUTES) {
            String name = (String) attribute[0];
            int k = (Integer) attribute[1];
            String where = what + " " + name + "[" + k + "]";
            Reduction expected;
            try {
                expected = reduce(cpu, name, k);
            } catch (ColonyException e) {
                assertTrue(e.getMessage().contains("overflows 64 bits"), e.getMessage());
                ColonyException device = assertThrows(ColonyException.class, () -> reduce(gpu, name, k), where);
                assertTrue(device.getMessage().contains("overflows 64 bits"), where + ": " + device.getMessage());
                assertEquals(cpu.extremes(name, k), gpu.extremes(name, k), where + " extremes");
                continue;
            }
            Reduction actual = reduce(gpu, name, k);
            assertEquals(expected, actual, where);
            assertEquals(Double.doubleToRawLongBits(expected.sum()), Double.doubleToRawLongBits(actual.sum()),
                    where + " sum bits");
            assertEquals(Double.doubleToRawLongBits(expected.max()), Double.doubleToRawLongBits(actual.max()),
                    where + " max bits");
        }
    }

    @ParameterizedTest(name = "{0}x{1} places, partitions={2}, {3}")
    @CsvSource({"37, 23, , CANCEL", "37, 23, 2x2, CANCEL", "1, 1, , CANCEL", "130, 3, 3, SPECIALS",
        "8, 200, 1x3, INFINITY", "64, 64, 4, NEGATIVE_ZEROS", "1000, 700, , CANCEL", "999, 701, 3x2, CANCEL",
        "301, 301, , SPECIALS", "9, 5, 2, SPECIALS"})
    void placeReductions_onTheGpu_areTheCpus(int nx, int ny, String partitions, Kind kind) {
        Gpu.require();
        try (Simulation gpuSim = sim("cuda", 7, partitions); Simulation cpuSim = sim("cpu", 7, null)) {
            Places<BinCell> gpu = gpuSim.places(BinCell.class, Grid.of(nx, ny));
            Places<BinCell> cpu = cpuSim.places(BinCell.class, Grid.of(nx, ny));
            ReductionColumns.fill(gpu, kind, nx * ny, 11);
            ReductionColumns.fill(cpu, kind, nx * ny, 11);
            String what = nx + "x" + ny + " places, partitions=" + partitions + ", " + kind;
            assertSameReductions(gpu, cpu, what);
            gpu.callAll(BinCell::shift);
            cpu.callAll(BinCell::shift);
            assertSameReductions(gpu, cpu, what + ", after a step");
        }
    }

    @ParameterizedTest(name = "{0} agents, partitions={1}, {2}")
    @CsvSource({"1, , CANCEL", "700, , CANCEL", "5000, , SPECIALS", "5000, 2x2, CANCEL", "3000, 3, INFINITY",
        "2000, , NEGATIVE_ZEROS", "40000, , CANCEL", "40000, 2, SPECIALS"})
    void agentReductions_onTheGpu_areTheCpus_afterBirthsAndDeaths(int count, String partitions, Kind kind) {
        Gpu.require();
        try (Simulation gpuSim = sim("cuda", 5, partitions); Simulation cpuSim = sim("cpu", 5, null)) {
            Agents<BinBug> gpu = gpuSim.agents(BinBug.class, gpuSim.places(BinCell.class, Grid.of(61, 47)),
                    Placement.random(count), 64);
            Agents<BinBug> cpu = cpuSim.agents(BinBug.class, cpuSim.places(BinCell.class, Grid.of(61, 47)),
                    Placement.random(count), 64);
            ReductionColumns.fill(gpu, kind, count, 13);
            ReductionColumns.fill(cpu, kind, count, 13);
            String what = count + " agents, partitions=" + partitions + ", " + kind;
            assertSameReductions(gpu, cpu, what);
            gpu.callAll(BinBug::turnover);
            cpu.callAll(BinBug::turnover);
            gpu.manageAll();
            cpu.manageAll();
            assertEquals(cpu.size(), gpu.size(), what + ": births and deaths");
            assertSameReductions(gpu, cpu, what + ", " + gpu.size() + " after births and deaths");
            Map<String, ?> added = Map.of("v", ReductionColumns.doubles(Kind.CANCEL, 100, 3),
                    "f", ReductionColumns.floats(kind, 100, 4));
            gpu.add(Placement.random(100), added);
            cpu.add(Placement.random(100), added);
            assertSameReductions(gpu, cpu, what + ", " + gpu.size() + " after 100 added");
            gpu.callAll(BinBug::cull, 4);
            cpu.callAll(BinBug::cull, 4);
            gpu.manageAll();
            cpu.manageAll();
            assertSameReductions(gpu, cpu, what + ", " + gpu.size() + " after a cull");
        }
    }

    /** No agents, or none left: a count of 0, a sum of 0.0 and NaN extremes, on the device as on the host. */
    @ParameterizedTest(name = "{0} agents, all die, partitions={1}")
    @CsvSource({"0, ", "2, ", "300, ", "0, 2", "300, 2x2"})
    void reductionsOfNoAgents_areTheCpus(int count, String partitions) {
        Gpu.require();
        try (Simulation gpuSim = sim("cuda", 3, partitions); Simulation cpuSim = sim("cpu", 3, null)) {
            Agents<BinBug> gpu = gpuSim.agents(BinBug.class, gpuSim.places(BinCell.class, Grid.of(8, 8)),
                    Placement.random(count));
            Agents<BinBug> cpu = cpuSim.agents(BinBug.class, cpuSim.places(BinCell.class, Grid.of(8, 8)),
                    Placement.random(count));
            for (Agents<BinBug> agents : List.of(gpu, cpu)) {
                if (count > 0) {
                    ReductionColumns.fill(agents, Kind.SPECIALS, count, 1);
                    agents.callAll(BinBug::die);
                    agents.manageAll();
                }
                assertEquals(0, agents.size());
            }
            assertSameReductions(gpu, cpu, count + " agents, all dead");
            assertEquals(new Reduction(0.0, 0, Double.NaN, Double.NaN, 0, 0, 0), gpu.reduce("v"));
        }
    }
}
