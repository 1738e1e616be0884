package org.colony.tests.profile;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import jdk.jfr.Recording;
import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordingFile;
import org.colony.examples.life.GameOfLife;
import org.colony.examples.sugarscape.SugarScape;
import org.colony.runtime.Config;
import org.colony.runtime.Simulation;
import org.colony.runtime.cli.Main;
import org.colony.runtime.profile.StepProfile;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code mass run --profile}, the profile API and the JFR events, on the examples. */
class ProfileRunTest {

    private static String run(String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int rc = Main.execute(new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8), args);
        assertEquals(0, rc, err.toString(StandardCharsets.UTF_8));
        return out.toString(StandardCharsets.UTF_8);
    }

    @Test
    void runWithProfile_printsOneLinePerStepWithItsCalls() {
        String out = run("run", "heat2d", "--size", "30", "--steps", "12", "--param", "heatTime=5", "--backend", "cpu",
                "--quiet", "--profile");
        List<String> lines = out.lines().toList();
        int header = lines.indexOf("profile   calls and time per step (wall clock on the JVM)");
        assertTrue(header >= 0, out);
        assertTrue(lines.get(header + 1).matches(" +step +calls +total +mean +share"), lines.get(header + 1));
        assertEquals(12, calls(lines.get(header + 2), "HeatCell.tick"));
        assertEquals(12, calls(lines.get(header + 3), "all steps"));
        assertTrue(lines.get(header + 3).endsWith("100.0%"), lines.get(header + 3));
        assertEquals(header + 4, lines.size(), "the table ends the output");
    }

    @Test
    void runWithoutProfile_printsNoTable() {
        String out = run("run", "gameoflife", "--size", "16", "--steps", "3", "--backend", "cpu", "--quiet");
        assertTrue(out.contains("checksum"), out);
        assertTrue(!out.contains("profile"), out);
    }

    private static long calls(String line, String name) {
        Matcher m = Pattern.compile(" +" + Pattern.quote(name) + " +(\\d+) +.*").matcher(line);
        assertTrue(m.matches(), "'" + line + "' is the line of " + name);
        return Long.parseLong(m.group(1));
    }

    @Test
    void startProfile_countsCountsAndManageAll_onAgents() {
        try (Simulation sim = Simulation.create(Config.defaults().withBackend("cpu").withThreads(2))) {
            SugarScape m = new SugarScape(sim, 20);
            StepProfile p = sim.startProfile();
            for (int t = 0; t < 4; t++) {
                m.tick();
            }
            assertEquals(p, sim.stopProfile());
            assertEquals(List.of("SugarCell.grow", "SugarCell.diffuse", "Ant.look", "Ant.manageAll", "Ant.metabolize"),
                    p.entries().stream().map(StepProfile.Entry::name).toList());
            assertEquals(8, p.entries().get(3).calls(), "two manageAll per tick");
            assertTrue(p.entries().stream().allMatch(e -> e.wallNanos() > 0 && e.deviceCalls() == 0));
            m.tick();
            assertEquals(8, p.entries().get(3).calls(), "nothing is added after stopProfile");
        }
    }

    @Test
    void jfrRecording_getsOneStepEventPerCall(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("steps.jfr");
        try (Recording r = new Recording()) {
            r.enable("org.colony.Step").withThreshold(Duration.ZERO);
            r.start();
            try (Simulation sim = Simulation.create(Config.defaults().withBackend("cpu").withThreads(1))) {
                GameOfLife life = new GameOfLife(sim, 32);
                for (int t = 0; t < 7; t++) {
                    life.tick();
                }
                life.population();
            }
            r.stop();
            r.dump(file);
        }
        List<RecordedEvent> events = RecordingFile.readAllEvents(file).stream()
                .filter(e -> e.getEventType().getName().equals("org.colony.Step")).toList();
        assertEquals(9, events.size(), "seed, 7 updates, 1 count");
        assertEquals(7, events.stream().filter(e -> e.getString("step").equals("update")).count());
        RecordedEvent update = events.stream().filter(e -> e.getString("step").equals("update")).findFirst().orElseThrow();
        assertEquals("LifeCell", update.getString("model"));
        assertEquals("cpu", update.getString("backend"));
        assertEquals(32 * 32, update.getLong("instances"));
        assertTrue(!update.getDuration().isNegative());
        assertTrue(Files.size(file) > 0);
    }
}
