package org.colony.tests.agents;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
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
 * spawn and kill: children copy their parent as it is at the end of the step and get new ids in parent
 * order; births into a full place are refused and counted; the dead are compacted away keeping id order.
 */
class LifeCycleTest {

    private static final int W = 200;
    private static final int H = 200;
    private static final int N = 12_000;

    @ParameterizedTest(name = "capacity={0} threads={1}")
    @CsvSource({
        "2147483647, 1",
        "2147483647, 3",
        "2, 1",
        "2, 3",
        "3, 3",
    })
    void spawnAndKill_overSeveralRounds_matchReference(int capacity, int threads) {
        long seed = 21;
        long[] start = WalkerReference.startPlaces(N, W, H, W, Math.min(capacity, 3), 4);
        WalkerReference ref = new WalkerReference(W, H, false, seed, capacity, start);
        try (Simulation sim = Lang.sim(threads, seed)) {
            Places<Field> field = sim.places(Field.class, Grid.of(W, H));
            Agents<Walker> walkers = sim.agents(Walker.class, field, Placement.at(start), capacity);
            long born = 0;
            long refused = 0;
            long died = 0;
            for (int round = 0; round < 4; round++) {
                ref.randomize(300 + round, 1, 0, W);
                ref.load(walkers);
                // Move, breed and die in one manageAll: children are born where the parent moved to.
                walkers.callAll(Walker::go);
                walkers.callAll(Walker::breed);
                walkers.callAll(Walker::cull);
                ref.go();
                ref.breed();
                ref.cull();
                long epoch = sim.epoch();
                ManageReport report = walkers.manageAll();
                assertEquals(ref.manage(epoch), report, "round " + round);
                ref.assertSame(walkers, "after round " + round);
                born += report.births();
                refused += report.birthsRefused();
                died += report.deaths();
                long[] ids = walkers.ids();
                for (int i = 1; i < ids.length; i++) {
                    assertTrue(ids[i - 1] < ids[i], "ids stay in increasing order");
                }
            }
            assertTrue(born > 1000 && died > 1000, "born " + born + ", died " + died);
            assertEquals(capacity != Integer.MAX_VALUE, refused > 0, "births refused: " + refused);
        }
    }

    @ParameterizedTest(name = "capacity={0} threads={1} wrap={2}")
    @CsvSource({
        "2147483647, 1, false",
        "2147483647, 3, true",
        "1, 1, false",
        "2, 3, true",
        "3, 1, false",
    })
    void childrenOnThePlacesTheirParentsName_matchReference(int capacity, int threads, boolean wrap) {
        long seed = 23;
        int w = 60;
        int h = 50;
        long[] start = WalkerReference.startPlaces(w * h / 4, w, h, w, Math.min(capacity, 3), 6);
        WalkerReference ref = new WalkerReference(w, h, wrap, seed, capacity, start);
        try (Simulation sim = Lang.sim(threads, seed)) {
            Places<Field> field = sim.places(Field.class, wrap ? Grid.of(w, h).wrap() : Grid.of(w, h));
            Agents<Walker> walkers = sim.agents(Walker.class, field, Placement.at(start), capacity);
            long born = 0;
            long refused = 0;
            for (int round = 0; round < 4; round++) {
                ref.randomize(500 + round, 4, 0, w);
                ref.load(walkers);
                // Parents move by (dx, dy) and name the place (-dy, dx) from where they were for their children.
                walkers.callAll(Walker::go);
                walkers.callAll(Walker::breedAt);
                walkers.callAll(Walker::cull);
                ref.go();
                ref.breedAt();
                ref.cull();
                long epoch = sim.epoch();
                ManageReport report = walkers.manageAll();
                assertEquals(ref.manage(epoch), report, "round " + round);
                ref.assertSame(walkers, "after round " + round);
                born += report.births();
                refused += report.birthsRefused();
            }
            assertTrue(born > 300, "born " + born);
            assertEquals(capacity != Integer.MAX_VALUE || !wrap, refused > 0, "births refused: " + refused);
        }
    }

