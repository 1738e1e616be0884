package org.colony.tests.cuda;

import static org.colony.tests.partition.PartitionedAgentsTest.assertSame;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.colony.cuda.CudaAgentSteps;
import org.colony.tests.agents.AddAgentsTest;
import org.colony.tests.agents.AgentWritesTest;
import org.colony.tests.agents.FloatSumsTest;
import org.colony.tests.agents.NeighbourWritesTest;
import org.colony.tests.agents.PriorityTest;
import org.colony.tests.agents.RoundsTest;
import org.colony.tests.partition.PartitionedAgentsTest;
import org.colony.tests.partition.PartitionedAgentsTest.Script;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Agents on grids cut into partitions on GPUs: several partitions on one GPU, and one partition on each of two
 * GPUs, give the CPU's one-block state bit for bit (the drivers are {@link PartitionedAgentsTest}'s): SugarScape,
 * wolf-sheep, walkers crowding, jumping, breeding and dying across borders, agents seeing agents next door, and
 * floating-point sums into the agents on a place (steps that run place by place, {@link FloatSumsTest}).
 * The two-GPU tests run where two GPUs are present and are skipped, saying so, elsewhere.
 */
@Tag("gpu")
class PartitionedAgentsGpuTest {

    private static final String[] CPU = {"--backend=cpu"};
    private static final String[] ONE_GPU = {"--backend=cuda"};
    private static final String[] TWO_GPUS = {"--backend=cuda", "--devices=2"};

    private static String[] on(int devices) {
        if (devices == 1) {
            Gpu.require();
            return ONE_GPU;
        }
        PartitionedGpuTest.requireTwo();
        return TWO_GPUS;
    }

    @ParameterizedTest(name = "sugarscape n={0} on {1} GPU(s), partitions={2}")
    @CsvSource({"31, 1, 2", "31, 1, 3x2", "37, 1, 5x1", "31, 2, 2", "101, 2, 2x1", "64, 2, 1x2"})
    void sugarScape_onGpuPartitions_isBitIdenticalToTheCpu(int n, int devices, String partitions) {
        String[] gpu = on(devices);
        List<String> cpu = PartitionedAgentsTest.sugarScape(CPU, n, 60, 2, null);
        assertSame(cpu, PartitionedAgentsTest.sugarScape(gpu, n, 60, 2, partitions),
                "sugarscape " + n + " on " + devices + " GPU(s), " + partitions);
    }

    @ParameterizedTest(name = "sugarscape n={0} on two GPUs, partitions chosen by --devices")
    @CsvSource({"31", "200"})
    void sugarScape_onTwoGpus_matchesOneGpuAndTheCpu(int n) {
        String[] two = on(2);
        List<String> cpu = PartitionedAgentsTest.sugarScape(CPU, n, 40, 2, null);
        assertSame(cpu, PartitionedAgentsTest.sugarScape(ONE_GPU, n, 40, 2, null), "one GPU");
        assertSame(cpu, PartitionedAgentsTest.sugarScape(two, n, 40, 2, null), "two GPUs");
    }

    @ParameterizedTest(name = "wolf-sheep {0}x{1} on {2} GPU(s), partitions={3}")
    @CsvSource({"41, 33, 1, 4", "41, 33, 1, 2x1", "23, 23, 1, 7x1", "41, 33, 2, 2", "41, 33, 2, 1x2"})
    void wolfSheep_onGpuPartitions_isBitIdenticalToTheCpu(int w, int h, int devices, String partitions) {
        String[] gpu = on(devices);
        assertSame(PartitionedAgentsTest.wolfSheep(CPU, w, h, 150, 2, null),
                PartitionedAgentsTest.wolfSheep(gpu, w, h, 150, 2, partitions),
                "wolf-sheep " + w + "x" + h + " on " + devices + " GPU(s), " + partitions);
    }

    @ParameterizedTest(name = "braingrid on {0} GPU(s), partitions={1}")
    @CsvSource({"1, ", "1, 3", "1, 2x2", "2, 2"})
    void brainGrid_onTheGpu_isBitIdenticalToTheCpu(int devices, String partitions) {
        assertSame(PartitionedAgentsTest.brainGrid(CPU, 30, 50, 2, null),
                PartitionedAgentsTest.brainGrid(on(devices), 30, 50, 2, partitions),
                "braingrid on " + devices + " GPU(s), " + partitions);
    }

