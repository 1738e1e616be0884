package org.colony.examples.wolfsheep;

import java.util.List;
import java.util.Map;
import org.colony.runtime.Agents;
import org.colony.runtime.Places;
import org.colony.runtime.Simulation;
import org.colony.runtime.cli.Scenario;

/** {@code mass run wolfsheep}: wolf-sheep-grass predation; {@code --param sheep=N wolves=N} set the starting counts. */
public final class WolfSheepScenario implements Scenario {

    private WolfSheep.World world;

    @Override
    public String name() {
        return "wolfsheep";
    }

    @Override
    public String description() {
        return "wolf-sheep-grass predation with births and deaths every step (after NetLogo)";
    }

    @Override
    public int[] defaultSize() {
        return new int[] {51, 51};
    }

    @Override
    public long defaultSteps() {
        return 500;
    }

    @Override
    public void setup(Simulation sim, int[] size, Map<String, String> params) {
        checkParams(params, "sheep", "wolves");
        WolfSheep p = WolfSheep.defaults(size[0], size[1]);
        int sheep = intParam(params, "sheep", p.sheepCount());
        int wolves = intParam(params, "wolves", p.wolfCount());
        world = new WolfSheep(sheep, wolves, p.regrowth(), p.sheepGain(), p.wolfGain(), p.sheepBreed(), p.wolfBreed())
                .start(sim, size[0], size[1]);
    }

    @Override
    public void tick() {
        world.tick();
    }

    @Override
    public List<Places<?>> collections() {
        return List.of(world.grass());
    }

    @Override
    public List<Agents<?>> agents() {
        return List.of(world.sheep(), world.wolves());
    }

    /** The populations of sheep and wolves and their mean energy. */
    @Override
    public List<String> series() {
        return List.of("Sheep.population,Wolf.population,Sheep.energy.mean,Wolf.energy.mean");
    }

    @Override
    public String status() {
        return "sheep " + world.sheep().size() + "  wolves " + world.wolves().size() + "  grass " + world.grassCount();
    }
}
