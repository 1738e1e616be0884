package org.colony.runtime.graph;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.colony.ColonyException;
import org.colony.kernel.GraphRows;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Edge columns of a graph: built from arrays, through the rules, derived, fingerprinted, in the rows and files. */
class EdgeColumnTest {

    @TempDir
    Path dir;

    /** The path 0-1-2 and the edge 3-0, given out of order, with lanes 1..3 and a toll on the last. */
    private static Graph roads(EdgeRules rules, int[] from, int[] to, int[] lanes, boolean[] toll) {
        return Graph.undirected(4, from, to, null, rules, EdgeColumn.of("lanes", lanes), EdgeColumn.of("toll", toll));
    }

    @Test
    void columns_followTheirEdgesIntoBothRows() {
        Graph g = roads(EdgeRules.SIMPLE, new int[] {2, 0, 3}, new int[] {1, 1, 0}, new int[] {7, 5, 9},
                new boolean[] {false, false, true});
        assertEquals(List.of("lanes", "toll"), g.edgeAttributes());
        // rows: 0: 1, 3   1: 0, 2   2: 1   3: 0
        assertArrayEquals(new int[] {5, 9, 5, 7, 7, 9}, (int[]) g.edgeColumn("lanes").values());
        assertArrayEquals(new boolean[] {false, true, false, false, false, true}, (boolean[]) g.edgeColumn("toll")
                .values());
        assertEquals("graph of 4 vertices and 3 undirected edges with lanes, toll", g.toString());
        GraphRows rows = g.rows(0);
        assertEquals(List.of("lanes", "toll"), rows.edgeNames());
        assertSame(rows.edge("lanes", false), rows.edge("lanes", true));
    }

    @Test
    void directedColumns_followTheirEdgesIntoTheReverse() {
        Graph g = Graph.directed(3, new int[] {0, 2, 1}, new int[] {1, 1, 0}, null, EdgeRules.SIMPLE,
                EdgeColumn.of("length", new double[] {1.5, 2.5, 3.5}));
        assertArrayEquals(new double[] {1.5, 3.5, 2.5}, (double[]) g.edgeColumn("length").values());
        // into 0: from 1 (3.5); into 1: from 0 (1.5), from 2 (2.5)
        assertArrayEquals(new double[] {3.5, 1.5, 2.5}, (double[]) g.reverse().edgeColumn("length").values());
        assertArrayEquals(new double[] {3.5, 1.5, 2.5}, (double[]) g.rows(0).edge("length", true));
    }

    @Test
    void duplicates_keepOrMergeTheirColumnsAsWeights() {
        int[] from = {0, 1, 2};
        int[] to = {1, 0, 3};
        Graph kept = roads(EdgeRules.SIMPLE.keepDuplicates(), from, to, new int[] {1, 2, 3}, new boolean[3]);
        assertArrayEquals(new int[] {1, 2, 1, 2, 3, 3}, (int[]) kept.edgeColumn("lanes").values());
        Graph merged = roads(EdgeRules.SIMPLE.mergeDuplicates(), from, to, new int[] {2, 2, 3}, new boolean[3]);
        assertArrayEquals(new int[] {2, 2, 3, 3}, (int[]) merged.edgeColumn("lanes").values());
        ColonyException unequal = assertThrows(ColonyException.class, () -> roads(EdgeRules.SIMPLE.mergeDuplicates(),
                from, to, new int[] {1, 2, 3}, new boolean[3]));
        assertEquals("edge 1 (1 - 0) repeats edge 0 (0 - 1) with another lanes (2, not 1); merged duplicates need "
                + "equal edge attributes", unequal.getMessage());
        ColonyException refused = assertThrows(ColonyException.class, () -> roads(EdgeRules.SIMPLE, from, to,
                new int[] {1, 1, 3}, new boolean[3]));
        assertEquals("edge 1 (1 - 0) repeats edge 0 (0 - 1); pass EdgeRules.SIMPLE.mergeDuplicates() to merge "
                + "duplicates or keepDuplicates() to keep them", refused.getMessage());
    }

