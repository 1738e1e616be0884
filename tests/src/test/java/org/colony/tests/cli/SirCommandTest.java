package org.colony.tests.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code mass run sir}: an epidemic on a generated or file-loaded network, its curve recorded, bad input refused. */
class SirCommandTest {

    @TempDir
    Path dir;

    @Test
    void theEpidemicCurve_isRecorded_andTheSameOnAnyThreadCount() throws IOException {
        Path one = dir.resolve("one.csv");
        Path two = dir.resolve("two.csv");
        Mass.Result a = Mass.run("run", "sir", "--graph", "ws:3000:6:0.1", "--param", "beta=0.2", "--steps", "60",
                "--threads", "1", "--record", one.toString(), "--quiet");
        Mass.Result b = Mass.run("run", "sir", "--param", "graph=ws:3000:6:0.1", "--param", "beta=0.2", "--steps",
                "60", "--threads", "2", "--record", two.toString(), "--quiet");
        assertEquals(0, a.rc(), a.out() + a.err());
        assertEquals(0, b.rc(), b.out() + b.err());
        assertEquals(Files.readString(one), Files.readString(two));
        List<String> rows = Files.readAllLines(one);
        assertEquals("step,time,Person.count(isSusceptible),Person.count(isInfected),Person.count(isRecovered)",
                rows.get(0));
        for (String row : rows.subList(1, rows.size())) {
            String[] f = row.split(",");
            assertEquals(3000, Long.parseLong(f[2]) + Long.parseLong(f[3]) + Long.parseLong(f[4]), row);
        }
        String[] last = rows.getLast().split(",");
        assertTrue(Long.parseLong(last[4]) > 1000, "most caught it: " + rows.getLast());
        assertEquals(checksum(a.out()), checksum(b.out()));
    }

    @Test
    void partitionsOfTheNetwork_giveOneBlocksChecksum_byEveryMethod() {
        String one = checksum(Mass.run("run", "sir", "--graph", "ba:5000:4", "--steps", "40", "--quiet").out());
        for (String method : new String[] {"metis", "contiguous", "round-robin"}) {
            Mass.Result r = Mass.run("run", "sir", "--graph", "ba:5000:4", "--steps", "40", "--partitions", "3",
                    "--graph-partition", method, "--quiet");
            assertEquals(0, r.rc(), r.out() + r.err());
            assertTrue(r.out().contains("3 partitions"), r.out());
            assertEquals(one, checksum(r.out()), method);
        }
        assertTrue(one.startsWith("checksum  "), one);
    }

    @Test
    void aCheckpoint_resumesOnItsGraphOnly() {
        Path file = dir.resolve("sir.colony");
        Mass.Result first = Mass.run("run", "sir", "--graph", "ws:3000:6:0.1", "--param", "beta=0.2", "--steps", "10",
                "--checkpoint-every", "10", file.toString(), "--quiet");
        assertEquals(0, first.rc(), first.out() + first.err());
        Mass.Result other = Mass.run("run", "sir", "--graph", "ws:3000:6:0.2", "--resume", file.toString(), "--quiet");
        assertEquals(2, other.rc(), other.out() + other.err());
        assertTrue(other.err().contains("on a graph of 3000 vertices (graph:"), other.err());
    }

    @Test
    void aNetworkFromAnEdgeListFile_runs() throws IOException {
        Path edges = dir.resolve("ring.txt");
        StringBuilder text = new StringBuilder("# vertices 500\n");
        for (int v = 0; v < 500; v++) {
            text.append(v).append(' ').append((v + 1) % 500).append(' ').append(0.5).append('\n');
        }
        Files.writeString(edges, text);
        Mass.Result r = Mass.run("run", "sir", "--graph", "file:" + edges, "--param", "initial=0.02", "--steps", "30",
                "--quiet");
        assertEquals(0, r.rc(), r.out() + r.err());
        assertTrue(r.out().contains("status    S "), r.out());
    }

    @Test
    void badNetworksAndSettings_areRefusedInOneLine() {
        String[][] cases = {
            {"run", "sir", "--graph", "ba:1000:3", "--param", "graph=er:10:20"},
            {"run", "sir", "--graph", "ba:10:30"},
            {"run", "sir", "--graph", "file:" + dir.resolve("missing.txt")},
            {"run", "sir", "--param", "beta=1.5"},
            {"run", "sir", "--param", "recovery=0"},
            {"run", "sir", "--size", "10x10"},
            {"run", "sir", "--size", "400", "--partitions", "2x2"},
            {"run", "sir", "--size", "400", "--partitions", "2", "--graph-partition", "spectral"},
            {"run", "sir", "--size", "400", "--partitions", "2", "--graph-partition", "file:" + dir.resolve("no.txt")},
            {"run", "sir", "--size", "400", "--graph-partition", "metis", "--partitions", "0"}};
        for (String[] c : cases) {
            Mass.Result r = Mass.run(c);
            assertEquals(2, r.rc(), String.join(" ", c) + ": " + r.out() + r.err());
            assertEquals(1, r.err().lines().filter(l -> l.startsWith("mass: error")).count(),
                    String.join(" ", c) + ": " + r.err());
        }
    }

    private static String checksum(String out) {
        return out.lines().filter(l -> l.startsWith("checksum")).findFirst().orElse("none");
    }
}
