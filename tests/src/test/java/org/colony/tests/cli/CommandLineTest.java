package org.colony.tests.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.colony.runtime.Simulation;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The {@code mass} command line's help, version, refusals, warnings, streams and report, on the examples. */
class CommandLineTest {

    private static Mass.Result mass(String... args) {
        return Mass.run(args);
    }

    private static List<String> commandsListed(String usage) {
        int at = usage.indexOf("Commands:");
        assertTrue(at >= 0, usage);
        return usage.substring(at).lines().skip(1).takeWhile(l -> !l.isBlank())
                .filter(l -> l.startsWith("  ") && !l.startsWith("   ")).map(l -> l.strip().split(" +")[0]).toList();
    }

    @Test
    void help_listsEveryCommand_includingTheScriptsOwn() throws IOException {
        Mass.Result r = mass("--help");
        assertEquals(0, r.rc(), r.err());
        List<String> listed = commandsListed(r.out());
        assertEquals(List.of("run", "list", "plot", "sweep", "graph", "test", "bench", "install", "new", "java-home",
                "help"), listed, r.out());
        // every command the ./mass script handles before Java starts is among them
        Matcher m = Pattern.compile("\"\\$\\{1:-}\" = \"([a-z]+)\"").matcher(Files.readString(Path.of("..", "mass")));
        int found = 0;
        while (m.find()) {
            found++;
            assertTrue(listed.contains(m.group(1)), "./mass handles '" + m.group(1) + "', mass --help omits it");
        }
        assertTrue(found >= 2, "the script's own commands were not found in ../mass");
        assertTrue(r.out().contains("COLONY_JAVA_OPTS"), r.out());
        assertTrue(r.out().contains("Exit status: 0 done, 2 bad input"), r.out());
    }

    @Test
    void noArguments_printsTheUsageOnStandardError_andExits2() {
        Mass.Result r = mass();
        assertEquals(2, r.rc());
        assertEquals("", r.out());
        assertTrue(r.err().startsWith("Usage: mass "), r.err());
        assertEquals(List.of("run", "list", "plot", "sweep", "graph", "test", "bench", "install", "new", "java-home",
                "help"), commandsListed(r.err()));
    }

    @Test
    void helpAndVersion_workOnEveryCommand() {
        for (String command : List.of("list", "run", "plot", "test", "bench", "install", "new", "java-home")) {
            Mass.Result help = mass(command, "--help");
            assertEquals(0, help.rc(), command + ": " + help.err());
            assertTrue(help.out().startsWith("Usage: mass " + command), help.out());
            for (String flag : List.of("-V", "--version")) {
                Mass.Result version = mass(command, flag);
                assertEquals(0, version.rc(), command + " " + flag + ": " + version.err());
                assertEquals("Colony " + Simulation.VERSION, version.out().strip(), command + " " + flag);
            }
        }
        assertEquals("Colony " + Simulation.VERSION, mass("-V").out().strip());
        Mass.Result helpRun = mass("help", "run");
        assertEquals(0, helpRun.rc(), helpRun.err());
        assertTrue(helpRun.out().startsWith("Usage: mass run"), helpRun.out());
    }

    @Test
    void scriptCommand_outsideTheScript_saysWhereItRuns() {
        Mass.Result r = mass("test", "-Dtest=Foo");
        assertEquals(2, r.rc());
        assertTrue(r.err().contains("'test' is a command of the ./mass script in a Colony checkout; run ./mass test "
                + "from the checkout's root"), r.err());
    }

    @Test
    void malformedSizes_areRefused() {
        for (String size : List.of("10x", "x10", "10xx10", "10x10x")) {
            Mass.Result r = mass("run", "heat2d", "--size", size, "--steps", "1", "--backend", "cpu");
            assertEquals(2, r.rc(), size + ": " + r.out());
            assertEquals("mass: error: --size=" + size + " is not a size; write N, or N x M like 300x200",
                    r.err().strip(), size);
        }
    }

    @Test
    void wholeNumberOptions_sayWhatIsWrongInWords() {
        Mass.Result words = mass("run", "heat2d", "--steps", "ten");
        assertEquals(2, words.rc());
        assertTrue(words.err().startsWith("mass: Invalid value for option '--steps': 'ten' is not a whole number"),
                words.err());
        Mass.Result big = mass("run", "heat2d", "--threads", "99999999999");
        assertEquals(2, big.rc());
        assertTrue(big.err().contains("'99999999999' is out of range; use a whole number from -2147483648 to "
                + "2147483647"), big.err());
        Mass.Result huge = mass("run", "heat2d", "--steps", "99999999999999999999");
        assertEquals(2, huge.rc());
        assertTrue(huge.err().contains("is out of range"), huge.err());
    }