    @Test
    void badColumns_areRefusedInOneLine() {
        int[] from = {0, 1};
        int[] to = {1, 2};
        assertEquals("the edge column lanes has 1 values for 2 edges; give one value per edge", assertThrows(
                ColonyException.class, () -> Graph.undirected(3, from, to, null, EdgeRules.SIMPLE,
                        EdgeColumn.of("lanes", new int[] {1}))).getMessage());
        assertEquals("the edge column lanes is given twice; give each column once", assertThrows(
                ColonyException.class, () -> Graph.undirected(3, from, to, null, EdgeRules.SIMPLE,
                        EdgeColumn.of("lanes", new int[2]), EdgeColumn.of("lanes", new int[2]))).getMessage());
        assertEquals("the edge column name \"weight\" is not a name a column may take; a column is named as its edge "
                + "class's field (letters, digits and _, not starting with a digit, not a Java keyword, not from, to "
                + "or weight)", assertThrows(ColonyException.class,
                        () -> EdgeColumn.of("weight", new double[1])).getMessage());
        for (String name : new String[] {"from", "to", "class", "int", "true", "_", "len$", "2x"}) {
            assertThrows(ColonyException.class, () -> EdgeColumn.of(name, new double[1]), name);
        }
        assertEquals("length", EdgeColumn.of("length", new double[1]).name());
        Graph g = Graph.undirected(3, from, to);
        assertEquals("the graph of 3 vertices and 2 undirected edges has no edge column speed; its columns are none",
                assertThrows(ColonyException.class, () -> g.edgeColumn("speed")).getMessage());
    }

    @Test
    void derivedColumns_areSymmetricOnUndirectedGraphs_andExact() {
        Graph g = Graph.undirected(3, new int[] {0, 1}, new int[] {1, 2}, new double[] {0.5, 2}, EdgeRules.SIMPLE);
        Graph d = g.withEdgeAttribute("code", long.class, (u, v, w) -> 10 * u + v + w * 100);
        // rows: 0: 1   1: 0, 2   2: 1; each entry sees (smaller, larger, weight)
        assertArrayEquals(new long[] {51, 51, 212, 212}, (long[]) d.edgeColumn("code").values());
        assertEquals(g.arcs(), d.arcs());
        assertEquals("the edge column half gets 0.25 on entry 0 (0 - 1), which its type int cannot hold exactly",
                assertThrows(ColonyException.class, () -> g.withEdgeAttribute("half", int.class,
                        (u, v, w) -> w / 2)).getMessage());
        assertEquals("the edge column code cannot be of type class java.lang.String; its type is double, float, "
                + "long, int, short, byte or boolean", assertThrows(ColonyException.class,
                        () -> g.withEdgeAttribute("code", String.class, (u, v, w) -> 1)).getMessage());
        assertEquals("the edge column code is given twice; give each column once", assertThrows(
                ColonyException.class, () -> d.withEdgeAttribute("code", int.class, (u, v, w) -> 1)).getMessage());
    }

    @Test
    void derivedColumns_callTheFunctionOncePerUndirectedEdge_evenWithRepeatsAndSelfLoops() {
        // the path 0-1-2, the edge 0-1 twice more, and a self-loop at 2
        Graph g = Graph.undirected(3, new int[] {0, 2, 1, 1, 2}, new int[] {1, 1, 0, 0, 2}, null,
                EdgeRules.SIMPLE.keepDuplicates().allowSelfLoops());
        int[] calls = {0};
        Graph d = g.withEdgeAttribute("order", int.class, (u, v, w) -> ++calls[0]);
        assertEquals(5, calls[0]);
        // rows: 0: 1, 1, 1   1: 0, 0, 0, 2   2: 1, 2; the edges of 0's row in input order are edges 0, 2, 3
        assertArrayEquals(new int[] {1, 2, 3, 1, 2, 3, 4, 4, 5}, (int[]) d.edgeColumn("order").values());
        Path text = dir.resolve("order.txt");
        EdgeListFile.write(text, d);
        assertEquals(d, EdgeListFile.read(text, EdgeRules.SIMPLE.keepDuplicates().allowSelfLoops()));
    }

    @Test
    void nonFiniteValues_areRefusedWhereAColumnIsBuiltDerivedOrRead() throws IOException {
        assertEquals("the edge column length has NaN for edge 1; its values are finite numbers", assertThrows(
                ColonyException.class, () -> EdgeColumn.of("length", new double[] {1, Double.NaN})).getMessage());
        assertEquals("the edge column speed has -Infinity for edge 0; its values are finite numbers", assertThrows(
                ColonyException.class, () -> EdgeColumn.of("speed", new float[] {Float.NEGATIVE_INFINITY}))
                .getMessage());
        Graph g = Graph.undirected(3, new int[] {0, 1}, new int[] {1, 2});
        assertEquals("the edge column half gets NaN on entry 0 (0 - 1), which is not a finite number", assertThrows(
                ColonyException.class, () -> g.withEdgeAttribute("half", float.class, (u, v, w) -> Double.NaN))
                .getMessage());
        assertEquals("the edge column big gets Infinity on entry 2 (1 - 2), which is not a finite number",
                assertThrows(ColonyException.class, () -> g.withEdgeAttribute("big", double.class,
                        (u, v, w) -> u == 1 ? Double.POSITIVE_INFINITY : 1)).getMessage());
        Graph finite = g.withEdgeAttribute("length", double.class, (u, v, w) -> 1.5);
        Path f = dir.resolve("nan.graph");
        GraphFile.write(f, finite);
        byte[] bytes = Files.readAllBytes(f);
        // the last value of the column, just before the trailer: edge 1's length becomes NaN
        java.nio.ByteBuffer buffer = java.nio.ByteBuffer.wrap(bytes).order(java.nio.ByteOrder.LITTLE_ENDIAN);
        buffer.putDouble(bytes.length - 20 - 8, Double.NaN);
        java.util.zip.CRC32C crc = new java.util.zip.CRC32C();
        crc.update(bytes, 0, bytes.length - 20);
        buffer.putInt(bytes.length - 4, (int) crc.getValue());
        Files.write(f, bytes);
        assertEquals("the graph file " + f + " is corrupt: the edge column length has NaN for edge 1; its values are "
                + "finite numbers", assertThrows(ColonyException.class, () -> GraphFile.read(f)).getMessage());
    }

