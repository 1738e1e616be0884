package org.colony.tests.agents;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.colony.tests.lang.Lang;
import org.colony.runtime.Agents;
import org.colony.runtime.Placement;
import org.colony.runtime.Places;
import org.colony.runtime.Simulation;
import org.colony.runtime.agents.ManageReport;
import org.colony.runtime.grid.Grid;
import org.colony.runtime.storage.AgentColumns;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * What an agent collection holds ({@code memoryBytes()}): per allocated slot, the model's attribute columns
 * (a Mote has one int, 4 bytes) plus 29 bytes of bookkeeping (id 8, place 8, kill intent 1, move intent 8,
 * spawn intent 4), so 33 bytes; per slot and place attribute its steps write, a contribution and a flag (an int
 * attribute: 4 + 1); and, once a step has grouped the agents by place, the per-place index of
 * 4 x (cells + 1 + agents) bytes. Compaction after deaths and growth for births keep the slots within twice the
 * live agents (above a floor of {@link AgentColumns#MIN_SLOTS}).
 */
class AgentMemoryTest {

    /**
     * Bytes per slot of a Mote's columns: its int attribute and the 45 bytes every agent has (id, place, killed, move
     * target, children asked for, their place and spread, ordinal).
     */
    private static final long MOTE_BYTES = 4 + 8 + 8 + 1 + 8 + 4 + 8 + 4 + 4;

    private static long slotsBound(long live) {
        return Math.max(2 * live, AgentColumns.MIN_SLOTS);
    }

    @Test
    void dieOffOfAMillionAgents_leavesAtMostTwiceTheLivePopulationInMemory() {
        Lang.assumeCpu("the byte accounting asserted here is the CPU backend's; CudaExamplesTest checks the GPU's");
        int side = 1000;
        int cells = side * side;
        try (Simulation sim = Lang.sim(2)) {
            Places<Patch> patches = sim.places(Patch.class, Grid.of(side, side));
            Agents<Mote> motes = sim.agents(Mote.class, patches, Placement.random(1_000_000));
            assertEquals(MOTE_BYTES, AgentColumns.bytesPerSlot(motes.model()));
            long before = motes.memoryBytes();
            assertTrue(before >= MOTE_BYTES * 1_000_000 && before <= 2 * MOTE_BYTES * 1_000_000, "before: " + before);
            // 95% die: every mote whose id is not a multiple of 20.
            motes.callAll(Mote::cull, 20);
            ManageReport report = motes.manageAll();
            assertEquals(new ManageReport(950_000, 0, 0, 0, 0, 0, 50_000), report);
            long live = motes.size();
            long after = motes.memoryBytes();
            assertTrue(after <= 2 * live * MOTE_BYTES, "after the die-off " + after + " bytes for " + live + " motes");
            assertEquals(0, after % MOTE_BYTES, "columns only: no index, no contributions");
            // A step that writes the places and one that counts agents here: contributions and the index appear.
            motes.callAll(Mote::visit);
            motes.callAll(Mote::crowd);
            long index = 4L * (cells + 1 + live);
            long withWrites = motes.memoryBytes();
            assertTrue(withWrites <= 2 * live * (MOTE_BYTES + 4 + 1) + index, "after visits: " + withWrites);
            assertEquals(live, patches.sumLong("visits"));
            // Births beyond the allocated slots grow the columns.
            long slots = after / MOTE_BYTES;
            motes.callAll(Mote::breed, 30);
            assertEquals(new ManageReport(0, 1_500_000, 0, 0, 0, 0, 1_550_000), motes.manageAll());
            long grown = motes.memoryBytes();
            assertTrue(grown / MOTE_BYTES >= 1_550_000 && grown / MOTE_BYTES > slots, "grown: " + grown);
            assertTrue(grown <= 2 * 1_550_000 * MOTE_BYTES, "grown: " + grown);
            long[] ids = motes.ids();
            assertEquals(1_000_000, ids[50_000], "children's ids continue after the last id ever given");
            assertEquals(2_499_999, ids[ids.length - 1]);
        }
    }

    @ParameterizedTest(name = "keep one in {0}")
    @ValueSource(ints = {2, 3, 4, 10, 500})
    void dieOffOfAnySize_leavesAtMostTwiceTheLivePopulationInMemory(int keep) {
        Lang.assumeCpu("the byte accounting asserted here is the CPU backend's; CudaExamplesTest checks the GPU's");
        try (Simulation sim = Lang.sim(1)) {
            Places<Patch> patches = sim.places(Patch.class, Grid.of(300, 300));
            Agents<Mote> motes = sim.agents(Mote.class, patches, Placement.random(200_000));
            for (int round = 0; round < 2 && motes.size() > 0; round++) {
                motes.callAll(Mote::cull, keep);
                motes.manageAll();
                long live = motes.size();
                assertTrue(motes.memoryBytes() <= slotsBound(live) * MOTE_BYTES,
                        "round " + round + ": " + motes.memoryBytes() + " bytes for " + live + " motes");
            }
        }
    }

    @Test
    void birthsBeyondTheSlots_growTheColumns_andStayWithinTwiceThePopulation() {
        Lang.assumeCpu("the byte accounting asserted here is the CPU backend's; CudaExamplesTest checks the GPU's");
        try (Simulation sim = Lang.sim(1)) {
            Places<Patch> patches = sim.places(Patch.class, Grid.of(50, 50));
            Agents<Mote> motes = sim.agents(Mote.class, patches, Placement.random(1000));
            long slots = motes.memoryBytes() / MOTE_BYTES;
            assertTrue(slots >= 1000 && slots <= slotsBound(1000), "slots " + slots);
            long population = 1000;
            for (int round = 0; round < 4; round++) {
                motes.callAll(Mote::breed, round == 0 ? 9 : 1);
                population *= round == 0 ? 10 : 2;
                assertEquals(population, motes.manageAll().population());
                long now = motes.memoryBytes() / MOTE_BYTES;
                assertTrue(now >= population && now <= slotsBound(population), "round " + round + ": slots " + now);
                assertTrue(now > slots, "the columns grew");
                slots = now;
            }
        }
    }
}
