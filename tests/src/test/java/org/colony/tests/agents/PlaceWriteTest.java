package org.colony.tests.agents;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.Arrays;
import java.util.SplittableRandom;
import org.colony.ColonyException;
import org.colony.runtime.Agents;
import org.colony.runtime.Config;
import org.colony.runtime.Placement;
import org.colony.runtime.Places;
import org.colony.runtime.Simulation;
import org.colony.runtime.grid.Grid;
import org.colony.tests.lang.Lang;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Agents writing their place: a plain write with one agent per place, sums (ints, floats, doubles, array
 * elements), minima and maxima combined in agent-id order when the step ends, bit for bit at any thread count.
 */
class PlaceWriteTest {

    private static final int W = 200;
    private static final int H = 200;
    private static final int CELLS = W * H;
    private static final int N = 12_000;

    /** The place attributes walkers write, as plain arrays: the reference's side. */
    private static final class Columns {
        final int[] mark = new int[CELLS];
        final int[] total = new int[CELLS];
        final double[] dsum = new double[CELLS];
        final float[] fsum = new float[CELLS];
        final int[] lo = new int[CELLS];
        final int[] hi = new int[CELLS];
        final double[] dlo = new double[CELLS];
        final int[][] tally = {new int[CELLS], new int[CELLS]};

        Columns(long seed) {
            SplittableRandom r = new SplittableRandom(seed);
            for (int g = 0; g < CELLS; g++) {
                mark[g] = -1;
                total[g] = r.nextInt();
                dsum[g] = r.nextDouble(-1, 1) * Math.scalb(1.0, r.nextInt(-20, 20));
                fsum[g] = (float) r.nextDouble(-100, 100);
                lo[g] = r.nextInt(-500, 500);
                hi[g] = r.nextInt(-500, 500);
                dlo[g] = r.nextDouble(-1, 1);
                tally[0][g] = r.nextInt(10);
                tally[1][g] = r.nextInt(10);
            }
        }

        void load(Places<Field> field) {
            field.set("mark", mark);
            field.set("total", total);
            field.set("dsum", dsum);
            field.set("fsum", fsum);
            field.set("lo", lo);
            field.set("hi", hi);
            field.set("dlo", dlo);
            field.set("tally", 0, tally[0]);
            field.set("tally", 1, tally[1]);
        }

        void assertSame(Places<Field> field) {
            assertArrayEquals(mark, field.getInt("mark"), "mark");
            assertArrayEquals(total, field.getInt("total"), "total");
            assertArrayEquals(dsum, field.getDouble("dsum"), 0.0, "dsum");
            assertArrayEquals(fsum, field.getFloat("fsum"), 0.0f, "fsum");
            assertArrayEquals(lo, field.getInt("lo"), "lo");
            assertArrayEquals(hi, field.getInt("hi"), "hi");
            assertArrayEquals(dlo, field.getDouble("dlo"), 0.0, "dlo");
            assertArrayEquals(tally[0], field.getInt("tally", 0), "tally[0]");
            assertArrayEquals(tally[1], field.getInt("tally", 1), "tally[1]");
        }
    }

