package org.colony.tests.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code mass sweep}: every combination of parameter values and seeds, each run's series those of {@code mass run
 * --record} with the same settings, in run order whatever ran at once; an interrupted sweep goes on where it stopped
 * and ends with the same file; bad options and another sweep's file are refused in one line.
 */
class SweepCommandTest {

    private static Mass.Result mass(String... args) {
        return Mass.run(args);
    }

    private static final String[] COMMON = {"--steps=20", "--size=64x32", "--every=10"};

    private static Mass.Result sweep(Path out, String... more) {
        List<String> args = new ArrayList<>(List.of("sweep", "stupidmodel", "--param=bugs=100,200", "--seeds=1..2",
                "--out=" + out));
        args.addAll(List.of(COMMON));
        args.addAll(List.of(more));
        return mass(args.toArray(String[]::new));
    }

    @Test
    void everyCombination_inRunOrder_eachRunAsMassRunRecordsIt(@TempDir Path dir) throws IOException {
        Path out = dir.resolve("sweep.csv");
        Mass.Result r = sweep(out, "--parallel=3");
        assertEquals(0, r.rc(), r.err());
        List<String> lines = Files.readAllLines(out);
        assertTrue(lines.get(0).startsWith("run,seed,bugs,step,time,Bug.population,"), lines.get(0));
        assertEquals(1 + 4 * 3, lines.size(), "a row after setup and every 10 of 20 steps, for 4 runs");
        String[] expect = {"0,1,100", "1,2,100", "2,1,200", "3,2,200"};
        for (int run = 0; run < 4; run++) {
            for (int row = 0; row < 3; row++) {
                assertTrue(lines.get(1 + 3 * run + row).startsWith(expect[run] + "," + (10 * row) + ","),
                        lines.get(1 + 3 * run + row));
            }
        }
        // run 3 is mass run --seed 2 --param bugs=200 with the same settings
        Path single = dir.resolve("single.csv");
        Mass.Result one = mass("run", "stupidmodel", "--seed=2", "--param=bugs=200", "--steps=20", "--size=64x32",
                "--threads=1", "--backend=cpu", "--quiet", "--record=" + single + "@10");
        assertEquals(0, one.rc(), one.err());
        List<String> own = Files.readAllLines(single);
        for (int row = 0; row < 3; row++) {
            assertEquals("3,2,200," + own.get(1 + row), lines.get(1 + 9 + row));
        }
    }

    @Test
    void interruptedSweep_goesOnWhereItStopped_toTheSameFile(@TempDir Path dir) throws IOException {
        Path whole = dir.resolve("whole.csv");
        assertEquals(0, sweep(whole).rc());
        Path cut = dir.resolve("cut.csv");
        assertEquals(0, sweep(cut).rc());
        // as if the sweep had stopped while appending its third run: two runs recorded, part of a row after them
        Path done = dir.resolve("cut.csv.done");
        List<String> record = Files.readAllLines(done);
        Files.write(done, record.subList(0, 2));
        long twoRuns = Long.parseLong(record.get(1).split(" ")[1]);
        try (var ch = java.nio.channels.FileChannel.open(cut, StandardOpenOption.WRITE)) {
            ch.truncate(twoRuns + 17);
        }
        Mass.Result again = sweep(cut);
        assertEquals(0, again.rc(), again.err());
        assertTrue(again.err().contains("2 of 4 runs already in"), again.err());
        assertEquals(Files.readString(whole), Files.readString(cut));
        // the same sweep once more: nothing to run, the file as it was
        Mass.Result done4 = sweep(cut);
        assertTrue(done4.err().contains("4 of 4 runs already in"), done4.err());
        assertEquals(Files.readString(whole), Files.readString(cut));
    }

    @Test
    void badOptionsAndAnotherSweepsFile_areRefusedInOneLine(@TempDir Path dir) throws IOException {
        Path out = dir.resolve("s.csv");
        Mass.Result range = mass("sweep", "stupidmodel", "--param=bugs=5:1:1", "--out=" + out);
        assertEquals(2, range.rc());
        assertTrue(range.err().contains("a range needs a positive STEP and LAST at least FIRST"), range.err());
        Mass.Result seeds = mass("sweep", "stupidmodel", "--seeds=a..b", "--out=" + out);
        assertEquals(2, seeds.rc());
        assertTrue(seeds.err().contains("--seeds a..b: give whole numbers"), seeds.err());
        Mass.Result name = mass("sweep", "stupidmodel", "--out=" + dir.resolve("s.txt"));
        assertEquals(2, name.rc());
        assertTrue(name.err().contains("name one ending in .csv"), name.err());
        assertEquals(0, sweep(out).rc());
        Mass.Result other = mass("sweep", "stupidmodel", "--param=bugs=100,300", "--seeds=1..2", "--out=" + out,
                COMMON[0], COMMON[1], COMMON[2]);
        assertEquals(2, other.rc());
        assertTrue(other.err().contains("holds runs of another sweep"), other.err());
        Mass.Result param = mass("sweep", "stupidmodel", "--param=wings=1,2", "--out=" + dir.resolve("w.csv"),
                COMMON[0], COMMON[1], COMMON[2]);
        assertEquals(2, param.rc(), param.err());
        assertTrue(param.err().contains("sweep run 0 (seed 42, wings=1) failed: stupidmodel has no parameter 'wings'"),
                param.err());
    }
}
