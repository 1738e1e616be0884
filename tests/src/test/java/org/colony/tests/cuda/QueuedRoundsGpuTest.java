package org.colony.tests.cuda;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.Supplier;
import org.colony.cuda.CudaGraphs;
import org.colony.runtime.Agents;
import org.colony.runtime.Placement;
import org.colony.runtime.Places;
import org.colony.runtime.Simulation;
import org.colony.runtime.grid.Grid;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * {@code manageAll(retry, maxRounds)} on one GPU queues its rounds at once, where no agent can die or be born in them,
 * with the retry step of each round gated on the device by the moves the round before refused: hoppers that draw a
 * new hop each round (or step left, drawing nothing) give the CPU's state, reports and random streams bit for bit,
 * with rounds that end before the bound and rounds that reach it, moves off the grid, and a retry step that counts
 * its runs (one that ran where the rounds had ended would show); rounds that may kill (after a step that killed, or
 * whose retry step kills) and bounds above what is queued run one at a time, as before, with the same results. Runs
 * where a GPU is present; elsewhere each test is skipped with the reason.
 */
@Tag("gpu")
class QueuedRoundsGpuTest {

    private static final int W = 23;
    private static final int H = 19;

    /** A run's reports of every manageAll, then every hopper's id, place and attributes. */
    record Run(List<String> reports, String state) {
    }

    /**
     * {@code ticks} ticks of hops in up to {@code rounds} rounds (retry step {@code rehop}, or {@code rehopLeft} with
     * {@code left}) and a draw after them; with {@code culls}, each tick first hops in rounds after hunters struck and
     * after the unlucky were culled (one at a time: agents may have died), then in rounds whose retry step kills (one
     * at a time too).
     */
    private static Run hoppers(Simulation sim, boolean wrap, int rounds, int ticks, boolean culls, boolean left) {
        Places<HopCell> cells = sim.places(HopCell.class, wrap ? Grid.of(W, H).wrap() : Grid.of(W, H));
        Agents<Hopper> hoppers = sim.agents(Hopper.class, cells, Placement.random(W * H / 2).atMost(1), 1);
        int n = (int) hoppers.size();
        double[] weight = new double[n];
        for (int i = 0; i < n; i++) {
            weight[i] = (i * 7919L % n) + 0.5; // all different
        }
        hoppers.set("weight", weight);
        hoppers.callAll(Hopper::draw);
        Agents<HopHunter> hunters = culls ? sim.agents(HopHunter.class, cells, Placement.random(40)) : null;
        List<String> reports = new ArrayList<>();
        for (int t = 0; t < ticks; t++) {
            if (culls) { // rounds after kills (by another class's step, by their own), or whose retry step kills
                hunters.callAll(HopHunter::strike);
                hoppers.callAll(Hopper::hop);
                reports.add("struck " + hoppers.manageAll(Hopper::rehop, rounds));
                hoppers.callAll(Hopper::cull);
                hoppers.callAll(Hopper::hop);
                reports.add("culled " + hoppers.manageAll(Hopper::rehop, rounds));
                hoppers.callAll(Hopper::hop);
                reports.add("dying " + hoppers.manageAll(Hopper::rehopOrDie, rounds));
            }
            hoppers.callAll(Hopper::hop);
            reports.add(hoppers.manageAll(left ? Hopper::rehopLeft : Hopper::rehop, rounds).toString());
            hoppers.callAll(Hopper::draw);
            sim.step();
        }
        String state = Arrays.toString(hoppers.ids()) + Arrays.toString(hoppers.locations())
                + Arrays.toString(hoppers.getDouble("luck")) + Arrays.toString(hoppers.getInt("tries"))
                + Arrays.toString(hoppers.getInt("retries")) + Arrays.toString(hoppers.getDouble("weight"));
        return new Run(reports, state);
    }

    static Run run(Supplier<Simulation> open, boolean wrap, int rounds, int ticks, boolean culls) {
        return run(open, wrap, rounds, ticks, culls, false);
    }

    static Run run(Supplier<Simulation> open, boolean wrap, int rounds, int ticks, boolean culls, boolean left) {
        try (Simulation sim = open.get()) {
            return hoppers(sim, wrap, rounds, ticks, culls, left);
        }
    }

    @ParameterizedTest(name = "rounds={0} wrap={1} culls={2} left={3}")
    @CsvSource({"2, false, false, false", "3, true, false, false", "8, false, false, false", "20, true, false, false",
        "4, false, true, false", "20, true, true, false", "5, false, false, true", "5, true, true, true",
        "100, false, false, false"})
    void queuedRounds_giveTheCpusStateReportsAndStreams(int rounds, boolean wrap, boolean culls, boolean left) {
        Gpu.require();
        Run cpu = run(() -> Gpu.cpu(17), wrap, rounds, 12, culls, left);
        Run gpu = run(() -> Gpu.cuda(17), wrap, rounds, 12, culls, left);
        assertEquals(cpu.reports(), gpu.reports());
        assertEquals(cpu.state(), gpu.state());
        // the rounds did not all end at once: some hoppers were refused in a round and asked again in the next
        Run one = run(() -> Gpu.cpu(17), wrap, 1, 12, false, left);
        assertTrue(one.reports().stream().anyMatch(r -> refused(r) > 0), one.reports().toString());
        if (!culls) {
            assertTrue(moves(cpu.reports().get(0)) > moves(one.reports().get(0)), cpu.reports().get(0));
        }
        if (rounds == 2) { // some ticks reach the bound with moves still refused
            assertTrue(cpu.reports().stream().anyMatch(r -> refused(r) > 0), cpu.reports().toString());
        }
        if (!wrap) { // hops off the grid are dropped and counted, not refused
            assertTrue(cpu.reports().stream().anyMatch(r -> field(r, "movesOutside=") > 0), cpu.reports().toString());
        }
    }

    @Test
    void queuedRounds_waitOnce_asOneRoundDoes() {
        Gpu.require();
        assumeTrue(CudaGraphs.ENABLED, "CUDA graphs are switched off (-D" + CudaGraphs.PROPERTY + "=false)");
        int ticks = 30;
        long before = CudaGraphs.interruptions();
        Run oneRound = run(() -> Gpu.cuda(5), false, 1, ticks, false);
        long one = CudaGraphs.interruptions() - before;
        before = CudaGraphs.interruptions();
        Run eightRounds = run(() -> Gpu.cuda(5), false, 8, ticks, false);
        long eight = CudaGraphs.interruptions() - before;
        // every tick of one round refuses some move, so eight rounds run two or more a tick: one at a time they would
        // wait for the device after each, each wait ending a run of launches
        assertTrue(oneRound.reports().stream().allMatch(r -> refused(r) > 0), oneRound.reports().toString());
        assertEquals(run(() -> Gpu.cpu(5), false, 8, ticks, false), eightRounds);
        assertTrue(one >= ticks, "one round a tick waits once a tick: " + one);
        assertTrue(eight <= one + 2, "eight rounds: " + eight + " waits, one round: " + one);
    }

    private static long refused(String report) {
        return field(report, "movesRefused=");
    }

    private static long moves(String report) {
        return field(report, "moves=");
    }

    private static long field(String report, String name) {
        String s = report.substring(report.indexOf(name) + name.length());
        return Long.parseLong(s.substring(0, s.indexOf(',')));
    }
}
