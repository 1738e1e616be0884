package org.colony.tests.lang;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import org.colony.ColonyException;
import org.colony.runtime.Agents;
import org.colony.runtime.Config;
import org.colony.runtime.Placement;
import org.colony.runtime.Places;
import org.colony.runtime.Simulation;
import org.colony.runtime.grid.Grid;
import org.colony.tests.agents.Patch;
import org.colony.tests.agents.Probe;
import org.junit.jupiter.api.function.Executable;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * A step that fails while it runs names, after the step and its declaration, the line of the statement that failed:
 * in a place step, in an agent step, in a model method a step calls (the method's line: its statements are the
 * step's, inlined), held back on the CPU and surfacing at a later read, on one thread and several, on one block and
 * on partitions. The lines are those of {@link FaultCell} and {@link Probe}. ({@code FaultCell.scale} has a vector form
 * on the CPU, which cannot fail: integer division and array elements keep a step scalar; its kernels are in the same
 * generated file, so the lines of the others are found around them.)
 */
class StepFailureLineTest {

    /** Cells enough that a call is split between threads. */
    private static final int SIDE = 256;

    private static final String DIVISION = Lang.backend().equals("cpu") ? "java.lang.ArithmeticException: / by zero"
            : "integer division by zero";

    private static Simulation sim(int threads, int partitions) {
        return Simulation.create(Config.defaults().withBackend(Lang.backend()).withThreads(threads)
                .withPartitions(partitions));
    }

    private static String message(Executable failing) {
        ColonyException e = assertThrows(ColonyException.class, failing);
        assertFalse(e.getMessage().contains("\n"), "one line: " + e.getMessage());
        return e.getMessage();
    }

    @ParameterizedTest(name = "threads={0} partitions={1}")
    @CsvSource({"1, 1", "2, 1", "1, 2", "2, 4"})
    void divisionByZeroInAPlaceStep_namesTheStatement(int threads, int partitions) {
        try (Simulation sim = sim(threads, partitions)) {
            Places<FaultCell> cells = sim.places(FaultCell.class, Grid.of(SIDE, SIDE));
            cells.callAll(FaultCell::scale, 2.0);
            assertEquals("step FaultCell.divide (FaultCell.java:26) failed: FaultCell.java:31: " + DIVISION,
                    message(() -> {
                        cells.callAll(FaultCell::divide, 0);
                        cells.getInt("k"); // a GPU reports the failure when the host next waits for it
                    }));
        }
    }

    @ParameterizedTest(name = "threads={0} partitions={1}")
    @CsvSource({"1, 1", "2, 1", "2, 2"})
    void divisionByZeroInAModelMethod_namesTheMethodsLine(int threads, int partitions) {
        try (Simulation sim = sim(threads, partitions)) {
            Places<FaultCell> cells = sim.places(FaultCell.class, Grid.of(SIDE, SIDE));
            // The step (line 36) calls share(k, d) at line 38; the division is at line 42, in share.
            assertEquals("step FaultCell.divideInHelper (FaultCell.java:36) failed: FaultCell.java:42: " + DIVISION,
                    message(() -> {
                        cells.callAll(FaultCell::divideInHelper, 0);
                        cells.getInt("k");
                    }));
        }
    }

    @ParameterizedTest(name = "threads={0}")
    @CsvSource({"1", "2"})
    void divisionByZeroInAHeldStep_namesTheStatementAtTheRead(int threads) {
        Lang.assumeCpu("only the CPU backend holds steps back");
        System.setProperty("colony.cpu.hold.minCells", "0");
        Simulation sim;
        try {
            sim = sim(threads, 1);
        } finally {
            System.clearProperty("colony.cpu.hold.minCells");
        }
        try (sim) {
            Places<FaultCell> cells = sim.places(FaultCell.class, Grid.of(SIDE, SIDE));
            cells.callAll(FaultCell::scale, 2.0);
            cells.callAll(FaultCell::divide, 0);
            cells.callAll(FaultCell::scale, 3.0);
            ColonyException e = assertThrows(ColonyException.class, () -> cells.getDouble("v"));
            assertEquals("step FaultCell.divide (FaultCell.java:26) failed: FaultCell.java:31: " + DIVISION,
                    e.getMessage());
            assertTrue(Arrays.stream(e.getStackTrace()).anyMatch(f -> f.getClassName().endsWith(".cpu.HeldSteps")),
                    "the step ran held, at the read");
        }
    }

    @ParameterizedTest(name = "threads={0} partitions={1}")
    @CsvSource({"1, 1", "2, 1", "2, 2"})
    void arrayIndexOutOfRangeInAnAgentStep_namesTheStatement(int threads, int partitions) {
        try (Simulation sim = sim(threads, partitions)) {
            Places<Patch> patches = sim.places(Patch.class, Grid.of(64, 64));
            Agents<Probe> probes = sim.agents(Probe.class, patches, Placement.random(20_000));
            probes.callAll(Probe::record, 2);
            String what = Lang.backend().equals("cpu")
                    ? "java.lang.ArrayIndexOutOfBoundsException: Index 3 out of bounds for length 3"
                    : "array index 3 is out of range";
            assertEquals("step Probe.record (Probe.java:14) failed: Probe.java:16: " + what, message(() -> {
                probes.callAll(Probe::record, 3);
                probes.ids();
            }));
        }
    }
}
