package org.colony.tests.cuda;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.Supplier;
import org.colony.examples.stupid.Habitat;
import org.colony.examples.stupid.StupidModel;
import org.colony.kernel.Switch;
import org.colony.runtime.Config;
import org.colony.runtime.Simulation;

/**
 * What the StupidModel GPU tests compare: a run's every tick and final agents, on the CPU and on GPUs with a switch
 * set.
 */
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

    /**
     * A case the StupidModel GPU tests compare: a {@code w x h} habitat written into a folder, {@code ticks} ticks, the
     * GPU simulations the runs make ({@code gpu}), and what the CPU's run of the same saw ({@code cpu}).
     */
    record Case(Path habitat, int w, int h, int ticks, Supplier<Simulation> gpu, Seen cpu) {

        /** {@link #run}'s text on the GPU with switch {@code sw} set to {@code value}. */
        String with(Switch sw, String value) {
            return Gpu.withProperty(sw.property(), value, () -> {
                try (Simulation sim = gpu.get()) {
                    return run(sim, habitat, w, h, ticks).all();
                }
            });
        }

        /** {@link #run}'s text on the GPU with switches {@code a} and {@code b} set to {@code va} and {@code vb}. */
        String with(Switch a, String va, Switch b, String vb) {
            return Gpu.withProperty(a.property(), va, () -> with(b, vb));
        }
    }

    /**
     * {@return the {@link Case} of a {@code w x h} habitat written into {@code dir}, on {@code partitions} partitions
     * (seed 11), run on the CPU (2 threads)}
     */
    static Case of(Path dir, int w, int h, int partitions, int ticks) throws IOException {
        Path habitat = dir.resolve("habitat.data");
        Habitat.write(habitat, w, h, 3);
        Supplier<Simulation> gpu = () -> Simulation.create(Config.defaults().withBackend("cuda").withSeed(11)
                .withPartitions(partitions));
        Seen cpu;
        try (Simulation sim = Simulation.create(Config.defaults().withBackend("cpu").withThreads(2).withSeed(11)
                .withPartitions(partitions))) {
            cpu = run(sim, habitat, w, h, ticks);
        }
        return new Case(habitat, w, h, ticks, gpu, cpu);
    }
}
