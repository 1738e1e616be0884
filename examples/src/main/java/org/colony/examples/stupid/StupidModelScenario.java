package org.colony.examples.stupid;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.colony.ColonyException;
import org.colony.runtime.Agents;
import org.colony.runtime.Places;
import org.colony.runtime.Simulation;
import org.colony.runtime.cli.Scenario;

/**
 * {@code mass run stupidmodel}: StupidModel version 16; {@code --param bugs=N predators=N} set the starting counts,
 * {@code habitat=FILE} a cell data file of food production (else one is made from the seed, with hilltops producing
 * {@code production=X}, 0.125 unless given), and the run stops early when no bug is left.
 */
public final class StupidModelScenario implements Scenario {

    private StupidModel model;

    @Override
    public String name() {
        return "stupidmodel";
    }

    @Override
    public String description() {
        return "StupidModel 16: bugs on a habitat file, larger first, offspring nearby, predators (Railsback et al.)";
    }

    @Override
    public int[] defaultSize() {
        return new int[] {256, 128};
    }

    @Override
    public long defaultSteps() {
        return 1000;
    }

    @Override
    public void setup(Simulation sim, int[] size, Map<String, String> params) {
        checkParams(params, "bugs", "predators", "habitat", "production");
        if (size.length != 2) {
            throw new ColonyException("stupidmodel runs on a 2-D habitat; give --size W H");
        }
        long cells = (long) size[0] * size[1];
        int bugs = intParam(params, "bugs", (int) Math.min(cells / 16, Integer.MAX_VALUE));
        int predators = intParam(params, "predators", Math.max(1, bugs / 10));
        String given = params.get("habitat");
        if (given != null && params.containsKey("production")) {
            throw new ColonyException("--param production sets the habitat made from the seed; with --param habitat="
                    + given + " the file gives the production");
        }
        double production = numberParam(params, "production", Habitat.MAX_PRODUCTION);
        Path habitat = given != null ? Path.of(given) : made(size[0], size[1], sim.seed(), production);
        model = new StupidModel(sim, size[0], size[1], habitat, StupidModel.Parameters.of(bugs, predators));
        if (given == null) {
            try {
                Files.deleteIfExists(habitat);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
    }

    /** A habitat file made from the seed, in a temporary file. */
    private static Path made(int w, int h, long seed, double production) {
        try {
            Path file = Files.createTempFile("stupidmodel-habitat", ".data");
            Habitat.write(file, w, h, seed, production);
            return file;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot make a habitat file: " + e.getMessage(), e);
        }
    }

    @Override
    public void tick() {
        model.tick();
    }

    @Override
    public boolean finished() {
        return model.finished();
    }

    @Override
    public List<Places<?>> collections() {
        return List.of(model.cells());
    }

    @Override
    public List<Agents<?>> agents() {
        return List.of(model.bugs(), model.predators());
    }

    /** Populations, the bugs' mean size and its histogram (as the status shows it), and the food left. */
    @Override
    public List<String> series() {
        return List.of("Bug.population,Predator.population,Bug.size.mean,Bug.size.hist(0:10:10),HabitatCell.food.sum");
    }

    @Override
    public String status() {
        return "bugs " + model.population() + "  predators " + model.predators().size() + "  sizes "
                + Arrays.toString(model.histogram());
    }
}
