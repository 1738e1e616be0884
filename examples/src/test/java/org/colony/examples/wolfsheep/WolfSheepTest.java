package org.colony.examples.wolfsheep;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.colony.examples.TestBackend;
import org.colony.runtime.Agents;
import org.colony.runtime.Config;
import org.colony.runtime.Simulation;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class WolfSheepTest {

    @ParameterizedTest(name = "{0}x{1} steps={2} threads={3} seed={4}")
    @CsvSource({
        "51, 51, 300, 1, 42",
        "51, 51, 300, 2, 42",
        "40, 30, 250, 3, 7",
        "80, 80, 200, 2, 99",
    })
    void wolfSheep_matchesSequentialReferenceBitForBit(int w, int h, int steps, int threads, long seed) {
        WolfSheep params = WolfSheep.defaults(w, h);
        WolfSheepReference ref = new WolfSheepReference(w, h, seed, params);
        try (Simulation sim = Simulation.create(Config.defaults().withBackend(TestBackend.name()).withThreads(threads)
                .withSeed(seed))) {
            WolfSheep.World world = params.start(sim, w, h);
            long sheepPeak = 0;
            long sheepLow = Long.MAX_VALUE;
            long births = 0;
            for (int t = 0; t < steps; t++) {
                world.tick();
                ref.tick();
                assertEquals(ref.sheep.size(), world.sheep().size(), "sheep after tick " + t);
                assertEquals(ref.wolves.size(), world.wolves().size(), "wolves after tick " + t);
                sheepPeak = Math.max(sheepPeak, world.sheep().size());
                sheepLow = Math.min(sheepLow, world.sheep().size());
                births += world.sheep().lastReport().births() + world.wolves().lastReport().births();
            }
            assertArrayEquals(ref.grass, world.grass().getBoolean("grass"));
            assertArrayEquals(ref.countdown, world.grass().getInt("countdown"));
            same(ref.sheep, world.sheep());
            same(ref.wolves, world.wolves());
            assertTrue(births > 0, "animals are born");
            assertTrue(sheepPeak > 1.5 * params.sheepCount() && sheepLow < sheepPeak / 2,
                    "the sheep population rises and collapses: peak " + sheepPeak + ", low " + sheepLow);
        }
    }

    private static void same(List<WolfSheepReference.Animal> expected, Agents<?> actual) {
        long[] ids = actual.ids();
        long[] where = actual.locations();
        double[] energy = actual.getDouble("energy");
        assertEquals(expected.size(), ids.length);
        for (int i = 0; i < ids.length; i++) {
            WolfSheepReference.Animal a = expected.get(i);
            assertEquals(a.id, ids[i], "id " + i);
            assertEquals(a.place, where[i], "place of " + a.id);
            assertEquals(a.energy, energy[i], 0.0, "energy of " + a.id);
        }
    }
}
