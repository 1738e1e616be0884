package org.colony.tests.agents;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import org.colony.cuda.CudaBackendProvider;
import org.colony.cuda.internal.store.CudaAgentStore;
import org.colony.runtime.Agents;
import org.colony.runtime.Config;
import org.colony.runtime.Placement;
import org.colony.runtime.Places;
import org.colony.runtime.Simulation;
import org.colony.runtime.grid.Grid;
import org.colony.runtime.spi.ModelRegistry;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * On the GPU, what an agent collection holds follows the live agents after a die-off: its columns shrink
 * to at most twice the survivors, and the scratch memory manageAll used for the old population goes with
 * them (what is sized by the grid stays, so that the next manageAll need not allocate it again). Besides the columns, a collection keeps the agents-per-place index and per-place scratch, whose
 * size depends on the grid, not on the agents. Runs where a GPU is present.
 */
@Tag("gpu")
class CudaAgentMemoryTest {

    @Test
    void dieOffOfAMillionAgents_onGpu_leavesMemoryFollowingTheSurvivors() {
        String why = new CudaBackendProvider().unavailableReason();
        assumeTrue(why == null, () -> "no GPU to run on: " + why);
        int cells = 1000 * 1000;
        long perSlot = CudaAgentStore.bytesPerSlot(ModelRegistry.descriptor(Mote.class).info());
        try (Simulation sim = Simulation.create(Config.defaults().withBackend("cuda"))) {
            Places<Patch> patches = sim.places(Patch.class, Grid.of(1000, 1000));
            Agents<Mote> motes = sim.agents(Mote.class, patches, Placement.random(1_000_000));
            motes.manageAll(); // manageAll's scratch, sized for a million agents
            motes.callAll(Mote::cull, 20);
            motes.manageAll();
            long live = motes.size();
            assertEquals(50_000, live);
            long after = motes.memoryBytes();
            // The per-place scratch stays (its size follows the grid): the index and at most five int arrays of a
            // place each, with the pool's quarter of slack.
            assertTrue(after <= 24L * (cells + 1) + 2 * live * perSlot, "after the die-off: " + after + " bytes");
            // The next manageAll takes scratch again, for the survivors only.
            motes.manageAll();
            long again = motes.memoryBytes();
            assertTrue(again <= 24L * (cells + 1) + 2 * live * (perSlot + 64), "after one more manageAll: " + again);
        }
    }
}