    @Test
    void snapshotPeriodLongerThanTheRun_isWarnedAboutOnce(@TempDir Path dir) {
        String spec = "temp=" + dir.resolve("t.png") + "@100";
        Mass.Result r = mass("run", "heat2d", "--size", "16", "--steps", "10", "--backend", "cpu", "--quiet",
                "--snapshot", spec);
        assertEquals(0, r.rc(), r.err());
        assertEquals("mass: warning: --snapshot " + spec + " writes nothing: its period is longer than the run's 10 "
                + "steps", r.err().strip());
        Mass.Result fits = mass("run", "heat2d", "--size", "16", "--steps", "10", "--backend", "cpu", "--quiet",
                "--snapshot", "temp=" + dir.resolve("u.png") + "@10");
        assertEquals("", fits.err());
        assertTrue(Files.exists(dir.resolve("u-000010.png")));
    }

    @Test
    void primePartitionCount_isRefusedWithTheRealReason() {
        Mass.Result r = mass("run", "heat2d", "--size", "10", "--partitions", "11", "--backend", "cpu");
        assertEquals(2, r.rc());
        assertEquals("mass: error: partitions=11 cannot cut the grid 10x10 (100 places): 11 is prime, so its only "
                + "cuts are 1x11, 11x1, and each cuts some dimension into more parts than it has places; use 10 or 12 "
                + "partitions, or give the cut along each dimension (AxB)", r.err().strip());
    }

    @Test
    void report_givesTheFirstStep_andTheMeanAndMedianOfTheOthers() {
        Mass.Result r = mass("run", "gameoflife", "--size", "64", "--steps", "25", "--backend", "cpu", "--quiet");
        assertEquals(0, r.rc(), r.err());
        assertEquals("", r.err());
        List<String> lines = r.out().lines().toList();
        String time = "[0-9.]+ (us|ms|s)";
        assertTrue(lines.stream().anyMatch(l -> l.matches("step 1    " + time + " \\(the first, with its warm-up\\)")),
                r.out());
        assertTrue(lines.stream().anyMatch(l -> l.matches("per step  " + time + " mean, " + time
                + " median \\(of the 24 after the first\\)")), r.out());
        Mass.Result one = mass("run", "gameoflife", "--size", "16", "--steps", "1", "--backend", "cpu", "--quiet");
        assertTrue(one.out().contains("\nper step  - (no steps after the first)\n"), one.out());
        Mass.Result none = mass("run", "gameoflife", "--size", "16", "--steps", "0", "--backend", "cpu", "--quiet");
        assertFalse(none.out().contains("step 1 "), none.out());
        assertTrue(none.out().contains("\nper step  - (no steps after the first)\n"), none.out());
    }

    @Test
    void aModelsStopRule_endsTheRunEarly_andTheReportSaysSo() {
        Mass.Result r = mass("run", "stupidmodel", "--size", "16x8", "--param", "bugs=6", "--param", "predators=1",
                "--param", "production=0",
                "--steps", "5000", "--backend", "cpu", "--quiet");
        assertEquals(0, r.rc(), r.err());
        Matcher m = Pattern.compile("stopped   after step (\\d+) of 5000: "
                + "stupidmodel's stop rule").matcher(r.out());
        assertTrue(m.find(), r.out());
        int ran = Integer.parseInt(m.group(1));
        assertTrue(ran > 1 && ran < 5000, r.out());
        assertTrue(r.out().contains("(of the " + (ran - 1) + " after the first)"), r.out());
        assertTrue(r.out().contains("status    bugs 0 "), r.out());
        Mass.Result bad = mass("run", "stupidmodel", "--param", "production=-1", "--steps", "1", "--backend", "cpu");
        assertEquals("--param production=-1 is not a number of 0 or more", bad.err().lines()
                .filter(l -> l.contains("production")).findFirst().orElse(bad.err()).replaceFirst("^mass: error: ", ""));
    }

    @Test
    void progress_goesToStandardError_resultsToStandardOutput() {
        Mass.Result r = mass("run", "heat2d", "--size", "32", "--steps", "40", "--backend", "cpu", "--progress", "1e-9");
        assertEquals(0, r.rc(), r.err());
        List<String> progress = r.err().lines().toList();
        assertEquals(39, progress.size(), "a line after every step but the last: " + r.err());
        assertTrue(progress.getFirst().matches("step 1/40 +3% +[0-9.]+ (us|ms|s)/step +eta .*"), progress.getFirst());
        assertFalse(r.out().contains("/40"), r.out());
        assertTrue(r.out().startsWith("heat2d on 32x32, 40 steps"), r.out());
        assertTrue(r.out().contains("\nchecksum  "), r.out());
        Mass.Result bad = mass("run", "heat2d", "--progress", "0");
        assertEquals(2, bad.rc());
        assertEquals("mass: error: --progress=0.0 is out of range; give a positive number of seconds",
                bad.err().strip());
    }

    @Test
    void aMistypedOption_namesTheClosestOne() {
        Mass.Result r = mass("run", "heat2d", "--thread=2");
        assertEquals(2, r.rc());
        assertTrue(r.err().contains("mass: Unknown option: '--thread=2'; did you mean --threads?"), r.err());
    }
}
