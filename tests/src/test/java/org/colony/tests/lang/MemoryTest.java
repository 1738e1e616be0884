package org.colony.tests.lang;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.colony.examples.heat.Heat2D;
import org.colony.runtime.Places;
import org.colony.runtime.Simulation;
import org.colony.runtime.grid.Grid;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Storage holds the model's columns and nothing else: a second buffer only where snapshots need one. */
class MemoryTest {

    @ParameterizedTest(name = "n={0}")
    @ValueSource(ints = {1, 3, 100, 1000})
    void heat2d_keepsTwoDoubleColumnsPerCellPlusTheHaloRing(int n) {
        try (Simulation sim = Lang.sim(1)) {
            Heat2D model = new Heat2D(sim, n, 10);
            long padded = (long) (n + 2) * (n + 2);
            assertEquals(2 * 8 * padded, model.plate().memoryBytes());
        }
    }

    @ParameterizedTest(name = "n={0}")
    @ValueSource(ints = {1, 50})
    void columnsAreSizedByTypeLengthAndBuffering(int n) {
        try (Simulation sim = Lang.sim(1)) {
            // No neighbour reads: no halo, no second buffer. long + 4 ints + 3 booleans + long.
            Places<WhereCell> where = sim.places(WhereCell.class, Grid.of(n, n));
            assertEquals((8 + 4 * 4 + 3 + 8) * (long) n * n, where.memoryBytes());
            // h (4 ints) and d (3 doubles) are read through neighbours and written: two buffers; total is not.
            Places<HistoryCell> history = sim.places(HistoryCell.class, Grid.of(n, n));
            assertEquals((2 * 4 * 4 + 2 * 3 * 8 + 4) * (long) (n + 2) * (n + 2), history.memoryBytes());
            // Reach 2 on a torus: a halo of 2; v is only read remotely, out only written.
            Places<ReachCell> reach = sim.places(ReachCell.class, Grid.of(n, n).wrap());
            assertEquals((4 + 4) * (long) (n + 4) * (n + 4), reach.memoryBytes());
            // 1-D: the halo is on the two ends only.
            Places<Rod> rod = sim.places(Rod.class, Grid.of(n));
            assertEquals(2 * 8 * (long) (n + 2), rod.memoryBytes());
        }
    }
}
