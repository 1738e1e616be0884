package org.colony.examples.heat;

import java.util.List;
import java.util.Map;
import org.colony.ColonyException;
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
        if (size[0] != size[1]) {
            throw new ColonyException("heat2d runs on a square plate; give --size N");
        }
        int heatTime = 2700;
        for (var e : params.entrySet()) {
            if (!e.getKey().equals("heatTime")) {
                throw new ColonyException("heat2d has no parameter '" + e.getKey() + "'; parameters: heatTime");
            }
            try {
                heatTime = Integer.parseInt(e.getValue());
            } catch (NumberFormatException ex) {
                throw new ColonyException("--param heatTime=" + e.getValue() + " is not a whole number");
            }
        }
        model = new Heat2D(sim, size[0], heatTime);
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
