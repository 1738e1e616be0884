package org.colony.runtime.record;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.function.DoubleSupplier;
import org.colony.ColonyException;
import org.colony.runtime.Agents;
import org.colony.runtime.ModelCollection;
import org.colony.runtime.Simulation;
import org.colony.runtime.reduce.Reduction;

/**
 * Statistics of a run recorded every N steps into a CSV file: one row per recorded step, {@code step,time} and then
 * one column per series value. Declare the series, then call {@link #sample(long)} after every step of the driver's
 * loop (and once with 0 before it, for the state after setup), and {@link #close()} at the end:
 *
 * <pre>{@code
 * try (TimeSeries series = TimeSeries.create(sim, Path.of("bugs.csv"), 10)) {
 *     series.population(bugs).mean(bugs, "size").histogram(bugs, "size", 0, 10, 10).sum(cells, "food");
 *     series.sample(0);
 *     for (long t = 1; t <= steps; t++) {
 *         model.tick();
 *         series.sample(t);
 *     }
 * }
 * }</pre>
 *
 * <p>Predicate counts are computed where the data lives (on a GPU: one launch and one number back); populations are
 * counts the backend keeps on the host.
 * Sums, minima, maxima and means come from the collection's reduction, one per attribute and row: on the CPU it runs
 * in place on the worker threads; the CUDA backend reduces the column on the device, exactly, downloading a few
 * numbers. Minima and maxima
 * of an attribute whose sum or mean the row does not hold are reduced alone, on one GPU on the device. A histogram is
 * counted where the column lives (on one GPU: a kernel, and only the counts downloaded), else from the attribute's
 * column read once per row and counted on the host, by the same arithmetic. Values are written as {@link
 * Double#toString(double)} and {@link Long#toString(long)} write them, so that runs with bit-identical results give
 * byte-identical files on every backend, thread count and partitioning. Rows go into {@code FILE.partial}, flushed
 * one by one, and the file is moved to its name on {@link #close()}. Over MPI ranks every rank samples (the
 * statistics are collectives) and rank 0 writes. Column names hold no comma: {@code Bug.population}, {@code
 * Cell.food.sum}, {@code Bug.size.hist[0:1)}.
 */
public final class TimeSeries implements AutoCloseable {

    private final Simulation sim;
    private final long every;
    /** The file rank 0 writes; null on other ranks. */
    private final Path file;
    private CsvFile csv;
    /** The step before which an earlier run's rows are carried over (a resumed run); -1 for none. */
    private long carryBefore = -1;
    private final List<Series> series = new ArrayList<>();
    private final Set<String> columns = new HashSet<>();
    private long rows;
    private long lastStep = -1;
    private boolean closed;

    private TimeSeries(Simulation sim, long every, Path file) {
        this.sim = sim;
        this.every = every;
        this.file = file;
    }

    /**
     * {@return a recorder that writes a row every {@code every} steps to {@code file}} The path is checked now, so
     * one that cannot be written fails before the first step; the file ({@code FILE.partial} until {@link #close()})
     * is created with the first row.
     *
     * @param sim the simulation whose collections the series read
     * @param file the CSV file
     * @param every steps between rows (1: every step)
     * @throws ColonyException where {@code every} is below 1 or the file cannot be written
     */
    public static TimeSeries create(Simulation sim, Path file, long every) {
        if (sim == null || file == null) {
            throw new ColonyException("TimeSeries.create needs a simulation and a file, not null");
        }
        if (every < 1) {
            throw new ColonyException("a time series every " + every + " steps: give 1 or more steps");
        }
        CsvFile.check(file);
        return new TimeSeries(sim, every, sim.rank() == 0 ? file : null);
    }

    /**
     * Checks that a time series can be written to {@code file}, writing nothing: for tools that check their
     * options before they set up a simulation.
     *
     * @param file the CSV file
     * @throws ColonyException where it is a directory, its folder is missing or not writable, or it is read-only
     */
    public static void checkFile(Path file) {
        CsvFile.check(file);
    }

    /**
     * Records the sum of an attribute (exact, so the same on every backend and layout): a whole number for integral
     * and boolean attributes.
     *
     * @param collection places or agents
     * @param attribute the attribute's field name, or {@code name[k]} for element k of an array attribute
     * @return this recorder
     */
    public TimeSeries sum(ModelCollection<?> collection, String attribute) {
        return add(new Statistic(Target.of(collection, attribute), Statistic.Kind.SUM));
    }

