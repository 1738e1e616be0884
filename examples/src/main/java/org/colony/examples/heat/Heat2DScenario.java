package org.colony.examples.heat;

import java.util.List;
import java.util.Map;
import org.colony.runtime.Places;
import org.colony.runtime.Simulation;
import org.colony.runtime.cli.Scenario;

/** {@code mass run heat2d}: Heat2D with the benchmark's settings; {@code --param heatTime=N} changes the heating time. */
public final class Heat2DScenario implements Scenario {

    private Heat2D model;

    @Override
    public String name() {
        return "heat2d";
    }

    @Override
    public String description() {
        return "heat diffusion on a plate heated along one edge (MASS Heat2D)";
    }

    @Override
    public int[] defaultSize() {
        return new int[] {1000, 1000};
    }

    @Override
    public long defaultSteps() {
        return 3000;
    }

    @Override
    public void setup(Simulation sim, int[] size, Map<String, String> params) {
        int side = squareSide(size, "plate");
        checkParams(params, "heatTime");
        model = new Heat2D(sim, side, intParam(params, "heatTime", 2700));
    }

    @Override
    public void tick() {
        model.tick();
    }

    @Override
    public List<Places<?>> collections() {
        return List.of(model.plate());
    }
}