    @ParameterizedTest(name = "capacity={0} threads={1} wrap={2}")
    @CsvSource({
        "2147483647, 1, false",
        "1, 1, false",
        "1, 3, true",
        "2, 1, true",
    })
    void childrenSpreadNearTheirParents_matchReference(int capacity, int threads, boolean wrap) {
        long seed = 29;
        int w = 40;
        int h = 30;
        long[] start = WalkerReference.startPlaces(w * h / 3, w, h, w, Math.min(capacity, 3), 7);
        WalkerReference ref = new WalkerReference(w, h, wrap, seed, capacity, start);
        try (Simulation sim = Lang.sim(threads, seed)) {
            Places<Field> field = sim.places(Field.class, wrap ? Grid.of(w, h).wrap() : Grid.of(w, h));
            Agents<Walker> walkers = sim.agents(Walker.class, field, Placement.at(start), capacity);
            long born = 0;
            long refused = 0;
            for (int round = 0; round < 4; round++) {
                ref.randomize(700 + round, 3, 0, w);
                for (WalkerReference.W a : ref.walkers) { // radius 0 to 3, 1 to 4 tries, up to 5 children
                    a.dx = Math.abs(a.dx);
                    a.dy = 1 + Math.abs(a.dy) % 4;
                    a.children = a.children * 5 / 3;
                }
                ref.load(walkers);
                walkers.callAll(Walker::breedNear);
                walkers.callAll(Walker::cull);
                ref.breedNear();
                ref.cull();
                long epoch = sim.epoch();
                ManageReport report = walkers.manageAll();
                assertEquals(ref.manage(epoch), report, "round " + round);
                ref.assertSame(walkers, "after round " + round);
                born += report.births();
                refused += report.birthsRefused();
                walkers.callAll(Walker::remember); // a child's first step sees its ordinal among its siblings
                ref.remember();
                ref.assertSame(walkers, "ordinals after round " + round);
            }
            assertTrue(born > 300, "born " + born);
            assertEquals(capacity != Integer.MAX_VALUE || !wrap, refused > 0, "births refused: " + refused);
            assertTrue(Arrays.stream(walkers.getLong("seen")).anyMatch(s -> s >= 2), "ordinals past 1");
        }
    }

    @Test
    void children_copyTheParentAtTheEndOfTheStep_andTakeNewIdsInParentOrder() {
        try (Simulation sim = Lang.sim(1)) {
            Places<Field> field = sim.places(Field.class, Grid.of(4, 4));
            Agents<Walker> walkers = sim.agents(Walker.class, field, Placement.at(3, 5, 5, 9));
            walkers.set("children", new int[] {2, 0, 1, 3});
            walkers.set("energy", new int[] {10, 20, 30, 40});
            walkers.set("hist", 0, new int[] {1, 2, 3, 4});
            walkers.callAll(Walker::breed);
            walkers.callAll(Walker::breed); // spawn calls add up: 4, 0, 2, 6 children
            assertEquals(new ManageReport(0, 12, 0, 0, 0, 0, 16), walkers.manageAll());
            assertArrayEquals(new long[] {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15}, walkers.ids());
            assertArrayEquals(new long[] {3, 5, 5, 9, 3, 3, 3, 3, 5, 5, 9, 9, 9, 9, 9, 9}, walkers.locations());
            assertArrayEquals(new int[] {210, 220, 230, 240, 210, 210, 210, 210, 230, 230, 240, 240, 240, 240, 240, 240},
                    walkers.getInt("energy"), "children copy the energy after both steps");
            assertArrayEquals(new int[] {0, 1, 2, 3, 0, 0, 0, 0, 2, 2, 3, 3, 3, 3, 3, 3}, walkers.getInt("hist", 2));
            assertArrayEquals(new int[] {1, 2, 3, 4, 1, 1, 1, 1, 3, 3, 4, 4, 4, 4, 4, 4}, walkers.getInt("hist", 0));
            // Ids are never reused: the next children continue from 16.
            walkers.set("children", new int[] {0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0});
            walkers.set("doomed", new boolean[] {true, false, false, false, false, false, false, false, false,
                false, false, false, false, false, false, true});
            walkers.callAll(Walker::breed);
            walkers.callAll(Walker::cull);
            assertEquals(new ManageReport(2, 1, 0, 0, 0, 0, 15), walkers.manageAll());
            assertArrayEquals(new long[] {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 16}, walkers.ids());
            assertEquals(5, walkers.locations()[14]);
        }
    }

