package org.colony.runtime.cli;

import java.io.PrintStream;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.colony.ColonyException;
import org.colony.runtime.Checkpoint;
import org.colony.runtime.Simulation;
import org.colony.runtime.cluster.MpiCluster;
import org.colony.runtime.io.OutputFiles;

/**
 * The {@code --checkpoint-every N FILE} and {@code --resume FILE} options of {@code mass run}. A run with {@code
 * --checkpoint-every} writes a checkpoint every N steps, after its last step, and when Ctrl-C or SIGTERM stops it
 * (over the same file, or one per step where the name holds {@code {step}}). A run with {@code --resume} reads the
 * checkpoint before anything else: the model, size, parameters, seed and steps come from it where the command line
 * leaves them out (the model, size and seed must agree with it where it gives them); after the setup the simulation is
 * restored and the run goes on from the checkpoint's step up to {@code --steps}, bit for bit as the run that was never
 * stopped, on any backend, thread count or partitioning.
 */
final class Checkpoints {

    /** The driver values under which {@code mass run} keeps what it ran. */
    private static final String MODEL = "mass.model";
    private static final String SIZE = "mass.size";
    private static final String PARAMS = "mass.params";
    private static final String STEPS = "mass.steps";
    private static final String RECORD = "mass.record";
    /** The extension of checkpoint files. */
    static final String EXTENSION = ".colony";

    /**
     * What a run of {@code mass run} saves with each checkpoint besides the simulation: its size, parameters and
     * steps, and its {@code --record} file, period and series (null without one).
     */
    record Settings(int[] size, Map<String, String> params, long steps, String record) {
    }

    private final String file;
    private final long every;
    private final Checkpoint resumed;
    private long lastWritten = -1;
    private int written;
    private long writeNanos;

    private Checkpoints(String file, long every, Checkpoint resumed) {
        this.file = file;
        this.every = every;
        this.resumed = resumed;
    }

    /**
     * Parses the options, reads the checkpoint to resume (checking all of it) and checks the file to write.
     *
     * @param every the {@code --checkpoint-every} option's two values (N and FILE), or null
     * @param resume the {@code --resume} option, or null
     */
    static Checkpoints parse(List<String> every, String resume) {
        String file = null;
        long period = 0;
        if (every != null) {
            try {
                period = Long.parseLong(every.get(0));
            } catch (NumberFormatException e) {
                period = -1;
            }
            if (period < 1) {
                throw new ColonyException("--checkpoint-every " + String.join(" ", every) + ": give a positive number "
                        + "of steps, then the file (--checkpoint-every 100 run" + EXTENSION + ")");
            }
            file = every.get(1);
            if (!MpiCluster.launched() || MpiCluster.get().rank() == 0) { // (rank 0 writes them)
                OutputFiles.checkWritable(pathFor(file, 0), EXTENSION);
            }
        }
        Checkpoint resumed = resume == null ? null : Checkpoint.read(Path.of(resume));
        return new Checkpoints(file, period, resumed);
    }

    private static Path pathFor(String name, long step) {
        return Path.of(name.replace(StepFiles.STEP, String.format(Locale.ROOT, "%06d", step)));
    }

    /** {@return the checkpoint resumed, or null} */
    Checkpoint resumed() {
        return resumed;
    }

    /** {@return the checkpoint's value {@code name} of type {@code type}, refused in one line where it is not one} */
    private <T> T saved(String name, Class<T> type) {
        Object v = resumed.values().get(name);
        if (!type.isInstance(v)) {
            throw new ColonyException("--resume " + resumed.file() + ": this checkpoint was not written by mass run "
                    + "(its value " + name + " is " + (v == null ? "missing" : "not a " + type.getSimpleName())
                    + "); resume it with the driver that wrote it");
        }
        return type.cast(v);
    }

    /**
     * {@return the steps to run up to: {@code given}, or the resumed run's own {@code --steps} where it is null, or
     * {@code otherwise} for a run that resumes nothing}
     */
    long steps(Long given, long otherwise) {
        if (given != null) {
            return given;
        }
        return resumed == null ? otherwise : saved(STEPS, Long.class);
    }

    /**
     * {@return whether a resumed run's {@code --record} continues the file of the run it resumes: the same file,
     * period and series ({@code spec}), so that the earlier rows are carried over; else its file starts afresh}
     */
    boolean continuesSeries(String spec) {
        return resumed != null && spec != null && spec.equals(resumed.values().get(RECORD));
    }

