package org.colony.examples.wolfsheep;

import org.colony.runtime.Agents;
import org.colony.runtime.Places;
import org.colony.runtime.Placement;
import org.colony.runtime.Simulation;
import org.colony.runtime.grid.Grid;

/**
 * Wolf-sheep-grass predation after NetLogo's classic model, on a wrapping grid, with the model's default
 * parameters. Several animals may share a patch.
 *
 * @param sheepCount initial sheep
 * @param wolfCount initial wolves
 * @param regrowth ticks until eaten grass grows back
 * @param sheepGain energy a sheep gains from grass
 * @param wolfGain energy a wolf gains from a sheep
 * @param sheepBreed chance per tick that a sheep breeds
 * @param wolfBreed chance per tick that a wolf breeds
 */
public record WolfSheep(int sheepCount, int wolfCount, int regrowth, int sheepGain, int wolfGain, double sheepBreed,
        double wolfBreed) {

    /** NetLogo's defaults for a 51 x 51 world; scale the counts with the area for other sizes. */
    public static WolfSheep defaults(int width, int height) {
        double area = width * (double) height / (51.0 * 51.0);
        return new WolfSheep((int) Math.round(100 * area), (int) Math.round(50 * area), 30, 4, 20, 0.04, 0.05);
    }

    /** A running world. */
    public final class World {
        private final Simulation sim;
        private final Places<GrassCell> grass;
        private final Agents<Sheep> sheep;
        private final Agents<Wolf> wolves;

        World(Simulation sim, int width, int height) {
            this.sim = sim;
            grass = sim.places(GrassCell.class, Grid.of(width, height).wrap());
            grass.callAll(GrassCell::init, regrowth);
            sheep = sim.agents(Sheep.class, grass, Placement.random(sheepCount));
            sheep.callAll(Sheep::init, sheepGain);
            wolves = sim.agents(Wolf.class, grass, Placement.random(wolfCount));
            wolves.callAll(Wolf::init, wolfGain);
        }

        /** One tick: everyone moves, then eats, breeds and dies, then grass grows. */
        public void tick() {
            sheep.callAll(Sheep::move);
            wolves.callAll(Wolf::move);
            sheep.manageAll();
            wolves.manageAll();
            sheep.callAll(Sheep::act, (double) sheepGain, sheepBreed);
            wolves.callAll(Wolf::act, (double) wolfGain, wolfBreed);
            grass.callAll(GrassCell::regrow, regrowth);
            sheep.manageAll();
            wolves.manageAll();
            sim.step();
        }

        /** The patches. */
        public Places<GrassCell> grass() {
            return grass;
        }

        /** The sheep. */
        public Agents<Sheep> sheep() {
            return sheep;
        }

        /** The wolves. */
        public Agents<Wolf> wolves() {
            return wolves;
        }

        /** Patches with grass. */
        public long grassCount() {
            return grass.sumLong("grass");
        }
    }

    /** Creates the world on {@code sim}. */
    public World start(Simulation sim, int width, int height) {
        return new World(sim, width, height);
    }
}
