package org.colony.runtime.graph;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.colony.ColonyException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class EdgeListFileTest {

    @TempDir
    Path dir;

    private Path file(String text) throws IOException {
        Path f = dir.resolve("edges.txt");
        Files.writeString(f, text);
        return f;
    }

    /** The refusal of a file of this text, without the file's name. */
    private String refusal(String text) throws IOException {
        return refusal(text, EdgeRules.SIMPLE);
    }

    private String refusal(String text, EdgeRules rules) throws IOException {
        Path f = file(text);
        String message = assertThrows(ColonyException.class, () -> EdgeListFile.read(f, rules)).getMessage();
        assertTrue(message.startsWith(f + " line "), message);
        return message.substring(f.toString().length() + 1);
    }

    @Test
    void plainEdges_withCommentsAndBlankLines_makeAnUndirectedGraphOfMaxIdPlusOne() throws IOException {
        Graph g = EdgeListFile.read(file("# a path\n0 1\n\n  1\t2   # the middle\n2 3\n"));
        assertEquals("graph of 4 vertices and 3 undirected edges", g.toString());
        assertArrayEquals(new int[] {0, 2}, g.neighbours(1));
    }

    @Test
    void headers_declareTheVertexCountAndDirection() throws IOException {
        Graph g = EdgeListFile.read(file("# vertices 10\n# directed\n3 1 0.5\n1 3 2e-1\n"));
        assertEquals("graph of 10 vertices and 2 directed weighted edges", g.toString());
        assertEquals(0.2, g.weight(g.offset(1)));
        assertEquals(0, EdgeListFile.read(file("")).vertices());
    }

    @Test
    void writeThenRead_givesTheSameGraph_bitForBit() throws IOException {
        Path f = dir.resolve("out.txt");
        Graph g = Graph.undirected(6, new int[] {0, 5, 2, 3, 3}, new int[] {5, 1, 2, 4, 0},
                new double[] {0.1, 1e-300, 3, Math.PI, -0.0}, EdgeRules.SIMPLE.allowSelfLoops());
        EdgeListFile.write(f, g);
        assertEquals(g, EdgeListFile.read(f, EdgeRules.SIMPLE.allowSelfLoops()));
        Graph d = Generators.erdosRenyi(30, 60, 5).reverse();
        Graph directed = Graph.directed(7, new int[] {6, 0}, new int[] {0, 6});
        EdgeListFile.write(f, directed);
        assertEquals(directed, EdgeListFile.read(f));
        EdgeListFile.write(f, d);
        assertEquals(d, EdgeListFile.read(f));
        assertTrue(Files.readString(f).startsWith("# graph of 30 vertices and 60 undirected edges\n# vertices 30\n"
                + "# undirected\n"));
    }

    @Test
    void malformedLines_areRefusedNamingTheLineAndTheReason() throws IOException {
        assertEquals("line 2: \"x\" is not a vertex id; ids are whole numbers from 0", refusal("0 1\n1 x\n"));
        assertEquals("line 1: \"1.5\" is not a vertex id; ids are whole numbers from 0", refusal("1.5 2\n"));
        assertEquals("line 1: the vertex id -3 is negative; ids are whole numbers from 0", refusal("-3 2\n"));
        assertEquals("line 3: the vertex id 10 is not below the declared vertex count (# vertices 10); ids are 0 to 9",
                refusal("# vertices 10\n0 1\n10 1\n"));
        assertEquals("line 1: the vertex id 99999999999999999999 is above the largest, 2147483645",
                refusal("99999999999999999999 1\n"));
        assertEquals("line 2: the line has 1 field, a missing vertex id; an edge line is \"u v\" or \"u v w\"",
                refusal("0 1\n7\n"));
        assertEquals("line 1: the line has 4 fields, too many; an edge line is \"u v\" or \"u v w\"",
                refusal("0 1 2 3\n"));
        assertEquals("line 1: the weight NaN is not finite; weights are finite numbers", refusal("0 1 NaN\n"));
        assertEquals("line 1: the weight -inf is not finite; weights are finite numbers", refusal("0 1 -inf\n"));
        assertEquals("line 1: the weight 1e999 is not finite; weights are finite numbers", refusal("0 1 1e999\n"));
        assertEquals("line 1: the weight \"0x1p3\" is not a number; weights are decimal numbers such as 0.25",
                refusal("0 1 0x1p3\n"));
        assertEquals("line 3: the edge has no weight but the first edge (line 2) had one; give every edge a weight "
                + "or none", refusal("\n0 1 0.5\n1 2\n"));
        assertEquals("line 2: the edge has a weight but the first edge (line 1) had none; give every edge a weight "
                + "or none", refusal("0 1\n1 2 0.5\n"));
    }

    @Test
    void badHeaders_areRefused() throws IOException {
        assertEquals("line 2: the header \"# vertices 5\" comes after the first edge (line 1); put the headers before "
                + "the edges", refusal("0 1\n# vertices 5\n"));
        assertEquals("line 1: the header \"# vertices many\" declares no vertex count; give a whole number from 0 to "
                + "2147483646", refusal("# vertices many\n"));
        assertEquals("line 2: a second \"# vertices\" header; declare the vertex count once",
                refusal("# vertices 5\n# vertices 6\n"));
        assertEquals("line 2: the header \"# undirected\" contradicts an earlier one; declare the direction once",
                refusal("# directed\n# undirected\n"));
        // a comment that merely mentions vertices is no header
        assertEquals(2, EdgeListFile.read(file("# vertices were renumbered\n0 1\n")).vertices());
    }

    @Test
    void selfLoopsAndDuplicates_areRefusedUnlessTheRulesAllowThem() throws IOException {
        assertEquals("line 3: the edge 2 2 is a self-loop; remove it or read the file with "
                + "EdgeRules.SIMPLE.allowSelfLoops()", refusal("0 1\n# a loop next\n2 2\n"));
        assertEquals("line 4: the edge 1 0 repeats line 1 (0 1); remove it or read the file with "
                + "EdgeRules.SIMPLE.mergeDuplicates()", refusal("0 1\n1 2\n2 3\n1 0\n"));
        assertEquals("line 2: the edge 1 0 repeats line 1 (0 1) with another weight (0.5, not 0.25); merged "
                + "duplicates need equal weights", refusal("0 1 0.25\n1 0 0.5\n", EdgeRules.SIMPLE.mergeDuplicates()));
        Graph merged = EdgeListFile.read(file("0 1\n1 0\n"), EdgeRules.SIMPLE.mergeDuplicates());
        assertEquals(1, merged.edges());
    }

    @Test
    void missingAndBinaryFiles_areRefused() throws IOException {
        Path missing = dir.resolve("none.txt");
        assertEquals("the graph file " + missing + " does not exist",
                assertThrows(ColonyException.class, () -> EdgeListFile.read(missing)).getMessage());
        Path binary = dir.resolve("graph.bin");
        GraphFile.write(binary, Graph.undirected(3, new int[] {0}, new int[] {1}));
        assertEquals(binary + " is a binary graph file, not a text edge list; read it with GraphFile.read",
                assertThrows(ColonyException.class, () -> EdgeListFile.read(binary)).getMessage());
        assertTrue(GraphFile.isGraphFile(binary));
        Path latin = dir.resolve("latin.txt");
        Files.write(latin, new byte[] {'0', ' ', '1', ' ', '#', (byte) 0xE9, '\n', (byte) 0xC3, '(', ' ', '2', '\n'});
        assertEquals(latin + " line 2: \"\u00c3(\" is not a vertex id; ids are whole numbers from 0",
                assertThrows(ColonyException.class, () -> EdgeListFile.read(latin)).getMessage());
        assertFalse(GraphFile.isGraphFile(latin));
    }
}
