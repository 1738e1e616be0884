package org.colony.examples.braingrid;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.Map;
import org.colony.ColonyException;
import org.colony.examples.TestBackend;
import org.colony.runtime.Config;
import org.colony.runtime.Simulation;
import org.junit.jupiter.api.Test;

class BrainGridScenarioTest {

    @Test
    void params_inPercent_giveTheModelOfThoseFractions() {
        Map<String, String> params = Map.of("excitatory", "5", "inhibitory", "4", "neutral", "3", "activation", "20",
                "growing", "80", "branch", "50", "stop", "5", "branches", "2", "after", "4", "window", "6");
        BrainGrid.Parameters fractions = new BrainGrid.Parameters(0.05, 0.04, 0.03, 0.20, 0.10, 0.80, 2, 0.50, 4, 0.05,
                0.4, 6);
        BrainGridScenario scenario = new BrainGridScenario();
        try (Simulation viaScenario = simulation(); Simulation direct = simulation()) {
            scenario.setup(viaScenario, new int[] {20, 20}, params);
            BrainGrid model = new BrainGrid(direct, 20, fractions);
            for (int t = 0; t < 15; t++) {
                scenario.tick();
                model.tick();
            }
            BrainGrid.Stats stats = model.stats();
            assertEquals("somas " + stats.somas() + "  waiting " + stats.waiting() + "  axons " + stats.axons()
                    + "  terminals " + stats.terminals() + "  dendrites " + stats.dendrites() + "  synapses "
                    + stats.synapses() + "  firing " + stats.firing() + "  signals " + stats.signals(),
                    scenario.status());
            assertArrayEquals(model.ends().ids(), scenario.agents().get(0).ids());
            assertArrayEquals(model.ends().locations(), scenario.agents().get(0).locations());
        }
    }

    @Test
    void badParams_areRefused_namingThem() {
        assertEquals("braingrid has no parameter 'somas'; parameters: excitatory, inhibitory, neutral, activation, "
                + "modulation, growing, branch, stop, branches, after, threshold, window",
                refused(new int[] {20, 20}, Map.of("somas", "10")));
        assertEquals("--param stop=120 is a percentage, 0 to 100", refused(new int[] {20, 20}, Map.of("stop", "120")));
        assertEquals("--param excitatory, inhibitory and neutral add up to more than 100 percent",
                refused(new int[] {20, 20}, Map.of("excitatory", "50", "inhibitory", "40", "neutral", "20")));
        assertEquals("--param threshold=-1 is not a number of 0 or more",
                refused(new int[] {20, 20}, Map.of("threshold", "-1")));
        assertEquals("--param window needs 1 or more, branches and after 0 or more; window=0 branches=3 after=5",
                refused(new int[] {20, 20}, Map.of("window", "0")));
        assertEquals("braingrid runs on a square grid, not 20x30; give --size N",
                refused(new int[] {20, 30}, Map.of()));
    }

    private static String refused(int[] size, Map<String, String> params) {
        try (Simulation sim = simulation()) {
            return assertThrows(ColonyException.class, () -> new BrainGridScenario().setup(sim, size, params))
                    .getMessage();
        }
    }

    private static Simulation simulation() {
        return Simulation.create(Config.defaults().withBackend(TestBackend.name()).withThreads(2).withSeed(5));
    }
}