    /**
     * With capacity 1 the threads share out the walkers; otherwise the places. {@code everywhere}: walkers on
     * every place (one, or two where a place holds more), so that places where the threads' shares meet are
     * written too; then also cut into {@code partitions}.
     */
    @ParameterizedTest(name = "threads={0}, capacity={1}, wrap={2}, everywhere={3}, partitions={4}")
    @CsvSource({"1, 2147483647, false, false, 1", "3, 2147483647, false, false, 1", "3, 2147483647, true, false, 1",
        "1, 1, false, false, 1", "3, 1, false, false, 1", "3, 1, true, false, 1", "2, 2147483647, false, true, 1",
        "3, 2147483647, true, true, 1", "3, 1, false, true, 1", "2, 2147483647, false, true, 4",
        "2, 1, true, true, 3"})
    void sumsMinimaAndMaxima_combineInIdOrder_likeASequentialLoop(int threads, int capacity, boolean wrap,
            boolean everywhere, int partitions) {
        long[] start = everywhere ? everyPlace(capacity == 1 ? 1 : 2)
                : WalkerReference.startPlaces(N, W, H, capacity == 1 ? W : W / 4, capacity == 1 ? 1 : 6, 8);
        WalkerReference ref = new WalkerReference(W, H, wrap, 1, capacity, start);
        ref.randomize(31, 1, 0, W);
        Columns expected = new Columns(5);
        Config config = Config.defaults().withBackend(Lang.backend()).withThreads(threads).withSeed(42);
        try (Simulation sim = Simulation.create(partitions > 1 ? config.withPartitions(partitions) : config)) {
            Places<Field> field = sim.places(Field.class, wrap ? Grid.of(W, H).wrap() : Grid.of(W, H));
            Agents<Walker> walkers = sim.agents(Walker.class, field, Placement.at(start), capacity);
            expected.load(field);
            ref.load(walkers);
            walkers.callAll(Walker::add);
            walkers.callAll(Walker::subtract);
            walkers.callAll(Walker::extremes);
            walkers.callAll(Walker::add);
            // The same writes as a sequential loop over the walkers in id order.
            for (int pass = 0; pass < 4; pass++) {
                for (WalkerReference.W a : ref.walkers) {
                    int g = (int) a.place;
                    switch (pass) {
                        case 0, 3 -> {
                            expected.total[g] += a.energy;
                            expected.dsum[g] += a.value;
                            expected.fsum[g] += (float) a.value;
                            expected.tally[1][g]++;
                        }
                        case 1 -> {
                            expected.total[g] -= a.energy;
                            expected.total[g]--;
                            expected.tally[0][g] -= 2;
                        }
                        default -> {
                            expected.lo[g] = Math.min(expected.lo[g], a.energy);
                            expected.hi[g] = Math.max(a.energy, expected.hi[g]);
                            expected.dlo[g] = Math.min(expected.dlo[g], a.value);
                        }
                    }
                }
            }
            expected.assertSame(field);
            ref.assertSame(walkers, "after writing places");
        }
    }

    /** Every place {@code times} times, in order. */
    private static long[] everyPlace(int times) {
        long[] start = new long[CELLS * times];
        for (int i = 0; i < start.length; i++) {
            start[i] = i / times;
        }
        return start;
    }

    @ParameterizedTest(name = "threads={0}")
    @CsvSource({"1", "3"})
    void plainWrite_withCapacityOne_setsThePlaceOfEachWalker(int threads) {
        long[] start = WalkerReference.startPlaces(N, W, H, W, 1, 12);
        WalkerReference ref = new WalkerReference(W, H, false, 1, 1, start);
        ref.randomize(41, 1, 0, W);
        Columns expected = new Columns(6);
        try (Simulation sim = Lang.sim(threads)) {
            Places<Field> field = sim.places(Field.class, Grid.of(W, H));
            Agents<Walker> walkers = sim.agents(Walker.class, field, Placement.at(start), 1);
            expected.load(field);
            ref.load(walkers);
            walkers.callAll(Walker::mark);
            for (WalkerReference.W a : ref.walkers) {
                expected.mark[(int) a.place] = a.energy;
            }
            expected.assertSame(field);
        }
    }

    @Test
    void plainWrite_withRoomForMoreThanOneAgent_isRefusedBeforeTheStepRuns() {
        try (Simulation sim = Lang.sim(1)) {
            Places<Field> field = sim.places(Field.class, Grid.of(4, 4));
            Agents<Walker> two = sim.agents(Walker.class, field, Placement.at(0, 3), 2);
            two.set("energy", new int[] {5, 6});
            ColonyException e = assertThrows(ColonyException.class, () -> two.callAll(Walker::mark));
            assertEquals("step Walker.mark (Walker.java:87) writes place().mark with a plain assignment, which needs at "
                    + "most one Walker per place, but this collection allows 2; create it with capacity 1, or write "
                    + "with +=, Math.min or Math.max", e.getMessage());
            assertFalse(e.getMessage().contains("\n"));
            assertArrayEquals(new int[16], field.getInt("mark"), "nothing was written");
            Places<Field> other = sim.places(Field.class, Grid.of(4, 4));
            Agents<Walker> any = sim.agents(Walker.class, other, Placement.at(1));
            assertEquals("step Walker.mark (Walker.java:87) writes place().mark with a plain assignment, which needs at "
                    + "most one Walker per place, but this collection allows any number; create it with capacity 1, or "
                    + "write with +=, Math.min or Math.max",
                    assertThrows(ColonyException.class, () -> any.callAll(Walker::mark)).getMessage());
        }
    }

