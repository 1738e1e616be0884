package org.colony.tests.cli;

import java.util.Arrays;
import org.colony.ColonyException;
import org.colony.runtime.Agents;
import org.colony.runtime.Config;
import org.colony.runtime.Placement;
import org.colony.runtime.Places;
import org.colony.runtime.Simulation;
import org.colony.runtime.grid.Grid;
import org.colony.tests.agents.Field;
import org.colony.tests.agents.Walker;

/**
 * A driver whose walkers double every tick, for {@link HeapTest} to run in a small heap: it prints the one line a
 * round that outgrows the heap ends in, or how far it got, and whether the simulation can still be used.
 */
public final class Breeder {

    private Breeder() {
    }

    /**
     * Runs the walkers until they outgrow the heap.
     *
     * @param args none
     */
    public static void main(String[] args) {
        try (Simulation sim = Simulation.create(Config.fromArgs("--backend=cpu", "--threads=1"))) {
            Places<Field> field = sim.places(Field.class, Grid.of(64, 64));
            Agents<Walker> walkers = sim.agents(Walker.class, field, Placement.random(1000));
            try {
                for (int t = 0; t < 40; t++) {
                    int[] one = new int[(int) walkers.size()];
                    Arrays.fill(one, 1);
                    walkers.set("children", one);
                    walkers.callAll("breed");
                    walkers.manageAll();
                }
                System.out.println("grew to " + walkers.size());
            } catch (ColonyException e) {
                System.out.println("refused: " + e.getMessage());
                try {
                    walkers.size();
                } catch (ColonyException again) {
                    System.out.println("failed: " + again.getMessage().substring(0, 40));
                }
            }
        }
    }
}
