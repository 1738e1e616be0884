package org.colony.tests.agents;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.colony.runtime.Agents;
import org.colony.runtime.Placement;
import org.colony.runtime.Places;
import org.colony.runtime.Simulation;
import org.colony.runtime.grid.Grid;
import org.colony.tests.lang.Lang;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Places iterating their agents and agents iterating the agents here and next door, of their own class and of
 * another: in id order, over values from before the step, with counts; array attributes read through agents.
 */
class AgentIterationTest {

    private static final int W = 200;
    private static final int H = 200;
    private static final int CELLS = W * H;
    private static final int N = 12_000;
    private static final int STONES = 3_000;

    /** Walkers grouped by place in id order, as the reference sees them. */
    private static List<List<WalkerReference.W>> byPlace(List<WalkerReference.W> walkers) {
        List<List<WalkerReference.W>> here = new ArrayList<>();
        for (int g = 0; g < CELLS; g++) {
            here.add(new ArrayList<>());
        }
        for (WalkerReference.W a : walkers) {
            here.get((int) a.place).add(a);
        }
        return here;
    }

    @ParameterizedTest(name = "wrap={0} threads={1}")
    @CsvSource({
        "false, 1",
        "false, 3",
        "true, 1",
        "true, 3",
    })
    void look_seesAgentsHereAndNextDoorAsTheyWereBeforeTheStep(boolean wrap, int threads) {
        // Crowded in the first quarter of columns so that most walkers have company and neighbours.
        long[] start = WalkerReference.startPlaces(N, W, H, W / 4, 5, 17);
        long[] stonePlaces = WalkerReference.startPlaces(STONES, W, H, W / 4, 3, 18);
        int[] weight = new SplittableRandom(19).ints(STONES, 1, 50).toArray();
        int[] total = new SplittableRandom(20).ints(CELLS, -1000, 1000).toArray();
        WalkerReference ref = new WalkerReference(W, H, wrap, 7, Integer.MAX_VALUE, start);
        try (Simulation sim = Lang.sim(threads, 7)) {
            Places<Field> field = sim.places(Field.class, wrap ? Grid.of(W, H).wrap() : Grid.of(W, H));
            Agents<Walker> walkers = sim.agents(Walker.class, field, Placement.at(start));
            Agents<Stone> stones = sim.agents(Stone.class, field, Placement.at(stonePlaces));
            stones.set("weight", weight);
            field.set("total", total);
            for (int round = 0; round < 2; round++) {
                ref.randomize(400 + round, 1, 0, W);
                ref.load(walkers);
                walkers.callAll(Walker::look);
                look(ref, stonePlaces, weight, total);
                ref.assertSame(walkers, "after look " + round);
                // Move, so the next look sees the agents grouped anew.
                walkers.callAll(Walker::go);
                ref.go();
                long epoch = sim.epoch();
                assertEquals(ref.manage(epoch), walkers.manageAll());
            }
            ref.assertSame(walkers, "after the last move");
        }
    }

    /** Walker.look, sequentially, from the values before the step. */
    private static void look(WalkerReference ref, long[] stonePlaces, int[] weight, int[] total) {
        List<List<WalkerReference.W>> here = byPlace(ref.walkers);
        int[] stonesHere = new int[CELLS];
        long[] stoneWeight = new long[CELLS];
        for (int i = 0; i < stonePlaces.length; i++) {
            stonesHere[(int) stonePlaces[i]]++;
            stoneWeight[(int) stonePlaces[i]] += 1000L * weight[i];
        }
        int[] before = new int[ref.walkers.size()];
        for (int i = 0; i < before.length; i++) {
            before[i] = ref.walkers.get(i).energy;
        }
        Map<Long, Integer> energyOf = new HashMap<>();
        for (int i = 0; i < before.length; i++) {
            energyOf.put(ref.walkers.get(i).id, before[i]);
        }
        for (WalkerReference.W a : ref.walkers) {
            long x = a.place % W;
            long y = a.place / W;
            long s = 0;
            for (WalkerReference.W o : here.get((int) a.place)) {
                s = s * 31 + energyOf.get(o.id);
            }
            long east = ref.index(x + 1, y);
            if (east >= 0) {
                for (WalkerReference.W o : here.get((int) east)) {
                    s = s * 37 + energyOf.get(o.id) + o.hist[0];
                }
            }
            s += stoneWeight[(int) a.place];
            long south = ref.index(x, y + 1);
            long northWest = ref.index(x - 1, y - 1);
            s += 7L * here.get((int) a.place).size() + 11L * (south >= 0 ? stonesHere[(int) south] : 0)
                    + 13L * (northWest >= 0 ? here.get((int) northWest).size() : 0);
            a.energy = energyOf.get(a.id) * 2 + 1;
            a.seen = s + 100_000L * total[(int) a.place] + a.energy;
        }
    }

