package org.colony.runtime.graph;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.zip.CRC32C;
import org.colony.ColonyException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class GraphFileTest {

    @TempDir
    Path dir;

    /** A graph file of these fields, with a trailer that matches them (as a hostile writer would make). */
    private Path raw(int flags, long n, long m, int[] ints, double[] weights) throws IOException {
        ByteBuffer b = ByteBuffer.allocate(32 + 4 * ints.length + 8 * weights.length + 20)
                .order(ByteOrder.LITTLE_ENDIAN);
        b.put(GraphFile.MAGIC).putInt(GraphFile.VERSION).putInt(flags).putLong(n).putLong(m);
        for (int v : ints) {
            b.putInt(v);
        }
        for (double w : weights) {
            b.putDouble(w);
        }
        int content = b.position();
        CRC32C crc = new CRC32C();
        crc.update(b.array(), 0, content);
        b.put("GRAPHEND".getBytes(StandardCharsets.US_ASCII)).putLong(content).putInt((int) crc.getValue());
        Path f = dir.resolve("raw.graph");
        Files.write(f, b.array());
        return f;
    }

    private static String refusal(Path f) {
        return assertThrows(ColonyException.class, () -> GraphFile.read(f)).getMessage();
    }

    @Test
    void writeThenRead_givesTheSameGraph() throws IOException {
        Path f = dir.resolve("g.graph");
        EdgeRules multi = EdgeRules.SIMPLE.allowSelfLoops().keepDuplicates();
        Graph[] graphs = {
            Generators.barabasiAlbert(500, 3, 1),
            Graph.undirected(5, new int[] {0, 4, 2, 2, 4}, new int[] {4, 0, 2, 3, 0}, new double[] {1, 2, 3, -0.0, 1e-9},
                    multi),
            Graph.directed(4, new int[] {3, 0, 3, 1}, new int[] {0, 3, 3, 0}, new double[] {0.5, 1, 2, 4}, multi),
            Graph.directed(3, new int[] {}, new int[] {}),
        };
        for (Graph g : graphs) {
            GraphFile.write(f, g);
            assertTrue(GraphFile.isGraphFile(f));
            assertEquals(g, GraphFile.read(f, multi), g.toString());
        }
        // undirected: each edge stored once, so 500 vertices + 1 offsets and 1491 targets
        GraphFile.write(f, graphs[0]);
        assertEquals(32 + 4 * 501 + 4 * 1491 + 20, Files.size(f));
        assertEquals(graphs[0], GraphSpec.parse("file:" + f).build(0));
    }

    @Test
    void aDamagedByte_failsTheChecksum() throws IOException {
        Path f = dir.resolve("g.graph");
        GraphFile.write(f, Generators.erdosRenyi(100, 300, 2));
        byte[] bytes = Files.readAllBytes(f);
        bytes[40] ^= 1;
        Files.write(f, bytes);
        assertEquals("the graph file " + f + " is corrupt: its checksum does not match its content (the file was "
                + "changed or damaged)", refusal(f));
    }

    @Test
    void aTruncatedFile_isRefused() throws IOException {
        Path f = dir.resolve("g.graph");
        GraphFile.write(f, Generators.erdosRenyi(100, 300, 2));
        byte[] bytes = Files.readAllBytes(f);
        Files.write(f, Arrays.copyOf(bytes, bytes.length - 7));
        assertEquals("the graph file " + f + " is truncated or has bytes after its end (" + (bytes.length - 7)
                + " bytes)", refusal(f));
        Files.write(f, Arrays.copyOf(bytes, 20));
        assertEquals("the graph file " + f + " is truncated (20 bytes, with no end)", refusal(f));
        Files.write(f, Arrays.copyOf(bytes, 5));
        assertEquals(f + " is not a Colony graph file (it does not start as one)", refusal(f));
    }

    @Test
    void aHostileHeader_cannotMakeTheReaderAllocate() throws IOException {
        Path f = raw(0, Integer.MAX_VALUE - 1, CsrBuilder.MAX_ARCS, new int[] {0, 0}, new double[0]);
        assertEquals("the graph file " + f + " is corrupt: its header declares n=2147483646 vertices and "
                + "m=2147483639 edges, which is not the 8 bytes it holds after the header", refusal(f));
        Path negative = raw(3, -1, 0, new int[0], new double[0]);
        assertEquals("the graph file " + negative + " is corrupt: its header declares n=-1 vertices and m=0 edges "
                + "with weights, which is not the 0 bytes it holds after the header", refusal(negative));
        Path flags = raw(8, 0, 0, new int[] {0}, new double[0]);
        assertEquals("the graph file " + flags + " is corrupt: unknown flags 8", refusal(flags));
    }

    @Test
    void hostileRows_withAValidChecksum_areRefused() throws IOException {
        Path down = raw(0, 3, 2, new int[] {0, 2, 1, 2, 1, 2}, new double[0]);
        assertEquals("the graph file " + down + " is corrupt: the offset of vertex 2 (1) is below that of vertex 1 "
                + "(2)", refusal(down));
        Path ends = raw(0, 2, 1, new int[] {0, 0, 0, 1}, new double[0]);
        assertEquals("the graph file " + ends + " is corrupt: its offsets run from 0 to 0, not from 0 to m=1",
                refusal(ends));
        Path below = raw(0, 3, 1, new int[] {0, 0, 1, 1, 0}, new double[0]);
        assertEquals("the graph file " + below + " is corrupt: edge 0 of vertex 1 leads to 0, not to a vertex from 1 "
                + "below n=3", refusal(below));
        Path outside = raw(1, 3, 1, new int[] {0, 1, 1, 1, 7}, new double[0]);
        assertEquals("the graph file " + outside + " is corrupt: edge 0 of vertex 0 leads to 7, not to a vertex below "
                + "n=3", refusal(outside));
        Path nan = raw(2, 2, 1, new int[] {0, 1, 1, 1}, new double[] {Double.NaN});
        assertEquals("the graph file " + nan + " is corrupt: edge 0 (0 1) has the weight NaN; weights are finite "
                + "numbers", refusal(nan));
    }

    @Test
    void selfLoopsAndDuplicates_areRefusedUnderTheDefaultRules() throws IOException {
        Path loop = raw(0, 2, 2, new int[] {0, 1, 2, 1, 1}, new double[0]);
        assertEquals(loop + ": edge 1 (1 - 1) is a self-loop; read the file with EdgeRules.SIMPLE.allowSelfLoops() "
                + "to keep self-loops", refusal(loop));
        Path twice = raw(1, 2, 2, new int[] {0, 2, 2, 1, 1}, new double[0]);
        assertEquals(twice + ": edge 1 (0 -> 1) repeats edge 0 (0 -> 1); read the file with "
                + "EdgeRules.SIMPLE.mergeDuplicates() or keepDuplicates()", refusal(twice));
        assertEquals(1, GraphFile.read(twice, EdgeRules.SIMPLE.mergeDuplicates()).edges());
    }

    @Test
    void otherFiles_areRefusedInOneLine() throws IOException {
        Path text = dir.resolve("g.txt");
        Files.writeString(text, "0 1\n");
        assertEquals(text + " is not a Colony graph file (it does not start as one)", refusal(text));
        Path future = raw(0, 0, 0, new int[] {0}, new double[0]);
        byte[] bytes = Files.readAllBytes(future);
        bytes[8] = 3;
        Files.write(future, bytes);
        assertEquals(future + " is a graph file of format version 3; this Colony reads versions 1 to 2 (write it again "
                + "with this Colony)", refusal(future));
        assertEquals("the graph file " + dir + " is a directory; name a graph file", refusal(dir));
        Path missing = dir.resolve("none.graph");
        assertEquals("the graph file " + missing + " does not exist", refusal(missing));
    }
}