    @ParameterizedTest(name = "float sums into agents here on {0} GPU(s), partitions={1}, wrap={2}, large={3}")
    @CsvSource({"1, , false, false", "1, , true, false", "1, 2, false, false", "1, 2x2, true, false",
            "1, 3, true, false", "1, , true, true", "1, 2, true, true", "2, 2, false, false", "2, 2, true, true"})
    void floatingPointSumsIntoAgentsHere_onTheGpu_giveTheCpusBits(int devices, String partitions, boolean wrap,
            boolean large) {
        // (every step is also checked against the plain sequential computation inside rounds)
        FloatSumsTest.Size size = large ? FloatSumsTest.Size.LARGE : FloatSumsTest.Size.SMALL;
        assertSame(FloatSumsTest.rounds(CPU, 2, null, wrap, size),
                FloatSumsTest.rounds(on(devices), 2, partitions, wrap, size),
                "float sums on " + devices + " GPU(s), " + partitions + ", wrap " + wrap + ", " + size);
    }

    @ParameterizedTest(name = "agent writes on {0} GPU(s), partitions={1}")
    @CsvSource({"1, ", "1, 2", "1, 3x2", "2, 2"})
    void writesOfOtherAgents_onTheGpu_giveTheCpusState(int devices, String partitions) {
        assertSame(AgentWritesTest.rounds(CPU, 2, null), AgentWritesTest.rounds(on(devices), 2, partitions),
                "agent writes on " + devices + " GPU(s), " + partitions);
    }

    @ParameterizedTest(name = "agent writes next door on {0} GPU(s), partitions={1}")
    @CsvSource({"1, ", "1, 2", "1, 3", "1, 2x2", "1, 3x2", "2, 2", "2, 1x2"})
    void writesOfAgentsNextDoor_onTheGpu_giveTheCpusState(int devices, String partitions) {
        assertSame(NeighbourWritesTest.rounds(CPU, 2, null), NeighbourWritesTest.rounds(on(devices), 2, partitions),
                "agent writes next door on " + devices + " GPU(s), " + partitions);
    }

    @ParameterizedTest(name = "stupidmodel {0}x{1} on {2} GPU(s), partitions={3}")
    @CsvSource({"48, 32, 1, ", "48, 32, 1, 3", "48, 32, 1, 2x2", "37, 29, 2, 2", "200, 100, 1, "})
    void stupidModel_onTheGpu_isBitIdenticalToTheCpu(int w, int h, int devices, String partitions) {
        assertSame(PartitionedAgentsTest.stupidModel(CPU, w, h, 80, 2, null),
                PartitionedAgentsTest.stupidModel(on(devices), w, h, 80, 2, partitions),
                "stupidmodel " + w + "x" + h + " on " + devices + " GPU(s), " + partitions);
    }

