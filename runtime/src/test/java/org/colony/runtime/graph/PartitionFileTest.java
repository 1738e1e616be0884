package org.colony.runtime.graph;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.colony.ColonyException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The user's partition file: what it accepts, and each refusal with its line and reason. */
class PartitionFileTest {

    @TempDir
    Path dir;

    private final GraphPartitioner path = SmallGraphs.path(5).partitioner();

    private Path file(String text) throws IOException {
        return Files.writeString(dir.resolve("parts.txt"), text);
    }

    private String refusal(String text, int k) throws IOException {
        Path f = file(text);
        return assertThrows(ColonyException.class, () -> path.read(f, k)).getMessage().replace(f.toString(), "FILE");
    }

    @Test
    void commentsAndBlankLines_areSkipped() throws IOException {
        GraphPartition p = path.read(file("# five vertices\n0\n0  # the first two\n\n 1\n1\r\n2\n# end\n"), 3);
        assertArrayEquals(new int[] {0, 0, 1, 1, 2}, p.parts());
        assertEquals(GraphPartition.Method.FILE, p.method());
        assertEquals(2, p.quality().cutEdges());
    }

    @Test
    void aLineThatIsNotANumber_isRefusedWithItsLine() throws IOException {
        assertEquals("FILE:3: '1.5' is not a part number; write one whole number per line",
                refusal("0\n0\n1.5\n1\n2\n", 3));
        assertEquals("FILE:2: '0 1' is not a part number; write one whole number per line",
                refusal("0\n0 1\n1\n1\n2\n", 3));
    }

    @Test
    void aPartOutOfRange_isRefusedWithItsLine() throws IOException {
        assertEquals("FILE:6: part 3 is out of range for k=3; parts are 0 to 2", refusal("# k=3\n0\n0\n1\n1\n3\n", 3));
        assertEquals("FILE:1: part -1 is out of range for k=3; parts are 0 to 2", refusal("-1\n0\n1\n1\n2\n", 3));
        assertEquals("FILE:1: part 99999999999999999999 is out of range for k=3; parts are 0 to 2",
                refusal("99999999999999999999\n0\n1\n1\n2\n", 3));
    }

    @Test
    void moreLinesThanVertices_areRefusedAtTheFirstExtraLine() throws IOException {
        assertEquals("FILE:7: a part for vertex 5, but the graph has 5 vertices; give one line per vertex",
                refusal("0\n0\n1\n1\n2\n\n2\n", 3));
    }

    @Test
    void fewerLinesThanVertices_areRefused() throws IOException {
        assertEquals("FILE: 4 parts for a graph of 5 vertices; give one line per vertex, in vertex order",
                refusal("0\n0\n1\n2\n# one missing\n", 3));
    }

    @Test
    void aPartWithoutVertices_isRefused() throws IOException {
        assertEquals("FILE: part 1 of k=3 has no vertex; every part needs one, so number the parts 0 to 2 without "
                + "gaps or ask for fewer parts", refusal("0\n0\n2\n2\n2\n", 3));
    }

    @Test
    void aMissingFile_isAnIoError() {
        assertThrows(IOException.class, () -> path.read(dir.resolve("absent.txt"), 2));
    }

    @Test
    void kOutOfRange_isRefusedBeforeReading() throws IOException {
        assertEquals("k=6 parts for a graph of 5 vertices; ask for 1 to 5 parts", refusal("0\n", 6));
    }
}
