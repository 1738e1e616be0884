package org.colony.runtime.graph;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Path;
import org.colony.ColonyException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The ways to split a graph: METIS on graphs whose best cut is known, ranges, round-robin, the METIS fallback. */
class GraphPartitionerTest {

    @Test
    void metis_cutsAPathOnce() {
        SmallGraphs.requireMetis();
        GraphPartition p = SmallGraphs.path(10).partitioner().metis(2);
        assertEquals(GraphPartition.Method.METIS, p.method());
        assertEquals(1, p.quality().cutEdges());
        assertEquals(5, p.quality().vertices(0));
        assertEquals("", p.note());
    }

    @Test
    void metis_cutsARingInArcs() {
        SmallGraphs.requireMetis();
        assertEquals(2, SmallGraphs.ring(12).partitioner().metis(2).quality().cutEdges());
        assertEquals(3, SmallGraphs.ring(12).partitioner().metis(3).quality().cutEdges());
    }

    @Test
    void metis_separatesTwoCliquesAtTheirBridge() {
        SmallGraphs.requireMetis();
        GraphPartition p = SmallGraphs.twoCliques(6).partitioner().metis(2);
        assertEquals(1, p.quality().cutEdges());
        for (int v = 1; v < 6; v++) {
            assertEquals(p.part(0), p.part(v));
            assertEquals(p.part(6), p.part(6 + v));
        }
        assertEquals(1, p.quality().halo(0));
        assertEquals(1, p.quality().halo(1));
    }

    @Test
    void metis_avoidsHeavyEdges() {
        SmallGraphs.requireMetis();
        SmallGraphs.Csr ring = SmallGraphs.of(4, new int[] {0, 1, 10}, new int[] {1, 2, 1}, new int[] {2, 3, 10},
                new int[] {3, 0, 1});
        GraphPartition p = ring.partitioner().metis(2);
        assertEquals(p.part(0), p.part(1));
        assertEquals(p.part(2), p.part(3));
        assertEquals(2, p.quality().cutWeight());
    }

    @Test
    void metis_onALattice_cutsFarLessThanRoundRobin() {
        SmallGraphs.requireMetis();
        GraphPartitioner lattice = SmallGraphs.lattice(20, 20).partitioner();
        PartitionQuality metis = lattice.metis(4).quality();
        PartitionQuality roundRobin = lattice.roundRobin(4).quality();
        assertEquals(380, roundRobin.cutEdges()); // every edge but the vertical ones (20 apart, 20 % 4 == 0)
        assertTrue(metis.cutEdges() <= 60, "METIS cut " + metis); // two straight cuts cut 40 edges
        assertTrue(metis.haloVertices() * 4 < roundRobin.haloVertices(), metis + " against " + roundRobin);
        assertTrue(metis.imbalance() <= 1.031, "METIS balances within its default 3%: " + metis);
    }

    @Test
    void aGraph_isPartitionedAsItsCsrArrays_andOtherGraphsAsTheSimpleUndirectedGraphOfTheirEdges() {
        SmallGraphs.requireMetis();
        Graph lattice = Generators.lattice(20, 20, false);
        GraphPartition fromGraph = GraphPartitioner.of(lattice).metis(4);
        GraphPartition fromArrays = GraphPartitioner.of(20 * 20, lattice.offsets(), lattice.targets()).metis(4);
        assertArrayEquals(fromArrays.parts(), fromGraph.parts());
        // the lattice's edges pointing one way, twice, with self-loops: the same graph to a partitioner
        int[] from = new int[2 * lattice.edges() + 3];
        int[] to = new int[from.length];
        int e = 0;
        for (int v = 0; v < lattice.vertices(); v++) {
            for (int i = lattice.offset(v); i < lattice.offset(v) + lattice.degree(v); i++) {
                if (lattice.target(i) > v) {
                    from[e] = v;
                    to[e++] = lattice.target(i);
                    from[e] = lattice.target(i);
                    to[e++] = v;
                }
            }
        }
        for (int v = 0; v < 3; v++) {
            from[e] = v;
            to[e++] = v;
        }
        Graph messy = Graph.directed(lattice.vertices(), from, to, null, EdgeRules.SIMPLE.allowSelfLoops()
                .keepDuplicates());
        assertArrayEquals(fromGraph.parts(), GraphPartitioner.of(messy).metis(4).parts());
        assertEquals(fromGraph.quality().cutEdges(), GraphPartitioner.of(messy).metis(4).quality().cutEdges());
    }

    @Test
    void metis_givesTheSamePartsEveryTime() {
        SmallGraphs.requireMetis();
        SmallGraphs.Csr lattice = SmallGraphs.lattice(30, 17);
        int[] first = lattice.partitioner().metis(8).parts();
        int[] again = SmallGraphs.lattice(30, 17).partitioner().metis(8).parts();
        assertArrayEquals(first, again);
        assertArrayEquals(first, lattice.partitioner().metisOrContiguous(8).parts());
    }