    @ParameterizedTest(name = "{0} capacity={2} wrap={3} on {4} GPU(s), partitions={5}")
    @CsvSource({
        "CROWD, 29, 1, false, 1, 4",
        "CROWD, 29, 2147483647, true, 1, 6",
        "JUMP, 29, 2, true, 1, 2x3",
        "BREED, 29, 2147483647, false, 1, 6",
        "BREED, 29, 3, false, 1, 5x1",
        "BREED_AND_CULL, 29, 2, false, 1, 3x3",
        "CROWD, 29, 2, false, 2, 2",
        "JUMP, 29, 2147483647, false, 2, 2",
        "BREED, 29, 2, true, 2, 1x2",
        "BREED_AND_CULL, 29, 2147483647, true, 2, 2",
        "BREED_AT, 29, 1, true, 1, 3x2",
        "BREED_AT, 29, 2147483647, false, 1, 4",
        "BREED_AT, 29, 2, false, 2, 2",
        "BREED_NEAR, 29, 1, true, 1, 3x2",
        "BREED_NEAR, 29, 2, false, 1, 4",
        "BREED_NEAR, 29, 1, false, 2, 2",
    })
    void walkers_acrossGpuPartitions_giveTheCpusReportsAndState(Script script, int n, int capacity, boolean wrap,
            int devices, String partitions) {
        String[] gpu = on(devices);
        List<String> cpu = PartitionedAgentsTest.walkers(CPU, script, n, n - 4, wrap, capacity, null);
        long known = CudaAgentSteps.knownSettlings();
        List<String> cut = PartitionedAgentsTest.walkers(gpu, script, n, n - 4, wrap, capacity, partitions);
        if (script == Script.CROWD || script == Script.JUMP) {
            // (moves only: where places have no capacity every move wins, and each settling's counts are known)
            assertEquals(capacity == Integer.MAX_VALUE, CudaAgentSteps.knownSettlings() > known,
                    "settlings counted without a read");
        }
        // (births at home on one GPU send nothing between the partitions: nobody moves, and the children are numbered
        // there from every partition's parents' ids; over two GPUs the partitions exchange their lists)
        boolean crosses = script != Script.BREED_AND_CULL || devices > 1;
        assertEquals("traffic " + crosses, cut.remove(cut.size() - 1), "agents or lists crossed partitions");
        assertSame(cpu, cut, script + " on " + devices + " GPU(s), " + partitions);
    }

    @ParameterizedTest(name = "one block, {0} capacity={1} wrap={2}")
    @CsvSource({"BREED_AND_CULL, 2147483647, false", "BREED, 2147483647, true", "BREED_AT, 2147483647, false",
        "BREED_NEAR, 2147483647, false", "BREED_AND_CULL, 2, false"})
    void oneBlock_knowsItsChildrenBornWithoutARead_onlyWhereEveryChildAskedForIsBorn(Script script, int capacity,
            boolean wrap) {
        List<String> cpu = PartitionedAgentsTest.walkers(CPU, script, 29, 25, wrap, capacity, null);
        long known = CudaAgentSteps.birthsKnown();
        List<String> gpu = PartitionedAgentsTest.walkers(on(1), script, 29, 25, wrap, capacity, null);
        assertSame(cpu, gpu, script + " as one block on the GPU");
        // children on their parents' places where places have no capacity: every one is born; a spawnNear's may
        // all miss the grid, and a place named off the grid (BREED_AT without wrap) takes none in some rounds
        boolean here = capacity == Integer.MAX_VALUE && (script == Script.BREED_AND_CULL || script == Script.BREED);
        if (script != Script.BREED_AT) {
            assertEquals(here, CudaAgentSteps.birthsKnown() > known, "rounds whose children born were known");
        }
    }

    @ParameterizedTest(name = "births at home, capacity={0} wrap={1} on {2} GPU(s), partitions={3}")
    @CsvSource({"1, true, 1, 2", "2, false, 1, 3x3", "3, false, 1, 4", "2147483647, true, 1, 2x2",
        "2, true, 2, 2"})
    void birthsOnTheirParentsPartitions_areSettledByEachPartitionAlone_asTheCpuSettlesThem(int capacity, boolean wrap,
            int devices, String partitions) {
        String[] gpu = on(devices);
        List<String> cpu = PartitionedAgentsTest.walkers(CPU, Script.BREED_AND_CULL, 29, 25, wrap, capacity, null);
        long before = CudaAgentSteps.birthsHere();
        long numbered = CudaAgentSteps.numberedOnDevice();
        long queued = CudaAgentSteps.queuedReads();
        long known = CudaAgentSteps.birthsKnown();
        List<String> cut = PartitionedAgentsTest.walkers(gpu, Script.BREED_AND_CULL, 29, 25, wrap, capacity,
                partitions);
        cut.remove(cut.size() - 1); // (whether anything crossed: the children's numbering did)
        assertSame(cpu, cut, "births at home on " + devices + " GPU(s), " + partitions);
        // every round (4) of every partition: nobody moves, every child is born on its parent's place
        int k = partitions.contains("x") ? Integer.parseInt(partitions.split("x")[0])
                * Integer.parseInt(partitions.split("x")[1]) : Integer.parseInt(partitions);
        assertEquals(4L * k, CudaAgentSteps.birthsHere() - before, "rounds settled by the partitions alone");
        // on one GPU the children are numbered there from every partition's parents' ids; over two, from the lists
        assertEquals(devices == 1 ? 4L * k : 0, CudaAgentSteps.numberedOnDevice() - numbered,
                "rounds whose children were numbered on the device");
        // the counts of every round of every partition with agents, and its children born, came from copies queued
        // ahead and read in turn (both, in each of the 4 rounds, of one partition at least)
        assertTrue(CudaAgentSteps.queuedReads() - queued >= 2 * 4, "reads of copies queued ahead: "
                + (CudaAgentSteps.queuedReads() - queued));
        // where places have no capacity every child asked for (on its parent's place) is born: on one GPU, where the
        // parents' ids stay there, nothing is read for them
        assertEquals(capacity == Integer.MAX_VALUE && devices == 1, CudaAgentSteps.birthsKnown() > known,
                "rounds whose children born were known without a read");
    }

