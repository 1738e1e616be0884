package org.colony.examples.stupid;

import java.nio.file.Path;
import java.util.Arrays;
import org.colony.runtime.Agents;
import org.colony.runtime.Placement;
import org.colony.runtime.Places;
import org.colony.runtime.Simulation;
import org.colony.runtime.grid.Grid;
import org.colony.runtime.reduce.Bins;

/**
 * StupidModel, version 16 (Railsback, Lytinen and Grimm 2005): bugs on a habitat read from a cell data file, at most
 * one bug a cell, and predators. A tick: the cells produce food; the bugs move to their best free cell within four,
 * larger bugs first, refused bugs trying again for up to {@code moveRounds} rounds; they eat and grow; bugs of size
 * 10 split into five offspring within three cells and bugs die at random; the predators hunt; the bugs a predator
 * reached are eaten. The run stops when no bug is left.
 */
public final class StupidModel {

    /**
     * The model's parameters.
     *
     * @param bugs the bugs at the start, on random distinct cells
     * @param predators the predators at the start, on random cells
     * @param initialMean the mean initial bug size (normal, none below 0)
     * @param initialSd its standard deviation
     * @param maxConsumption the most a bug eats in a step
     * @param survival the probability a bug survives a step
     * @param reproduceSize the size at which a bug splits
     * @param offspring the bugs it splits into
     * @param moveRounds the most rounds of moves in a tick
     */
    public record Parameters(long bugs, long predators, double initialMean, double initialSd, double maxConsumption,
            double survival, double reproduceSize, int offspring, int moveRounds) {

        /** {@return the published parameters, with {@code bugs} bugs and {@code predators} predators} */
        public static Parameters of(long bugs, long predators) {
            return new Parameters(bugs, predators, 0.1, 0.03, 1.0, 0.95, 10.0, 5, 5);
        }
    }

    /** The bins of {@link #histogram}: sizes 0 to 1, 1 to 2, ..., 9 and above. */
    public static final int BINS = 10;

    /** The closed bins of {@link #histogram}: one unit wide from 0 to 9. */
    private static final Bins SIZES = new Bins(0, BINS - 1, BINS - 1);

    private final Simulation sim;
    private final Parameters p;
    private final Places<HabitatCell> cells;
    private final Agents<Bug> bugs;
    private final Agents<Predator> predators;

    /**
     * Creates the habitat from {@code habitat} (a cell data file of food production, {@link Habitat}) and the bugs and
     * predators on it.
     */
    public StupidModel(Simulation sim, int w, int h, Path habitat, Parameters p) {
        this.sim = sim;
        this.p = p;
        this.cells = sim.places(HabitatCell.class, Grid.of(w, h));
        cells.load(habitat, "production");
        this.bugs = sim.agents(Bug.class, cells, Placement.random(p.bugs()).atMost(1), 1);
        bugs.callAll(Bug::init, p.initialMean(), p.initialSd());
        this.predators = sim.agents(Predator.class, cells, Placement.random(p.predators()));
    }

    /** One tick of the model. */
    public void tick() {
        cells.callAll(HabitatCell::grow);
        bugs.callAll(Bug::look);
        bugs.manageAll(Bug::relook, p.moveRounds());
        bugs.callAll(Bug::eat, p.maxConsumption());
        bugs.callAll(Bug::fate, p.survival(), p.reproduceSize(), p.offspring());
        bugs.manageAll();
        predators.callAll(Predator::hunt);
        predators.manageAll();
        bugs.callAll(Bug::eaten);
        bugs.manageAll();
        sim.step();
    }

    /** {@return whether the stop rule holds: no bug is left} */
    public boolean finished() {
        return population() == 0;
    }

    /** {@return the bugs alive after the last tick} */
    public long population() {
        return bugs.lastReport().population();
    }

    /**
     * {@return the bugs per size class: {@link #BINS} bins one unit wide, the last open above} Counted where the sizes
     * live (on a GPU only the counts come back): {@code BINS - 1} bins over [0, 9), then those below, from 9 up and
     * NaN, which go to the first bin (no size is below 0), the last and the first.
     */
    public long[] histogram() {
        long[] counts = bugs.histogram("size", 0, SIZES);
        long[] bins = Arrays.copyOf(counts, BINS);
        bins[0] += counts[BINS - 1] + counts[BINS + 1]; // below 0, NaN
        bins[BINS - 1] = counts[BINS]; // 9 and above
        return bins;
    }

    /** The habitat. */
    public Places<HabitatCell> cells() {
        return cells;
    }

    /** The bugs. */
    public Agents<Bug> bugs() {
        return bugs;
    }

    /** The predators. */
    public Agents<Predator> predators() {
        return predators;
    }
}
