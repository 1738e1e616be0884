package org.colony.tests.cuda;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.Function;
import java.util.function.Supplier;
import org.colony.ColonyException;
import org.colony.cuda.CudaGraphs;
import org.colony.examples.heat.Heat2D;
import org.colony.examples.life.GameOfLife;
import org.colony.examples.stupid.Habitat;
import org.colony.examples.stupid.StupidModel;
import org.colony.runtime.Places;
import org.colony.runtime.Simulation;
import org.colony.runtime.grid.Grid;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Ticks replayed as CUDA graphs compute the same bits as the same ticks launched one kernel at a time and as the
 * CPU, and the graphs are really replayed ({@link CudaGraphs#counts()}). Runs where a GPU is present; elsewhere
 * each test is skipped with the reason. Run without {@code -Dcolony.cuda.graphs=false}.
 */
@Tag("gpu")
class CudaGraphsTest {

    /** The result of a run and what graphs did during it. */
    private record Run<T>(T result, CudaGraphs.Counts graphs) {
    }

    private static <T> Run<T> run(Supplier<Simulation> open, Function<Simulation, T> body) {
        CudaGraphs.Counts before = CudaGraphs.counts();
        try (Simulation sim = open.get()) {
            T result = body.apply(sim);
            return new Run<>(result, CudaGraphs.counts().since(before));
        }
    }

    private static void requireGraphs() {
        Gpu.require();
        assumeTrue(CudaGraphs.ENABLED,
                "CUDA graphs are switched off (-D" + CudaGraphs.PROPERTY + "=false)");
    }

    private static final CudaGraphs.Counts NONE = new CudaGraphs.Counts(0, 0, 0, 0, 0);

    @Test
    void heat2d_replayedAsGraphs_isBitIdenticalToEagerLaunchesAndToTheCpu_acrossTheHeaterSwitchingOff() {
        requireGraphs();
        int n = 100;
        int steps = 300;
        int heatTime = 150; // HeatCell.tick with heating true until then, false after
        Function<Simulation, double[]> heat2d = sim -> {
            Heat2D m = new Heat2D(sim, n, heatTime);
            for (int t = 0; t < steps; t++) {
                m.tick();
            }
            return m.plate().getDouble("temp");
        };
        double[] cpu = run(() -> Gpu.cpu(42), heat2d).result();
        Run<double[]> graphs = run(() -> Gpu.cuda(42), heat2d);
        Run<double[]> eager = run(() -> CudaGraphs.off(() -> Gpu.cuda(42)), heat2d);

        assertArrayEquals(cpu, graphs.result(), 0.0);
        assertArrayEquals(cpu, eager.result(), 0.0);
        assertEquals(NONE, eager.graphs(), "graphs off: nothing captured");
        // One launch a tick, the same shape throughout: ticks 0-1 launch eagerly (the second builds the graph), every
        // later one is replayed. The double buffer swaps every tick, so two executable graphs alternate: the first
        // replay updates the node (the graph was built from the other column), and at heatTime the heating argument
        // changes, so each executable graph has its node updated once more.
        CudaGraphs.Counts g = graphs.graphs();
        assertEquals(1, g.built(), g.toString());
        assertEquals(steps - 2, g.replayed(), g.toString());
        assertEquals(3, g.updated(), g.toString());
        assertEquals(2, g.instantiated(), g.toString());
        assertEquals(0, g.flushed(), g.toString());
    }

    @Test
    void gameOfLife_replayedAsGraphs_isBitIdenticalToEagerLaunchesAndToTheCpu_alternatingTwoExecutableGraphs() {
        requireGraphs();
        int n = 300;
        int steps = 200;
        Function<Simulation, String> life = sim -> {
            GameOfLife m = new GameOfLife(sim, n);
            for (int t = 0; t < steps; t++) {
                m.tick();
            }
            return Arrays.toString(m.board().getBoolean("alive")) + " population=" + m.population();
        };
        String cpu = run(() -> Gpu.cpu(7), life).result();
        // Steps one at a time: a held pass, compiled beside the steps, would change the launches when it is ready
        // (HeldStepsGpuTest covers held steps).
        Run<String> graphs;
        Run<String> eager;
        System.setProperty("colony.cuda.hold", "1");
        try {
            graphs = run(() -> Gpu.cuda(7), life);
            eager = run(() -> CudaGraphs.off(() -> Gpu.cuda(7)), life);
        } finally {
            System.clearProperty("colony.cuda.hold");
        }

        assertEquals(cpu, graphs.result());
        assertEquals(cpu, eager.result());
        assertEquals(NONE, eager.graphs());
        // Tick 0 is seed + update; ticks 1-2 build the graph of update; the double buffer swaps every tick, so two
        // executable graphs alternate: one update (the first replay), then none.
        CudaGraphs.Counts g = graphs.graphs();
        assertEquals(1, g.built(), g.toString());
        assertEquals(steps - 3, g.replayed(), g.toString());
        assertEquals(2, g.instantiated(), g.toString());
        assertEquals(1, g.updated(), g.toString());
    }

    @Test
    void agentModel_replaysTheLaunchesBetweenItsWaitsAsGraphs_bitIdenticalToEagerLaunchesAndToTheCpu(
            @TempDir Path dir) {
        requireGraphs();
        Path habitat = dir.resolve("habitat.data");
        Habitat.write(habitat, 64, 32, 5L);
        int ticks = 60;
        Function<Simulation, String> stupid = sim -> {
            StupidModel m = new StupidModel(sim, 64, 32, habitat, StupidModel.Parameters.of(150, 12));
            StringBuilder out = new StringBuilder();
            for (int t = 0; t < ticks; t++) {
                m.tick();
                out.append(m.population()).append(Arrays.toString(m.histogram())).append('\n');
            }
            return out + Arrays.toString(m.bugs().ids()) + Arrays.toString(m.bugs().locations())
                    + Arrays.toString(m.bugs().getDouble("size")) + Arrays.toString(m.predators().locations());
        };
        String cpu = run(() -> Gpu.cpu(11), stupid).result();
        Run<String> graphs = run(() -> Gpu.cuda(11), stupid);
        Run<String> eager = run(() -> CudaGraphs.off(() -> Gpu.cuda(11)), stupid);

        assertEquals(cpu, eager.result());
        assertEquals(cpu, graphs.result());
        assertEquals(NONE, eager.graphs());
        // A tick waits for the device at every manageAll: the launches between two waits repeat from tick to tick.
        CudaGraphs.Counts g = graphs.graphs();
        assertTrue(g.replayed() > ticks, "segments of launches replayed: " + g);
    }

    @Test
    void stepReadingTime_getsItsNodeUpdatedEveryTick_andMatchesTheCpu() {
        requireGraphs();
        int steps = 50;
        Function<Simulation, String> clock = sim -> {
            Places<ClockCell> cells = sim.places(ClockCell.class, Grid.of(64, 48));
            int[] left = new int[64 * 48];
            Arrays.fill(left, 1000);
            cells.set("left", left);
            for (int t = 0; t < steps; t++) {
                cells.callAll(ClockCell::stamp);
                cells.callAll(ClockCell::countDown);
                sim.step();
            }
            return Arrays.toString(cells.getLong("stamp")) + Arrays.toString(cells.getInt("quotient"));
        };
        String cpu = run(() -> Gpu.cpu(1), clock).result();
        Run<String> graphs = run(() -> Gpu.cuda(1), clock);

        assertEquals(cpu, graphs.result());
        CudaGraphs.Counts g = graphs.graphs();
        assertEquals(steps - 2, g.replayed(), g.toString());
        assertEquals(steps - 2, g.updated(), "the stamp node's time changes every tick, countDown's never: " + g);
    }

    @Test
    void driverReadingBetweenTheLaunchesOfATick_seesTheHeldLaunchesDone() {
        requireGraphs();
        Function<Simulation, List<long[]>> midTick = sim -> {
            Places<ClockCell> cells = sim.places(ClockCell.class, Grid.of(64, 64));
            int[] left = new int[64 * 64];
            Arrays.fill(left, 1000);
            cells.set("left", left);
            List<long[]> seen = new ArrayList<>();
            for (int t = 0; t < 40; t++) {
                cells.callAll(ClockCell::stamp);
                if (t % 10 == 5) {
                    seen.add(cells.getLong("stamp")); // after stamp, before countDown
                }
                cells.callAll(ClockCell::countDown);
                sim.step();
            }
            seen.add(cells.getLong("stamp"));
            return seen;
        };
        List<long[]> cpu = run(() -> Gpu.cpu(3), midTick).result();
        Run<List<long[]>> graphs = run(() -> Gpu.cuda(3), midTick);

        assertEquals(cpu.size(), graphs.result().size());
        for (int i = 0; i < cpu.size(); i++) {
            assertArrayEquals(cpu.get(i), graphs.result().get(i), "read " + i);
        }
        CudaGraphs.Counts g = graphs.graphs();
        // The tick [stamp, countDown] is a graph after two ticks. A read mid-tick ends a segment [stamp] (sent one
        // by one the first two times, a graph of its own from then on) and starts one [countDown] (a graph after
        // the first two reads too).
        assertEquals(2, g.flushed(), "the first two reads sent the held stamp out before them: " + g);
        assertEquals(3, g.built(), "the whole tick, and each side of a read: " + g);
        assertEquals(40 - 2 - 4 + 2 * 2, g.replayed(), g.toString());
    }

    @Test
    void stepFailingOnTheDeviceDuringAReplayedTick_isReportedAtTheNextRead_asWithoutGraphs() {
        requireGraphs();
        Function<Simulation, String> failing = sim -> {
            Places<ClockCell> cells = sim.places(ClockCell.class, Grid.of(32, 32));
            int[] left = new int[32 * 32];
            Arrays.fill(left, 30); // 1000 / 0 on tick 29
            cells.set("left", left);
            for (int t = 0; t < 60; t++) {
                cells.callAll(ClockCell::countDown);
                sim.step();
            }
            ColonyException e = assertThrows(ColonyException.class, () -> cells.getInt("quotient"));
            return e.getMessage();
        };
        Run<String> graphs = run(() -> Gpu.cuda(1), failing);
        Run<String> eager = run(() -> CudaGraphs.off(() -> Gpu.cuda(1)), failing);

        assertTrue(graphs.result().startsWith("step ClockCell.countDown (ClockCell.java:"), graphs.result());
        assertTrue(graphs.result().contains("integer division by zero"), graphs.result());
        assertEquals(eager.result(), graphs.result());
        assertEquals(60 - 2, graphs.graphs().replayed(), "the failing tick was a replayed one");
    }
}
