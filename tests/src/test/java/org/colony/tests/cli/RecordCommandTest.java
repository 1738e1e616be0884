package org.colony.tests.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code mass run --record FILE.csv[@N] --series LIST}: the examples' default series, the same file on every layout,
 * results unchanged by recording, and every bad option refused in one line before the first step, with no file.
 */
class RecordCommandTest {

    @TempDir
    Path dir;

    private static Mass.Result mass(String... args) {
        return Mass.run(args);
    }

    private static Mass.Result run(String model, String... more) {
        List<String> args = new ArrayList<>(List.of("run", model, "--quiet", "--backend=cpu"));
        args.addAll(List.of(more));
        return mass(args.toArray(String[]::new));
    }

    private static String checksum(String out) {
        return out.lines().filter(l -> l.startsWith("checksum")).findFirst().orElseThrow();
    }

    @Test
    void stupidModel_recordsItsDefaultSeries_sameOnEveryLayout_andRecordingChangesNoResult() throws IOException {
        Mass.Result plain = run("stupidmodel", "--size=48x32", "--steps=12", "--threads=1");
        assertEquals(0, plain.rc(), plain.err());
        String first = null;
        for (String[] layout : List.of(new String[] {"--threads=1"}, new String[] {"--threads=3"},
                new String[] {"--threads=2", "--partitions=3"})) {
            Path file = dir.resolve("bugs-" + layout.length + layout[0].substring(10) + ".csv");
            List<String> args = new ArrayList<>(List.of("--size=48x32", "--steps=12", "--record=" + file + "@5"));
            args.addAll(List.of(layout));
            Mass.Result r = run("stupidmodel", args.toArray(String[]::new));
            assertEquals(0, r.rc(), r.err());
            assertEquals(checksum(plain.out()), checksum(r.out()), "recording changed the run");
            assertTrue(r.out().contains("series    " + file + " (4 rows of 19 columns)"), r.out());
            String text = Files.readString(file);
            List<String> rows = text.lines().toList();
            assertEquals(5, rows.size(), text);
            assertTrue(rows.get(0).startsWith("step,time,Bug.population,Predator.population,Bug.size.mean,"
                    + "Bug.size.hist[0:1),"), rows.get(0));
            assertTrue(rows.get(0).endsWith(",Bug.size.hist.nan,HabitatCell.food.sum"), rows.get(0));
            assertEquals(List.of("0", "5", "10", "12"), rows.stream().skip(1).map(l -> l.split(",")[0]).toList());
            if (first == null) {
                first = text;
            }
            assertEquals(first, text, String.join(" ", layout));
        }
    }

    @Test
    void epidemic_recordsItsCurve_andSeriesGivenReplaceTheDefault() throws IOException {
        Path curve = dir.resolve("curve.csv");
        Mass.Result r = run("epidemic", "--size=40", "--steps=6", "--record=" + curve + "@3");
        assertEquals(0, r.rc(), r.err());
        List<String> rows = Files.readAllLines(curve);
        assertEquals("step,time,EpidemicCell.s.sum,EpidemicCell.i.sum,EpidemicCell.r.sum", rows.get(0));
        assertEquals(4, rows.size(), rows.toString());
        Path at = dir.resolve("run@2.csv"); // an @ inside the name is part of it
        r = run("epidemic", "--size=40", "--steps=2", "--record=" + at);
        assertEquals(0, r.rc(), r.err());
        assertEquals(4, Files.readAllLines(at).size()); // the header and steps 0, 1, 2
        Path own = dir.resolve("own.csv");
        r = run("epidemic", "--size=40", "--steps=2", "--record=" + own, "--series=EpidemicCell.i.max",
                "--series", "epidemiccell.beta.hist(0:1:2)");
        assertEquals(0, r.rc(), r.err());
        rows = Files.readAllLines(own);
        assertEquals("step,time,EpidemicCell.i.max,EpidemicCell.beta.hist[0:0.5),EpidemicCell.beta.hist[0.5:1),"
                + "EpidemicCell.beta.hist.below,EpidemicCell.beta.hist.above,EpidemicCell.beta.hist.nan", rows.get(0));
        assertEquals(List.of("0", "1", "2"), rows.stream().skip(1).map(l -> l.split(",")[0]).toList());
        for (String row : rows.subList(1, rows.size())) {
            String[] f = row.split(",");
            long cells = 0;
            for (int i = 3; i < f.length; i++) {
                cells += Long.parseLong(f[i]);
            }
            assertEquals(1600, cells, row);
        }
    }