    @ParameterizedTest(name = "threads={0}")
    @CsvSource({"1", "3"})
    void census_countsAndReadsTheAgentsOnEachPlaceInIdOrder(int threads) {
        long[] start = WalkerReference.startPlaces(N, W, H, W, 4, 27);
        long[] stonePlaces = WalkerReference.startPlaces(STONES, W, H, W, 2, 28);
        int[] weight = new SplittableRandom(29).ints(STONES, 1, 50).toArray();
        WalkerReference ref = new WalkerReference(W, H, false, 7, Integer.MAX_VALUE, start);
        ref.randomize(500, 1, 0, W);
        try (Simulation sim = Lang.sim(threads, 7)) {
            Places<Field> field = sim.places(Field.class, Grid.of(W, H));
            Agents<Walker> walkers = sim.agents(Walker.class, field, Placement.at(start));
            Agents<Stone> stones = sim.agents(Stone.class, field, Placement.at(stonePlaces));
            stones.set("weight", weight);
            ref.load(walkers);
            // An array attribute written by agents and read by places through iteration.
            walkers.callAll(Walker::shift);
            ref.shift();
            stones.callAll(Stone::grow, 3);
            field.callAll(Field::census);
            int[] count = new int[CELLS];
            long[] idSum = new long[CELLS];
            long[] digest = new long[CELLS];
            int[] stonesHere = new int[CELLS];
            for (WalkerReference.W a : ref.walkers) {
                int g = (int) a.place;
                count[g]++;
                idSum[g] += a.id;
                digest[g] = digest[g] * 31 + a.energy + 7L * a.hist[1];
            }
            for (int i = 0; i < STONES; i++) {
                int g = (int) stonePlaces[i];
                stonesHere[g]++;
                digest[g] = digest[g] * 17 + weight[i] + 3;
            }
            assertArrayEquals(count, field.getInt("walkers"));
            assertArrayEquals(stonesHere, field.getInt("stones"));
            assertArrayEquals(idSum, field.getLong("idSum"));
            assertArrayEquals(digest, field.getLong("digest"));
            ref.assertSame(walkers, "after shift");
        }
    }

    /** Neighbouring places read as they are after the agents' own writes of an earlier step, across a torus' edges. */
    @ParameterizedTest(name = "wrap={0} threads={1}")
    @CsvSource({
        "false, 1",
        "true, 1",
        "true, 3",
    })
    void neighbourPlaces_readAfterAgentsWroteThem(boolean wrap, int threads) {
        long[] start = WalkerReference.startPlaces(N, W, H, W, 3, 37);
        WalkerReference ref = new WalkerReference(W, H, wrap, 7, Integer.MAX_VALUE, start);
        ref.randomize(600, 1, 0, W);
        int[] total = new SplittableRandom(38).ints(CELLS, -1000, 1000).toArray();
        try (Simulation sim = Lang.sim(threads, 7)) {
            Places<Field> field = sim.places(Field.class, wrap ? Grid.of(W, H).wrap() : Grid.of(W, H));
            Agents<Walker> walkers = sim.agents(Walker.class, field, Placement.at(start));
            ref.load(walkers);
            field.set("total", total);
            walkers.callAll(Walker::sense);
            sense(ref, total);
            ref.assertSame(walkers, "after the first sense");
            walkers.callAll(Walker::add);
            for (WalkerReference.W a : ref.walkers) {
                total[(int) a.place] += a.energy;
            }
            walkers.callAll(Walker::sense);
            sense(ref, total);
            ref.assertSame(walkers, "after adding and sensing");
        }
    }

    private static void sense(WalkerReference ref, int[] total) {
        for (WalkerReference.W a : ref.walkers) {
            long x = a.place % W;
            long y = a.place / W;
            long west = ref.index(x - 1, y);
            long south = ref.index(x, y + 1);
            a.seen = (west >= 0 ? total[(int) west] : 0) + 10_000L * (south >= 0 ? total[(int) south] : 0)
                    + (ref.index(x + 1, y + 1) >= 0 ? 7 : 0) + 100_000_000L * total[(int) a.place];
        }
    }

    @Test
    void agentsOnAPlaceWithNone_andNeighboursOffTheGrid_areNone() {
        try (Simulation sim = Lang.sim(1)) {
            Places<Field> field = sim.places(Field.class, Grid.of(3, 3));
            // Walkers at (2, 0) and (0, 2): their east / south-west / north-west neighbours lie off the grid.
            Agents<Walker> walkers = sim.agents(Walker.class, field, Placement.at(2, 6));
            sim.agents(Stone.class, field, Placement.at(5)).set("weight", new int[] {4});
            walkers.set("energy", new int[] {10, 20});
            walkers.callAll(Walker::look);
            // (2,0): itself (10), no east, no stones here, stone count at (2,1) = 1, nothing north-west.
            // (0,2): itself (20), east (1,2) empty, no stones, south off the grid, north-west off the grid.
            assertArrayEquals(new long[] {10 + 7 + 11 + 21, 20 + 7 + 41}, walkers.getLong("seen"));
            field.callAll(Field::census);
            assertArrayEquals(new int[] {0, 0, 1, 0, 0, 0, 1, 0, 0}, field.getInt("walkers"));
            assertArrayEquals(new int[] {0, 0, 0, 0, 0, 1, 0, 0, 0}, field.getInt("stones"));
            assertArrayEquals(new long[] {0, 0, 0, 0, 0, 0, 1, 0, 0}, field.getLong("idSum"));
            assertTrue(field.getLong("digest")[2] == 21 && field.getLong("digest")[5] == 4);
        }
    }
}
