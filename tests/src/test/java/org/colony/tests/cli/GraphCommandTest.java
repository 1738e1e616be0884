package org.colony.tests.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import org.colony.runtime.graph.Generators;
import org.colony.runtime.graph.GraphPartition;
import org.colony.runtime.graph.GraphPartitioner;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code mass graph SPEC}: the partitions of a graph compared by edges cut and halo, a partition written for a later
 * run, and bad specs and options refused in one line.
 */
class GraphCommandTest {

    @TempDir
    Path dir;

    @Test
    void aLattice_isCutFarLessByMetisAndRangesThanRoundRobin_andAPartitionIsWritten() throws IOException {
        Path parts = dir.resolve("parts.txt");
        Mass.Result r = Mass.run("graph", "lattice:40x40", "--parts", "2,4", "--methods", "contiguous,round-robin",
                "--write", "4=" + parts);
        assertEquals(0, r.rc(), r.out() + r.err());
        List<String> lines = r.out().lines().toList();
        assertTrue(lines.get(0).startsWith("graph     graph of 1600 vertices and 3120 undirected edges, degree at "
                + "most 4"), lines.get(0));
        assertTrue(r.out().contains("2    contiguous               40    1.28%"), r.out());
        assertTrue(r.out().contains("4    round-robin            1560   50.00%           3120"), r.out());
        assertTrue(r.out().contains("parts     " + parts + " (contiguous, 4 parts)"), r.out());
        GraphPartition back = GraphPartitioner.of(Generators.lattice(40, 40, false)).read(parts, 4);
        assertEquals(120, back.quality().cutEdges());
    }

    @Test
    void badSpecsAndOptions_areRefusedInOneLine() {
        String[][] cases = {
            {"graph", "ba:10"},
            {"graph", "lattice:10x10", "--methods", "spectral"},
            {"graph", "lattice:10x10", "--write", "3=" + dir.resolve("p.txt")},
            {"graph", "lattice:10x10", "--parts", "0"}};
        for (String[] c : cases) {
            Mass.Result r = Mass.run(c);
            assertEquals(2, r.rc(), String.join(" ", c) + ": " + r.out() + r.err());
            assertEquals(1, r.err().lines().count(), String.join(" ", c) + ": " + r.err());
        }
    }
}
