package org.colony.tests.cuda;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.Supplier;
import org.colony.cuda.CudaAgentSteps;
import org.colony.cuda.tuning.CudaSwitches;
import org.colony.examples.stupid.Habitat;
import org.colony.examples.stupid.StupidModel;
import org.colony.runtime.Config;
import org.colony.runtime.Simulation;
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

    /** What a run saw: every tick's population and histogram, then the bugs and predators; the fewest and most bugs. */
    private record Seen(String all, long fewest, long most) {
    }

    /** Every tick's population and histogram, then every bug's id, place and size, and the predators' places. */
    private static Seen run(Simulation sim, Path habitat, int w, int h, int ticks) {
        StupidModel model = new StupidModel(sim, w, h, habitat, StupidModel.Parameters.of(w * h / 6, w * h / 60));
        List<String> seen = new ArrayList<>();
        long fewest = Long.MAX_VALUE;
        long most = 0;
        for (int t = 0; t < ticks && !model.finished(); t++) {
            model.tick();
            seen.add(model.population() + " " + Arrays.toString(model.histogram()));
            fewest = Math.min(fewest, model.population());
            most = Math.max(most, model.population());
        }
        return new Seen(seen + Arrays.toString(model.bugs().ids()) + Arrays.toString(model.bugs().locations())
                + Arrays.toString(model.bugs().getDouble("size")) + Arrays.toString(model.predators().locations()),
                fewest, most);
    }

    /** A run on a simulation that {@code open} makes with {@code colony.cuda.warpAgents} set to {@code most}. */
    private static String withWarps(String most, Supplier<Simulation> open, Path habitat, int w, int h, int ticks) {
        return Gpu.withProperty(CudaSwitches.WARP_AGENTS.property(), most, () -> {
            try (Simulation sim = open.get()) {
                return run(sim, habitat, w, h, ticks).all();
            }
        });
    }

    @ParameterizedTest(name = "{0}x{1} partitions={2}")
    @CsvSource({"48, 40, 1", "96, 64, 1", "64, 48, 2"})
    void aWarpAnAgent_givesWhatAThreadGives_andTheCpus(int w, int h, int partitions) throws IOException {
        Gpu.require();
        Path habitat = dir.resolve("habitat.data");
        Habitat.write(habitat, w, h, 3);
        int ticks = 60;
        Supplier<Simulation> gpu = () -> Simulation.create(Config.defaults().withBackend("cuda").withSeed(11)
                .withPartitions(partitions));
        Seen cpu;
        try (Simulation sim = Simulation.create(Config.defaults().withBackend("cpu").withThreads(2).withSeed(11)
                .withPartitions(partitions))) {
            cpu = run(sim, habitat, w, h, ticks);
        }
        assertTrue(cpu.most() > cpu.fewest() + 2, "the population changes: " + cpu.fewest() + " to " + cpu.most());
        long before = CudaAgentSteps.warpLaunches();
        String threads = withWarps("0", gpu, habitat, w, h, ticks);
        assertEquals(before, CudaAgentSteps.warpLaunches(), "with colony.cuda.warpAgents=0 no step ran a warp an agent");
        String warps = withWarps("1000000", gpu, habitat, w, h, ticks);
        long always = CudaAgentSteps.warpLaunches() - before;
        // look and, in the queued rounds, relook: more than one launch a tick
        assertTrue(always >= 2L * ticks, "warp launches: " + always);
        String rule = withWarps("-1", gpu, habitat, w, h, ticks); // 64 a multiprocessor: more than these bugs
        assertEquals(2 * always, CudaAgentSteps.warpLaunches() - before, "the device's rule for this few bugs");
        // a bound between the fewest and the most bugs of the run: both forms run
        String crossing = withWarps(Long.toString((cpu.fewest() + cpu.most()) / 2), gpu, habitat, w, h, ticks);
        long some = CudaAgentSteps.warpLaunches() - before - 2 * always;
        assertTrue(some > 0 && some < always, "warp launches with a bound the population crosses: " + some);
        assertEquals(cpu.all(), threads);
        assertEquals(cpu.all(), warps);
        assertEquals(cpu.all(), rule);
        assertEquals(cpu.all(), crossing);
    }
}
