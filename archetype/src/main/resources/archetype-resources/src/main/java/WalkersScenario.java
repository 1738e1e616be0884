package ${package};

import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.colony.runtime.Agents;
import org.colony.runtime.Places;
import org.colony.runtime.Simulation;
import org.colony.runtime.cli.Scenario;

/**
 * {@code run walkers}: the model on Colony's command line, with progress, timings, snapshots, {@code --backend} and
 * {@code --profile}. Registered in {@code META-INF/services/org.colony.runtime.cli.Scenario};
 * {@code --param walkers=N} sets the number of walkers.
 */
public final class WalkersScenario implements Scenario {

    private Walkers.World world;

    @Override
    public String name() {
        return "walkers";
    }

    @Override
    public String description() {
        return "walkers following the scent they lay on a diffusing field";
    }

    @Override
    public int[] defaultSize() {
        return new int[] {512, 512};
    }

    @Override
    public long defaultSteps() {
        return 1000;
    }

    @Override
    public void setup(Simulation sim, int[] size, Map<String, String> params) {
        checkParams(params, "walkers");
        Walkers p = Walkers.defaults(size[0], size[1]);
        int walkers = intParam(params, "walkers", p.walkers());
        world = new Walkers(walkers, p.follow(), p.rate(), p.decay(), p.deposit()).start(sim, size[0], size[1]);
    }

    @Override
    public void tick() {
        world.tick();
    }

    @Override
    public List<Places<?>> collections() {
        return List.of(world.field());
    }

    @Override
    public List<Agents<?>> agents() {
        return List.of(world.walkers());
    }

    @Override
    public String status() {
        return String.format(Locale.ROOT, "scent %.1f", world.field().sum("scent"));
    }
}
