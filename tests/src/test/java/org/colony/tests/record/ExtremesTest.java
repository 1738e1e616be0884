package org.colony.tests.record;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.colony.ColonyException;
import org.colony.runtime.Agents;
import org.colony.runtime.Config;
import org.colony.runtime.Placement;
import org.colony.runtime.Places;
import org.colony.runtime.Simulation;
import org.colony.runtime.grid.Grid;
import org.colony.runtime.reduce.Extremes;
import org.colony.tests.cuda.BinBug;
import org.colony.tests.cuda.BinCell;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The least and greatest values of a long attribute whose sum overflows 64 bits: {@code min}, {@code max} and
 * {@code extremes} give them on every thread count and partitioning (they need no sum); {@code sumLong} is still
 * refused in one line.
 */
class ExtremesTest {

    @ParameterizedTest(name = "threads={0} partitions={1}")
    @CsvSource({"1,1", "3,1", "2,2", "2,3"})
    void extremesOfALongColumnWhoseSumOverflows(int threads, int partitions) {
        Config config = Config.defaults().withBackend("cpu").withThreads(threads).withSeed(5);
        if (partitions > 1) {
            config = config.withPartitions(partitions);
        }
        try (Simulation sim = Simulation.create(config)) {
            Places<BinCell> cells = sim.places(BinCell.class, Grid.of(30, 20));
            Agents<BinBug> bugs = sim.agents(BinBug.class, cells, Placement.random(50));
            long[] big = new long[50];
            for (int i = 0; i < big.length; i++) {
                big[i] = Long.MAX_VALUE - 1000L * i;
            }
            big[17] = Long.MIN_VALUE + 3;
            bugs.set("big", big);
            Extremes e = bugs.extremes("big", 0);
            assertEquals(Long.MIN_VALUE + 3, e.longMin());
            assertEquals(Long.MAX_VALUE, e.longMax());
            assertEquals(50, e.count());
            assertEquals((double) Long.MAX_VALUE, bugs.max("big"));
            assertEquals((double) (Long.MIN_VALUE + 3), bugs.min("big"));
            ColonyException sum = assertThrows(ColonyException.class, () -> bugs.sumLong("big"));
            assertTrue(sum.getMessage().contains("overflows 64 bits"), sum.getMessage());
        }
    }
}
