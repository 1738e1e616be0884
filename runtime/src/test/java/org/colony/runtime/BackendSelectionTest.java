package org.colony.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.colony.ColonyException;
import org.junit.jupiter.api.Test;

/** Backends are found through ServiceLoader; the runtime alone has only the CPU backend. */
class BackendSelectionTest {

    @Test
    void backendWhoseModuleIsMissing_namesTheModuleToAdd() {
        ColonyException e = assertThrows(ColonyException.class,
                () -> Simulation.create(Config.defaults().withBackend("cuda")));
        assertEquals("--backend=cuda is not installed: add its module (colony-cuda-backend) to the class path, or "
                + "use --backend=cpu", e.getMessage());
    }

    @Test
    void autoWithoutAGpu_runsOnTheCpu() {
        try (Simulation sim = Simulation.create(Config.defaults().withThreads(2))) {
            assertEquals("cpu", sim.backendName());
            assertEquals("cpu: 2 threads", sim.backendDescription());
        }
    }
}