    /**
     * Records the least value of an attribute ({@code NaN} when the collection is empty).
     *
     * @param collection places or agents
     * @param attribute the attribute's field name, or {@code name[k]} for element k of an array attribute
     * @return this recorder
     */
    public TimeSeries min(ModelCollection<?> collection, String attribute) {
        return add(new Statistic(Target.of(collection, attribute), Statistic.Kind.MIN));
    }

    /**
     * Records the greatest value of an attribute ({@code NaN} when the collection is empty).
     *
     * @param collection places or agents
     * @param attribute the attribute's field name, or {@code name[k]} for element k of an array attribute
     * @return this recorder
     */
    public TimeSeries max(ModelCollection<?> collection, String attribute) {
        return add(new Statistic(Target.of(collection, attribute), Statistic.Kind.MAX));
    }

    /**
     * Records the mean of an attribute: its exact sum ({@link Reduction#sum()}, or {@link Reduction#longSum()} for
     * integral attributes, as a double) divided by the number of instances ({@code NaN} when there are none).
     *
     * @param collection places or agents
     * @param attribute the attribute's field name, or {@code name[k]} for element k of an array attribute
     * @return this recorder
     */
    public TimeSeries mean(ModelCollection<?> collection, String attribute) {
        return add(new Statistic(Target.of(collection, attribute), Statistic.Kind.MEAN));
    }

    /**
     * Records the number of instances where a predicate step holds, counted on the device. The predicate must draw no
     * random numbers and write no attribute, so that recording changes nothing in the run.
     *
     * @param collection places or agents
     * @param predicate the predicate step's method name
     * @param args the step's arguments, boxed, in order
     * @return this recorder
     */
    public TimeSeries count(ModelCollection<?> collection, String predicate, Object... args) {
        return add(PredicateCount.of(collection, predicate, args));
    }

    /**
     * Records the number of live agents.
     *
     * @param agents the agents
     * @return this recorder
     */
    public TimeSeries population(Agents<?> agents) {
        if (agents == null) {
            throw new ColonyException("population needs an agent collection, not null");
        }
        return add(new Population(agents));
    }

    /**
     * Records a histogram of an attribute: {@code bins} equal bins over {@code [lo, hi)}, then the counts below
     * {@code lo}, from {@code hi} up, and (floating-point attributes) of NaN. Counted on the device on one GPU, else
     * from the column read once per row.
     *
     * @param collection places or agents
     * @param attribute the attribute's field name, or {@code name[k]} for element k of an array attribute
     * @param lo the lower edge of the first bin
     * @param hi the upper edge of the last bin
     * @param bins the number of bins, 1 to 100000
     * @return this recorder
     */
    public TimeSeries histogram(ModelCollection<?> collection, String attribute, double lo, double hi, int bins) {
        return add(Histogram.of(Target.of(collection, attribute), lo, hi, bins));
    }

    /**
     * Records a statistic of an attribute per value of an integral or boolean key attribute (the mean size of bugs of
     * each kind): one column per key from {@code first} to {@code last} ({@code Bug.size.mean[kind=0]}) and one for
     * every other key ({@code Bug.size.mean[kind=other]}). The key and value columns are read once per row (downloaded
     * from a GPU) and grouped on the host; sums are exact, as {@link #sum} is.
     *
     * @param statistic {@code sum}, {@code min}, {@code max} or {@code mean}
     * @param collection places or agents
     * @param attribute the attribute's field name, or {@code name[k]} for element k of an array attribute
     * @param key the key attribute's field name (integral or boolean), or {@code name[k]}
     * @param first the first key with a column of its own
     * @param last the last key with a column of its own, at most 10000 keys after {@code first}
     * @return this recorder
     */
    public TimeSeries grouped(String statistic, ModelCollection<?> collection, String attribute, String key,
            long first, long last) {
        Statistic.Kind kind = null;
        for (Statistic.Kind k : Statistic.Kind.values()) {
            if (k.label().equals(statistic)) {
                kind = k;
            }
        }
        if (kind == null) {
            throw new ColonyException("grouped(\"" + statistic + "\", ...): the statistic is sum, min, max or mean");
        }
        return add(Grouped.of(Target.of(collection, attribute), Target.of(collection, key), kind, first, last));
    }

    /**
     * Records the number of instances per value of an integral or boolean key attribute: one column per key from
     * {@code first} to {@code last} ({@code Bug.count[kind=0]}) and one for every other key. The key column is read
     * once per row (downloaded from a GPU) and counted on the host.
     *
     * @param collection places or agents
     * @param key the key attribute's field name (integral or boolean), or {@code name[k]}
     * @param first the first key with a column of its own
     * @param last the last key with a column of its own, at most 10000 keys after {@code first}
     * @return this recorder
     */
    public TimeSeries countBy(ModelCollection<?> collection, String key, long first, long last) {
        return add(Grouped.of(null, Target.of(collection, key), null, first, last));
    }