    /**
     * Three walkers on one place add 1e16, 1.0 and -1e16 (or 1e16, -1e16, 1.0): only the id order gives the
     * result, since 1e16 + 1.0 rounds back to 1e16 while 1e16 - 1e16 + 1.0 is 1.0. Floats likewise with 1e8.
     */
    @ParameterizedTest(name = "threads={0}")
    @CsvSource({"1", "3"})
    void floatingPointSums_followIdOrder(int threads) {
        double big = 1e16;
        assertEquals(big, big + 1.0, 0.0, "the case needs 1e16 + 1.0 to round to 1e16");
        assertEquals(100_000_000f, 100_000_000f + 1f, 0.0f);
        try (Simulation sim = Lang.sim(threads)) {
            // A crowd elsewhere so that the place writes are split between threads.
            long[] crowd = WalkerReference.startPlaces(N, W, H, W, 5, 3);
            long[] start = new long[N + 6];
            System.arraycopy(crowd, 0, start, 0, N);
            int g1 = 7;
            int g2 = CELLS - 3;
            start[N] = g1;
            start[N + 1] = g1;
            start[N + 2] = g1;
            start[N + 3] = g2;
            start[N + 4] = g2;
            start[N + 5] = g2;
            Arrays.sort(start);
            Places<Field> field = sim.places(Field.class, Grid.of(W, H));
            Agents<Walker> walkers = sim.agents(Walker.class, field, Placement.at(start));
            double[] value = new double[start.length];
            long[] where = walkers.locations();
            int[] seen = new int[CELLS];
            double[] atG1 = {big, 1.0, -big};
            double[] atG2 = {big, -big, 1.0};
            for (int i = 0; i < start.length; i++) {
                int g = (int) where[i];
                if (g == g1 || g == g2) {
                    int k = seen[g]++;
                    value[i] = k < 3 ? (g == g1 ? atG1 : atG2)[k] : 0.25;
                } else {
                    value[i] = 0.5;
                }
            }
            walkers.set("value", value);
            walkers.callAll(Walker::add);
            double[] dsum = field.getDouble("dsum");
            float[] fsum = field.getFloat("fsum");
            double afterG1 = 0.0;
            double afterG2 = 0.0;
            for (int k = 0; k < seen[g1]; k++) {
                afterG1 += k < 3 ? atG1[k] : 0.25;
            }
            for (int k = 0; k < seen[g2]; k++) {
                afterG2 += k < 3 ? atG2[k] : 0.25;
            }
            assertEquals(afterG1, dsum[g1], 0.0);
            assertEquals(afterG2, dsum[g2], 0.0);
            if (seen[g1] == 3) {
                assertEquals(0.0, dsum[g1], 0.0);
            }
            if (seen[g2] == 3) {
                assertEquals(1.0, dsum[g2], 0.0);
            }
            assertNotEquals(dsum[g1], dsum[g2]);
            float fG1 = 0f;
            float fG2 = 0f;
            for (int k = 0; k < seen[g1]; k++) {
                fG1 += (float) (k < 3 ? atG1[k] : 0.25);
            }
            for (int k = 0; k < seen[g2]; k++) {
                fG2 += (float) (k < 3 ? atG2[k] : 0.25);
            }
            assertEquals(fG1, fsum[g1], 0.0f);
            assertEquals(fG2, fsum[g2], 0.0f);
        }
    }

    /** A walker that does not write leaves the place as it was, -0.0 included; -0.0 + -0.0 stays -0.0. */
    @Test
    void sumWithoutWriters_leavesNegativeZeroAlone() {
        try (Simulation sim = Lang.sim(1)) {
            Places<Field> field = sim.places(Field.class, Grid.of(4, 1));
            Agents<Walker> walkers = sim.agents(Walker.class, field, Placement.at(0, 1, 1, 2));
            field.set("dsum", new double[] {-0.0, -0.0, -0.0, -0.0});
            // Walker 0 does not write; walkers 1 and 2 add -0.0; walker 3 adds +0.0.
            walkers.set("energy", new int[] {0, 1, 1, 1});
            walkers.set("value", new double[] {5.0, -0.0, -0.0, 0.0});
            walkers.callAll(Walker::addIfPositive);
            double[] dsum = field.getDouble("dsum");
            assertEquals(Double.doubleToRawLongBits(-0.0), Double.doubleToRawLongBits(dsum[0]), "place 0");
            assertEquals(Double.doubleToRawLongBits(-0.0), Double.doubleToRawLongBits(dsum[1]), "place 1");
            assertEquals(Double.doubleToRawLongBits(0.0), Double.doubleToRawLongBits(dsum[2]), "place 2");
            assertEquals(Double.doubleToRawLongBits(-0.0), Double.doubleToRawLongBits(dsum[3]), "place 3");
        }
    }
}
