package org.colony.tests.mpi;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.colony.runtime.Config;
import org.colony.tests.mpi.MpiDriver.Case;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * One simulation over MPI ranks gives the bits of one process: Heat2D, GameOfLife (wrapping), SugarScape,
 * wolf-sheep and Epidemic (exp per cell, normal() draws) on odd sizes, over 1 to 4 ranks with 1 to 3 partitions a rank, over shared memory and over TCP. Every
 * collection's checksum and the status after every step (the agent populations) are compared with one block in
 * this process.
 */
class MpiRunTest {

    private static final List<String> MODELS = List.of("heat2d:43:15", "gameoflife:41:15", "sugarscape:45:12",
            "wolfsheep:39:12", "epidemic:37:10");
    private static final Map<String, String> EXPECTED = new HashMap<>();

    @BeforeAll
    static void reference() throws Exception {
        MpiJob.require();
        for (String m : MODELS) {
            Case c = Case.parse(m + ":1");
            EXPECTED.put(m, MpiDriver.run(Config.defaults().withBackend("cpu").withThreads(1).withSeed(42), c, -1, -1));
        }
    }

    @ParameterizedTest(name = "{0} ranks x {1} partitions, btl {2}")
    @CsvSource({"1, 2, 'vader,self'", "2, 1, 'vader,self'", "2, 3, 'vader,self'", "3, 1, 'vader,self'",
        "3, 2, 'vader,self'", "4, 1, 'vader,self'", "2, 2, 'tcp,self'", "3, 1, 'tcp,self'", "4, 1, 'tcp,self'"})
    void sameBitsAsOneProcess(int ranks, int perRank, String btl) throws Exception {
        List<String> cases = new ArrayList<>();
        for (String m : MODELS) {
            cases.add(m + ":" + perRank);
        }
        MpiJob.Result r = MpiJob.run(MpiJob.mpirun(ranks, List.of("btl", btl),
                MpiJob.java(MpiDriver.class.getName(), cases.toArray(String[]::new))), 240);
        assertEquals(0, r.status(), () -> "mpirun failed:\n" + r.out() + r.err());
        List<String> lines = Arrays.stream(r.out().split("\n")).filter(l -> !l.isBlank()).toList();
        assertEquals(MODELS.size(), lines.size(), () -> "rank 0 prints one line a case:\n" + r.out() + r.err());
        for (int i = 0; i < MODELS.size(); i++) {
            assertEquals(EXPECTED.get(MODELS.get(i)), lines.get(i), MODELS.get(i) + " over " + ranks + " ranks");
        }
    }

    /**
     * Agents ranked by {@code @Priority} (capacity 1 and 2), agents added by the driver, agents writing other agents
     * (on their place and next door, and floating-point sums into the agents on their place), StupidModel and
     * BrainGrid, over ranks; SIR on a graph's vertices split by METIS, its ghosts exchanged between ranks; and the road
     * network's walkers moving between ranks along edges.
     */
    @ParameterizedTest(name = "agent features over {0} ranks x {1} partitions")
    @CsvSource({"2, 1", "3, 2"})
    void agentFeatures_sameBitsAsOneProcess(int ranks, int perRank) throws Exception {
        // StupidModel (births near the parents, across partition borders) and BrainGrid (children on named places),
        // agents writing and asking for agents of another class
        List<String> models = List.of("bidders:1:0", "bidders:2:0", "additions:0:0", "writes:0:0", "neighbours:0:0",
                "floatsums:0:0",
                "stupidmodel:40:30", "braingrid:24:30", "sir:3000:40", "roads:24:30");
        List<String> cases = new ArrayList<>();
        for (String m : models) {
            cases.add(m + ":" + perRank);
        }
        MpiJob.Result r = MpiJob.run(MpiJob.mpirun(ranks, List.of("btl", "vader,self"),
                MpiJob.java(MpiDriver.class.getName(), cases.toArray(String[]::new))), 240);
        assertEquals(0, r.status(), () -> "mpirun failed:\n" + r.out() + r.err());
        List<String> lines = Arrays.stream(r.out().split("\n")).filter(l -> !l.isBlank()).toList();
        assertEquals(models.size(), lines.size(), () -> "rank 0 prints one line a case:\n" + r.out() + r.err());
        for (int i = 0; i < models.size(); i++) {
            String expected = MpiDriver.run(Config.defaults().withBackend("cpu").withThreads(1).withSeed(42),
                    Case.parse(models.get(i) + ":1"), -1, -1);
            assertEquals(expected, lines.get(i), models.get(i) + " over " + ranks + " ranks");
        }
    }
}
