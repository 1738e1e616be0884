package org.colony.tests.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code mass run roads} on a road network read from an edge list with named columns (each road's length and lanes),
 * on one block and on partitions, and a malformed column refused.
 */
class RoadsCommandTest {

    @TempDir
    Path dir;

    /** A ring of 400 junctions with a chord across from every tenth of the first half, lengths and lanes given per road. */
    private Path network(String name, int lanes) throws IOException {
        StringBuilder text = new StringBuilder("# vertices 400\n# columns: from to length lanes:int\n");
        for (int v = 0; v < 400; v++) {
            text.append(v).append(' ').append((v + 1) % 400).append(' ').append(1 + v % 7).append(' ')
                    .append(v % 5 == 0 ? lanes : 1).append('\n');
            if (v % 10 == 0 && v < 200) {
                text.append(v).append(' ').append((v + 200) % 400).append(" 3.5 2\n");
            }
        }
        Path file = dir.resolve(name);
        Files.writeString(file, text);
        return file;
    }

    @Test
    void roadsOfAFileWithColumns_runAlikeOnPartitions_andTheirLanesCount() throws IOException {
        Path file = network("roads.txt", 3);
        Mass.Result one = Mass.run("run", "roads", "--graph", "file:" + file, "--param", "walkers=300", "--steps",
                "30", "--threads", "1", "--quiet");
        assertEquals(0, one.rc(), one.out() + one.err());
        for (String method : new String[] {"metis", "round-robin"}) {
            Mass.Result cut = Mass.run("run", "roads", "--graph", "file:" + file, "--param", "walkers=300", "--steps",
                    "30", "--threads", "2", "--partitions", "3", "--graph-partition", method, "--quiet");
            assertEquals(0, cut.rc(), cut.out() + cut.err());
            assertTrue(cut.out().contains("3 partitions"), cut.out());
            assertEquals(checksum(one.out()), checksum(cut.out()), method);
        }
        Mass.Result oneLane = Mass.run("run", "roads", "--graph", "file:" + network("one-lane.txt", 1), "--param",
                "walkers=300", "--steps", "30", "--quiet");
        assertEquals(0, oneLane.rc(), oneLane.out() + oneLane.err());
        assertNotEquals(checksum(one.out()), checksum(oneLane.out()), "the walkers read the lanes");
    }

    @Test
    void aMalformedLanesValue_isRefusedWithItsLine() throws IOException {
        Path file = dir.resolve("bad.txt");
        Files.writeString(file, "# columns: from to length lanes:int\n0 1 2.0 1\n1 2 3.0 two\n");
        Mass.Result r = Mass.run("run", "roads", "--graph", "file:" + file, "--steps", "5", "--quiet");
        assertEquals(2, r.rc(), r.out() + r.err());
        assertTrue(r.err().contains("line 3") && r.err().contains("lanes"), r.err());
    }

    private static String checksum(String out) {
        return out.lines().filter(l -> l.startsWith("checksum")).findFirst().orElse("no checksum in " + out);
    }
}