    @ParameterizedTest(name = "births across borders, {0} capacity={1} wrap={2} on {3} GPU(s), partitions={4}")
    @CsvSource({"NEAR, 1, true, 1, 2", "NEAR, 2, false, 1, 3x3", "NEAR, 1, false, 1, 4",
        "NEAR, 2147483647, true, 1, 2x2", "AT, 1, true, 1, 3x2", "AT, 2, false, 1, 2", "NEAR, 1, true, 2, 2",
        "AT, 2, false, 2, 1x2"})
    void birthsOnOtherPartitionsPlaces_areSettledOnTheDevices_asTheCpuSettlesThem(Script script, int capacity,
            boolean wrap, int devices, String partitions) {
        String[] gpu = on(devices);
        List<String> cpu = PartitionedAgentsTest.walkers(CPU, script, 29, 25, wrap, capacity, null);
        long before = CudaAgentSteps.birthsAcross();
        long numbered = CudaAgentSteps.numberedOnDevice();
        List<String> cut = PartitionedAgentsTest.walkers(gpu, script, 29, 25, wrap, capacity, partitions);
        assertEquals("traffic true", cut.remove(cut.size() - 1), "children crossed partitions");
        assertSame(cpu, cut, "births across borders on " + devices + " GPU(s), " + partitions);
        // every round (4) of every partition: nobody moves, some children may be born on other partitions' places
        int k = partitions.contains("x") ? Integer.parseInt(partitions.split("x")[0])
                * Integer.parseInt(partitions.split("x")[1]) : Integer.parseInt(partitions);
        assertEquals(4L * k, CudaAgentSteps.birthsAcross() - before, "rounds settled across partitions on the devices");
        assertEquals(devices == 1 ? 4L * k : 0, CudaAgentSteps.numberedOnDevice() - numbered,
                "rounds whose children were numbered on the device");
    }

    @ParameterizedTest(name = "births {0}, partitions={1}, children numbered from the lists")
    @CsvSource({"BREED_AND_CULL, 2", "BREED_NEAR, 3x2"})
    void childrenNumberedFromTheLists_onOneGpu_whereSwitchedOff_matchTheCpu(Script script, String partitions) {
        List<String> cpu = PartitionedAgentsTest.walkers(CPU, script, 29, 25, true, 1, null);
        String before = System.getProperty("colony.cuda.numberOnDevice");
        System.setProperty("colony.cuda.numberOnDevice", "false");
        try {
            long numbered = CudaAgentSteps.numberedOnDevice();
            List<String> cut = PartitionedAgentsTest.walkers(on(1), script, 29, 25, true, 1, partitions);
            cut.remove(cut.size() - 1);
            assertSame(cpu, cut, script + " numbered from the lists on " + partitions);
            assertEquals(0, CudaAgentSteps.numberedOnDevice() - numbered, "rounds numbered on the device");
        } finally {
            if (before == null) {
                System.clearProperty("colony.cuda.numberOnDevice");
            } else {
                System.setProperty("colony.cuda.numberOnDevice", before);
            }
        }
    }

