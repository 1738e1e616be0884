package org.colony.tests.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.colony.ColonyException;
import org.colony.examples.heat.HeatCell;
import org.colony.runtime.Checkpoint;
import org.colony.runtime.Config;
import org.colony.runtime.Simulation;
import org.colony.runtime.cli.Main;
import org.colony.runtime.grid.Grid;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code mass run --checkpoint-every N FILE} and {@code --resume FILE}: a run killed with SIGKILL between two
 * checkpoints, or stopped by SIGTERM, resumes on other threads and partitions and ends as the run never stopped, its
 * time series included; bad options and mismatched resumes refused in one line.
 */
class CheckpointOptionTest {

    @TempDir
    Path dir;

    private static String checksum(Mass.Result r) {
        assertEquals(0, r.rc(), r.out() + r.err());
        return r.out().lines().filter(l -> l.startsWith("checksum")).findFirst().orElseThrow();
    }

    /** Starts {@code mass args...} in another JVM, its output merged. */
    private static Process start(String... args) throws Exception {
        List<String> cmd = new ArrayList<>(List.of(ProcessHandle.current().info().command().orElse("java"),
                "-XX:TieredStopAtLevel=1", "--enable-native-access=ALL-UNNAMED", "--add-modules=jdk.incubator.vector",
                "-cp", System.getProperty("java.class.path"), Main.class.getName()));
        cmd.addAll(List.of(args));
        return new ProcessBuilder(cmd).redirectErrorStream(true).start();
    }

    /** {@return the step of the checkpoint at {@code file} once it is at least {@code step}, waiting for it} */
    private static long waitForCheckpoint(Path file, long step, Process p) throws InterruptedException {
        for (int i = 0; i < 1200; i++) {
            if (Files.exists(file)) {
                try {
                    long t = Checkpoint.read(file).time();
                    if (t >= step) {
                        return t;
                    }
                } catch (ColonyException e) {
                    // replaced while read: read it again
                }
            }
            assertTrue(p.isAlive(), "the run ended before its checkpoint at step " + step);
            Thread.sleep(50);
        }
        throw new AssertionError("no checkpoint of step " + step + " after a minute");
    }

    @Test
    void aRunKilledBetweenCheckpoints_resumesOnOtherPartitions_asTheRunNeverKilled() throws Exception {
        Path ck = dir.resolve("sugar.colony");
        Path csv = dir.resolve("sugar.csv");
        Process p = start("run", "sugarscape", "--size=48", "--steps=1000000000", "--backend=cpu", "--threads=1",
                "--quiet", "--checkpoint-every", "4", ck.toString(), "--record=" + csv + "@3", "--seed=9");
        long at;
        try {
            at = waitForCheckpoint(ck, 12, p);
            Thread.sleep(100); // some steps after it, whose rows the series file holds
        } finally {
            assertEquals(0, new ProcessBuilder("kill", "-KILL", Long.toString(p.pid())).start().waitFor());
            p.waitFor(60, TimeUnit.SECONDS);
        }
        assertEquals(137, p.exitValue());
        at = Checkpoint.read(ck).time(); // the last one written before the kill
        assertTrue(Files.exists(dir.resolve("sugar.csv.partial")), "the killed run left no partial series");
        long end = at + 7;
        String resumed = checksum(Mass.run("run", "--resume", ck.toString(), "--steps=" + end, "--backend=cpu",
                "--threads=2", "--partitions=2x2", "--quiet", "--record=" + csv + "@3"));
        Path straightCsv = dir.resolve("straight.csv");
        String straight = checksum(Mass.run("run", "sugarscape", "--size=48", "--steps=" + end, "--backend=cpu",
                "--quiet", "--seed=9", "--record=" + straightCsv + "@3"));
        assertEquals(straight, resumed);
        assertEquals(Files.readString(straightCsv), Files.readString(csv), "the resumed series is not the whole run's");
    }

