package org.colony.tests.cuda;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.Supplier;
import org.colony.examples.stupid.StupidModel;
import org.colony.kernel.Switch;
import org.colony.runtime.Simulation;

/** What the StupidModel GPU tests compare: a run's every tick and final agents, on a simulation with a switch set. */
final class StupidRuns {

    private StupidRuns() {
    }

    /** What a run saw: every tick's population and histogram, then the bugs and predators; the fewest and most bugs. */
    record Seen(String all, long fewest, long most) {
    }

    /**
     * Every tick's population and histogram, then every bug's id, place and size, and the predators' places, of a
     * {@code w x h} StupidModel with a bug on every sixth place and a predator on every sixtieth.
     */
    static Seen run(Simulation sim, Path habitat, int w, int h, int ticks) {
        StupidModel model = new StupidModel(sim, w, h, habitat, StupidModel.Parameters.of(w * h / 6, w * h / 60));
        List<String> seen = new ArrayList<>();
        long fewest = Long.MAX_VALUE;
        long most = 0;
        for (int t = 0; t < ticks && !model.finished(); t++) {
            model.tick();
            seen.add(model.population() + " " + Arrays.toString(model.histogram()));
            fewest = Math.min(fewest, model.population());
            most = Math.max(most, model.population());
        }
        return new Seen(seen + Arrays.toString(model.bugs().ids()) + Arrays.toString(model.bugs().locations())
                + Arrays.toString(model.bugs().getDouble("size")) + Arrays.toString(model.predators().locations()),
                fewest, most);
    }

    /** {@link #run}'s text on a simulation that {@code open} makes with switch {@code sw} set to {@code value}. */
    static String with(Switch sw, String value, Supplier<Simulation> open, Path habitat, int w, int h, int ticks) {
        return Gpu.withProperty(sw.property(), value, () -> {
            try (Simulation sim = open.get()) {
                return run(sim, habitat, w, h, ticks).all();
            }
        });
    }
}