    @Test
    void aGraphWithoutColumns_isWrittenAsVersionOne_andOneWithColumnsAsVersionTwo() throws IOException {
        Graph plain = Graph.undirected(3, new int[] {0, 1}, new int[] {1, 2});
        Path f = dir.resolve("plain.graph");
        GraphFile.write(f, plain);
        assertEquals(1, java.nio.ByteBuffer.wrap(Files.readAllBytes(f)).order(java.nio.ByteOrder.LITTLE_ENDIAN)
                .getInt(8));
        assertEquals(plain, GraphFile.read(f));
        Graph named = plain.withEdgeAttribute("lanes", int.class, (u, v, w) -> 2);
        GraphFile.write(f, named);
        assertEquals(GraphFile.VERSION, java.nio.ByteBuffer.wrap(Files.readAllBytes(f))
                .order(java.nio.ByteOrder.LITTLE_ENDIAN).getInt(8));
        assertEquals(named, GraphFile.read(f));
    }

    @Test
    void fingerprint_coversTheColumns_andKeepsAGraphWithoutThem() {
        Graph plain = Graph.undirected(3, new int[] {0, 1}, new int[] {1, 2});
        Graph same = Graph.undirected(3, new int[] {1, 0}, new int[] {2, 1});
        Graph one = plain.withEdgeAttribute("lanes", int.class, (u, v, w) -> 1);
        Graph two = plain.withEdgeAttribute("lanes", int.class, (u, v, w) -> u == 0 ? 1 : 2);
        Graph floats = plain.withEdgeAttribute("lanes", float.class, (u, v, w) -> 1);
        assertEquals(plain.fingerprint(), same.fingerprint());
        assertNotEquals(plain.fingerprint(), one.fingerprint());
        assertNotEquals(one.fingerprint(), two.fingerprint());
        assertNotEquals(one.fingerprint(), floats.fingerprint());
        assertEquals(one, plain.withEdgeAttribute("lanes", int.class, (u, v, w) -> 1));
        assertNotEquals(one, two);
    }

    private Graph everyType(boolean directed) {
        int[] from = {0, 2, 1};
        int[] to = {1, 1, 3};
        EdgeColumn[] columns = {EdgeColumn.of("d", new double[] {0.1, -2.5e-3, 7}),
            EdgeColumn.of("f", new float[] {0.1f, 3, -1}), EdgeColumn.of("l", new long[] {Long.MIN_VALUE, 5, 1L << 60}),
            EdgeColumn.of("i", new int[] {-1, 0, 1}), EdgeColumn.of("s", new short[] {-300, 2, 3}),
            EdgeColumn.of("b", new byte[] {-128, 0, 127}), EdgeColumn.of("z", new boolean[] {true, false, true})};
        double[] weights = {1, 2, 3};
        return directed ? Graph.directed(4, from, to, weights, EdgeRules.SIMPLE, columns)
                : Graph.undirected(4, from, to, weights, EdgeRules.SIMPLE, columns);
    }

    @Test
    void textAndBinaryFiles_carryEveryTypeOfColumn() throws IOException {
        for (boolean directed : new boolean[] {false, true}) {
            Graph g = everyType(directed);
            Path text = dir.resolve("g" + directed + ".txt");
            EdgeListFile.write(text, g);
            assertEquals(g, EdgeListFile.read(text));
            Path binary = dir.resolve("g" + directed + ".graph");
            GraphFile.write(binary, g);
            assertEquals(g, GraphFile.read(binary));
            assertEquals(g.fingerprint(), GraphFile.read(binary).fingerprint());
        }
        assertEquals("# columns: from to weight d:double f:float l:long i:int s:short b:byte z:boolean",
                Files.readAllLines(dir.resolve("gfalse.txt")).get(3));
    }

