package org.colony.examples.sir;

import java.util.List;
import java.util.Map;
import org.colony.ColonyException;
import org.colony.runtime.Places;
import org.colony.runtime.Simulation;
import org.colony.runtime.cli.Scenario;
import org.colony.runtime.graph.Graph;
import org.colony.runtime.graph.GraphSpec;

/**
 * {@code mass run sir}: an SIR epidemic on a contact network. {@code --graph SPEC} (or {@code --param graph=SPEC})
 * gives the network ({@code ba:N:M}, {@code er:N:M}, {@code ws:N:K:BETA}, {@code lattice:WxH}, {@code file:PATH});
 * without it, {@code --size N} gives the people of a Barabási–Albert network {@code ba:N:5}. {@code --param beta=P}
 * is the chance of infection per infected contact and tick, {@code recovery=T} the ticks an infection lasts,
 * {@code initial=P} the share infected at start. The epidemic curve (the counts of S, I and R) is its series.
 */
public final class SirScenario implements Scenario {

    /** The edges each new vertex of the default Barabási–Albert network brings. */
    static final int DEFAULT_EDGES = 5;

    private Sir model;

    @Override
    public String name() {
        return "sir";
    }

    @Override
    public String description() {
        return "an SIR epidemic on a contact network (--graph ba:N:M, er:N:M, ws:N:K:BETA, lattice:WxH, file:PATH)";
    }

    @Override
    public int[] defaultSize() {
        return new int[] {100_000};
    }

    @Override
    public long defaultSteps() {
        return 200;
    }

    @Override
    public void setup(Simulation sim, int[] size, Map<String, String> params) {
        checkParams(params, "graph", "beta", "recovery", "initial");
        String spec = params.get("graph");
        if (spec == null && size.length != 1) {
            throw new ColonyException("sir takes one --size, the people of its default network ba:N:"
                    + DEFAULT_EDGES + "; give --graph SPEC for another network");
        }
        GraphSpec graphSpec = GraphSpec.parse(spec != null ? spec : "ba:" + size[0] + ":" + DEFAULT_EDGES);
        double beta = chance(params, "beta", Sir.BETA);
        double initial = chance(params, "initial", Sir.INITIAL);
        int recovery = intParam(params, "recovery", Sir.RECOVERY);
        if (recovery < 1) {
            throw new ColonyException("--param recovery=" + recovery + " is below 1; an infection lasts 1 tick or more");
        }
        Graph graph = graphSpec.build(sim.seed());
        model = new Sir(sim, graph, beta, recovery, initial);
    }

    private double chance(Map<String, String> params, String name, double otherwise) {
        double p = numberParam(params, name, otherwise);
        if (p > 1) {
            throw new ColonyException("--param " + name + "=" + params.get(name) + " is above 1; it is a chance from 0 "
                    + "to 1");
        }
        return p;
    }

    @Override
    public void tick() {
        model.tick();
    }

    /** The epidemic curve: how many people are susceptible, infected and recovered. */
    @Override
    public List<String> series() {
        return List.of("Person.count(isSusceptible),Person.count(isInfected),Person.count(isRecovered)");
    }

    @Override
    public List<Places<?>> collections() {
        return List.of(model.people());
    }

    @Override
    public String status() {
        long[] c = model.counts();
        return "S " + c[0] + "  I " + c[1] + "  R " + c[2];
    }

    /** Ends the run once nobody is infected: nothing changes after that. */
    @Override
    public boolean finished() {
        return model.people().count(Person::isInfected) == 0;
    }
}