    @Test
    void metis_splitsEachPartOfADisconnectedGraph() {
        SmallGraphs.requireMetis();
        // two paths of 4: METIS finds the two components
        SmallGraphs.Csr two = SmallGraphs.of(8, new int[] {0, 1}, new int[] {1, 2}, new int[] {2, 3},
                new int[] {4, 5}, new int[] {5, 6}, new int[] {6, 7});
        assertEquals(0, two.partitioner().metis(2).quality().cutEdges());
    }

    @Test
    void metis_withoutEdges_needsNoLibrary() {
        GraphPartition p = GraphPartitioner.of(5, new int[6], new int[0]).metis(3);
        assertArrayEquals(new int[] {0, 1, 1, 2, 2}, p.parts());
        assertEquals(0, p.quality().cutEdges());
    }

    @Test
    void metisMissing_fallsBackToRanges_andSaysWhyInOneLine() {
        GraphPartition p = SmallGraphs.lattice(4, 4).partitioner().metisOrContiguous(4,
                () -> Metis.load("/nonexistent/libmetis.so.5"));
        assertEquals(GraphPartition.Method.CONTIGUOUS, p.method());
        assertArrayEquals(SmallGraphs.lattice(4, 4).partitioner().contiguous(4).parts(), p.parts());
        assertTrue(p.note().startsWith("METIS is not available, so the graph is split into contiguous ranges of vertex "
                + "ids, which may cut many more edges: METIS's library /nonexistent/libmetis.so.5 cannot be loaded; "
                + "install libmetis5 on Debian or Ubuntu (scripts/install-metis.sh)"), p.note());
        assertFalse(p.note().contains("\n"));
    }

    @Test
    void onePart_holdsEveryVertex_withoutMetis() {
        GraphPartition p = SmallGraphs.ring(5).partitioner().metisOrContiguous(1, () -> {
            throw new AssertionError("METIS is not needed for one part");
        });
        assertArrayEquals(new int[5], p.parts());
        assertEquals(GraphPartition.Method.METIS, p.method());
        assertEquals(0, p.quality().cutEdges());
        assertEquals(0, p.quality().haloVertices());
    }

    @Test
    void contiguous_makesRangesWhoseSizesDifferByOne() {
        assertArrayEquals(new int[] {0, 0, 0, 1, 1, 1, 2, 2, 2, 2}, SmallGraphs.path(10).partitioner().contiguous(3)
                .parts());
        assertEquals(2, SmallGraphs.path(10).partitioner().contiguous(3).quality().cutEdges());
    }

    @Test
    void roundRobin_dealsVerticesInTurn() {
        GraphPartition p = SmallGraphs.ring(6).partitioner().roundRobin(4);
        assertArrayEquals(new int[] {0, 1, 2, 3, 0, 1}, p.parts());
        assertEquals(GraphPartition.Method.ROUND_ROBIN, p.method());
        assertEquals(6, p.quality().cutEdges());
    }

    @Test
    void partsOutOfRange_areRefused() {
        GraphPartitioner ring = SmallGraphs.ring(5).partitioner();
        assertEquals("k=6 parts for a graph of 5 vertices; ask for 1 to 5 parts",
                assertThrows(ColonyException.class, () -> ring.metis(6)).getMessage());
        assertEquals("k=0 parts for a graph of 5 vertices; ask for 1 to 5 parts",
                assertThrows(ColonyException.class, () -> ring.contiguous(0)).getMessage());
        assertThrows(ColonyException.class, () -> ring.roundRobin(6));
        assertThrows(ColonyException.class, () -> ring.metisOrContiguous(-1));
    }

    @Test
    void metisLeavingAPartEmpty_isRefused() {
        SmallGraphs.requireMetis();
        // two separate edges in 4 parts: METIS keeps each edge whole
        SmallGraphs.Csr pairs = SmallGraphs.of(4, new int[] {0, 1}, new int[] {2, 3});
        ColonyException e = assertThrows(ColonyException.class, () -> pairs.partitioner().metis(4));
        assertTrue(e.getMessage().startsWith("METIS left part "), e.getMessage());
        assertTrue(e.getMessage().endsWith("; ask for fewer parts or give a partition file"), e.getMessage());
    }

    @Test
    void writtenPartition_readsBackTheSame(@TempDir Path dir) throws IOException {
        SmallGraphs.requireMetis();
        GraphPartitioner lattice = SmallGraphs.lattice(12, 9).partitioner();
        GraphPartition metis = lattice.metis(5);
        Path file = dir.resolve("lattice.parts");
        metis.write(file);
        GraphPartition read = lattice.read(file, 5);
        assertEquals(GraphPartition.Method.FILE, read.method());
        assertArrayEquals(metis.parts(), read.parts());
        assertEquals(metis.quality().toString(), read.quality().toString());
    }
}