    @Test
    void edgeListColumns_areReadByName_andOldFilesStillRead() throws IOException {
        Path f = dir.resolve("roads.txt");
        Files.writeString(f, "# vertices 3\n# columns: from to length lanes:int\n0 1 2.5 2\n1 2 4 1 # a comment\n");
        Graph g = EdgeListFile.read(f);
        assertEquals(List.of("length", "lanes"), g.edgeAttributes());
        assertEquals(false, g.weighted());
        assertArrayEquals(new double[] {2.5, 2.5, 4, 4}, (double[]) g.edgeColumn("length").values());
        assertArrayEquals(new int[] {2, 2, 1, 1}, (int[]) g.edgeColumn("lanes").values());
        Files.writeString(f, "0 1 0.5\n1 2 0.25\n");
        assertEquals(List.of(), EdgeListFile.read(f).edgeAttributes());
    }

    private String textRefusal(String content) throws IOException {
        Path f = dir.resolve("bad.txt");
        Files.writeString(f, content);
        return assertThrows(ColonyException.class, () -> EdgeListFile.read(f)).getMessage().replace(f.toString(),
                "bad.txt");
    }

    @Test
    void malformedEdgeListColumns_areRefusedWithTheirLine() throws IOException {
        assertEquals("bad.txt line 3: the lanes value \"2.5\" is not a whole number from -2147483648 to 2147483647 "
                + "(of type int)", textRefusal("# columns: from to lanes:int\n0 1 2\n1 2 2.5\n"));
        assertEquals("bad.txt line 2: the line has 3 fields, not the 4 of the header \"# columns: from to weight "
                + "length\" (line 1)", textRefusal("# columns: from to weight length\n0 1 2\n"));
        assertEquals("bad.txt line 1: the column lanes has the type \"char\"; a column's type is double (the "
                + "default), float, long, int, short, byte or boolean", textRefusal("# columns: from to lanes:char\n"));
        assertEquals("bad.txt line 1: the header \"# columns: to from x\" does not start with from to; it is "
                + "\"# columns: from to [weight] NAME[:TYPE]...\"", textRefusal("# columns: to from x\n"));
        assertEquals("bad.txt line 2: a second \"# columns:\" header (the first is line 1); declare the columns once",
                textRefusal("# columns: from to x\n# columns: from to y\n"));
        for (String header : new String[] {"#columns:from to lanes:int", "# columns from to lanes:int",
            "# Columns: from to lanes:int", "# COLUMNS: from to lanes:int", "# columnsX from to"}) {
            String comment = header.substring(1).strip();
            assertEquals("bad.txt line 2: the comment \"# " + comment + "\" reads as a columns header but is not one; "
                    + "write it \"# columns: from to [weight] NAME[:TYPE]...\" (columns in lower case, a colon, a "
                    + "space), or reword the comment", textRefusal("# vertices 3\n" + header + "\n0 1 2 1\n"), header);
        }
        assertEquals(List.of("lanes"), EdgeListFile.read(write("#columns: from to lanes:int\n# column names\n0 1 2\n"))
                .edgeAttributes());
        assertEquals("bad.txt line 2: the toll value \"yes\" is not true or false",
                textRefusal("# columns: from to toll:boolean\n0 1 yes\n"));
        assertEquals("bad.txt line 3: the edge 1 0 repeats line 2 (0 1) with another lanes (3, not 2); merged "
                + "duplicates need equal edge attributes", textRefusalMerged(
                        "# columns: from to lanes:int\n0 1 2\n1 0 3\n"));
    }

    private Path write(String content) throws IOException {
        Path f = dir.resolve("good.txt");
        Files.writeString(f, content);
        return f;
    }

    private String textRefusalMerged(String content) throws IOException {
        Path f = dir.resolve("bad.txt");
        Files.writeString(f, content);
        return assertThrows(ColonyException.class, () -> EdgeListFile.read(f, EdgeRules.SIMPLE.mergeDuplicates()))
                .getMessage().replace(f.toString(), "bad.txt");
    }

    @Test
    void aVersionOneBinaryFile_isStillRead() throws IOException {
        Graph g = Graph.undirected(3, new int[] {0, 1}, new int[] {1, 2}, new double[] {0.5, 2}, EdgeRules.SIMPLE);
        Path f = dir.resolve("old.graph");
        GraphFile.write(f, g);
        byte[] bytes = Files.readAllBytes(f);
        bytes[8] = 1; // the version field; version 1 files have no columns and otherwise the same bytes
        java.util.zip.CRC32C crc = new java.util.zip.CRC32C();
        crc.update(bytes, 0, bytes.length - 20);
        java.nio.ByteBuffer.wrap(bytes).order(java.nio.ByteOrder.LITTLE_ENDIAN).putInt(bytes.length - 4,
                (int) crc.getValue());
        Files.write(f, bytes);
        assertEquals(g, GraphFile.read(f));
    }
}