    @ParameterizedTest(name = "{0} capacity={1} wrap={2} on one GPU block")
    @CsvSource({"BREED, 2, true", "BREED_AT, 1, true", "BREED_AT, 2147483647, false", "BREED_AT, 3, false",
        "BREED_NEAR, 1, true", "BREED_NEAR, 1, false", "BREED_NEAR, 2147483647, true", "BREED_NEAR, 2, false"})
    void walkers_onOneGpuBlock_giveTheCpusReportsAndState(Script script, int capacity, boolean wrap) {
        assertSame(PartitionedAgentsTest.walkers(CPU, script, 29, 25, wrap, capacity, null),
                PartitionedAgentsTest.walkers(on(1), script, 29, 25, wrap, capacity, null), script + " on one GPU");
    }

    @ParameterizedTest(name = "wrap={0} on {1} GPU(s), partitions={2}")
    @CsvSource({"false, 1, 4", "true, 1, 2x3", "true, 1, 1x2", "false, 1, 23x1", "true, 2, 2", "false, 2, 1x2"})
    void agentsNextDoor_onGpuPartitions_areSeenAsOnTheCpu(boolean wrap, int devices, String partitions) {
        String[] gpu = on(devices);
        assertSame(PartitionedAgentsTest.neighbours(CPU, wrap, null),
                PartitionedAgentsTest.neighbours(gpu, wrap, partitions), "neighbours on " + partitions);
    }

    @ParameterizedTest(name = "motes on {0} GPU(s), partitions={1}")
    @CsvSource({"1, 6", "2, 2"})
    void agentsThatReadNothingNextDoor_onGpuPartitions_matchTheCpu(int devices, String partitions) {
        String[] gpu = on(devices);
        assertSame(PartitionedAgentsTest.motes(CPU, null), PartitionedAgentsTest.motes(gpu, partitions),
                "motes on " + partitions);
    }

    @ParameterizedTest(name = "bidders capacity={0} wrap={1} on {2} GPU(s), partitions={3}")
    @CsvSource({
        "1, false, 1, ",
        "2, true, 1, ",
        "1, false, 1, 4",
        "2, true, 1, 3x2",
        "3, false, 1, 5x1",
        "1, true, 2, 2",
    })
    void biddersRankedByPriority_onGpus_areBitIdenticalToTheCpu(int capacity, boolean wrap, int devices,
            String partitions) {
        String[] gpu = on(devices);
        for (boolean breed : new boolean[] {true, false}) { // births settle on the host, moves alone on the device
            assertSame(PriorityTest.bidders(CPU, 29, 25, wrap, capacity, breed, 2, null),
                    PriorityTest.bidders(gpu, 29, 25, wrap, capacity, breed, 2, partitions),
                    "bidders capacity " + capacity + " breeding " + breed + " on " + devices + " GPU(s), " + partitions);
        }
    }

    @ParameterizedTest(name = "agents added between rounds on {0} GPU(s), partitions={1}")
    @CsvSource({"1, ", "1, 4", "1, 3x2", "2, 2"})
    void addedAgents_onGpus_areBitIdenticalToTheCpu(int devices, String partitions) {
        String[] gpu = on(devices);
        assertSame(AddAgentsTest.additions(CPU, 1, null), AddAgentsTest.additions(gpu, 2, partitions),
                "agents added on " + devices + " GPU(s), " + partitions);
    }

    @ParameterizedTest(name = "seekers in {0} rounds, wrap={1} on {2} GPU(s), partitions={3}")
    @CsvSource({"8, false, 1, ", "8, true, 1, 4", "3, false, 1, 3x2", "8, true, 2, 2"})
    void repeatedRounds_onGpus_areBitIdenticalToTheCpu(int rounds, boolean wrap, int devices, String partitions) {
        String[] gpu = on(devices);
        assertSame(RoundsTest.seekers(CPU, rounds, wrap, 1, null),
                RoundsTest.seekers(gpu, rounds, wrap, 2, partitions),
                "seekers in " + rounds + " rounds on " + devices + " GPU(s), " + partitions);
    }
}
