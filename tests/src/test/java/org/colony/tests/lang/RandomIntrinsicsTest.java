package org.colony.tests.lang;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import org.colony.kernel.RandomStream;
import org.colony.runtime.Places;
import org.colony.runtime.Simulation;
import org.colony.runtime.grid.Grid;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * uniform, uniformInt and normal in steps are the draws of {@code RandomStream(seed, epoch)} for instance = the
 * place's index, where epoch counts the calls of random-drawing steps made before in the whole simulation.
 */
class RandomIntrinsicsTest {

    /** The state of one RandomCell collection, computed sequentially. */
    private static final class Expected {
        final double[] u;
        final int[] k;
        final double[] g;
        final double[] pair;
        final int[] extra;

        Expected(int cells) {
            u = new double[cells];
            k = new int[cells];
            g = new double[cells];
            pair = new double[cells];
            extra = new int[cells];
        }

        void draw(long seed, long epoch, int bound) {
            RandomStream rng = new RandomStream(seed, epoch);
            for (int i = 0; i < u.length; i++) {
                rng.reset(i);
                u[i] = rng.uniform();
                k[i] = rng.uniformInt(bound);
                g[i] = rng.normal();
                double first = rng.uniform();
                double second = rng.uniform();
                pair[i] = first - second * 2;
                if (u[i] < 0.5) {
                    int three = rng.uniformInt(3);
                    int pick = rng.uniform() < 0.25 ? 100 : rng.uniformInt(7);
                    extra[i] = three + pick;
                } else {
                    extra[i] = -1;
                }
            }
        }

        long coin(long seed, long epoch, double p) {
            RandomStream rng = new RandomStream(seed, epoch);
            long n = 0;
            for (int i = 0; i < u.length; i++) {
                rng.reset(i);
                if (rng.uniform() < p) {
                    n++;
                }
            }
            return n;
        }

        void check(Places<RandomCell> p, String when) {
            assertArrayEquals(u, p.getDouble("u"), 0.0, when);
            assertArrayEquals(k, p.getInt("k"), when);
            assertArrayEquals(g, p.getDouble("g"), 0.0, when);
            assertArrayEquals(pair, p.getDouble("pair"), 0.0, when);
            assertArrayEquals(extra, p.getInt("extra"), when);
        }
    }

    @ParameterizedTest(name = "{0}x{1}x{2} threads={3} seed={4}")
    @CsvSource({
        "5, 1, 1, 1, 42",
        "6, 5, 1, 2, 7",
        "190, 180, 1, 1, 42",
        "190, 180, 1, 3, 42",
        "34, 33, 32, 3, -1",
    })
    void draws_matchTheFrameworkStreamPerIndexAndEpoch(int nx, int ny, int nz, int threads, long seed) {
        int cells = nx * ny * nz;
        Expected a = new Expected(cells);
        Expected b = new Expected(9);
        try (Simulation sim = Lang.sim(threads, seed)) {
            Places<RandomCell> pa = sim.places(RandomCell.class, nz > 1 ? Grid.of(nx, ny, nz) : Grid.of(nx, ny));
            Places<RandomCell> pb = sim.places(RandomCell.class, Grid.of(9));
            pa.callAll(RandomCell::draw, 10);            // epoch 0
            a.draw(seed, 0, 10);
            a.check(pa, "first call");
            pb.callAll(RandomCell::draw, 1);             // epoch 1, another collection
            b.draw(seed, 1, 1);
            b.check(pb, "other collection");
            sim.step();
            assertEquals(a.coin(seed, 2, 0.3), pa.count(RandomCell::coin, 0.3)); // epoch 2
            pa.callAll(RandomCell::draw, 1_000_000_007); // epoch 3
            a.draw(seed, 3, 1_000_000_007);
            a.check(pa, "after a count");
            assertEquals(4, sim.epoch());
        }
    }

    @Test
    void draws_differBetweenCallsAndSeeds() {
        int n = 1000;
        double[] first;
        double[] second;
        try (Simulation sim = Lang.sim(1, 5)) {
            Places<RandomCell> p = sim.places(RandomCell.class, Grid.of(n));
            p.callAll(RandomCell::draw, 4);
            first = p.getDouble("u");
            p.callAll(RandomCell::draw, 4);
            second = p.getDouble("u");
        }
        double[] otherSeed;
        try (Simulation sim = Lang.sim(2, 6)) {
            Places<RandomCell> p = sim.places(RandomCell.class, Grid.of(n));
            p.callAll(RandomCell::draw, 4);
            otherSeed = p.getDouble("u");
        }
        int sameAsSecond = 0;
        int sameAsOtherSeed = 0;
        for (int i = 0; i < n; i++) {
            sameAsSecond += first[i] == second[i] ? 1 : 0;
            sameAsOtherSeed += first[i] == otherSeed[i] ? 1 : 0;
        }
        assertEquals(0, sameAsSecond);
        assertEquals(0, sameAsOtherSeed);
        assertNotEquals(first[0], first[1]);
    }
}
