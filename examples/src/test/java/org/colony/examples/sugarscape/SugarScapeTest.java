package org.colony.examples.sugarscape;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.colony.examples.TestBackend;
import org.colony.runtime.Config;
import org.colony.runtime.Simulation;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class SugarScapeTest {

    @ParameterizedTest(name = "n={0} steps={1} threads={2} seed={3}")
    @CsvSource({
        "10, 60, 1, 42",
        "24, 200, 1, 42",
        "24, 200, 2, 42",
        "37, 200, 3, 7",
        "60, 120, 2, 1234",
    })
    void sugarScape_matchesSequentialReferenceBitForBit(int n, int steps, int threads, long seed) {
        SugarScapeReference ref = new SugarScapeReference(n, seed);
        try (Simulation sim = Simulation.create(Config.defaults().withBackend(TestBackend.name()).withThreads(threads)
                .withSeed(seed))) {
            SugarScape model = new SugarScape(sim, n);
            long start = model.ants().size();
            long least = start;
            for (int t = 0; t < steps; t++) {
                model.tick();
                ref.tick();
                assertEquals(ref.ants.size(), model.ants().size(), "population after tick " + t);
                least = Math.min(least, model.ants().size());
            }
            assertArrayEquals(ref.sugar, model.land().getInt("sugar"));
            assertArrayEquals(ref.maxSugar, model.land().getInt("maxSugar"));
            assertArrayEquals(ref.pollution, model.land().getDouble("pollution"), 0.0);
            List<SugarScapeReference.Ant> ants = ref.ants;
            long[] ids = model.ants().ids();
            long[] where = model.ants().locations();
            int[] sugar = model.ants().getInt("sugar");
            int[] metabolism = model.ants().getInt("metabolism");
            int[] vision = model.ants().getInt("vision");
            for (int i = 0; i < ants.size(); i++) {
                SugarScapeReference.Ant a = ants.get(i);
                assertEquals(a.id, ids[i], "id of ant " + i);
                assertEquals(a.x + (long) n * a.y, where[i], "place of ant " + a.id);
                assertEquals(a.sugar, sugar[i], "sugar of ant " + a.id);
                assertEquals(a.metabolism, metabolism[i], "metabolism of ant " + a.id);
                assertEquals(a.vision, vision[i], "vision of ant " + a.id);
            }
            if (steps >= 200) {
                assertTrue(least < start, "the population falls from " + start);
            }
        }
    }
}
