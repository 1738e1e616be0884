package org.colony.tests.agents;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.HashSet;
import java.util.Set;
import org.colony.kernel.RandomStream;
import org.colony.runtime.Agents;
import org.colony.runtime.Placement;
import org.colony.runtime.Places;
import org.colony.runtime.Simulation;
import org.colony.runtime.agents.ManageReport;
import org.colony.runtime.grid.Grid;
import org.colony.runtime.migration.Priority;
import org.colony.tests.lang.Lang;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * migrate and moveTo: conflicts for a place's capacity settled by the documented priority whatever the thread
 * count, moves off a non-wrapping grid dropped and counted, moves on a torus wrapped.
 */
class MigrationTest {

    /** 200 x 200 places and 12,000 walkers: above the CPU backend's sequential limits for agents and places. */
    private static final int W = 200;
    private static final int H = 200;
    private static final int N = 12_000;

    private static Grid grid(boolean wrap) {
        return wrap ? Grid.of(W, H).wrap() : Grid.of(W, H);
    }

    @ParameterizedTest(name = "capacity={0} wrap={1} threads={2}")
    @CsvSource({
        "1, false, 1",
        "1, false, 3",
        "1, true, 3",
        "2, false, 1",
        "2, false, 3",
        "2, true, 1",
    })
    void crowdedMigration_followsPriority_neverOverfills_andMatchesReference(int capacity, boolean wrap, int threads) {
        long seed = 11 + capacity;
        // The walkers crowd the left half, so many ask for the same place.
        long[] start = WalkerReference.startPlaces(N, W, H, W / 2, capacity, 5);
        WalkerReference ref = new WalkerReference(W, H, wrap, seed, capacity, start);
        try (Simulation sim = Lang.sim(threads, seed)) {
            Places<Field> field = sim.places(Field.class, grid(wrap));
            Agents<Walker> walkers = sim.agents(Walker.class, field, Placement.at(start), capacity);
            for (int round = 0; round < 3; round++) {
                ref.randomize(100 + round, 3, 0, W);
                ref.load(walkers);
                walkers.callAll(Walker::go);
                ref.go();
                long epoch = sim.epoch();
                ManageReport report = walkers.manageAll();
                ManageReport expected = ref.manage(epoch);
                assertEquals(expected, report, "round " + round);
                ref.assertSame(walkers, "after round " + round);
                assertTrue(report.movesRefused() > 100, "walkers compete for places: " + report);
                assertTrue(report.moves() > 1000, "walkers move: " + report);
                assertEquals(wrap, report.movesOutside() == 0, "moves off the grid: " + report);
                assertEquals(report, walkers.lastReport());
                int[] perPlace = new int[W * H];
                for (long g : walkers.locations()) {
                    perPlace[(int) g]++;
                }
                for (int g = 0; g < W * H; g++) {
                    assertTrue(perPlace[g] <= capacity, "place " + g + " holds " + perPlace[g]);
                }
            }
        }
    }

    /** Five walkers around an empty centre ask for it; the highest Priority.move wins, whatever the ids say. */
    @Test
    void competitionForOnePlace_isWonByTheHighestPriority() {
        // Neighbours of (2, 2) on a 5 x 5 grid, in place order, and the offset that leads each to the centre.
        long[] start = {7, 11, 13, 17, 18};
        int[][] offsets = {{0, 1}, {1, 0}, {-1, 0}, {0, -1}, {-1, -1}};
        Set<Long> winners = new HashSet<>();
        for (long seed = 1; seed <= 40; seed++) {
            for (int capacity = 1; capacity <= 2; capacity++) {
                try (Simulation sim = Lang.sim(1, seed)) {
                    Places<Field> field = sim.places(Field.class, Grid.of(5, 5));
                    Agents<Walker> walkers = sim.agents(Walker.class, field, Placement.at(start), capacity);
                    walkers.set("dx", new int[] {offsets[0][0], offsets[1][0], offsets[2][0], offsets[3][0],
                        offsets[4][0]});
                    walkers.set("dy", new int[] {offsets[0][1], offsets[1][1], offsets[2][1], offsets[3][1],
                        offsets[4][1]});
                    walkers.callAll(Walker::go);
                    RandomStream rng = new RandomStream(seed, sim.epoch());
                    long[] priority = new long[5];
                    for (int id = 0; id < 5; id++) {
                        priority[id] = Priority.move(rng, id);
                        assertEquals(WalkerReference.priority(rng, id, 0), priority[id], "Priority.move is draws 0-1");
                    }
                    // The expected winners: the `capacity` best by priority (higher first, lower id on ties).
                    Integer[] order = {0, 1, 2, 3, 4};
                    Arrays.sort(order, (a, b) -> a.equals(b) ? 0
                            : Priority.beats(priority[a], a, priority[b], b) ? -1 : 1);
                    ManageReport report = walkers.manageAll();
                    assertEquals(new ManageReport(0, 0, capacity, 5 - capacity, 0, 0, 5), report);
                    long[] where = walkers.locations();
                    for (int r = 0; r < 5; r++) {
                        int id = order[r];
                        assertEquals(r < capacity ? 12 : start[id], where[id], "seed " + seed + " walker " + id);
                    }
                    if (capacity == 1) {
                        winners.add((long) order[0]);
                    }
                }
            }
        }
        assertTrue(winners.size() >= 4, "the priority, not the id, picks the winner: " + winners);
    }