    @Test
    void aParentThatDiesInTheSameStep_stillHasItsChildren() {
        try (Simulation sim = Lang.sim(1)) {
            Places<Field> field = sim.places(Field.class, Grid.of(4, 4));
            Agents<Walker> walkers = sim.agents(Walker.class, field, Placement.at(1, 2));
            walkers.set("children", new int[] {2, 1});
            walkers.set("doomed", new boolean[] {true, false});
            walkers.set("energy", new int[] {7, 8});
            walkers.callAll(Walker::breedAndCull);
            assertEquals(new ManageReport(1, 3, 0, 0, 0, 0, 4), walkers.manageAll());
            assertArrayEquals(new long[] {1, 2, 3, 4}, walkers.ids());
            assertArrayEquals(new long[] {2, 1, 1, 2}, walkers.locations());
            assertArrayEquals(new int[] {8, 7, 7, 8}, walkers.getInt("energy"));
        }
    }

    @Test
    void birthsIntoAFullPlace_areRefusedAndCounted() {
        try (Simulation sim = Lang.sim(1)) {
            Places<Field> field = sim.places(Field.class, Grid.of(4, 4));
            // Capacity 1: a parent alone on its place has no room for a child.
            Agents<Walker> one = sim.agents(Walker.class, field, Placement.at(0, 5), 1);
            one.set("children", new int[] {3, 1});
            one.callAll(Walker::breed);
            assertEquals(new ManageReport(0, 0, 0, 0, 4, 0, 2), one.manageAll());
            assertArrayEquals(new long[] {0, 1}, one.ids());
        }
        try (Simulation sim = Lang.sim(1)) {
            Places<Field> field = sim.places(Field.class, Grid.of(4, 4));
            // Capacity 3: two parents share place 6, which has room for one child; place 9 has room for two.
            Agents<Walker> walkers = sim.agents(Walker.class, field, Placement.at(6, 6, 9), 3);
            walkers.set("children", new int[] {1, 1, 5});
            walkers.set("energy", new int[] {-100, -200, -300});
            walkers.callAll(Walker::breed);
            RandomStream rng = new RandomStream(42, sim.epoch());
            boolean firstWins = Priority.beats(Priority.child(rng, 0, 0), 0, Priority.child(rng, 1, 0), 1);
            assertEquals(new ManageReport(0, 3, 0, 0, 4, 0, 6), walkers.manageAll());
            assertArrayEquals(new long[] {0, 1, 2, 3, 4, 5}, walkers.ids());
            assertArrayEquals(new long[] {6, 6, 9, 6, 9, 9}, walkers.locations());
            int[] energy = walkers.getInt("energy");
            assertEquals(firstWins ? 0 : -100, energy[3], "the child of the parent with the higher priority is born");
            assertEquals(-200, energy[4]);
            assertEquals(-200, energy[5]);
        }
    }

    @Test
    void killEveryOther_compactsStably() {
        try (Simulation sim = Lang.sim(3)) {
            Places<Field> field = sim.places(Field.class, Grid.of(W, H));
            Agents<Walker> walkers = sim.agents(Walker.class, field, Placement.random(N));
            long[] places = walkers.locations();
            int[] energy = new int[N];
            boolean[] doomed = new boolean[N];
            for (int i = 0; i < N; i++) {
                energy[i] = i * 7;
                doomed[i] = i % 2 == 0 || i % 5 == 0;
            }
            walkers.set("energy", energy);
            walkers.set("doomed", doomed);
            walkers.callAll(Walker::cull);
            ManageReport report = walkers.manageAll();
            int live = 0;
            for (int i = 0; i < N; i++) {
                live += doomed[i] ? 0 : 1;
            }
            assertEquals(new ManageReport(N - live, 0, 0, 0, 0, 0, live), report);
            long[] ids = walkers.ids();
            long[] where = walkers.locations();
            int[] left = walkers.getInt("energy");
            int j = 0;
            for (int i = 0; i < N; i++) {
                if (!doomed[i]) {
                    assertEquals(i, ids[j]);
                    assertEquals(places[i], where[j]);
                    assertEquals(7 * i, left[j]);
                    j++;
                }
            }
            assertEquals(live, j);
            // Everyone dies: an empty collection still works.
            boolean[] all = new boolean[live];
            Arrays.fill(all, true);
            walkers.set("doomed", all);
            walkers.callAll(Walker::cull);
            assertEquals(new ManageReport(live, 0, 0, 0, 0, 0, 0), walkers.manageAll());
            assertEquals(0, walkers.size());
            walkers.callAll(Walker::go);
            assertEquals(ManageReport.none(0), walkers.manageAll());
            assertEquals(0, walkers.count(Walker::rich, 0));
        }
    }
}
