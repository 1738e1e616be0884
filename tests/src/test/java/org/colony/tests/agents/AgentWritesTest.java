package org.colony.tests.agents;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.LongStream;
import org.colony.runtime.Agents;
import org.colony.runtime.Placement;
import org.colony.runtime.Places;
import org.colony.runtime.Simulation;
import org.colony.runtime.agents.ManageReport;
import org.colony.runtime.grid.Grid;
import org.colony.tests.lang.Lang;
import org.colony.tests.partition.PartitionedAgentsTest;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Agents that write other agents on their place, and places that write their agents: sums, minima, maxima and kills
 * combine whatever the writers' order, apply as the step ends (reads in the step see the values from before it), and
 * give the same state on every thread count and partitioning as a plain computation from the state before the step.
 */
public class AgentWritesTest {

    private static final int W = 23;
    private static final int H = 19;

    /** The walkers' columns and places before a step, and what the rules say they become. */
    private record State(long[] ids, long[] places, int[] energy, long[] seen, double[] value, boolean[] doomed) {
        static State of(Agents<Walker> walkers) {
            return new State(walkers.ids(), walkers.locations(), walkers.getInt("energy"), walkers.getLong("seen"),
                    walkers.getDouble("value"), walkers.getBoolean("doomed"));
        }
    }

    @ParameterizedTest(name = "threads={0}")
    @CsvSource({"1", "3"})
    void stonesJostlingWalkersAndFields_combineAsThePlainRulesSay(int threads) {
        try (Simulation sim = Lang.sim(threads, 17)) {
            Places<Field> field = sim.places(Field.class, Grid.of(W, H));
            long[] at = WalkerReference.startPlaces(W * H, W, H, W, 4, 3);
            Agents<Walker> walkers = sim.agents(Walker.class, field, Placement.at(at));
            long[] stoneAt = WalkerReference.startPlaces(W * H / 2, W, H, W, 3, 5);
            Agents<Stone> stones = sim.agents(Stone.class, field, Placement.at(stoneAt));
            PartitionedAgentsTest.randomize(walkers, 11, 2, 0, W);
            walkers.set("seen", Arrays.stream(walkers.ids()).map(id -> 1000 + id % 7).toArray());
            int[] weight = new int[stoneAt.length];
            for (int i = 0; i < weight.length; i++) {
                weight[i] = (int) ((i * 7L) % 11);
            }
            stones.set("weight", weight);
            int[] total = new int[W * H];
            double[] dlo = new double[W * H];
            for (int g = 0; g < W * H; g++) {
                total[g] = g % 5 - 2;
                dlo[g] = (g % 13) * 0.25 - 1;
            }
            field.set("total", total);
            field.set("dlo", dlo);

            // Stones press: energy -= weight, seen = min(seen, stone id), value = max(value, weight / 2), kills.
            State s = State.of(walkers);
            stones.callAll(Stone::press);
            int[] energy = s.energy().clone();
            long[] seen = s.seen().clone();
            double[] value = s.value().clone();
            boolean[] dies = new boolean[s.ids().length];
            long[] stoneIds = stones.ids();
            for (int j = 0; j < stoneAt.length; j++) {
                for (int i = 0; i < s.ids().length; i++) {
                    if (s.places()[i] == stoneAt[j]) {
                        energy[i] -= weight[j];
                        seen[i] = Math.min(seen[i], stoneIds[j]);
                        value[i] = Math.max(value[i], weight[j] * 0.5);
                        dies[i] |= s.doomed()[i] && weight[j] > 5;
                    }
                }
            }
            assertArrayEquals(energy, walkers.getInt("energy"), "energy after press");
            assertArrayEquals(seen, walkers.getLong("seen"), "seen after press");
            assertArrayEquals(value, walkers.getDouble("value"), 0.0, "value after press");
            ManageReport report = walkers.manageAll();
            long killed = 0;
            for (boolean d : dies) {
                killed += d ? 1 : 0;
            }
            assertEquals(killed, report.deaths(), "the walkers the stones killed die at their manageAll");
            assertTrue(killed > 10, "kills: " + killed);

            // Walkers jostle each other: energy += 1 from every other walker here, seen = max(seen, their ids).
            s = State.of(walkers);
            walkers.callAll(Walker::jostle);
            energy = s.energy().clone();
            seen = s.seen().clone();
            int jostled = 0;
            for (int i = 0; i < s.ids().length; i++) {
                for (int o = 0; o < s.ids().length; o++) {
                    if (o != i && s.places()[o] == s.places()[i]) {
                        energy[i]++;
                        seen[i] = Math.max(seen[i], s.ids()[o]);
                        jostled++;
                    }
                }
            }
            assertArrayEquals(energy, walkers.getInt("energy"), "energy after jostle");
            assertArrayEquals(seen, walkers.getLong("seen"), "seen after jostle");
            assertTrue(jostled > 100, "jostles: " + jostled);

            // Fields feed their walkers: energy += total, value = min(value, dlo).
            s = State.of(walkers);
            field.callAll(Field::feed);
            energy = s.energy().clone();
            value = s.value().clone();
            for (int i = 0; i < s.ids().length; i++) {
                energy[i] += total[(int) s.places()[i]];
                value[i] = Math.min(value[i], dlo[(int) s.places()[i]]);
            }
            assertArrayEquals(energy, walkers.getInt("energy"), "energy after feed");
            assertArrayEquals(value, walkers.getDouble("value"), 0.0, "value after feed");

            // Fields share their dsum out: value + ((-0.0 + dsum / n) - 0.125), the place's additions in its order.
            double[] dsum = new double[W * H];
            for (int g = 0; g < dsum.length; g++) {
                dsum[g] = Math.scalb((g % 17) - 8.0, g % 9 - 4) / 3;
            }
            field.set("dsum", dsum);
            s = State.of(walkers);
            field.callAll(Field::share);
            value = s.value().clone();
            int[] per = new int[W * H];
            for (long p : s.places()) {
                per[(int) p]++;
            }
            for (int i = 0; i < s.ids().length; i++) {
                int g = (int) s.places()[i];
                value[i] = value[i] + ((-0.0 + dsum[g] / per[g]) - 0.125);
            }
            assertArrayEquals(value, walkers.getDouble("value"), 0.0, "value after share");
        }
    }

