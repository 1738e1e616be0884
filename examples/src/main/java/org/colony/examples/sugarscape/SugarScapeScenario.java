package org.colony.examples.sugarscape;

import java.util.List;
import java.util.Map;
import org.colony.ColonyException;
import org.colony.runtime.Simulation;
import org.colony.runtime.cli.Scenario;

/** {@code mass run sugarscape}: the SugarScape benchmark model. */
public final class SugarScapeScenario implements Scenario {

    private SugarScape model;

    @Override
    public String name() {
        return "sugarscape";
    }

    @Override
    public String description() {
        return "ants harvesting sugar on a polluted landscape (MASS SugarScape)";
    }

    @Override
    public int[] defaultSize() {
        return new int[] {1000, 1000};
    }

    @Override
    public long defaultSteps() {
        return 1000;
    }

    @Override
    public void setup(Simulation sim, int[] size, Map<String, String> params) {
        if (!params.isEmpty()) {
            throw new ColonyException("sugarscape has no parameters");
        }
        if (size[0] != size[1]) {
            throw new ColonyException("sugarscape runs on a square landscape; give --size N");
        }
        model = new SugarScape(sim, size[0]);
    }

    @Override
    public void tick() {
        model.tick();
    }

    @Override
    public List<org.colony.runtime.Places<?>> collections() {
        return List.of(model.land());
    }

    @Override
    public List<org.colony.runtime.Agents<?>> agents() {
        return List.of(model.ants());
    }

    @Override
    public String status() {
        return "ants " + model.ants().size();
    }
}
