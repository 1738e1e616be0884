package org.colony.examples.sugarscape;

import java.util.List;
import java.util.Map;
import org.colony.runtime.Agents;
import org.colony.runtime.Places;
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
        checkParams(params);
        model = new SugarScape(sim, squareSide(size, "landscape"));
    }

    @Override
    public void tick() {
        model.tick();
    }

    /** The population, its mean wealth and the wealth histogram, and the sugar left on the land. */
    @Override
    public List<String> series() {
        return List.of("Ant.population,Ant.sugar.mean,Ant.sugar.max,Ant.sugar.hist(0:100:10),SugarCell.sugar.sum");
    }

    @Override
    public List<Places<?>> collections() {
        return List.of(model.land());
    }

    @Override
    public List<Agents<?>> agents() {
        return List.of(model.ants());
    }

    @Override
    public String status() {
        return "ants " + model.ants().size();
    }
}
