package org.colony.tests.agents;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.colony.ColonyException;
import org.colony.runtime.Agents;
import org.colony.runtime.Placement;
import org.colony.runtime.Places;
import org.colony.runtime.Simulation;
import org.colony.runtime.grid.Grid;
import org.colony.tests.lang.Lang;
import org.colony.tests.partition.PartitionedAgentsTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * {@code Agents.add}: driver code adds agents to a living collection at any time, with the next ids, the values
 * given (in the placement's order) and zeros elsewhere; they take part in the next steps and manageAll like the
 * others; on partitions they go to the partitions that own their places; a refused add adds nothing.
 */
public class AddAgentsTest {

    @Test
    void addedAgents_takeTheNextIds_theirValuesInPlacementOrder_andZerosElsewhere() {
        try (Simulation sim = Lang.sim(2, 7)) {
            Places<Field> field = sim.places(Field.class, Grid.of(10, 6));
            Agents<Walker> walkers = sim.agents(Walker.class, field, Placement.at(3, 15, 40));
            walkers.set("energy", new int[] {1, 2, 3});
            walkers.set("children", new int[] {2, 0, 1});
            walkers.callAll(Walker::breed); // three children: ids 3, 4 (of 0) and 5 (of 2)
            assertEquals(3, walkers.manageAll().births());
            long first = walkers.add(Placement.at(59, 0, 22), Map.of("energy", new int[] {70, 80, 90},
                    "value", new double[] {0.5, -1.5, 2.5}, "hist", new int[][] {{1, 2, 3}, {4, 5, 6}, {7, 8, 9}}));
            assertEquals(6, first);
            assertArrayEquals(new long[] {0, 1, 2, 3, 4, 5, 6, 7, 8}, walkers.ids());
            // ids follow the places (0, 22, 59), each with the values given for its place
            assertArrayEquals(new long[] {3, 15, 40, 3, 3, 40, 0, 22, 59}, walkers.locations());
            assertArrayEquals(new int[] {101, 102, 103, 101, 101, 103, 80, 90, 70}, walkers.getInt("energy"));
            assertArrayEquals(new double[] {0, 0, 0, 0, 0, 0, -1.5, 2.5, 0.5}, walkers.getDouble("value"));
            assertArrayEquals(new int[] {0, 0, 0, 0, 0, 0, 2, 3, 1}, walkers.getInt("hist", 0));
            assertArrayEquals(new int[] {0, 1, 2, 0, 0, 2, 8, 9, 7}, walkers.getInt("hist", 2), "breed wrote ids");
            assertArrayEquals(new int[] {2, 0, 1, 2, 2, 1, 0, 0, 0}, walkers.getInt("children"));
            // the new agents take part in steps and manageAll; children's ids follow the added ones
            walkers.set("children", new int[] {0, 0, 0, 0, 0, 0, 1, 0, 0});
            walkers.callAll(Walker::breed);
            assertEquals(1, walkers.manageAll().births());
            assertEquals(9, walkers.ids()[9]);
            assertEquals(0, walkers.locations()[9], "agent 6's child is born on its place");
            assertEquals(180, walkers.getInt("energy")[9]);
            long before = sim.epoch();
            assertEquals(10, walkers.add(Placement.random(5)));
            assertEquals(before + 1, sim.epoch(), "a random placement draws in its own epoch");
            assertEquals(15, walkers.size());
        }
    }

    @Test
    void aRefusedAdd_addsNothing_andSaysWhy() {
        try (Simulation sim = Lang.sim(1, 7)) {
            Places<Field> field = sim.places(Field.class, Grid.of(5, 5));
            Agents<Walker> walkers = sim.agents(Walker.class, field, Placement.at(6, 7), 1);
            assertEquals("adding 2 Walker agents would put 2 on place (2, 1), which holds at most 1 (the collection's "
                    + "capacity); nothing was added", assertThrows(ColonyException.class,
                            () -> walkers.add(Placement.at(11, 7))).getMessage());
            assertTrue(assertThrows(ColonyException.class, () -> walkers.add(Placement.at(1),
                    Map.of("power", new int[] {1}))).getMessage().startsWith(
                            "add(placement, values): Walker has no attribute 'power'; its attributes are dx, dy,"));
            assertEquals("add(placement, values): Walker.energy is int and takes a int[], not a long[]; nothing was "
                    + "added", assertThrows(ColonyException.class, () -> walkers.add(Placement.at(1),
                            Map.of("energy", new long[] {1}))).getMessage());
            assertEquals("add(placement, values): Walker.energy has 2 values for 1 new agents; nothing was added",
                    assertThrows(ColonyException.class, () -> walkers.add(Placement.at(1),
                            Map.of("energy", new int[] {1, 2}))).getMessage());
            assertEquals("add(placement, values): array attribute Walker.hist takes a int[3][1] (its elements, each a "
                    + "value per new agent), not a int[]; nothing was added", assertThrows(ColonyException.class,
                            () -> walkers.add(Placement.at(1), Map.of("hist", new int[] {1}))).getMessage());
            assertThrows(ColonyException.class, () -> walkers.add(Placement.at(25)));
            assertEquals(2, walkers.size(), "nothing was added");
            assertEquals(2, walkers.add(Placement.at(1, 2)));
            assertArrayEquals(new long[] {6, 7, 1, 2}, walkers.locations());
        }
    }

    @Test
    void aRandomAdd_drawsAmongTheRoomLeft_andARefusedOneTakesNoEpoch() {
        try (Simulation sim = Lang.sim(1, 7)) {
            Places<Field> field = sim.places(Field.class, Grid.of(5, 5));
            Agents<Walker> walkers = sim.agents(Walker.class, field, Placement.random(20).atMost(1), 1);
            for (int i = 0; i < 5; i++) {
                walkers.add(Placement.random(1));
            }
            long[] where = walkers.locations();
            assertEquals(25, where.length);
            assertEquals(25, Arrays.stream(where).distinct().count(), "every place holds one walker");
            long epoch = sim.epoch();
            assertEquals("cannot place 1 Walker agents at most 1 per place on the grid " + field.grid()
                    + " (25 places, room for 0 more beside the agents there)",
                    assertThrows(ColonyException.class, () -> walkers.add(Placement.random(1))).getMessage());
            assertEquals(epoch, sim.epoch(), "a refused add takes no epoch");
            assertEquals("add(placement, values): Walker.hist[1] is null; give 0 values",
                    assertThrows(ColonyException.class, () -> walkers.add(Placement.at(),
                            Map.of("hist", new int[][] {{}, null, {}}))).getMessage());
        }
        try (Simulation sim = Lang.sim(1, 7)) {
            Places<Field> field = sim.places(Field.class, Grid.of(5, 5));
            Agents<Walker> walkers = sim.agents(Walker.class, field, Placement.at(0, 0, 1), 2);
            walkers.add(Placement.random(47).atMost(2));
            int[] on = new int[25];
            for (long g : walkers.locations()) {
                on[(int) g]++;
            }
            assertEquals(2, Arrays.stream(on).min().getAsInt(), "the room left is filled exactly: " + Arrays.toString(on));
        }
    }

    @ParameterizedTest(name = "partitions={0} threads={1}")
    @CsvSource({"4, 1", "3x2, 2", "5x1, 2"})
    void addingOnPartitions_givesTheStateOfOneBlock(String partitions, int threads) {
        String[] cpu = {"--backend=cpu"};
        PartitionedAgentsTest.assertSame(additions(cpu, 1, null), additions(cpu, threads, partitions),
                "adds on " + partitions);
    }

    /** Rounds of walkers that move and breed, with agents added between them (capacity 2); reports and state. */
    public static List<String> additions(String[] on, int threads, String partitions) {
        int w = 23;
        int h = 19;
        try (Simulation sim = PartitionedAgentsTest.sim(on, 3, threads, partitions)) {
            Places<Field> field = sim.places(Field.class, Grid.of(w, h));
            Agents<Walker> walkers = sim.agents(Walker.class, field, Placement.random(40).atMost(1), 2);
            List<String> out = new ArrayList<>();
            SplittableRandom r = new SplittableRandom(9);
            for (int round = 0; round < 4; round++) {
                int n = (int) walkers.size();
                int[] dx = new int[n];
                int[] dy = new int[n];
                int[] children = new int[n];
                for (int i = 0; i < n; i++) {
                    dx[i] = r.nextInt(-3, 4);
                    dy[i] = r.nextInt(-3, 4);
                    children[i] = r.nextInt(3) == 0 ? 1 : 0;
                }
                walkers.set("dx", dx);
                walkers.set("dy", dy);
                walkers.set("children", children);
                walkers.callAll(Walker::go);
                // added between a step and manageAll: the walkers here keep the moves they asked for
                long[] free = freePlaces(walkers, w * h, 6, round);
                int[] energy = new int[free.length];
                for (int i = 0; i < energy.length; i++) {
                    energy[i] = 1000 * round + i;
                }
                out.add("added from " + walkers.add(Placement.at(free), Map.of("energy", energy)));
                walkers.callAll(Walker::breed);
                out.add("round " + round + " " + walkers.manageAll());
                walkers.callAll(Walker::add);
            }
            out.addAll(PartitionedAgentsTest.state(walkers));
            out.addAll(PartitionedAgentsTest.state(field));
            return out;
        }
    }

    /** {@code k} places that hold no walker, spread over the grid, in descending order (the values follow them). */
    private static long[] freePlaces(Agents<Walker> walkers, int cells, int k, int round) {
        boolean[] taken = new boolean[cells];
        for (long g : walkers.locations()) {
            taken[(int) g] = true;
        }
        long[] out = new long[k];
        int c = 0;
        for (int g = cells - 1 - round; g >= 0 && c < k; g -= 61) {
            if (!taken[g]) {
                out[c++] = g;
            }
        }
        return Arrays.copyOf(out, c);
    }
}
