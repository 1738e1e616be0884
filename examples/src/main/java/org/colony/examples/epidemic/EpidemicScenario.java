package org.colony.examples.epidemic;

import java.util.List;
import java.util.Map;
import org.colony.runtime.Places;
import org.colony.runtime.Simulation;
import org.colony.runtime.cli.Scenario;

/** {@code mass run epidemic}: an SIR epidemic on a grid, two exp calls per cell and tick. */
public final class EpidemicScenario implements Scenario {

    private Epidemic model;

    @Override
    public String name() {
        return "epidemic";
    }

    @Override
    public String description() {
        return "an SIR epidemic on a grid of populations (exp per cell, normal() contact rates)";
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
        int side = squareSide(size, "grid");
        checkParams(params);
        model = new Epidemic(sim, side);
    }

    @Override
    public void tick() {
        model.tick();
    }

    /** The epidemic curve: the susceptible, infected and recovered shares summed over the grid. */
    @Override
    public List<String> series() {
        return List.of("EpidemicCell.s.sum,EpidemicCell.i.sum,EpidemicCell.r.sum");
    }

    @Override
    public List<Places<?>> collections() {
        return List.of(model.grid());
    }
}