    @Test
    void sigterm_writesAFinalCheckpoint_thatResumesBitIdentically() throws Exception {
        // (a model that runs on: StupidModel's bugs on 48x32 die out after about 7600 steps, a second on a fast
        // machine, and its stop rule would end the run before the signal)
        Path ck = dir.resolve("sugar-term.colony");
        Process p = start("run", "sugarscape", "--size=48", "--steps=1000000000", "--backend=cpu", "--quiet",
                "--checkpoint-every", "1000000", ck.toString());
        List<String> lines = new ArrayList<>();
        try (BufferedReader in = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))) {
            lines.add(in.readLine()); // the header: the run has started
            Thread.sleep(1500);
            assertEquals(0, new ProcessBuilder("kill", "-TERM", Long.toString(p.pid())).start().waitFor());
            for (String l = in.readLine(); l != null; l = in.readLine()) {
                lines.add(l);
            }
        }
        assertTrue(p.waitFor(60, TimeUnit.SECONDS));
        String output = String.join("\n", lines);
        assertEquals(143, p.exitValue(), output);
        long at = Checkpoint.read(ck).time();
        assertTrue(output.contains("checkpoint " + ck + " (step " + at + "; "), output);
        assertTrue(output.contains("stopped   after step " + at + " of 1000000000: SIGTERM"), output);
        String resumed = checksum(Mass.run("run", "--resume", ck.toString(), "--steps=" + (at + 3), "--backend=cpu",
                "--partitions=3", "--quiet"));
        String straight = checksum(Mass.run("run", "sugarscape", "--size=48", "--steps=" + (at + 3),
                "--backend=cpu", "--quiet"));
        assertEquals(straight, resumed);
    }

    @Test
    void badOptions_andResumesThatDoNotFit_areRefusedInOneLine() throws Exception {
        Path ck = dir.resolve("h.colony");
        checksum(Mass.run("run", "heat2d", "--size=20", "--steps=5", "--backend=cpu", "--quiet", "--checkpoint-every",
                "2", ck.toString()));
        assertEquals(5, Checkpoint.read(ck).time());
        String[][] cases = {
            {"--checkpoint-every 0 x.colony: give a positive number of steps", "run", "heat2d", "--checkpoint-every",
                "0", "x.colony"},
            {"is not a .colony file name", "run", "heat2d", "--checkpoint-every", "5", dir.resolve("x.ck").toString()},
            {"the directory of", "run", "heat2d", "--checkpoint-every", "5", dir.resolve("no/x.colony").toString()},
            {"is a checkpoint of heat2d, not gameoflife", "run", "gameoflife", "--resume", ck.toString()},
            {"is a checkpoint of size 20x20, not 30x30; leave --size out", "run", "--resume", ck.toString(),
                "--size=30"},
            {"was taken with seed 42, not --seed=7; leave --seed out", "run", "--resume", ck.toString(), "--seed=7"},
            {"does not exist", "run", "--resume", dir.resolve("none.colony").toString()},
            {"name the model to run", "run"}};
        for (String[] c : cases) {
            String[] args = Arrays.copyOfRange(c, 1, c.length);
            Mass.Result r = Mass.run(args);
            assertEquals(2, r.rc(), String.join(" ", args) + ": " + r.out() + r.err());
            assertTrue(r.err().contains(c[0]) && r.err().lines().count() == 1, String.join(" ", args) + ": " + r.err());
        }
        Mass.Result again = Mass.run("run", "--resume", ck.toString(), "--backend=cpu", "--quiet"); // its --steps
        assertTrue(again.out().contains("at step 5 in ") && again.out().contains("(--steps=5 asks for no more)"),
                again.out());
        Path foreign = dir.resolve("api.colony");
        try (Simulation sim = Simulation.create(Config.fromArgs("--backend=cpu"))) {
            sim.places(HeatCell.class, Grid.of(20, 20)); // a checkpoint of a driver of its own, not of mass run
            sim.checkpoint(foreign, Map.of("mass.model", "heat2d"));
        }
        Mass.Result noSize = Mass.run("run", "--resume", foreign.toString(), "--backend=cpu", "--quiet");
        assertEquals(2, noSize.rc(), noSize.out() + noSize.err());
        assertTrue(noSize.err().contains("this checkpoint was not written by mass run (its value mass.params is missing)"),
                noSize.err());
        Mass.Result beyond = Mass.run("run", "--resume", ck.toString(), "--steps=3", "--backend=cpu", "--quiet");
        assertTrue(beyond.out().matches("(?s).*resumed   " + ck + " at step 5 in [0-9.]+ [mu]?s \\(--steps=3 asks for no "
                + "more\\).*"), beyond.out());
    }
}
