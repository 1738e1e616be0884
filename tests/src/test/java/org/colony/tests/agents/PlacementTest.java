package org.colony.tests.agents;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import org.colony.ColonyException;
import org.colony.tests.lang.Lang;
import org.colony.kernel.RandomStream;
import org.colony.runtime.Agents;
import org.colony.runtime.Placement;
import org.colony.runtime.Places;
import org.colony.runtime.Simulation;
import org.colony.runtime.grid.Grid;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;

/** Where a new collection's agents start, with ids in place order, and the one-line errors of placements. */
class PlacementTest {

    private static String message(Executable misuse) {
        ColonyException e = assertThrows(ColonyException.class, misuse);
        assertFalse(e.getMessage().contains("\n"), "one line: " + e.getMessage());
        return e.getMessage();
    }

    private static int[] perPlace(long[] places, int cells) {
        int[] c = new int[cells];
        for (long g : places) {
            c[(int) g]++;
        }
        return c;
    }

    @Test
    void random_drawsEachAgentsPlaceFromItsOwnStream_andSortsThem() {
        for (int threads : new int[] {1, 3}) {
            try (Simulation sim = Lang.sim(threads, 99)) {
                Places<Patch> patches = sim.places(Patch.class, Grid.of(150, 90));
                patches.callAll(Patch::clear); // draws nothing: the placement's epoch is still 0
                long epoch = sim.epoch();
                Agents<Mote> motes = sim.agents(Mote.class, patches, Placement.random(20_000));
                assertEquals(epoch + 1, sim.epoch(), "a random placement uses one random stream");
                RandomStream rng = new RandomStream(99, epoch);
                long[] expected = new long[20_000];
                for (int i = 0; i < expected.length; i++) {
                    rng.reset(i);
                    expected[i] = rng.uniformInt(150 * 90);
                }
                Arrays.sort(expected);
                assertArrayEquals(expected, motes.locations(), threads + " threads");
                long[] ids = motes.ids();
                for (int i = 0; i < ids.length; i++) {
                    assertEquals(i, ids[i]);
                }
            }
        }
    }

    @Test
    void randomAtMost_keepsTheLimit_isReproducible_andFillsTheGridWhenAsked() {
        long[] first = null;
        for (int threads : new int[] {1, 3}) {
            try (Simulation sim = Lang.sim(threads, 5)) {
                Places<Patch> patches = sim.places(Patch.class, Grid.of(120, 100));
                Agents<Mote> motes = sim.agents(Mote.class, patches, Placement.random(20_000).atMost(2));
                long[] where = motes.locations();
                assertEquals(20_000, where.length);
                for (int i = 1; i < where.length; i++) {
                    assertTrue(where[i - 1] <= where[i], "sorted by place");
                }
                int[] c = perPlace(where, 12_000);
                assertTrue(Arrays.stream(c).allMatch(k -> k <= 2), "at most 2 per place");
                assertTrue(Arrays.stream(c).filter(k -> k == 2).count() > 1000, "places with 2");
                assertTrue(Arrays.stream(c).filter(k -> k == 0).count() > 100, "empty places");
                if (first == null) {
                    first = where;
                } else {
                    assertArrayEquals(first, where, "the same at 1 and 3 threads");
                }
            }
        }
        try (Simulation sim = Lang.sim(1, 6)) {
            Places<Patch> patches = sim.places(Patch.class, Grid.of(120, 100));
            long[] other = sim.agents(Mote.class, patches, Placement.random(20_000).atMost(2)).locations();
            assertFalse(Arrays.equals(first, other), "another seed, another placement");
            // Every slot taken: each place gets exactly its limit.
            Places<Patch> small = sim.places(Patch.class, Grid.of(7, 3));
            long[] full = sim.agents(Mote.class, small, Placement.random(42).atMost(2)).locations();
            assertTrue(Arrays.stream(perPlace(full, 21)).allMatch(k -> k == 2));
        }
    }