    /** A place that is full stays full: a walker leaving it does not make room for one arriving this time. */
    @Test
    void roomIsCapacityLessTheAgentsThereBeforeMoving() {
        try (Simulation sim = Lang.sim(1)) {
            Places<Field> field = sim.places(Field.class, Grid.of(4, 1));
            // Walker 0 on place 0 moves to place 1, whose walker 1 moves to place 2 (empty).
            Agents<Walker> walkers = sim.agents(Walker.class, field, Placement.at(0, 1), 1);
            walkers.set("dx", new int[] {1, 1});
            walkers.callAll(Walker::go);
            assertEquals(new ManageReport(0, 0, 1, 1, 0, 0, 2), walkers.manageAll());
            assertArrayEquals(new long[] {0, 2}, walkers.locations());
            // Now place 1 is empty: walker 0 gets in.
            walkers.callAll(Walker::go);
            assertEquals(new ManageReport(0, 0, 2, 0, 0, 0, 2), walkers.manageAll());
            assertArrayEquals(new long[] {1, 3}, walkers.locations());
        }
    }

    @ParameterizedTest(name = "capacity={0} wrap={1} threads={2}")
    @CsvSource({
        "2147483647, false, 1",
        "2147483647, true, 3",
        "1, false, 3",
        "1, true, 1",
    })
    void moveTo_reachesAnyPlace_offTheGridIsDroppedOrWrapped(int capacity, boolean wrap, int threads) {
        long seed = 3;
        long[] start = WalkerReference.startPlaces(N, W, H, W, Math.min(capacity, 4), 9);
        WalkerReference ref = new WalkerReference(W, H, wrap, seed, capacity, start);
        try (Simulation sim = Lang.sim(threads, seed)) {
            Places<Field> field = sim.places(Field.class, grid(wrap));
            Agents<Walker> walkers = sim.agents(Walker.class, field, Placement.at(start), capacity);
            for (int round = 0; round < 2; round++) {
                // Targets anywhere, a quarter of them off the grid.
                ref.randomize(200 + round, 1, -25, W + 25);
                ref.load(walkers);
                walkers.callAll(Walker::jump);
                ref.jump();
                long epoch = sim.epoch();
                ManageReport report = walkers.manageAll();
                assertEquals(ref.manage(epoch), report, "round " + round);
                ref.assertSame(walkers, "after round " + round);
                assertEquals(wrap, report.movesOutside() == 0, report.toString());
                assertTrue(report.moves() > N / 3, report.toString());
            }
        }
    }

    @Test
    void migrateOffANonWrappingGrid_isDroppedAndCounted_theAgentStays() {
        try (Simulation sim = Lang.sim(1)) {
            Places<Field> field = sim.places(Field.class, Grid.of(5, 5));
            Agents<Walker> walkers = sim.agents(Walker.class, field, Placement.at(0, 4, 12, 20, 24));
            walkers.set("dx", new int[] {-1, 1, 9, 0, 1});
            walkers.set("dy", new int[] {0, 0, 0, 1, 1});
            walkers.callAll(Walker::go);
            assertEquals(new ManageReport(0, 0, 0, 0, 0, 5, 5), walkers.manageAll());
            assertArrayEquals(new long[] {0, 4, 12, 20, 24}, walkers.locations());
            // The dropped intents are gone: the next manageAll has nothing to do.
            assertEquals(ManageReport.none(5), walkers.manageAll());
            walkers.set("tx", new int[] {-1, 5, 2, 0, 4});
            walkers.set("ty", new int[] {0, 0, 5, -3, 4});
            walkers.callAll(Walker::jump);
            assertEquals(new ManageReport(0, 0, 0, 0, 0, 4, 5), walkers.manageAll());
            assertArrayEquals(new long[] {0, 4, 12, 20, 24}, walkers.locations());
        }
    }

    @Test
    void migrateOnATorus_wrapsAroundEveryEdge() {
        try (Simulation sim = Lang.sim(1)) {
            Places<Field> field = sim.places(Field.class, Grid.of(5, 4).wrap());
            Agents<Walker> walkers = sim.agents(Walker.class, field, Placement.at(0, 4, 12, 15, 19));
            walkers.set("dx", new int[] {-1, 1, 13, 0, -11});
            walkers.set("dy", new int[] {0, 0, -9, 1, 1});
            walkers.callAll(Walker::go);
            // (0,0)-1 -> (4,0); (4,0)+1 -> (0,0); (2,2)+(13,-9) -> (0,1); (0,3)+(0,1) -> (0,0); (4,3)+(-11,1) -> (3,0).
            assertEquals(new ManageReport(0, 0, 5, 0, 0, 0, 5), walkers.manageAll());
            assertArrayEquals(new long[] {4, 0, 5, 0, 3}, walkers.locations());
            walkers.set("tx", new int[] {-1, 5, 7, 0, -10});
            walkers.set("ty", new int[] {0, -1, 9, 4, 0});
            walkers.callAll(Walker::jump);
            walkers.manageAll();
            assertArrayEquals(new long[] {4, 15, 7, 0, 0}, walkers.locations());
        }
    }

    @ParameterizedTest(name = "threads={0}")
    @CsvSource({"1", "3"})
    void randomWalkOnATorus_withCapacity_matchesReference(int threads) {
        long seed = 77;
        long[] start = WalkerReference.startPlaces(N, W, H, W, 1, 13);
        WalkerReference ref = new WalkerReference(W, H, true, seed, 1, start);
        try (Simulation sim = Lang.sim(threads, seed)) {
            Places<Field> field = sim.places(Field.class, grid(true));
            Agents<Walker> walkers = sim.agents(Walker.class, field, Placement.at(start), 1);
            ref.load(walkers);
            for (int t = 0; t < 5; t++) {
                ref.wander(sim.epoch(), 2);
                walkers.callAll(Walker::wander, 2);
                long epoch = sim.epoch();
                assertEquals(ref.manage(epoch), walkers.manageAll(), "walk " + t);
                sim.step();
            }
            ref.assertSame(walkers, "after the walk");
        }
    }
}
