package org.colony.examples;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.colony.examples.epidemic.Epidemic;
import org.colony.kernel.RandomStream;
import org.colony.runtime.Config;
import org.colony.runtime.Simulation;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Epidemic (exp per cell, normal() contact rates) against the same model as a plain sequential Java program, bit for
 * bit, on the tests' backend: on a GPU this is the CPU's result, StrictMath's exp and the stream's normal() included.
 */
class EpidemicTest {

    @ParameterizedTest(name = "n={0} steps={1} threads={2} seed={3}")
    @CsvSource({
        "3, 5, 1, 1",
        "40, 60, 2, 7",
        "300, 40, 3, 42",
        "301, 25, 4, -5",
    })
    void epidemic_matchesSequentialReferenceBitForBit(int n, int steps, int threads, long seed) {
        double[][] expected = reference(n, steps, seed);
        try (Simulation sim = Simulation.create(Config.defaults().withBackend(TestBackend.name())
                .withThreads(threads).withSeed(seed))) {
            Epidemic model = new Epidemic(sim, n);
            for (int t = 0; t < steps; t++) {
                model.tick();
            }
            assertArrayEquals(expected[0], model.grid().getDouble("s"), 0.0);
            assertArrayEquals(expected[1], model.grid().getDouble("i"), 0.0);
            assertArrayEquals(expected[2], model.grid().getDouble("r"), 0.0);
            assertArrayEquals(expected[3], model.grid().getDouble("beta"), 0.0);
        }
        if (n >= 300) {
            double infected = 0;
            for (double v : expected[1]) {
                infected += v;
            }
            assertTrue(infected > 0, "some outbreak on a grid of " + n * n + " cells");
        }
    }

    /** s, i, r and beta after {@code steps} ticks, as {@code [x + n * y]}: the model as plain Java. */
    private static double[][] reference(int n, int steps, long seed) {
        int cells = n * n;
        double[] s = new double[cells];
        double[] i = new double[cells];
        double[] r = new double[cells];
        double[] beta = new double[cells];
        RandomStream draws = new RandomStream(seed, 0); // the seeding call is the simulation's first
        for (int c = 0; c < cells; c++) {
            draws.reset(c);
            beta[c] = Epidemic.BETA * StrictMath.exp(Epidemic.SPREAD * draws.normal());
            s[c] = 1.0;
            if (draws.uniform() < Epidemic.OUTBREAKS) {
                s[c] = 0.99;
                i[c] = 0.01;
            }
        }
        double m = Epidemic.MOBILITY;
        for (int t = 0; t < steps; t++) {
            double[] before = i.clone();
            for (int y = 0; y < n; y++) {
                for (int x = 0; x < n; x++) {
                    int c = x + n * y;
                    double near = before[c];
                    if (x > 0 && x < n - 1 && y > 0 && y < n - 1) {
                        near = (1 - m) * before[c] + m * 0.25 * (before[c + 1] + before[c - 1] + before[c - n]
                                + before[c + n]);
                    }
                    double infected = s[c] * (1.0 - StrictMath.exp(-beta[c] * near * Epidemic.DT));
                    double recovered = before[c] * (1.0 - StrictMath.exp(-Epidemic.GAMMA * Epidemic.DT));
                    s[c] = s[c] - infected;
                    i[c] = before[c] + infected - recovered;
                    r[c] = r[c] + recovered;
                }
            }
        }
        return new double[][] {s, i, r, beta};
    }
}
