package org.colony.tests.mpi;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;
import org.colony.runtime.cli.Main;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What {@code mass run} writes over MPI ranks: every rank takes part in the reads, rank 0 writes; the time series
 * and the state file of a run over two ranks are byte for byte those of one process (the state file's metadata
 * aside, which names the backend).
 */
class MpiOutputTest {

    @BeforeAll
    static void mpi() {
        MpiJob.require();
    }

    /** The entries of an {@code .npz}, by name, without the metadata. */
    private static Map<String, byte[]> arrays(Path file) throws IOException {
        Map<String, byte[]> out = new LinkedHashMap<>();
        try (ZipFile zip = new ZipFile(file.toFile())) {
            for (ZipEntry e : zip.stream().toList()) {
                if (!e.getName().equals("metadata.npy")) {
                    try (InputStream in = zip.getInputStream(e)) {
                        out.put(e.getName(), in.readAllBytes());
                    }
                }
            }
        }
        return out;
    }

    @Test
    void seriesAndStateOverTwoRanks_areThoseOfOneProcess(@TempDir Path dir) throws Exception {
        List<String> run = List.of("run", "stupidmodel", "--steps=30", "--backend=cpu", "--threads=1", "--quiet");
        MpiJob.Result two = MpiJob.run(MpiJob.mpirun(2, List.of(), MpiJob.java(Main.class.getName(),
                concat(run, "--record=" + dir.resolve("two.csv") + "@5", "--dump=" + dir.resolve("two.npz")))), 120);
        assertEquals(0, two.status(), two.out() + two.err());
        MpiJob.Result one = MpiJob.run(MpiJob.java(Main.class.getName(),
                concat(run, "--record=" + dir.resolve("one.csv") + "@5", "--dump=" + dir.resolve("one.npz"))), 120);
        assertEquals(0, one.status(), one.out() + one.err());
        assertEquals(Files.readString(dir.resolve("one.csv")), Files.readString(dir.resolve("two.csv")));
        Map<String, byte[]> a = arrays(dir.resolve("one.npz"));
        Map<String, byte[]> b = arrays(dir.resolve("two.npz"));
        assertEquals(a.keySet(), b.keySet());
        for (String name : a.keySet()) {
            assertArrayEquals(a.get(name), b.get(name), name);
        }
    }

    @Test
    void aCheckpointOverTwoRanks_isOneProcesssByteForByte_andResumesOverThreeRanksOrOne(@TempDir Path dir)
            throws Exception {
        List<String> run = List.of("run", "stupidmodel", "--backend=cpu", "--threads=1", "--quiet");
        Path two = dir.resolve("two.colony");
        Path one = dir.resolve("one.colony");
        MpiJob.Result a = MpiJob.run(MpiJob.mpirun(2, List.of(), MpiJob.java(Main.class.getName(),
                concat(run, "--steps=12", "--checkpoint-every", "6", two.toString()))), 120);
        assertEquals(0, a.status(), a.out() + a.err());
        MpiJob.Result b = MpiJob.run(MpiJob.java(Main.class.getName(),
                concat(run, "--steps=12", "--checkpoint-every", "6", one.toString())), 120);
        assertEquals(0, b.status(), b.out() + b.err());
        assertArrayEquals(Files.readAllBytes(one), Files.readAllBytes(two));

        MpiJob.Result straight = MpiJob.run(MpiJob.java(Main.class.getName(), concat(run, "--steps=20")), 120);
        MpiJob.Result three = MpiJob.run(MpiJob.mpirun(3, List.of(), MpiJob.java(Main.class.getName(),
                "run", "--resume", one.toString(), "--steps=20", "--backend=cpu", "--threads=1", "--quiet")), 120);
        assertEquals(0, three.status(), three.out() + three.err());
        MpiJob.Result alone = MpiJob.run(MpiJob.java(Main.class.getName(),
                "run", "--resume", two.toString(), "--steps=20", "--backend=cpu", "--partitions=2", "--quiet"), 120);
        assertEquals(checksum(straight), checksum(three));
        assertEquals(checksum(straight), checksum(alone));
    }

    private static String checksum(MpiJob.Result r) {
        assertEquals(0, r.status(), r.out() + r.err());
        return r.out().lines().filter(l -> l.startsWith("checksum")).findFirst().orElseThrow(() ->
                new AssertionError(r.out()));
    }

    private static String[] concat(List<String> first, String... more) {
        String[] out = new String[first.size() + more.length];
        for (int i = 0; i < first.size(); i++) {
            out[i] = first.get(i);
        }
        System.arraycopy(more, 0, out, first.size(), more.length);
        return out;
    }
}
