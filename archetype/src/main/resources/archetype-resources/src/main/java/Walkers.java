package ${package};

import java.util.Locale;
import org.colony.ColonyException;
import org.colony.runtime.Agents;
import org.colony.runtime.Config;
import org.colony.runtime.Placement;
import org.colony.runtime.Places;
import org.colony.runtime.Simulation;
import org.colony.runtime.grid.Grid;

/**
 * Walkers on a scent field: the model's settings, a running world built from them, and a driver.
 *
 * @param walkers how many walkers start, each on a random cell
 * @param follow the probability that a walker follows the scent in a step
 * @param rate the diffusion rate of the scent (stable below 0.25)
 * @param decay the share of the scent lost per step
 * @param deposit the scent a walker leaves per step
 */
public record Walkers(int walkers, double follow, double rate, double decay, double deposit) {

    /** One walker for every 20 cells, following the scent half of the time. */
    public static Walkers defaults(int width, int height) {
        return new Walkers(Math.max(1, (int) (width * (long) height / 20)), 0.5, 0.2, 0.01, 1.0);
    }

    /** A running world: the field, the walkers, and one time step. */
    public final class World {
        private final Simulation sim;
        private final Places<Field> field;
        private final Agents<Walker> walking;

        World(Simulation sim, int width, int height) {
            this.sim = sim;
            field = sim.places(Field.class, Grid.of(width, height).wrap());
            walking = sim.agents(Walker.class, field, Placement.random(walkers));
        }

        /** One time step: the walkers move, then the scent spreads, decays and is laid. */
        public void tick() {
            walking.callAll(Walker::walk, follow);
            walking.manageAll();
            field.callAll(Field::spread, rate, decay, deposit);
            sim.step();
        }

        /** The field. */
        public Places<Field> field() {
            return field;
        }

        /** The walkers. */
        public Agents<Walker> walkers() {
            return walking;
        }
    }

    /** Creates the world on {@code sim}, on a wrapping grid of {@code width x height} cells. */
    public World start(Simulation sim, int width, int height) {
        return new World(sim, width, height);
    }

    /**
     * A driver: 1000 steps on 256 x 256 cells, then the total scent and the state's checksum.
     *
     * @param args Colony's settings ({@code --backend=cuda}, {@code --threads=4}, {@code --seed=7}, ...)
     */
    public static void main(String[] args) {
        try (Simulation sim = Simulation.create(Config.fromArgs(args))) {
            World world = defaults(256, 256).start(sim, 256, 256);
            for (int t = 0; t < 1000; t++) {
                world.tick();
            }
            System.out.printf(Locale.ROOT, "scent %.6f, checksum %s%n", world.field().sum("scent"),
                    world.field().checksum());
        } catch (ColonyException e) {
            // Bad input (an unknown option, a size that does not fit): one line and status 2, as mass run does.
            System.err.println("walkers: error: " + e.getMessage());
            System.exit(2);
        }
    }
}