    @Test
    void groupedSeries_splitThePopulationByKey() throws IOException {
        Path file = dir.resolve("grouped.csv");
        Mass.Result r = run("stupidmodel", "--size=48x32", "--steps=4", "--record=" + file,
                "--series=Bug.population,Bug.count.by(asked:0:1),Bug.size.mean.by(asked:0:0)",
                "--series=Bug.fromX.max.by(asked:1:1)");
        assertEquals(0, r.rc(), r.err());
        List<String> rows = Files.readAllLines(file);
        assertEquals("step,time,Bug.population,Bug.count[asked=0],Bug.count[asked=1],Bug.count[asked=other],"
                + "Bug.size.mean[asked=0],Bug.size.mean[asked=other],Bug.fromX.max[asked=1],Bug.fromX.max[asked=other]",
                rows.get(0));
        for (String row : rows.subList(1, rows.size())) {
            String[] f = row.split(",");
            assertEquals(Long.parseLong(f[2]), Long.parseLong(f[3]) + Long.parseLong(f[4]), row);
            assertEquals("0", f[5], row);
        }
    }

    @Test
    void badRecordOptions_areRefusedInOneLineBeforeTheFirstStep_andWriteNothing() throws IOException {
        Path file = dir.resolve("x.csv");
        Files.createDirectory(dir.resolve("folder.csv"));
        String[][] cases = {
            {"--record=" + dir.resolve("x.txt"), "name a file ending in .csv"},
            {"--record=" + file + "@0", "the period after @ must be a positive number of steps"},
            {"--record=" + file + "@x", "the period after @ must be a positive number of steps"},
            {"--record=" + dir.resolve("missing").resolve("x.csv"), "does not exist"},
            {"--record=" + dir.resolve("folder.csv"), "is a directory"},
            {"--series=Bug.population", "needs a file: add --record FILE.csv[@N]"},
            {"--record=" + file, "--series=Bug.popul", "--series Bug.popul: write COLLECTION.population"},
            {"--record=" + file, "--series=Bugs.population", "no collection 'Bugs'; collections: HabitatCell, Bug, "
                    + "Predator"},
            {"--record=" + file, "--series=Bug.sizes.mean", "Bug has no attribute 'sizes'"},
            {"--record=" + file, "--series=Bug.size.hist(0:10:0)", "bins=0 is out of range"},
            {"--record=" + file, "--series=Bug.size.hist(5:1:3)", "give finite LO < HI"},
            {"--record=" + file, "--series=HabitatCell.population", "a population counts agents"},
            {"--record=" + file, "--series=Bug.count(eat)", "is not a predicate step"},
            {"--record=" + file, "--series=Bug.count(nothing)", "Bug has no step 'nothing'"},
            {"--record=" + file, "--series=Bug.fromX.mean.by(size:0:3)", "group by an integral or boolean attribute"},
            {"--record=" + file, "--series=Bug.fromX.mean.by(kind:0:3)", "Bug has no attribute 'kind'"},
            {"--record=" + file, "--series=Bug.fromX.mean.by(asked:3:0)", "keys 3 to 0 are out of range"},
            {"--record=" + file, "--series=Bug.fromX.by(asked:0:1)", "group a statistic"},
            {"--record=" + file, "--series=Bug.fromX.mean.by(asked)", "a grouped series is"},
        };
        for (String[] c : cases) {
            List<String> args = new ArrayList<>(List.of("--size=48x32", "--steps=3"));
            args.addAll(List.of(c).subList(0, c.length - 1));
            Mass.Result r = run("stupidmodel", args.toArray(String[]::new));
            String expected = c[c.length - 1];
            assertEquals(2, r.rc(), String.join(" ", c) + ": " + r.err());
            List<String> lines = r.err().lines().filter(l -> l.startsWith("mass:")).toList();
            assertEquals(1, lines.size(), r.err());
            assertTrue(lines.get(0).startsWith("mass: error: ") && lines.get(0).contains(expected),
                    expected + " in " + r.err());
            assertFalse(r.out().contains("step 1"), r.out());
            assertFalse(r.err().contains("\tat "), r.err());
        }
        try (var files = Files.list(dir)) {
            assertEquals(List.of(dir.resolve("folder.csv")), files.toList());
        }
        Mass.Result none = run("heat2d", "--size=8", "--steps=1", "--record=" + file);
        assertEquals(2, none.rc());
        assertTrue(none.err().contains("heat2d has no default series; name them with --series"), none.err());
    }
}
