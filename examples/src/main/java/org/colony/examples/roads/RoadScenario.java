package org.colony.examples.roads;

import java.util.List;
import java.util.Map;
import org.colony.ColonyException;
import org.colony.runtime.Agents;
import org.colony.runtime.Places;
import org.colony.runtime.Simulation;
import org.colony.runtime.cli.Scenario;
import org.colony.runtime.graph.Graph;
import org.colony.runtime.graph.GraphSpec;

/**
 * {@code mass run roads}: random walkers on a road network of {@link Road}s. {@code --graph SPEC} gives the network (a
 * {@code file:PATH} edge list with its {@code length} and {@code lanes} columns, or its weights as lengths and one
 * lane; a generated one gets lengths and lanes from the seed); without it,
 * {@code --size WxH} gives the lattice {@code lattice:WxH}. {@code --param walkers=N} is the number of walkers (a
 * quarter of the junctions by default), {@code avoid=A} how strongly they avoid crowded junctions.
 */
public final class RoadScenario implements Scenario {

    private RoadNetwork model;

    @Override
    public String name() {
        return "roads";
    }

    @Override
    public String description() {
        return "random walkers on a weighted road network: agents that move along a graph's edges";
    }

    @Override
    public int[] defaultSize() {
        return new int[] {200, 200};
    }

    @Override
    public long defaultSteps() {
        return 200;
    }

    @Override
    public void setup(Simulation sim, int[] size, Map<String, String> params) {
        checkParams(params, "graph", "walkers", "avoid");
        String spec = params.get("graph");
        if (spec == null && size.length != 2) {
            throw new ColonyException("roads takes a 2-D --size WxH, the lattice of its default network; give --graph "
                    + "SPEC for another network");
        }
        Graph graph = GraphSpec.parse(spec != null ? spec : "lattice:" + size[0] + "x" + size[1]).build(sim.seed());
        boolean roadsOfFile = spec != null && spec.startsWith("file:")
                && (graph.weighted() || graph.edgeAttributes().contains("length"));
        graph = roadsOfFile ? RoadNetwork.asRoads(graph) : RoadNetwork.withLengths(graph, sim.seed());
        long walkers = intParam(params, "walkers", Math.max(1, graph.vertices() / 4));
        if (walkers < 1) {
            throw new ColonyException("--param walkers=" + walkers + " is below 1");
        }
        model = new RoadNetwork(sim, graph, walkers, numberParam(params, "avoid", RoadNetwork.AVOID));
    }

    @Override
    public void tick() {
        model.tick();
    }

    /** The walkers, the mean distance they walked, the most crowded junction. */
    @Override
    public List<String> series() {
        return List.of("Walker.population,Walker.travelled.mean,Junction.load.max");
    }

    @Override
    public List<Places<?>> collections() {
        return List.of(model.junctions());
    }

    @Override
    public List<Agents<?>> agents() {
        return List.of(model.walkers());
    }

    @Override
    public String status() {
        return "walkers " + model.walkers().size() + "  most at a junction " + (long) model.junctions().max("load");
    }
}
