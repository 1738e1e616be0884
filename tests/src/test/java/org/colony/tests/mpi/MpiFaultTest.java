package org.colony.tests.mpi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.colony.runtime.cli.Main;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * What an MPI job does when something goes wrong: every rank ends, non-zero, within 30 seconds, and the reason is
 * printed once in one line.
 */
class MpiFaultTest {

    private static final int LIMIT_MILLIS = 30_000;

    @BeforeAll
    static void mpi() {
        MpiJob.require();
    }

    private static MpiJob.Result driver(int ranks, String... args) throws Exception {
        return MpiJob.run(MpiJob.mpirun(ranks, List.of(), MpiJob.java(MpiDriver.class.getName(), args)), 90);
    }

    private static MpiJob.Result mass(int ranks, String... args) throws Exception {
        return MpiJob.run(MpiJob.mpirun(ranks, List.of(), MpiJob.java(Main.class.getName(), args)), 90);
    }

    private static void endsWithin(MpiJob.Result r) {
        assertNotEquals(0, r.status(), () -> "the job should fail:\n" + r.out() + r.err());
        assertNotEquals(124, r.status(), () -> "the job hung:\n" + r.err());
        assertTrue(r.millis() < LIMIT_MILLIS, () -> "the job took " + r.millis() + " ms to end:\n" + r.err());
    }

    /** The lines of the job's error output that contain {@code text}. */
    private static List<String> lines(MpiJob.Result r, String text) {
        List<String> out = new ArrayList<>();
        for (String l : (r.out() + r.err()).split("\n")) {
            if (l.contains(text)) {
                out.add(l);
            }
        }
        return out;
    }

    @Test
    void anExceptionOnOneRankEndsTheJobWithItsLineOnce() throws Exception {
        MpiJob.Result r = driver(3, "--fail=1:4", "heat2d:41:50:1");
        endsWithin(r);
        assertEquals(List.of("colony: rank 1: error: a deliberate failure at step 4"),
                lines(r, "deliberate failure"), r.err());
    }

    @Test
    void aFailureEveryRankMeetsIsPrintedOnceByRankZero() throws Exception {
        MpiJob.Result r = mass(3, "run", "heat2d", "--size", "41", "--steps", "-5");
        endsWithin(r);
        assertEquals(List.of("mass: rank 0: error: --steps=-5 is negative; use 0 or more"), lines(r, "negative"),
                r.err());
    }

    @Test
    void aRankKilledMidRunEndsTheOthers() throws Exception {
        MpiJob.Result r = driver(3, "--kill=2:5", "sugarscape:41:400:1");
        endsWithin(r);
    }

    @Test
    void ranksThatDisagreeRefuseToStart() throws Exception {
        MpiJob.Result r = driver(2, "--seed-by-rank", "heat2d:41:5:1");
        endsWithin(r);
        List<String> said = lines(r, "disagree");
        assertEquals(1, said.size(), r.err());
        assertTrue(said.get(0).contains("the MPI ranks disagree on the settings: rank 0 has Colony"), said.get(0));
        assertTrue(said.get(0).contains("seed 43"), said.get(0));
    }

    @Test
    void moreRanksThanPartitionsIsOneClearMessage() throws Exception {
        MpiJob.Result r = mass(3, "run", "heat2d", "--size", "41", "--steps", "5", "--partitions", "2");
        endsWithin(r);
        assertEquals(List.of("mass: rank 0: error: 2 partitions cannot be shared by 3 MPI ranks; give --partitions 3 "
                + "or more (each rank owns at least one)"), lines(r, "cannot be shared"), r.err());
    }

    @Test
    void aMissingLibraryNamesThePackages() throws Exception {
        List<String> java = new ArrayList<>(MpiJob.java(Main.class.getName(), "run", "heat2d", "--size", "21",
                "--steps", "1"));
        java.add(1, "-Dcolony.mpi.library=libmpi-not-here.so.40");
        ProcessBuilder pb = new ProcessBuilder(java).redirectErrorStream(true);
        pb.environment().put("OMPI_COMM_WORLD_SIZE", "2"); // as if mpirun had started it
        Process p = pb.start();
        String out = new String(p.getInputStream().readAllBytes());
        assertEquals(2, p.waitFor(), out);
        assertEquals(List.of("mass: rank 0: error: this process runs under mpirun, but Open MPI's library "
                + "libmpi-not-here.so.40 cannot be loaded; install openmpi-bin and libopenmpi-dev on Debian or Ubuntu "
                + "or correct -Dcolony.mpi.library"), out.lines().filter(l -> l.startsWith("mass")).toList(), out);
    }

    /** A cell file missing on one rank fails every rank with one line, instead of leaving the others waiting. */
    @Test
    void aCellFileMissingOnOneRankFailsTheJobInsteadOfHangingIt() throws Exception {
        java.nio.file.Path dir = java.nio.file.Files.createTempDirectory("cells");
        try {
            String prefix = dir.resolve("cells.txt").toString();
            for (int rank : new int[] {0, 1, 2}) {
                java.nio.file.Files.writeString(java.nio.file.Path.of(prefix + "." + rank), "x y v\n1 1 2.5\n5 3 -1\n");
            }
            MpiJob.Result ok = MpiJob.run(MpiJob.mpirun(3, List.of(), MpiJob.java(MpiLoadDriver.class.getName(),
                    prefix)), 90);
            assertEquals(0, ok.status(), () -> ok.out() + ok.err());
            assertTrue(ok.out().startsWith("loaded 2 checksum "), ok.out());
            java.nio.file.Files.delete(java.nio.file.Path.of(prefix + ".1"));
            MpiJob.Result r = MpiJob.run(MpiJob.mpirun(3, List.of(), MpiJob.java(MpiLoadDriver.class.getName(),
                    prefix)), 90);
            endsWithin(r);
            assertTrue(!lines(r, "cells.txt.1): no such file").isEmpty()
                    || !lines(r, "could not be loaded on 1 other process").isEmpty(), r.out() + r.err());
        } finally {
            try (var files = java.nio.file.Files.list(dir)) {
                for (java.nio.file.Path f : files.toList()) {
                    java.nio.file.Files.delete(f);
                }
            }
            java.nio.file.Files.delete(dir);
        }
    }
}