    /**
     * {@return the model the run resumes (the checkpoint's, where the command line names none)}
     *
     * @param given the model named on the command line, or null
     */
    String model(String given) {
        if (resumed == null) {
            return given;
        }
        String model = saved(MODEL, String.class);
        if (given != null && !given.equalsIgnoreCase(model)) {
            throw new ColonyException("--resume " + resumed.file() + " is a checkpoint of " + model + ", not " + given);
        }
        return model;
    }

    /** {@return the size to set the model up with: the checkpoint's, which {@code given} (if not null) must equal} */
    int[] size(int[] given) {
        if (resumed == null) {
            return given;
        }
        int[] saved = saved(SIZE, int[].class);
        if (given != null && !Arrays.equals(given, saved)) {
            throw new ColonyException("--resume " + resumed.file() + " is a checkpoint of size " + Main.sizeText(saved)
                    + ", not " + Main.sizeText(given) + "; leave --size out");
        }
        return saved;
    }

    /**
     * {@return the parameters to set the model up with: those given, or the checkpoint's where none are; a warning
     * where the given ones differ (the run then differs from the one checkpointed)}
     */
    Map<String, String> params(Map<String, String> given, PrintStream err) {
        if (resumed == null) {
            return given;
        }
        Map<String, String> saved = new LinkedHashMap<>();
        String text = saved(PARAMS, String.class);
        for (String pair : text.isEmpty() ? new String[0] : text.split("\n")) {
            int eq = pair.indexOf('=');
            if (eq <= 0) {
                throw new ColonyException("--resume " + resumed.file() + ": its parameters are not NAME=VALUE lines; "
                        + "it was not written by mass run");
            }
            saved.put(pair.substring(0, eq), pair.substring(eq + 1));
        }
        if (given.isEmpty()) {
            return saved;
        }
        if (!given.equals(saved)) {
            err.println("mass: warning: --resume " + resumed.file() + " was written with --param " + saved + "; this run "
                    + "takes " + given + " from here on");
        }
        return given;
    }

    /** {@return the {@code --seed} to run with: the checkpoint's, which {@code given} (if not null) must equal} */
    String seed(String given) {
        if (resumed == null) {
            return given;
        }
        if (given != null && !given.equals(Long.toString(resumed.seed()))) {
            throw new ColonyException("--resume " + resumed.file() + " was taken with seed " + resumed.seed()
                    + ", not --seed=" + given + "; leave --seed out");
        }
        return Long.toString(resumed.seed());
    }

    /**
     * Restores the checkpoint into the simulation set up (when resuming) and says so.
     *
     * @return the step the run goes on from: the checkpoint's, or 0
     */
    long restore(Simulation sim, Scenario scenario, long steps, PrintStream out) {
        if (resumed == null) {
            return 0;
        }
        long t0 = System.nanoTime();
        Map<String, Object> values = sim.resume(resumed); // (read and checked whole by parse)
        scenario.resumed(values);
        out.printf(Locale.ROOT, "resumed   %s at step %d in %s%s%n", resumed.file(), sim.time(),
                Report.duration((System.nanoTime() - t0) / 1e9), sim.time() >= steps
                        ? " (--steps=" + steps + " asks for no more)" : "");
        return sim.time();
    }

    /**
     * Writes a checkpoint if one is due after {@code step}: every N steps, and at the end of the run ({@code last}).
     */
    void afterStep(long step, boolean last, Simulation sim, Scenario scenario, Settings run) {
        if (file == null || step == lastWritten || !(last || step % every == 0)) {
            return;
        }
        Map<String, Object> values = new LinkedHashMap<>();
        values.put(MODEL, scenario.name());
        values.put(SIZE, run.size());
        values.put(STEPS, run.steps());
        if (run.record() != null) {
            values.put(RECORD, run.record());
        }
        Map<String, String> params = run.params();
        StringBuilder text = new StringBuilder();
        params.forEach((k, v) -> text.append(text.isEmpty() ? "" : "\n").append(k).append('=').append(v));
        values.put(PARAMS, text.toString());
        scenario.checkpointValues().forEach((k, v) -> {
            if (k.startsWith("mass.")) {
                throw new ColonyException(scenario.name() + "'s checkpoint value " + k + ": names starting with mass. "
                        + "are mass run's own");
            }
            values.put(k, v);
        });
        long t0 = System.nanoTime();
        sim.checkpoint(pathFor(file, step), values);
        writeNanos += System.nanoTime() - t0;
        written++;
        lastWritten = step;
    }

    /** Says where the last checkpoint went, if one was written. */
    void report(PrintStream out) {
        if (lastWritten >= 0) {
            out.printf(Locale.ROOT, "checkpoint %s (step %d; %d written in %s)%n", pathFor(file, lastWritten),
                    lastWritten, written, Report.duration(writeNanos / 1e9));
        }
    }
}
