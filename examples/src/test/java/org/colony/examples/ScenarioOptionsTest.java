package org.colony.examples;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.Map;
import org.colony.ColonyException;
import org.colony.examples.heat.Heat2DScenario;
import org.colony.examples.life.GameOfLifeScenario;
import org.colony.examples.sugarscape.SugarScapeScenario;
import org.colony.examples.wolfsheep.WolfSheepScenario;
import org.colony.runtime.Config;
import org.colony.runtime.Simulation;
import org.colony.runtime.cli.Scenario;
import org.junit.jupiter.api.Test;

/** The examples' scenarios read {@code --param} and {@code --size} as {@code mass run} gives them, and refuse bad ones. */
class ScenarioOptionsTest {

    @Test
    void squareScenario_refusesOblongSize_namingIt() {
        assertEquals("gameoflife runs on a square board, not 30x40; give --size N",
                refused(new GameOfLifeScenario(), new int[] {30, 40}, Map.of()));
        assertEquals("sugarscape runs on a square landscape, not 40x30; give --size N",
                refused(new SugarScapeScenario(), new int[] {40, 30}, Map.of()));
        assertEquals("heat2d runs on a square plate, not 30x31; give --size N",
                refused(new Heat2DScenario(), new int[] {30, 31}, Map.of()));
    }

    @Test
    void scenarioWithoutParameters_refusesOne_namingIt() {
        assertEquals("gameoflife has no parameters; --param seed is not one",
                refused(new GameOfLifeScenario(), new int[] {30, 30}, Map.of("seed", "1")));
        assertEquals("sugarscape has no parameters; --param ants is not one",
                refused(new SugarScapeScenario(), new int[] {30, 30}, Map.of("ants", "1")));
    }

    @Test
    void unknownParameter_isRefused_listingTheKnownOnes() {
        assertEquals("heat2d has no parameter 'heat'; parameters: heatTime",
                refused(new Heat2DScenario(), new int[] {30, 30}, Map.of("heat", "5")));
        assertEquals("wolfsheep has no parameter 'goats'; parameters: sheep, wolves",
                refused(new WolfSheepScenario(), new int[] {51, 51}, Map.of("goats", "x")));
    }

    @Test
    void parameterThatIsNotWholeNumber_isRefused() {
        assertEquals("--param heatTime=5.5 is not a whole number",
                refused(new Heat2DScenario(), new int[] {30, 30}, Map.of("heatTime", "5.5")));
        assertEquals("--param wolves=many is not a whole number",
                refused(new WolfSheepScenario(), new int[] {51, 51}, Map.of("wolves", "many")));
    }

    @Test
    void wolfSheep_startsWithTheCountsGiven() {
        WolfSheepScenario scenario = new WolfSheepScenario();
        try (Simulation sim = simulation()) {
            scenario.setup(sim, new int[] {51, 51}, Map.of("sheep", "7", "wolves", "3"));
            assertEquals(7, scenario.agents().get(0).size());
            assertEquals(3, scenario.agents().get(1).size());
        }
    }

    private static String refused(Scenario scenario, int[] size, Map<String, String> params) {
        try (Simulation sim = simulation()) {
            return assertThrows(ColonyException.class, () -> scenario.setup(sim, size, params)).getMessage();
        }
    }

    private static Simulation simulation() {
        return Simulation.create(Config.defaults().withBackend(TestBackend.name()));
    }
}
