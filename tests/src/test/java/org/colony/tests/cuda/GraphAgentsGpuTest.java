package org.colony.tests.cuda;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.colony.examples.roads.RoadNetwork;
import org.colony.runtime.Config;
import org.colony.runtime.Simulation;
import org.colony.runtime.graph.Graph;
import org.colony.runtime.graph.GraphSpec;
import org.colony.tests.graph.RoverRun;
import org.colony.tests.lang.Lang;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Agents on a graph's vertices on the GPU, on one block and on partitions of one or two GPUs, against the CPU's one
 * block, bit for bit: the rovers (moves along edges and to any vertex, capacity and priority, births, deaths, place
 * writes, vertex steps that iterate and create agents) and the road network's walkers.
 */
@Tag("gpu")
class GraphAgentsGpuTest {

    @ParameterizedTest(name = "{0} on {1} GPU(s), {2} partitions by {3}, split {4}")
    @CsvSource({
        "ba:20000:3, 1, 1, none, auto",
        "ws:30000:6:0.1, 1, 1, none, auto",
        "ws:30000:6:0.1, 1, 2, metis, auto",
        "ba:20000:3, 1, 3, round-robin, auto",
        "ws:30000:6:0.1, 1, 3, contiguous, always",
        "ba:20000:3, 2, 2, contiguous, auto",
        "ws:30000:6:0.1, 2, 2, round-robin, always",
    })
    void rovers_onGpu_areTheCpusBitForBit(String spec, int devices, int partitions, String method, String split) {
        Gpu.require();
        if (devices > 1) {
            PartitionedGpuTest.requireTwo();
        }
        long seed = 17;
        Graph graph = GraphSpec.parse(spec).build(seed);
        RoverRun cpu = RoverRun.of(Config.defaults().withBackend("cpu").withThreads(2).withSeed(seed), graph, null);
        Config cuda = Config.defaults().withBackend("cuda").withSeed(seed).withDevices(devices);
        RoverRun[] gpu = new RoverRun[1];
        // split=always: the towns' steps run their interior rows while the ghosts travel, with the rovers bound
        Lang.withProperty("colony.partitions.split", split, () -> gpu[0] = RoverRun.of(cuda, graph,
                partitions == 1 ? null : RoverRun.cut(graph, partitions, method)));
        cpu.checkEventful();
        cpu.checkSame(gpu[0]);
        if (partitions > 1) {
            assertTrue(gpu[0].traffic() > 0, "rovers moved between partitions");
        }
    }

    @ParameterizedTest(name = "roads {0} on {1} partitions by {2}")
    @CsvSource({"lattice:200x200, 2, metis", "ba:50000:3, 3, round-robin"})
    void walkers_onGpuPartitions_areTheCpusBitForBit(String spec, int partitions, String method) {
        Gpu.require();
        long seed = 6;
        Graph roads = RoadNetwork.withLengths(GraphSpec.parse(spec).build(seed), seed);
        String[] checksums = new String[2];
        long[][] places = new long[2][];
        for (int b = 0; b < 2; b++) {
            Config config = b == 0 ? Config.defaults().withBackend("cpu").withThreads(2).withSeed(seed)
                    : Config.defaults().withBackend("cuda").withSeed(seed).withPartitions(partitions);
            int at = b;
            Lang.withProperty("colony.graph.partitioner", method, () -> {
                try (Simulation sim = Simulation.create(config)) {
                    RoadNetwork net = new RoadNetwork(sim, roads, 30000, 0.7);
                    for (int t = 0; t < 30; t++) {
                        net.tick();
                    }
                    checksums[at] = net.junctions().checksum() + " " + net.walkers().checksum();
                    places[at] = net.walkers().locations();
                }
            });
        }
        assertArrayEquals(places[0], places[1]);
        assertEquals(checksums[0], checksums[1]);
    }
}
