package org.colony.tests.checkpoint;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.ServiceLoader;
import org.colony.runtime.Agents;
import org.colony.runtime.Config;
import org.colony.runtime.Places;
import org.colony.runtime.Simulation;
import org.colony.runtime.cli.Scenario;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Every example run for a number of ticks, checkpointed part-way on one setting (threads, partitions) and resumed on
 * another, ends in the same state, bit for bit, as the run that was never interrupted.
 */
public class ResumeTest {

    @TempDir
    Path dir;

    @ParameterizedTest(name = "{0} {1}: {3} at {4} to {5}")
    @CsvSource({
        "heat2d, 40x40, 30, --threads=1, 11, --threads=2 --partitions=3",
        "gameoflife, 41x41, 25, --threads=2 --partitions=2x2, 9, --threads=1",
        "sugarscape, 40x40, 30, --threads=1, 13, --threads=2 --partitions=4",
        "wolfsheep, 31x31, 40, --threads=2, 17, --threads=1 --partitions=3",
        "epidemic, 200x200, 8, --threads=1 --partitions=2, 3, --threads=2",
        "stupidmodel, 48x32, 30, --threads=1, 12, --threads=2 --partitions=2x2",
        "braingrid, 30x30, 40, --threads=2 --partitions=3, 15, --threads=1",
        "stupidmodel, 48x32, 30, --threads=2 --partitions=3, 0, --threads=1",
        "sir, 3000, 30, --threads=1, 12, --threads=2 --partitions=3",
        "sir, 3000, 30, --threads=2 --partitions=4, 9, --threads=1",
        "roads, 40x40, 30, --threads=2, 11, --threads=1",
        "roads, 40x40, 30, --threads=1, 11, --threads=2 --partitions=3",
        "roads, 40x40, 30, --threads=2 --partitions=4, 9, --threads=1"})
    void aResumedRun_endsAsTheUninterruptedOne(String name, String size, int ticks, String first, int at,
            String second) {
        List<String> straight = run(name, size, ticks, "--threads=1", null, -1);
        Path file = dir.resolve(name + ".colony");
        run(name, size, at, first, file, at);
        List<String> resumed = run(name, size, ticks, second, file, -1);
        assertEquals(straight, resumed);
        if (at > 0) { // (a run of the last ticks alone, from the setup, ends elsewhere: the test can tell)
            assertNotEquals(straight, run(name, size, ticks - at, second, null, -1));
        }
    }

    /**
     * Runs {@code name} to {@code ticks} ticks on {@code settings}: resumed from {@code file} first where {@code save}
     * is negative and a file is given, checkpointed into it after tick {@code save} otherwise; returns the checksums.
     *
     * @param name the scenario
     * @param size its grid, {@code WxH}
     * @param ticks the tick to end at
     * @param settings the command-line settings, space-separated ({@code --backend=cpu} unless they name one)
     * @param file the checkpoint, or null
     * @param save the tick to checkpoint after, or -1 to resume from {@code file} first
     * @return the checksums of every collection, with the agents' counts and last reports
     */
    public static List<String> run(String name, String size, int ticks, String settings, Path file, int save) {
        Scenario scenario = scenario(name);
        List<String> args = new ArrayList<>(List.of(settings.split(" ")));
        if (!settings.contains("--backend")) {
            args.add("--backend=cpu");
        }
        try (Simulation sim = Simulation.create(Config.fromArgs(args.toArray(String[]::new)))) {
            scenario.setup(sim, Arrays.stream(size.split("x")).mapToInt(Integer::parseInt).toArray(), Map.of());
            int from = 0;
            if (file != null && save < 0) {
                sim.resume(file);
                from = (int) sim.time(); // the ticks the checkpoint had run
            }
            if (save == 0) {
                sim.checkpoint(file);
            }
            for (int t = from + 1; t <= ticks; t++) {
                scenario.tick();
                assertEquals(t, sim.time());
                if (t == save) {
                    sim.checkpoint(file);
                }
            }
            List<String> sums = new ArrayList<>();
            for (Places<?> p : scenario.collections()) {
                sums.add(p.checksum());
            }
            for (Agents<?> a : scenario.agents()) {
                sums.add(a.checksum() + " " + a.size() + " " + a.lastReport());
            }
            return sums;
        }
    }

    static Scenario scenario(String name) {
        for (Scenario s : ServiceLoader.load(Scenario.class)) {
            if (s.name().equals(name)) {
                return s;
            }
        }
        throw new AssertionError("no scenario " + name);
    }
}
