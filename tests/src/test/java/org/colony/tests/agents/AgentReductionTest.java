package org.colony.tests.agents;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import java.math.BigDecimal;
import org.colony.tests.lang.Lang;
import org.colony.runtime.Agents;
import org.colony.runtime.Placement;
import org.colony.runtime.Places;
import org.colony.runtime.Simulation;
import org.colony.runtime.grid.Grid;
import org.colony.runtime.reduce.Reduction;
import org.junit.jupiter.api.Test;

/** count, sums, minima, maxima and checksums over agents: exact, and the same at 1 and 3 threads. */
class AgentReductionTest {

    /** Enough agents that the CPU backend splits reductions (2^15) and steps between threads. */
    private static final int N = 40_000;

    private record Result(long rich, double valueSum, long energySum, double valueMin, double valueMax,
            Reduction energy, Reduction hist, String checksum, long[] ids) {
    }

    private static Result run(int threads) {
        try (Simulation sim = Lang.sim(threads, 123)) {
            Places<Field> field = sim.places(Field.class, Grid.of(200, 200));
            Agents<Walker> walkers = sim.agents(Walker.class, field, Placement.random(N));
            long epoch = sim.epoch();
            walkers.callAll(Walker::draw);
            walkers.callAll(Walker::shift);
            WalkerReference ref = new WalkerReference(200, 200, false, 123, Integer.MAX_VALUE, new long[N]);
            ref.draw(epoch);
            ref.shift();
            // The reference's draws and the collection's agree value by value.
            assertArrayEquals(ref.walkers.stream().mapToDouble(a -> a.value).toArray(), walkers.getDouble("value"), 0.0);
            assertArrayEquals(ref.walkers.stream().mapToInt(a -> a.energy).toArray(), walkers.getInt("energy"));
            long rich = ref.walkers.stream().filter(a -> a.energy > 600).count();
            assertEquals(rich, walkers.count(Walker::rich, 600));
            BigDecimal exact = BigDecimal.ZERO;
            long energy = 0;
            for (WalkerReference.W a : ref.walkers) {
                exact = exact.add(new BigDecimal(a.value));
                energy += a.energy;
            }
            assertEquals(exact.doubleValue(), walkers.sum("value"), 0.0);
            assertEquals(energy, walkers.sumLong("energy"));
            assertEquals(ref.walkers.stream().mapToInt(a -> a.energy).min().orElseThrow(),
                    walkers.reduce("energy").longMin());
            assertEquals(N, walkers.reduce("hist", 0).count());
            return new Result(walkers.count(Walker::rich, 600), walkers.sum("value"), walkers.sumLong("energy"),
                    walkers.min("value"), walkers.max("value"), walkers.reduce("energy"), walkers.reduce("hist", 0),
                    walkers.checksum(), walkers.ids());
        }
    }

    @Test
    void reductionsCountsAndChecksums_areExact_andEqualAtOneAndThreeThreads() {
        Result one = run(1);
        Result three = run(3);
        assertEquals(one.rich(), three.rich());
        assertEquals(one.valueSum(), three.valueSum(), 0.0);
        assertEquals(one.energySum(), three.energySum());
        assertEquals(one.valueMin(), three.valueMin(), 0.0);
        assertEquals(one.valueMax(), three.valueMax(), 0.0);
        assertEquals(one.energy(), three.energy());
        assertEquals(one.hist(), three.hist());
        assertEquals(one.checksum(), three.checksum());
        assertArrayEquals(one.ids(), three.ids());
    }

    @Test
    void checksum_followsTheAgentsState() {
        try (Simulation sim = Lang.sim(1)) {
            Places<Field> field = sim.places(Field.class, Grid.of(10, 10));
            Agents<Walker> walkers = sim.agents(Walker.class, field, Placement.at(1, 2, 3));
            String before = walkers.checksum();
            walkers.set("energy", new int[] {0, 0, 1});
            String after = walkers.checksum();
            assertNotEquals(before, after);
            walkers.set("energy", new int[] {0, 0, 0});
            assertEquals(before, walkers.checksum());
            walkers.set("hist", 2, new int[] {0, 5, 0});
            assertNotEquals(before, walkers.checksum());
        }
    }
}
