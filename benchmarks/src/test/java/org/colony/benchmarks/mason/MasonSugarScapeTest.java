package org.colony.benchmarks.mason;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashSet;
import java.util.Set;
import org.colony.examples.sugarscape.SugarScape;
import org.colony.kernel.RandomStream;
import org.colony.runtime.Config;
import org.colony.runtime.Simulation;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The MASON SugarScape against Colony's. The rules are the same; the random draws are not: MASON draws
 * from one Mersenne Twister in schedule order, Colony from a counter-based stream per ant and call. So:
 * <ul>
 *   <li>with Colony's start (places and endowments copied) and Colony's draws replayed through
 *       {@link MasonSugarScape.Chance}, every place and every ant matches tick after tick, bit for bit;
 *   <li>with MASON's own draws (the benchmark's configuration), the landscape at start matches exactly and
 *       the start and the population's fall agree statistically.
 * </ul>
 * Colony's CPU backend is checked bit for bit against the sequential reference in the examples
 * ({@code SugarScapeTest}).
 */
class MasonSugarScapeTest {

    /** Colony's draws: the look's ties in the look call's stream, priorities in the move manageAll's. */
    private static final class ColonyChance implements MasonSugarScape.Chance {
        private static final long serialVersionUID = 1L;
        private final long seed;
        private transient RandomStream look;
        private transient RandomStream move;
        private long lookingAnt = -1;

        ColonyChance(long seed) {
            this.seed = seed;
        }

        @Override
        public void startTick(long tick) {
            // Epochs 0 and 1 place the ants and draw their endowments; each tick then draws in three calls:
            // look, manageAll (moves), manageAll (deaths).
            look = new RandomStream(seed, 2 + 3 * tick);
            move = new RandomStream(seed, 3 + 3 * tick);
            lookingAnt = -1;
        }

        @Override
        public int tieBreak(long id, int bound) {
            if (id != lookingAnt) {
                look.reset(id);
                lookingAnt = id;
            }
            return look.uniformInt(bound);
        }

        @Override
        public long priority(long id) {
            move.reset(id);
            return ((move.nextInt() & 0xFFFF_FFFFL) << 32) | (move.nextInt() & 0xFFFF_FFFFL);
        }
    }

    @ParameterizedTest(name = "n={0} steps={1} seed={2}")
    @CsvSource({
        "10, 60, 42",
        "24, 200, 42",
        "37, 150, 7",
    })
    void masonSugarScape_withColonysStartAndDraws_equalsColonyEveryTick(int n, int steps, long seed) {
        try (Simulation sim = Simulation.create(Config.defaults().withBackend("cpu").withThreads(1).withSeed(seed))) {
            SugarScape colony = new SugarScape(sim, n);
            MasonSugarScape mason = new MasonSugarScape(n, new ColonyChance(seed), colony.ants().locations(),
                    colony.ants().getInt("sugar"), colony.ants().getInt("metabolism"));
            mason.start();
            assertArrayEquals(colony.land().getInt("maxSugar"), mason.maxSugar());
            long start = colony.ants().size();
            for (int t = 0; t < steps; t++) {
                colony.tick();
                mason.tick();
                assertEquals(colony.ants().size(), mason.population(), "population after tick " + t);
            }
            assertTrue(colony.ants().size() < start || steps < 100, "the population falls");
            assertArrayEquals(colony.land().getInt("sugar"), mason.sugar());
            assertArrayEquals(colony.land().getDouble("pollution"), mason.pollution(), 0.0);
            long[][] ants = mason.antTable();
            long[] ids = colony.ants().ids();
            long[] places = colony.ants().locations();
            int[] sugar = colony.ants().getInt("sugar");
            int[] metabolism = colony.ants().getInt("metabolism");
            int[] vision = colony.ants().getInt("vision");
            for (int i = 0; i < ants.length; i++) {
                assertArrayEquals(new long[] {ids[i], places[i], sugar[i], metabolism[i], vision[i]}, ants[i],
                        "ant " + ids[i]);
            }
            mason.finish();
        }
    }

    @Test
    void masonSugarScape_withItsOwnDraws_startsLikeColony() {
        int n = 100;
        MasonSugarScape mason = new MasonSugarScape(n, 42L);
        mason.start();
        try (Simulation sim = Simulation.create(Config.defaults().withBackend("cpu").withThreads(1))) {
            SugarScape colony = new SugarScape(sim, n);
            assertArrayEquals(colony.land().getInt("maxSugar"), mason.maxSugar());
            assertArrayEquals(colony.land().getInt("sugar"), mason.sugar());
            assertEquals(colony.ants().size(), mason.population());
        }
        long[][] ants = mason.antTable();
        Set<Long> places = new HashSet<>();
        double sugar = 0;
        double metabolism = 0;
        for (long[] a : ants) {
            assertTrue(places.add(a[1]), "one ant per place");
            assertTrue(a[2] >= 1 && a[2] <= 10 && a[3] >= 1 && a[3] <= 4 && a[4] == 3, "endowment " + a[2] + "/" + a[3]);
            sugar += a[2];
            metabolism += a[3];
        }
        assertEquals(5.5, sugar / ants.length, 0.1);
        assertEquals(2.5, metabolism / ants.length, 0.05);
        mason.finish();
    }

    @Test
    void masonSugarScape_withItsOwnDraws_losesAntsLikeColony() {
        int n = 120;
        int steps = 80;
        MasonSugarScape mason = new MasonSugarScape(n, 42L);
        mason.start();
        try (Simulation sim = Simulation.create(Config.defaults().withBackend("cpu").withThreads(1))) {
            SugarScape colony = new SugarScape(sim, n);
            for (int t = 1; t <= steps; t++) {
                colony.tick();
                mason.tick();
                if (t % 20 == 0) {
                    double c = colony.ants().size();
                    double m = mason.population();
                    assertEquals(c, m, 0.05 * c, "population after tick " + t + ": colony " + c + ", mason " + m);
                }
            }
            assertTrue(colony.ants().size() < n * n / 5, "the population falls");
        }
        mason.finish();
    }
}
