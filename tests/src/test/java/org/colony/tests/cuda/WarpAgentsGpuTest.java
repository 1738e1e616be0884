package org.colony.tests.cuda;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Path;
import java.util.function.Function;
import org.colony.cuda.CudaAgentSteps;
import org.colony.cuda.tuning.CudaSwitches;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Agent steps run a warp an agent ({@code colony.cuda.warpAgents}: the lanes load the places around the agent into
 * shared memory, one lane runs the step) give what a thread an agent gives, and the CPU's: StupidModel's {@code look}
 * and {@code relook} (81 cells' food and counts of bugs, ties broken by draws) on one block and on two partitions of
 * one GPU, never, always, by the device's rule, and with a bound the population crosses as it runs (both forms in one
 * run). Runs where a GPU is present; elsewhere each test is skipped with the reason.
 */
@Tag("gpu")
class WarpAgentsGpuTest {

    @TempDir
    Path dir;

    @ParameterizedTest(name = "{0}x{1} partitions={2}")
    @CsvSource({"48, 40, 1", "96, 64, 1", "64, 48, 2"})
    void aWarpAnAgent_givesWhatAThreadGives_andTheCpus(int w, int h, int partitions) throws IOException {
        Gpu.require();
        int ticks = 60;
        StupidRuns.Case c = StupidRuns.of(dir, w, h, partitions, ticks);
        // a run with the switch set to the value given
        Function<String, String> warpAgents = most -> c.with(CudaSwitches.WARP_AGENTS, most);
        StupidRuns.Seen cpu = c.cpu();
        assertTrue(cpu.most() > cpu.fewest() + 2, "the population changes: " + cpu.fewest() + " to " + cpu.most());
        long before = CudaAgentSteps.warpLaunches();
        String threads = warpAgents.apply("0");
        assertEquals(before, CudaAgentSteps.warpLaunches(),
                "with colony.cuda.warpAgents=0 no step ran a warp an agent");
        String warps = warpAgents.apply("1000000");
        long always = CudaAgentSteps.warpLaunches() - before;
        // look and, in the queued rounds, relook: more than one launch a tick
        assertTrue(always >= 2L * ticks, "warp launches: " + always);
        String rule = warpAgents.apply("-1"); // 64 a multiprocessor: more than these bugs
        assertEquals(2 * always, CudaAgentSteps.warpLaunches() - before, "the device's rule for this few bugs");
        // a bound between the fewest and the most bugs of the run: both forms run
        String crossing = warpAgents.apply(Long.toString((cpu.fewest() + cpu.most()) / 2));
        long some = CudaAgentSteps.warpLaunches() - before - 2 * always;
        assertTrue(some > 0 && some < always, "warp launches with a bound the population crosses: " + some);
        assertEquals(cpu.all(), threads);
        assertEquals(cpu.all(), warps);
        assertEquals(cpu.all(), rule);
        assertEquals(cpu.all(), crossing);
    }
}
