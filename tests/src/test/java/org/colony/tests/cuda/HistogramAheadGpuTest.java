package org.colony.tests.cuda;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import java.util.function.Consumer;
import org.colony.cuda.CudaAgentSteps;
import org.colony.runtime.Agents;
import org.colony.runtime.Placement;
import org.colony.runtime.Simulation;
import org.colony.runtime.grid.Grid;
import org.colony.runtime.reduce.Bins;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * A histogram asked right after every {@code manageAll} is counted in the wait of the next one
 * ({@code colony.cuda.histogramAhead}, {@code HistogramAhead}): its counts are the CPU's every tick, with the counting
 * ahead on and off, of a double, an array's element and an int, with deaths, births, moves, a manageAll before the one
 * the histogram follows and a second histogram in the ticks; and whatever changes the agents between a
 * {@code manageAll} and the histogram (a step, values set or agents added from the host, other bins or another column
 * asked) is counted, not answered from counts made before it.
 */
@Tag("gpu")
class HistogramAheadGpuTest {

    private static final String SWITCH = "colony.cuda.histogramAhead";
    private static final Bins SIZES = new Bins(-2, 12, 14);
    private static final Bins WIDE = new Bins(-100, 100, 3);
    private static final int AGENTS = 3000;

    /** The same collection on the GPU and on the CPU, changed alike. */
    private record Both(Agents<BinBug> gpu, Agents<BinBug> cpu) {

        void apply(Consumer<Agents<BinBug>> change) {
            change.accept(gpu);
            change.accept(cpu);
        }

        void assertHistogram(String attr, int k, Bins bins, String where) {
            assertArrayEquals(bins.count(cpu.getColumn(attr, k)), gpu.histogram(attr, k, bins), where);
        }
    }

    private static Both both(Simulation gpuSim, Simulation cpuSim) {
        Agents<BinBug> gpu = gpuSim.agents(BinBug.class, gpuSim.places(BinCell.class, Grid.of(67, 59)),
                Placement.random(AGENTS));
        Agents<BinBug> cpu = cpuSim.agents(BinBug.class, cpuSim.places(BinCell.class, Grid.of(67, 59)),
                Placement.random(AGENTS));
        HistogramColumns.fill(gpu, AGENTS, 21);
        HistogramColumns.fill(cpu, AGENTS, 21);
        return new Both(gpu, cpu);
    }

    /** A tick as StupidModel's: the values move on, some agents die, a manageAll. */
    private static void tick(Agents<BinBug> agents) {
        agents.callAll(BinBug::drift, 0.37);
        agents.callAll(BinBug::thin, 40);
        agents.manageAll();
    }

    /**
     * Ticks, each with deaths and (every tenth) births, a histogram of {@code attr[k]} and then one of another column,
     * against the CPU, with counting ahead on or off; with {@code moves}, each tick's manageAll also moves the agents
     * and is the second of two (the first's counts go unasked).
     */
    @ParameterizedTest(name = "counted ahead: {0}, {1}[{2}], moves: {3}")
    @CsvSource({"true, v, 0, false", "false, v, 0, false", "true, h, 1, false", "true, n, 0, false",
        "true, v, 0, true", "false, v, 0, true"})
    void histogramsAfterEveryManageAll_areTheCpus(boolean ahead, String attr, int k, boolean moves) {
        Gpu.require();
        long before = CudaAgentSteps.histogramsAhead();
        Gpu.withProperty(SWITCH, String.valueOf(ahead), () -> {
            try (Simulation gpuSim = Gpu.cuda(11); Simulation cpuSim = Gpu.cpu(11)) {
                Both b = both(gpuSim, cpuSim);
                for (int t = 0; t < 30; t++) {
                    if (moves) {
                        b.apply(a -> a.manageAll());
                        b.apply(a -> a.callAll(BinBug::hop));
                    }
                    b.apply(HistogramAheadGpuTest::tick);
                    if (t % 10 == 6) { // children asked for in the next manageAll, which then counts nothing ahead
                        b.apply(a -> a.callAll(BinBug::turnover));
                    }
                    assertEquals(b.cpu().size(), b.gpu().size(), "tick " + t);
                    assertArrayEquals(b.cpu().locations(), b.gpu().locations(), "tick " + t + " places");
                    b.assertHistogram(attr, k, SIZES, "tick " + t + " " + attr + "[" + k + "]");
                    b.assertHistogram(attr.equals("h") ? "v" : "h", attr.equals("h") ? 0 : 1, WIDE,
                            "tick " + t + ", another column asked second");
                }
            }
            return null;
        });
        long answered = CudaAgentSteps.histogramsAhead() - before;
        if (ahead) { // every tick but the first and those after a tick with births
            assertTrue(answered >= 20, answered + " histograms answered ahead");
        } else {
            assertEquals(0, answered);
        }
    }

    /**
     * Once asked after every {@code manageAll}, then no more: the counts stay the CPU's when the histogram comes back
     * after more {@code manageAll} calls without it than the counting ahead waits for, and on the tick after.
     */
    @Test
    void aHistogramAskedAgainAfterAPause_isTheCpus() {
        Gpu.require();
        try (Simulation gpuSim = Gpu.cuda(13); Simulation cpuSim = Gpu.cpu(13)) {
            Both b = both(gpuSim, cpuSim);
            for (int t = 0; t < 3; t++) {
                b.apply(HistogramAheadGpuTest::tick);
                b.assertHistogram("v", 0, SIZES, "tick " + t);
            }
            for (int t = 0; t < 12; t++) { // more manageAll calls in a row than the counting ahead waits for
                b.apply(HistogramAheadGpuTest::tick);
            }
            b.assertHistogram("v", 0, SIZES, "after the pause");
            b.apply(HistogramAheadGpuTest::tick);
            b.assertHistogram("v", 0, SIZES, "the tick after the pause");
        }
    }

    @Test
    void changesBetweenTheManageAllAndTheHistogram_areCounted() {
        Gpu.require();
        try (Simulation gpuSim = Gpu.cuda(12); Simulation cpuSim = Gpu.cpu(12)) {
            Both b = both(gpuSim, cpuSim);
            Map<String, Consumer<Agents<BinBug>>> changes = Map.of(
                    "a step", a -> a.callAll(BinBug::drift, 1.5),
                    "values set", a -> a.set("v", HistogramColumns.doubles((int) a.size(), 5)),
                    "agents added", a -> a.add(Placement.random(50), Map.of("v", HistogramColumns.doubles(50, 6))),
                    "nothing", a -> { });
            for (String change : changes.keySet().stream().sorted().toList()) {
                for (int t = 0; t < 3; t++) { // the histogram asked after a manageAll: counted ahead from the second
                    b.apply(HistogramAheadGpuTest::tick);
                    b.assertHistogram("v", 0, SIZES, change + ", tick " + t);
                }
                long before = CudaAgentSteps.histogramsAhead();
                b.apply(HistogramAheadGpuTest::tick);
                b.apply(changes.get(change));
                b.assertHistogram("v", 0, SIZES, "after " + change);
                b.assertHistogram("v", 0, WIDE, "after " + change + ", other bins");
                b.assertHistogram("h", 1, SIZES, "after " + change + ", another column");
                assertEquals(change.equals("nothing") ? 1 : 0, CudaAgentSteps.histogramsAhead() - before, change);
            }
        }
    }
}
