package org.colony.runtime.graph;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.colony.ColonyException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class GraphSpecTest {

    @TempDir
    Path dir;

    private static String refusal(String spec) {
        return assertThrows(ColonyException.class, () -> GraphSpec.parse(spec)).getMessage();
    }

    @Test
    void generatorSpecs_buildTheirGenerators() {
        assertEquals(Generators.erdosRenyi(1000, 5000, 3), GraphSpec.parse("er:1000:5000").build(3));
        assertEquals(Generators.barabasiAlbert(1000, 5, 3), GraphSpec.parse("ba:1_000:5").build(3));
        assertEquals(Generators.wattsStrogatz(1000, 10, 0.1, 3), GraphSpec.parse("ws:1000:10:0.1").build(3));
        assertEquals(Generators.lattice(100, 50, false), GraphSpec.parse("lattice:100x50").build(3));
        assertEquals(Generators.lattice(100, 50, true), GraphSpec.parse("lattice:100x50:wrap").build(3));
        assertEquals("ws:1000:10:0.1", GraphSpec.parse("ws:1000:10:0.1").toString());
    }

    @Test
    void aMillionVertexScaleFreeGraph_builds() {
        Graph g = GraphSpec.parse("ba:200000:5").build(1);
        assertEquals("graph of 200000 vertices and 999975 undirected edges", g.toString());
    }

    @Test
    void fileSpecs_readTextOrBinaryByTheirFirstBytes() throws IOException {
        Graph g = Generators.wattsStrogatz(50, 4, 0.3, 1);
        Path text = dir.resolve("g.txt");
        Path binary = dir.resolve("g.bin");
        EdgeListFile.write(text, g);
        GraphFile.write(binary, g);
        assertEquals(g, GraphSpec.parse("file:" + text).build(0));
        assertEquals(g, GraphSpec.parse("file:" + binary).build(0));
        Files.writeString(text, "0 1\n1 0\n");
        assertEquals(text + " line 2: the edge 1 0 repeats line 1 (0 1); remove it or read the file with "
                + "EdgeRules.SIMPLE.mergeDuplicates()",
                assertThrows(ColonyException.class, () -> GraphSpec.parse("file:" + text).build(0)).getMessage());
    }

    @Test
    void badSpecs_areRefusedNamingWhatIsWrongAndTheForms() {
        String forms = " (the forms are er:N:M, ba:N:M, ws:N:K:BETA, lattice:WxH[:wrap] or file:PATH)";
        assertEquals("the graph spec is empty; give one of er:N:M, ba:N:M, ws:N:K:BETA, lattice:WxH[:wrap] or "
                + "file:PATH", refusal(" "));
        assertEquals("the graph spec \"sw:10:2\" is of no known kind (\"sw\"); give one of er:N:M, ba:N:M, "
                + "ws:N:K:BETA, lattice:WxH[:wrap] or file:PATH", refusal("sw:10:2"));
        assertEquals("the graph spec \"ba:1000\" is wrong: it has 2 fields, not 3; its form is ba:N:M" + forms,
                refusal("ba:1000"));
        assertEquals("the graph spec \"er:1e3:10\" is wrong: N=\"1e3\" is not a whole number from 0; its form is "
                + "er:N:M" + forms, refusal("er:1e3:10"));
        assertEquals("the graph spec \"ba:-5:2\" is wrong: N=\"-5\" is not a whole number from 0; its form is ba:N:M"
                + forms, refusal("ba:-5:2"));
        assertEquals("the graph spec \"ba:3000000000:2\" is wrong: N=3000000000 is above 2147483646; its form is "
                + "ba:N:M" + forms, refusal("ba:3000000000:2"));
        assertEquals("the graph spec \"ws:100:4:1.5\" is wrong: BETA=\"1.5\" is not a chance from 0 to 1; its form "
                + "is ws:N:K:BETA" + forms, refusal("ws:100:4:1.5"));
        assertEquals("the graph spec \"lattice:100\" is wrong: \"100\" is not a size WxH such as 100x100; its form is "
                + "lattice:WxH[:wrap]" + forms, refusal("lattice:100"));
        assertEquals("the graph spec \"lattice:10x10:torus\" is wrong: \"torus\" is not \"wrap\"; its form is "
                + "lattice:WxH[:wrap]" + forms, refusal("lattice:10x10:torus"));
        assertEquals("the graph spec \"file:\" is wrong: it names no file; its form is file:PATH" + forms,
                refusal("file:"));
        assertEquals("Barabási–Albert with n=5 vertices takes m=1 to n-1 edges per new vertex, not m=9",
                assertThrows(ColonyException.class, () -> GraphSpec.parse("ba:5:9").build(0)).getMessage());
    }
}
