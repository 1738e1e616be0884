package org.colony.examples.braingrid;

import java.util.List;
import java.util.Map;
import org.colony.ColonyException;
import org.colony.runtime.Agents;
import org.colony.runtime.Places;
import org.colony.runtime.Simulation;
import org.colony.runtime.cli.Scenario;

/**
 * {@code mass run braingrid}: BrainGrid's self-organizing neural network on an S x S grid; {@code --param} sets the
 * specification's values, percentages in percent ({@code excitatory=10 inhibitory=10 neutral=10 activation=10
 * modulation=10 growing=90 branch=33 stop=10}), {@code branches=3} (R), {@code after=5} (K), {@code threshold=0.4} (T)
 * and {@code window=20} (the ticks over which the ends start growing).
 */
public final class BrainGridScenario implements Scenario {

    private BrainGrid model;

    @Override
    public String name() {
        return "braingrid";
    }

    @Override
    public String description() {
        return "BrainGrid: somas grow axons and dendrites that branch, meet in synapses and carry signals (Fukuda)";
    }

    @Override
    public int[] defaultSize() {
        return new int[] {100, 100};
    }

    @Override
    public long defaultSteps() {
        return 500;
    }

    @Override
    public void setup(Simulation sim, int[] size, Map<String, String> params) {
        checkParams(params, "excitatory", "inhibitory", "neutral", "activation", "modulation", "growing", "branch",
                "stop", "branches", "after", "threshold", "window");
        if (size.length != 2) {
            throw new ColonyException("braingrid runs on a 2-D grid; give --size N");
        }
        int side = squareSide(size, "grid");
        BrainGrid.Parameters d = BrainGrid.Parameters.defaults();
        double excitatory = percent(params, "excitatory", d.excitatory());
        double inhibitory = percent(params, "inhibitory", d.inhibitory());
        double neutral = percent(params, "neutral", d.neutral());
        if (excitatory + inhibitory + neutral > 1) {
            throw new ColonyException("--param excitatory, inhibitory and neutral add up to more than 100 percent");
        }
        int window = intParam(params, "window", d.window());
        int branches = intParam(params, "branches", d.maxBranches());
        int after = intParam(params, "after", d.afterBranch());
        if (window < 1 || branches < 0 || after < 0) {
            throw new ColonyException("--param window needs 1 or more, branches and after 0 or more; window=" + window
                    + " branches=" + branches + " after=" + after);
        }
        model = new BrainGrid(sim, side, new BrainGrid.Parameters(excitatory, inhibitory, neutral,
                percent(params, "activation", d.activation()), percent(params, "modulation", d.modulation()),
                percent(params, "growing", d.growing()), branches, percent(params, "branch", d.branch()), after,
                percent(params, "stop", d.stop()), numberParam(params, "threshold", d.threshold()), window));
    }

    /** A percentage given in percent (0 to 100), as a fraction; {@code otherwise} (a fraction) where absent. */
    private double percent(Map<String, String> params, String name, double otherwise) {
        if (!params.containsKey(name)) {
            return otherwise;
        }
        double v = numberParam(params, name, 0);
        if (v > 100) {
            throw new ColonyException("--param " + name + "=" + params.get(name) + " is a percentage, 0 to 100");
        }
        return v / 100;
    }

    @Override
    public void tick() {
        model.tick();
    }

    @Override
    public List<Places<?>> collections() {
        return List.of(model.cells());
    }

    @Override
    public List<Agents<?>> agents() {
        return List.of(model.ends());
    }

    @Override
    public String status() {
        BrainGrid.Stats s = model.stats();
        return "somas " + s.somas() + "  waiting " + s.waiting() + "  axons " + s.axons() + "  terminals "
                + s.terminals() + "  dendrites " + s.dendrites() + "  synapses " + s.synapses() + "  firing "
                + s.firing() + "  signals " + s.signals();
    }
}
