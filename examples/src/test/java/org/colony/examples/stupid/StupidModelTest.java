package org.colony.examples.stupid;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import org.colony.examples.TestBackend;
import org.colony.runtime.Agents;
import org.colony.runtime.Config;
import org.colony.runtime.Simulation;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class StupidModelTest {

    @TempDir
    Path dir;

    @ParameterizedTest(name = "{0}x{1} bugs={2} predators={3} steps={4} threads={5} seed={6}")
    @CsvSource({
        "48, 32, 150, 15, 150, 1, 42",
        "48, 32, 150, 15, 150, 2, 42",
        "48, 32, 150, 15, 150, 3, 7",
        "40, 40, 200, 20, 120, 2, 7",
        "32, 24, 400, 8, 100, 3, 11",
    })
    void stupidModel_matchesSequentialReferenceBitForBit(int w, int h, long bugs, long predators, int steps,
            int threads, long seed) {
        Path habitat = dir.resolve("habitat.data");
        Habitat.write(habitat, w, h, seed);
        StupidModel.Parameters params = StupidModel.Parameters.of(bugs, predators);
        StupidModelReference ref = new StupidModelReference(w, h, seed, Habitat.production(w, h, seed), params);
        try (Simulation sim = Simulation.create(Config.defaults().withBackend(TestBackend.name()).withThreads(threads)
                .withSeed(seed))) {
            StupidModel model = new StupidModel(sim, w, h, habitat, params);
            assertArrayEquals(ref.production, model.cells().getDouble("production"), "the habitat as loaded");
            assertEquals(ref.epoch, sim.epoch(), "epoch after the setup");
            same(ref, model, "at the start");
            long eaten = 0;
            for (int t = 0; t < steps; t++) {
                model.tick();
                ref.tick();
                String when = "after tick " + t;
                assertEquals(ref.bugs.size(), model.bugs().size(), "bugs " + when);
                assertEquals(ref.bugs.size(), model.population(), "population " + when);
                assertEquals(ref.predators.size(), model.predators().size(), "predators " + when);
                // Two epochs more for each further round of moves (relook, manageAll): the same rounds ran.
                assertEquals(ref.epoch, sim.epoch(), "epoch " + when);
                eaten += model.bugs().lastReport().deaths();
                same(ref, model, when);
            }
            // Not vacuous: bugs were born (ids after the first bugs), died at random and were eaten, moves were
            // refused in a first round and made in later ones, contests were settled by size and by the random bits,
            // children contested places, predators found bugs.
            String counts = "births " + ref.births + ", births refused " + ref.birthsRefused + ", deaths "
                    + ref.deaths + ", eaten " + ref.eaten + ", refused in a first round " + ref.firstRoundRefused
                    + ", moves in later rounds " + ref.retriedMoves + ", retry rounds " + ref.retryRounds
                    + ", moves lost on size " + ref.lostOnSize + ", on random bits " + ref.lostOnBits
                    + ", births lost to another child " + ref.birthsContested;
            assertTrue(ref.births > 0 && ref.nextBug > bugs, "bugs were born: " + counts);
            assertTrue(ref.deaths > ref.eaten && ref.eaten > 0, "bugs died at random and were eaten: " + counts);
            assertEquals(ref.eaten, eaten, "bugs eaten by the predators");
            assertTrue(ref.firstRoundRefused > 0 && ref.retriedMoves > 0, "moves were refused and retried: " + counts);
            assertTrue(ref.lostOnSize > 0 && ref.lostOnBits > 0, "contested moves went to the larger bug and, between "
                    + "equal sizes, to the higher random bits: " + counts);
            assertTrue(ref.birthsContested > 0 && ref.birthsRefused > 0, "children contested places and some found "
                    + "none: " + counts);
            assertTrue(Arrays.stream(model.predators().getInt("hunts")).sum() > 0, "predators found bugs");
            assertTrue(Arrays.stream(model.bugs().ids()).max().orElse(0) >= bugs, "born bugs are among the living");
            assertTrue(model.bugs().size() > 0, "bugs are left at the end: " + counts);
        }
    }

    @Test
    void histogram_binsAnySizeAsThePlainRuleDoes() {
        Path habitat = dir.resolve("habitat.data");
        Habitat.write(habitat, 32, 24, 5);
        try (Simulation sim = Simulation.create(Config.defaults().withBackend(TestBackend.name()).withSeed(5))) {
            StupidModel model = new StupidModel(sim, 32, 24, habitat, StupidModel.Parameters.of(100, 5));
            double[] odd = {-1, -0.0, Double.NaN, 0, Double.MIN_VALUE, 0.5, Math.nextDown(3.0), 3, Math.nextDown(9.0),
                9, 9.5, 1e300, Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY};
            double[] sizes = new double[(int) model.bugs().size()];
            long[] expected = new long[StupidModel.BINS];
            for (int i = 0; i < sizes.length; i++) {
                sizes[i] = odd[i % odd.length];
                expected[plainBin(sizes[i])]++;
            }
            model.bugs().set("size", sizes);
            assertArrayEquals(expected, model.histogram());
            assertTrue(expected[0] > 0 && expected[2] > 0 && expected[3] > 0 && expected[8] > 0 && expected[9] > 0);
        }
    }

    /** Asserts that the model holds exactly the reference's bugs, predators and food. */
    private static void same(StupidModelReference ref, StupidModel model, String when) {
        Agents<Bug> bugs = model.bugs();
        List<StupidModelReference.Bug> expected = ref.bugs;
        long[] ids = bugs.ids();
        long[] where = bugs.locations();
        double[] size = bugs.getDouble("size");
        boolean[] asked = bugs.getBoolean("asked");
        int[] fromX = bugs.getInt("fromX");
        int[] fromY = bugs.getInt("fromY");
        assertEquals(expected.size(), ids.length, "bugs " + when);
        for (int i = 0; i < ids.length; i++) {
            StupidModelReference.Bug b = expected.get(i);
            assertEquals(b.id, ids[i], "id of bug " + i + " " + when);
            assertEquals(b.place, where[i], "place of bug " + b.id + " " + when);
            assertEquals(b.size, size[i], "size of bug " + b.id + " " + when);
            assertEquals(b.asked, asked[i], "asked of bug " + b.id + " " + when);
            assertEquals(b.fromX, fromX[i], "fromX of bug " + b.id + " " + when);
            assertEquals(b.fromY, fromY[i], "fromY of bug " + b.id + " " + when);
        }
        Agents<Predator> predators = model.predators();
        assertArrayEquals(ref.predators.stream().mapToLong(q -> q.id).toArray(), predators.ids(),
                "predator ids " + when);
        assertArrayEquals(ref.predators.stream().mapToLong(q -> q.place).toArray(), predators.locations(),
                "predator places " + when);
        assertArrayEquals(ref.predators.stream().mapToInt(q -> q.hunts).toArray(), predators.getInt("hunts"),
                "predator hunts " + when);
        assertArrayEquals(ref.food, model.cells().getDouble("food"), "food " + when);
        long[] bins = new long[StupidModel.BINS];
        for (StupidModelReference.Bug b : expected) {
            bins[plainBin(b.size)]++;
        }
        assertArrayEquals(bins, model.histogram(), "size histogram " + when);
    }

    /** The bin of {@code size} by the plain rule: sizes 0 to 1, ..., 8 to 9, then 9 and above (below 0 and NaN: 0). */
    private static int plainBin(double size) {
        return (int) Math.min(StupidModel.BINS - 1, Math.max(0, Math.floor(size)));
    }
}