    @Test
    void randomPlacement_respectsTheCollectionsCapacity() {
        try (Simulation sim = Lang.sim(1)) {
            Places<Patch> patches = sim.places(Patch.class, Grid.of(20, 20));
            Agents<Mote> motes = sim.agents(Mote.class, patches, Placement.random(700), 2);
            assertTrue(Arrays.stream(perPlace(motes.locations(), 400)).allMatch(k -> k <= 2));
            Places<Patch> more = sim.places(Patch.class, Grid.of(20, 20));
            // atMost above the capacity: the capacity wins.
            Agents<Mote> capped = sim.agents(Mote.class, more, Placement.random(400).atMost(3), 1);
            assertTrue(Arrays.stream(perPlace(capped.locations(), 400)).allMatch(k -> k == 1));
        }
    }

    @Test
    void explicitPlaces_andCoordinates_giveIdsInPlaceOrder() {
        try (Simulation sim = Lang.sim(1)) {
            Places<Field> field = sim.places(Field.class, Grid.of(5, 4));
            Agents<Walker> walkers = sim.agents(Walker.class, field, Placement.at(19, 3, 3, 0, 12));
            assertArrayEquals(new long[] {0, 1, 2, 3, 4}, walkers.ids());
            assertArrayEquals(new long[] {0, 3, 3, 12, 19}, walkers.locations());
            assertEquals(0, sim.epoch(), "explicit placements draw nothing");
            Places<Field> other = sim.places(Field.class, Grid.of(5, 4));
            Agents<Walker> byCoordinates = sim.agents(Walker.class, other,
                    Placement.atCoordinates(new int[] {4, 3}, new int[] {1, 0}, new int[] {2, 2}, new int[] {0, 0}), 1);
            assertArrayEquals(new long[] {0, 1, 12, 19}, byCoordinates.locations());
            Places<Field> empty = sim.places(Field.class, Grid.of(5, 4));
            assertEquals(0, sim.agents(Walker.class, empty, Placement.at()).size());
        }
    }

    @Test
    void placementErrors_areOneLine() {
        try (Simulation sim = Lang.sim(1)) {
            Places<Field> field = sim.places(Field.class, Grid.of(4, 4));
            assertEquals("Placement.random(-1): the number of agents is negative",
                    message(() -> Placement.random(-1)));
            assertEquals("atMost(0): a place holds at least one agent", message(() -> Placement.random(3).atMost(0)));
            assertEquals("cannot place 17 Walker agents at most 1 per place on the grid 4x4 (16 places)",
                    message(() -> sim.agents(Walker.class, field, Placement.random(17).atMost(1))));
            assertEquals("cannot place 33 Walker agents at most 2 per place on the grid 4x4 (16 places)",
                    message(() -> sim.agents(Walker.class, field, Placement.random(33), 2)));
            assertEquals("3000000000 Walker agents are more than one collection holds",
                    message(() -> sim.agents(Walker.class, field, Placement.random(3_000_000_000L))));
            assertEquals("place index 16 for Walker agent 1 is outside the grid 4x4 (0 to 15)",
                    message(() -> sim.agents(Walker.class, field, Placement.at(3, 16))));
            assertEquals("place index -1 for Walker agent 0 is outside the grid 4x4 (0 to 15)",
                    message(() -> sim.agents(Walker.class, field, Placement.at(-1))));
            assertEquals("coordinates (4, 0) of Walker agent 1 are outside the grid 4x4",
                    message(() -> sim.agents(Walker.class, field, Placement.atCoordinates(new int[] {0, 0},
                            new int[] {4, 0}))));
            assertEquals("coordinates [1] of Walker agent 0 have 1 entries; the grid 4x4 has 2 dimensions",
                    message(() -> sim.agents(Walker.class, field, Placement.atCoordinates(new int[] {1}))));
            assertEquals("the placement puts 2 Walker agents on place 3, more than the 1 a place may hold",
                    message(() -> sim.agents(Walker.class, field, Placement.at(3, 5, 3), 1)));
            assertEquals("the placement puts 3 Walker agents on place 1, more than the 2 a place may hold",
                    message(() -> sim.agents(Walker.class, field, Placement.atCoordinates(new int[] {1, 0},
                            new int[] {1, 0}, new int[] {1, 0}), 2)));
            assertEquals(0, field.residents().size(), "no refused collection was created");
            assertEquals(2, sim.agents(Walker.class, field, Placement.at(3, 3), 2).size());
        }
    }
}
