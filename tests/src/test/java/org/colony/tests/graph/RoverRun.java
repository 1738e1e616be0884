package org.colony.tests.graph;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import org.colony.runtime.Agents;
import org.colony.runtime.Config;
import org.colony.runtime.Placement;
import org.colony.runtime.Places;
import org.colony.runtime.Simulation;
import org.colony.runtime.agents.ManageReport;
import org.colony.runtime.graph.Graph;
import org.colony.runtime.graph.GraphPartition;
import org.colony.runtime.graph.GraphPartitioner;

/**
 * What 30 days of {@link Rover}s and {@link Settler}s on {@link Town}s end with: the test run that agents on a graph
 * must give alike on every backend, thread count and partitioning.
 */
public record RoverRun(long[] ids, long[] places, double[] energy, int[] age, double[] gifts, int[] food,
        long[] visits, double[] wealth, long born, long died, long refused, long[] settlers, long[] settled,
        long traffic) {

    /**
     * {@return the run on {@code config}: on one block where {@code cut} is null, else on its partitions}
     *
     * @param config the settings (their partition count is {@code cut}'s)
     * @param graph the towns' roads
     * @param cut how the towns are cut, or null
     */
    public static RoverRun of(Config config, Graph graph, GraphPartition cut) {
        try (Simulation sim = Simulation.create(cut == null ? config : config.withPartitions(cut.partitions()))) {
            Places<Town> towns = cut == null ? sim.places(Town.class, graph) : sim.places(Town.class, graph, cut);
            Agents<Rover> rovers = sim.agents(Rover.class, towns, Placement.random(graph.vertices() / 2), 3);
            Agents<Settler> settlers = sim.agents(Settler.class, towns, Placement.random(0));
            double[] energy = new double[(int) rovers.size()];
            for (int i = 0; i < energy.length; i++) {
                energy[i] = 3 + i % 5;
            }
            rovers.set("energy", energy);
            long born = 0;
            long died = 0;
            long refused = 0;
            for (int t = 0; t < 30; t++) {
                towns.callAll(Town::grow, 6);
                rovers.callAll(Rover::roam, graph.vertices(), 0.05);
                towns.callAll(Town::settle, 6);
                settlers.callAll(Settler::live, 3);
                settlers.manageAll();
                ManageReport r = rovers.manageAll();
                born += r.births();
                died += r.deaths();
                refused += r.movesRefused() + r.birthsRefused();
                sim.step();
            }
            towns.callAll(Town::grow, 6);
            assertEquals(cut == null ? 1 : cut.partitions(), towns.partitions());
            return new RoverRun(rovers.ids(), rovers.locations(), rovers.getDouble("energy"), rovers.getInt("age"),
                    rovers.getDouble("gifts"), towns.getInt("food"), towns.getLong("visits"), towns.getDouble("wealth"),
                    born, died, refused, settlers.ids(), settlers.locations(),
                    rovers.partitionTraffic().get("manageAll"));
        }
    }

    /** {@return how {@code method} cuts {@code graph} into {@code k} partitions} */
    public static GraphPartition cut(Graph graph, int k, String method) {
        return GraphPartitioner.of(graph).byMethod(method, k);
    }

    /** Checks that the run had births, deaths, refused moves and settlers: that it tests what it should. */
    public void checkEventful() {
        assertTrue(born > 0 && died > 0 && refused > 0,
                "the run had births, deaths and refused moves: " + born + " " + died + " " + refused);
        assertTrue(settlers.length > 0, "towns created settlers");
        assertTrue(Arrays.stream(gifts).filter(g -> g != 0).count() > 10, "rovers gave to rovers");
    }

    /** Checks that {@code other} ended bit for bit as this run. */
    public void checkSame(RoverRun other) {
        assertEquals(born, other.born);
        assertEquals(died, other.died);
        assertEquals(refused, other.refused);
        assertArrayEquals(ids, other.ids);
        assertArrayEquals(places, other.places);
        assertArrayEquals(energy, other.energy, 0.0);
        assertArrayEquals(age, other.age);
        assertArrayEquals(gifts, other.gifts, 0.0);
        assertArrayEquals(food, other.food);
        assertArrayEquals(visits, other.visits);
        assertArrayEquals(wealth, other.wealth, 0.0);
        assertArrayEquals(settlers, other.settlers);
        assertArrayEquals(settled, other.settled);
    }
}