    /**
     * Records a value the driver computes (a ratio of two statistics, a model's own figure), as {@link
     * Double#toString(double)} writes it. The supplier runs on every MPI rank.
     *
     * @param name the column's name: no comma, quote or line break
     * @param value what to record
     * @return this recorder
     */
    public TimeSeries value(String name, DoubleSupplier value) {
        if (name == null || name.isBlank() || name.matches(".*[,\"\\r\\n].*") || value == null) {
            throw new ColonyException("value(\"" + name + "\", ...): give a column name without commas, quotes or "
                    + "line breaks, and a supplier");
        }
        return add(new Series() {
            @Override
            public List<String> columns() {
                return List.of(name);
            }

            @Override
            public void sample(Sample sample, List<String> values) {
                values.add(Double.toString(value.getAsDouble()));
            }
        });
    }

    private TimeSeries add(Series s) {
        if (rows > 0) {
            throw new ColonyException("declare every series before the first row; " + s.columns().get(0)
                    + " comes after " + rows + " row(s)");
        }
        for (String c : s.columns()) {
            if (c.equals("step") || c.equals("time") || !columns.add(c)) {
                throw new ColonyException("the time series has a column " + c + " already");
            }
        }
        series.add(s);
        return this;
    }

    /** {@return the column names: {@code step}, {@code time}, then the series' columns in declaration order} */
    public List<String> columns() {
        List<String> names = new ArrayList<>(List.of("step", "time"));
        for (Series s : series) {
            names.addAll(s.columns());
        }
        return names;
    }

    /**
     * Records a row when {@code step} is a multiple of the period (0 included): call it after every step of the loop.
     *
     * @param step the steps run so far
     */
    public void sample(long step) {
        if (step % every == 0) {
            record(step);
        }
    }

    /**
     * Records a row now, whatever the period (the last step of a run that stopped between periods, say); a second
     * row for the same step is not written.
     *
     * @param step the steps run so far
     * @throws ColonyException where {@code step} is before the last step recorded
     */
    public void record(long step) {
        if (step == lastStep) {
            return;
        }
        if (step < lastStep) {
            throw new ColonyException("time series step " + step + " comes after step " + lastStep);
        }
        if (series.isEmpty()) {
            throw new ColonyException("the time series has no series: declare one before recording");
        }
        List<String> values = new ArrayList<>(columns.size() + 2);
        values.add(Long.toString(step));
        values.add(Long.toString(sim.time()));
        Set<Target> summed = new HashSet<>();
        for (Series s : series) {
            if (s instanceof Statistic statistic && statistic.summed()) {
                summed.add(statistic.target());
            }
        }
        Sample sample = new Sample(summed);
        for (Series s : series) {
            s.sample(sample, values);
        }
        if (file != null) {
            open();
            csv.row(values);
        }
        rows++;
        lastStep = step;
    }

    /** Opens the file with its header and the rows carried over from an earlier run, if not open yet. */
    private void open() {
        if (csv == null) {
            List<String> kept = carryBefore < 0 ? List.of() : CsvFile.rowsBefore(file, columns(), carryBefore);
            csv = CsvFile.open(file);
            csv.row(columns());
            for (String line : kept) {
                csv.row(List.of(line));
            }
            rows += kept.size();
        }
    }

    /**
     * Continues the series of an earlier run that a run resumed from a checkpoint takes over at {@code step}: the
     * earlier run's rows before it (in {@code FILE.partial} where that run was stopped on the way, else in {@code
     * FILE}) are written first, where that file has the same columns, so the file ends up holding the whole run. Call
     * it before the first row.
     *
     * @param step the step the run resumes at (the checkpoint's {@link Simulation#time()})
     */
    public void continueAt(long step) {
        if (rows > 0) {
            throw new ColonyException("continueAt(" + step + ") comes after " + rows + " row(s); call it first");
        }
        carryBefore = step;
    }

    /** {@return the rows recorded so far} */
    public long rows() {
        return rows;
    }

    /** {@return the steps between rows} */
    public long every() {
        return every;
    }

    /** Writes the header if no row came, and moves the file to its name (rank 0). */
    @Override
    public void close() {
        if (closed) {
            return;
        }
        closed = true;
        if (file != null) {
            open();
            csv.close();
        }
    }
}
