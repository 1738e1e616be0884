package org.colony.runtime.cli;

import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.colony.ColonyException;
import org.colony.runtime.ModelCollection;
import org.colony.runtime.Simulation;
import org.colony.runtime.record.SeriesSpec;
import org.colony.runtime.record.TimeSeries;

/**
 * What {@code mass run --record FILE.csv[@N] --series LIST} asks for: the file and period, checked with the series'
 * form before the simulation is set up, the series' names checked once it is, a row after setup, every N steps and
 * after the last step. Without {@code --record} every method does nothing.
 */
final class Recording {

    private final Path file;
    private final long every;
    private final List<SeriesSpec> specs;
    /** Draws the file at the end; null where {@code --plot} is absent. */
    private final Plotter plotter;
    private TimeSeries series;
    /** Whether this process writes the file (rank 0 of an MPI run, or the only process). */
    private boolean writes;

    private Recording(Path file, long every, List<SeriesSpec> specs, Plotter plotter) {
        this.file = file;
        this.every = every;
        this.specs = specs;
        this.plotter = plotter;
    }

    /**
     * {@return the recording the options ask for (one that records nothing where {@code record} is null)}, its
     * file, period and series checked
     *
     * @param record the {@code --record} option, or null
     * @param series the {@code --series} options
     * @param plot whether {@code --plot} asks for an image of the series
     * @param scenario the scenario, for its default series
     * @param steps the run's steps, for a warning about a period longer than the run
     * @param err where the warning goes
     */
    static Recording parse(String record, List<String> series, boolean plot, Scenario scenario, long steps,
            PrintStream err) {
        if (record == null) {
            if (!series.isEmpty() || plot) {
                throw new ColonyException((plot ? "--plot" : "--series " + series.get(0)) + " needs a file: add "
                        + "--record FILE.csv[@N]");
            }
            return new Recording(null, 0, List.of(), null);
        }
        StepFiles.Periodic file = StepFiles.periodic("--record", record, record,
                text -> text.toLowerCase(Locale.ROOT).endsWith(".csv"));
        String name = file.name();
        long every = file.period() == 0 ? 1 : file.period();
        if (!name.toLowerCase(Locale.ROOT).endsWith(".csv")) {
            throw new ColonyException("--record " + record + ": series are written as CSV; name a file ending in "
                    + ".csv (and give the series with --series)");
        }
        List<String> texts = series.isEmpty() ? scenario.series() : series;
        if (texts.isEmpty()) {
            throw new ColonyException("--record " + record + ": " + scenario.name() + " has no default series; name "
                    + "them with --series, like --series Cell.temp.mean");
        }
        List<SeriesSpec> specs = new ArrayList<>();
        for (String text : texts) {
            specs.addAll(SeriesSpec.parse(text));
        }
        Path path = Path.of(name);
        TimeSeries.checkFile(path);
        if (every > steps) {
            err.println("mass: warning: --record " + record + " records only the start and the end: its period is "
                    + "longer than the run's " + steps + " steps");
        }
        Plotter plotter = null;
        if (plot) {
            Plotter.checkImage(PlotCommand.imageFor(path), "--plot");
            plotter = Plotter.find();
        }
        return new Recording(path, every, specs, plotter);
    }

    /**
     * Declares the series on the scenario's collections and records the state after setup (step 0), or at the step a
     * resumed run goes on from, after the rows of the run it resumes.
     *
     * @param sim the simulation
     * @param scenario the scenario, set up
     * @param start the step the run starts from: 0, or a resumed checkpoint's
     * @param carry whether the file continues the one of the run resumed (the same file, period and series): its rows
     *     before {@code start} are carried over; else the file starts afresh at {@code start}
     */
    void start(Simulation sim, Scenario scenario, long start, boolean carry) {
        if (file == null) {
            return;
        }
        List<ModelCollection<?>> collections = new ArrayList<>(scenario.collections());
        collections.addAll(scenario.agents());
        TimeSeries created = TimeSeries.create(sim, file, every); // writes nothing before its first row
        for (SeriesSpec s : specs) {
            s.declare(created, collections);
        }
        series = created;
        writes = sim.rank() == 0;
        if (start > 0 && carry) {
            // as the uninterrupted run: the earlier rows first, then a row where the period falls
            series.continueAt(start);
            series.sample(start);
        } else {
            series.record(start); // a row after setup, or where a resumed run without the earlier rows starts
        }
    }

    /**
     * Records a row if {@code step} is a multiple of the period.
     *
     * @param step the steps run so far
     */
    void sample(long step) {
        if (series != null) {
            series.sample(step);
        }
    }

    /**
     * Records the last step (if not recorded), moves the file to its name and says so.
     *
     * @param ran the steps the run ran
     * @param out where the report goes
     */
    void finish(long ran, PrintStream out) {
        if (series != null) {
            series.record(ran);
            series.close();
            out.printf(Locale.ROOT, "series    %s (%d rows of %d columns)%n", file, series.rows(),
                    series.columns().size());
            if (plotter != null && writes) {
                Path png = PlotCommand.imageFor(file);
                plotter.plot(file, List.of(), png);
                out.println("plot      " + png);
            }
        }
    }
}