    @ParameterizedTest(name = "threads={0}")
    @CsvSource({"1", "3"})
    void agentsAndPlacesAskingForAgentsOfAnotherClass_addThemOnTheirPlaces(int threads) {
        try (Simulation sim = Lang.sim(threads, 19)) {
            Places<Field> field = sim.places(Field.class, Grid.of(W, H));
            long[] at = WalkerReference.startPlaces(W * H / 2, W, H, W, 3, 8);
            Agents<Walker> walkers = sim.agents(Walker.class, field, Placement.at(at));
            Agents<Stone> stones = sim.agents(Stone.class, field, Placement.at(1, 5, 5));
            int[] children = new int[at.length];
            for (int i = 0; i < children.length; i++) {
                children[i] = i % 4 == 0 ? i % 3 : 0;
            }
            walkers.set("children", children);
            int[] total = new int[W * H];
            for (int g = 0; g < total.length; g++) {
                total[g] = g % 7 == 0 ? 1 : 0;
            }
            field.set("total", total);
            stones.set("weight", new int[] {4, 5, 6});
            walkers.callAll(Walker::plant);
            // The new stones: the next ids, in the order of their places (a walker's place as often as it asked).
            List<Long> expected = new ArrayList<>(List.of(1L, 5L, 5L));
            List<Long> planted = new ArrayList<>();
            for (int i = 0; i < at.length; i++) {
                for (int k = 0; k < children[i]; k++) {
                    planted.add(at[i]);
                }
            }
            planted.sort(null);
            expected.addAll(planted);
            assertArrayEquals(expected.stream().mapToLong(Long::longValue).toArray(), stones.locations());
            assertArrayEquals(LongStream.range(0, expected.size()).toArray(), stones.ids());
            int[] weights = stones.getInt("weight");
            assertEquals(6, weights[2]);
            assertEquals(0, weights[weights.length - 1], "new agents start at zero");
            assertTrue(planted.size() > 20, "planted " + planted.size());
            // Places sow two stones each where their total is positive.
            field.callAll(Field::sow, 2);
            List<Long> sown = new ArrayList<>(expected);
            List<Long> more = new ArrayList<>();
            for (int g = 0; g < total.length; g++) {
                if (total[g] > 0) {
                    more.add((long) g);
                    more.add((long) g);
                }
            }
            sown.addAll(more);
            assertArrayEquals(sown.stream().mapToLong(Long::longValue).toArray(), stones.locations());
            assertEquals(sown.size(), stones.size());
        }
    }

    /** The state after rounds of pressing, jostling, feeding, moving and dying, for comparison across backends. */
    public static List<String> rounds(String[] on, int threads, String partitions) {
        try (Simulation sim = PartitionedAgentsTest.sim(on, 23, threads, partitions)) {
            Places<Field> field = sim.places(Field.class, Grid.of(W, H));
            Agents<Walker> walkers = sim.agents(Walker.class, field,
                    Placement.at(WalkerReference.startPlaces(W * H, W, H, W, 4, 3)));
            Agents<Stone> stones = sim.agents(Stone.class, field,
                    Placement.at(WalkerReference.startPlaces(W * H / 2, W, H, W, 3, 5)));
            List<String> out = new ArrayList<>();
            for (int round = 0; round < 5; round++) {
                PartitionedAgentsTest.randomize(walkers, 40 + round, 2, 0, W);
                stones.callAll(Stone::grow, 2);
                stones.callAll(Stone::press);
                walkers.callAll(Walker::jostle);
                field.callAll(Field::feed);
                field.callAll(Field::share);
                walkers.callAll(Walker::plant);
                field.callAll(Field::sow, 1);
                walkers.callAll(Walker::go);
                out.add("round " + round + " " + walkers.manageAll() + " stones " + stones.size());
            }
            out.addAll(PartitionedAgentsTest.state(walkers));
            out.addAll(PartitionedAgentsTest.state(stones));
            return out;
        }
    }

    @ParameterizedTest(name = "partitions={0}")
    @CsvSource({"2", "3x2", "1x4"})
    void writesOfOtherAgents_onPartitions_giveTheStateOfOneBlock(String partitions) {
        String[] cpu = {"--backend=cpu"};
        PartitionedAgentsTest.assertSame(rounds(cpu, 2, null), rounds(cpu, 2, partitions), "on " + partitions);
        PartitionedAgentsTest.assertSame(rounds(cpu, 2, null), rounds(cpu, 1, partitions), "1 thread, " + partitions);
    }
}
