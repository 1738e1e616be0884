package org.colony.runtime.cli;

import java.io.OutputStream;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.lang.management.ManagementFactory;
import java.lang.ref.Reference;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.ServiceLoader;
import java.util.concurrent.Callable;
import org.colony.ColonyException;
import org.colony.runtime.Agents;
import org.colony.runtime.Config;
import org.colony.runtime.Mode;
import org.colony.runtime.Places;
import org.colony.runtime.Simulation;
import org.colony.runtime.cluster.MpiCluster;
import org.colony.runtime.graph.GraphPartitioner;
import org.colony.runtime.tuning.RuntimeSwitches;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * The {@code mass} command line: {@code mass run <model> ...} and {@code mass list}, and the commands that the
 * {@code ./mass} script of a Colony checkout runs itself ({@code test}, {@code bench}), listed so that the usage
 * names every command.
 */
@Command(name = "mass", mixinStandardHelpOptions = true, version = "Colony " + Simulation.VERSION,
        scope = CommandLine.ScopeType.INHERIT, // every subcommand gets --help and -V/--version
        description = "Runs Colony models.",
        subcommands = {Main.Run.class, Main.ListModels.class, PlotCommand.class, SweepCommand.class, GraphCommand.class,
            Main.TestCommand.class,
            Main.BenchCommand.class, Main.InstallCommand.class, Main.NewCommand.class, Main.JavaHomeCommand.class, CommandLine.HelpCommand.class},
        footer = {"", "The ./mass script of a Colony checkout builds what changed, then runs these commands; 'test', "
                + "'bench', 'install', 'new' and 'java-home' run in the script only.",
            "Environment (./mass): COLONY_JAVA_OPTS holds options for Java (-Xmx16g for a larger heap); COLONY_DEBUG=1 "
                + "prints the stack trace of an internal error.",
            "Exit status: 0 done, 2 bad input, a model's error or a heap too small, 1 an internal error, 130/143 "
                + "stopped by Ctrl-C/SIGTERM after the step under way (with the report)."})
public final class Main implements Callable<Integer> {

    /** Bytes kept aside while a command runs, freed to report that the Java heap ran out ({@link #execute}). */
    private static final int OUT_OF_MEMORY_RESERVE = 1 << 20;

    /** Where {@code run} reports its results. */
    PrintStream out = System.out;

    /** Where {@code run} reports progress and warnings, and where the usage goes when no command is given. */
    PrintStream err = System.err;

    /** For picocli: the command with every option at its default. */
    public Main() {
    }

    /**
     * Runs the command line and exits with its status.
     *
     * @param args the command line: a command ({@code run}, {@code list}, ...) and its options
     */
    public static void main(String[] args) {
        EarlyStart.begin(args);
        int status = execute(System.out, System.err, args);
        EarlyStart.finish();
        if (status == 0 && MpiCluster.current() != null) {
            MpiCluster.current().finish(); // every rank ends MPI before it exits
        }
        System.exit(status);
    }

    /**
     * Runs the command line; returns 0 on success, 2 for bad input (a model's run-time error included, and a run the
     * Java heap was too small for, reported in one line), 1 for an
     * exception that is not Colony's refusal: one thrown by the user's scenario or driver code (the message names
     * the class and line), or an internal error of Colony's.
     *
     * @param args the command line: a command ({@code run}, {@code list}, ...) and its options
     * @param err where progress and errors go
     * @param out where results go
     * @return the exit status: 0, 1 or 2 as above
     */
    public static int execute(PrintStream out, PrintStream err, String... args) {
        Main main = new Main();
        main.out = out;
        main.err = err;
        CommandLine cl = new CommandLine(main);
        cl.setOut(new PrintWriter(out, true));
        cl.setErr(new PrintWriter(err, true));
        cl.setExecutionExceptionHandler((e, commandLine, parseResult) -> {
            String what = e instanceof ColonyException ? "error: " + e.getMessage() : Failures.describe(e);
            MpiCluster.failJob(err, "mass", what); // under mpirun: once, and the job ends (no return)
            err.println("mass: " + what);
            if (!(e instanceof ColonyException) && System.getenv("COLONY_DEBUG") != null) {
                e.printStackTrace(err);
            }
            return e instanceof ColonyException ? 2 : 1;
        });
        cl.setParameterExceptionHandler((e, a) -> {
            String message = e.getMessage();
            if (e instanceof CommandLine.UnmatchedArgumentException u && !u.getSuggestions().isEmpty()) {
                // an option mistyped: name the closest ones, as Config.fromArgs does for a driver
                message = message + "; did you mean " + String.join(" or ", u.getSuggestions()) + "?";
            }
            MpiCluster.failJob(err, "mass", message);
            err.println("mass: " + message);
            err.println("Try 'mass " + (e.getCommandLine().getCommandName().equals("mass") ? ""
                    : e.getCommandLine().getCommandName() + " ") + "--help'.");
            return 2;
        });
        // Room to report a heap that ran out: the report frees this first, whatever the run left reachable (a CPU
        // worker parked with the job it ran held the whole model when the run's close itself ran out of memory).
        byte[] reserve = new byte[OUT_OF_MEMORY_RESERVE];
        try {
            return cl.execute(args);
        } catch (OutOfMemoryError e) {
            reserve = null;
            String what = Failures.outOfMemory(e, Runtime.getRuntime().maxMemory());
            MpiCluster.failJob(err, "mass", what);
            err.println("mass: " + what);
            return 2;
        } finally {
            Reference.reachabilityFence(reserve);
        }
    }

    /** {@code mass} alone: the usage, on the error stream, and status 2. */
    @Override
    public Integer call() {
        new CommandLine(this).usage(err);
        return 2;
    }

    static Map<String, Scenario> scenarios() {
        Map<String, Scenario> all = new LinkedHashMap<>();
        for (Scenario s : ServiceLoader.load(Scenario.class, Main.class.getClassLoader())) {
            all.putIfAbsent(s.name(), s);
        }
        return all;
    }

    /** {@code mass list}. */
    @Command(name = "list", description = "Lists the models that 'mass run' knows.")
    static final class ListModels implements Callable<Integer> {
        @CommandLine.Spec
        CommandLine.Model.CommandSpec spec;

        @Override
        public Integer call() {
            var out = spec.commandLine().getOut();
            for (Scenario s : scenarios().values()) {
                out.printf(Locale.ROOT, "%-12s %s (default size %s, %d steps)%n", s.name(), s.description(),
                        sizeText(s.defaultSize()), s.defaultSteps());
            }
            return 0;
        }
    }

    /**
     * A command that the {@code ./mass} script runs itself, before Java starts; run here (from a jar, say), it says
     * where it runs.
     */
    abstract static class ScriptOnly implements Callable<Integer> {
        @CommandLine.Spec
        CommandLine.Model.CommandSpec spec;

        @CommandLine.Unmatched
        List<String> arguments = new ArrayList<>();

        @Override
        public Integer call() {
            String name = spec.name();
            throw new ColonyException("'" + name + "' is a command of the ./mass script in a Colony checkout; run "
                    + "./mass " + name + " from the checkout's root");
        }
    }

    /** {@code ./mass test}: the script runs it. */
    @Command(name = "test", description = "Builds everything and runs every module's tests, as CI does "
            + "(./mass test [MAVEN OPTIONS]; the ./mass script only).")
    static final class TestCommand extends ScriptOnly {
    }

    /** {@code ./mass bench}: the script runs it. */
    @Command(name = "bench", description = "Runs the benchmark suite and writes docs/benchmarks.md "
            + "(./mass bench [--scope quick|full] [--target cpu|gpu] [--report]; the ./mass script only).")
    static final class BenchCommand extends ScriptOnly {
    }

    /** {@code ./mass install}: the script runs it. */
    @Command(name = "install", description = "Installs Colony, with sources and javadoc jars, into the local Maven "
            + "repository (the ./mass script only).")
    static final class InstallCommand extends ScriptOnly {
    }

    /** {@code ./mass new}: the script runs it. */
    @Command(name = "new", description = "Creates a model project from the installed template, colony-archetype "
            + "(./mass new DIR [GROUP_ID [ARTIFACT_ID]]; the ./mass script only).")
    static final class NewCommand extends ScriptOnly {
    }

    /** {@code ./mass java-home}: the script runs it. */
    @Command(name = "java-home", description = "Prints the JDK 25 the ./mass script uses, for a project of one's own: "
            + "export JAVA_HOME=$(./mass java-home) (the ./mass script only).")
    static final class JavaHomeCommand extends ScriptOnly {
    }

    static String sizeText(int[] size) {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < size.length; i++) {
            sb.append(i == 0 ? "" : "x").append(size[i]);
        }
        return sb.toString();
    }

    /** {@code mass run}. */
    @Command(name = "run", description = {"Runs a model and reports init, first-step, per-step (mean and median) "
            + "and total time and a checksum.", "Results go to standard output; progress and warnings to standard "
            + "error."})
    static final class Run implements Callable<Integer> {
        @CommandLine.Spec
        CommandLine.Model.CommandSpec spec;

        @Parameters(index = "0", arity = "0..1", paramLabel = "MODEL", description = "The model to run (see 'mass "
                + "list'); with --resume, the checkpoint's where left out.")
        String model;

        @Option(names = "--size", paramLabel = "N[xM[xK]]",
                description = "Grid size: one number for a square or cube, or sizes joined by x.")
        String size;

        @Option(names = "--steps", paramLabel = "N", description = "Time steps to run.",
                converter = WholeNumbers.LongValue.class)
        Long steps;

        @Option(names = "--threads", paramLabel = "N", description = "CPU worker threads (default: all processors).",
                converter = WholeNumbers.IntValue.class)
        Integer threads;

        @Option(names = "--seed", paramLabel = "S", description = "Random seed (default 42).")
        String seed;

        @Option(names = "--backend", paramLabel = "B", description = "auto, cpu or cuda (default auto).")
        String backend;

        @Option(names = "--device", paramLabel = "N", description = "The GPU the cuda backend uses (default 0).",
                converter = WholeNumbers.IntValue.class)
        Integer device;

        @Option(names = "--devices", paramLabel = "N",
                description = "Spread the grid over N GPUs from --device on, one partition each (cuda backend).",
                converter = WholeNumbers.IntValue.class)
        Integer devices;

        @Option(names = "--partitions", paramLabel = "K|AxB[xC]",
                description = "Cut the grid into K partitions (shape chosen for the least halo), or A x B [x C] of "
                        + "them; halos and agents move between partitions, results stay bit-identical.")
        String partitions;

        @Option(names = "--mode", paramLabel = "M", description = "deterministic (default) or fast.")
        String mode;

        @Option(names = "--snapshot", paramLabel = "ATTR=FILE.png|gif[@PERIOD]",
                description = "Draw a 2-D place attribute (ATTR[K]: an array's element) as a PNG heat map with a "
                        + "legend, agents over it, at the end or every PERIOD steps ({step} in FILE: the step number; "
                        + "FILE.gif: one animated GIF).")
        List<String> snapshots = new ArrayList<>();

        @Option(names = "--dump", paramLabel = "[WHAT=]FILE.npz[@PERIOD]",
                description = "Write a NumPy state file of the collections (WHAT: Model or Model.attr, comma-separated; "
                        + "default everything) at the end, or every PERIOD steps ({step} in the name: the step).")
        List<String> dumps = new ArrayList<>();

        @Option(names = "--snapshot-range", paramLabel = "ATTR=MIN:MAX",
                description = "A fixed colour scale for the snapshots of ATTR (default: each image's finite values).")
        Map<String, String> snapshotRanges = new LinkedHashMap<>();

        @Option(names = "--record", paramLabel = "FILE.csv[@N]", description = "Write time series to a CSV file: "
                + "a row after setup, every N steps (default 1) and after the last step (see --series).")
        String record;

        @Option(names = "--series", paramLabel = "LIST", description = "The series --record writes (default: the "
                + "model's own), comma-separated: C.population, C.count(PREDICATE), C.ATTR.sum (min, max, mean), "
                + "C.ATTR.hist(LO:HI:BINS), C.ATTR.mean.by(KEY:FIRST:LAST), C.count.by(KEY:FIRST:LAST), where C is a "
                + "model class (Bug, SugarCell); see docs/output.md.")
        List<String> series = new ArrayList<>();

        @Option(names = "--plot", description = "Draw the recorded series into a PNG image next to the CSV file.")
        boolean plot;

        @Option(names = "--checkpoint-every", arity = "2", paramLabel = "N FILE", description = "Write a checkpoint "
                + "of the whole run to FILE.colony every N steps, after the last step and when stopped ({step} in the "
                + "name: one file per step).")
        List<String> checkpointEvery;

        @Option(names = "--resume", paramLabel = "FILE", description = "Go on from a checkpoint, bit for bit, on any "
                + "backend, threads or partitions: the model, size, parameters and seed are the checkpoint's.")
        String resume;

        @Option(names = "--param", paramLabel = "NAME=VALUE", description = "A model-specific setting.")
        Map<String, String> params = new LinkedHashMap<>();

        @Option(names = "--graph", paramLabel = "SPEC", description = "The network of a model on a graph (sir): "
                + "ba:N:M, er:N:M, ws:N:K:BETA, lattice:WxH or file:PATH; the same as --param graph=SPEC.")
        String graph;

        @Option(names = "--graph-partition", paramLabel = "METHOD", description = "How --partitions splits a "
                + "graph's vertices: metis (the default), contiguous, round-robin or file:PATH (a partition file).")
        String graphPartition;

        @Option(names = "--step-timeout", paramLabel = "D",
                description = "End the run, naming the step, when one call runs longer than D (30s, 5m, 1500ms); "
                        + "default: no limit.")
        String stepTimeout;

        @Option(names = "--quiet", description = "No progress line.")
        boolean quiet;

        @Option(names = "--progress", paramLabel = "SECONDS", description = "Seconds between progress lines when "
                + "they go to a file or a pipe (default 10; on a terminal the line is redrawn in place).")
        Double progressSeconds;

        @Option(names = "--profile", description = "Print the calls, total and mean time of every step after the run "
                + "(device time too on a GPU). Each call is also a JFR event, org.colony.Step, in a flight recording.")
        boolean profile;

        @CommandLine.ParentCommand
        Main parent;

        @Override
        public Integer call() {
            if (graphPartition == null) {
                return run();
            }
            if (!GraphPartitioner.METHODS.contains(graphPartition)
                    && !graphPartition.startsWith("file:")) {
                throw new ColonyException("--graph-partition " + graphPartition + " is not a method; give metis, "
                        + "contiguous, round-robin or file:PATH");
            }
            // the switch the places read, set for this run only (a test runs many in one JVM)
            String property = RuntimeSwitches.GRAPH_PARTITIONER.property();
            String before = System.getProperty(property);
            System.setProperty(property, graphPartition);
            try {
                return run();
            } finally {
                if (before == null) {
                    System.clearProperty(property);
                } else {
                    System.setProperty(property, before);
                }
            }
        }

        private Integer run() {
            PrintStream out = parent.out;
            PrintStream err = parent.err;
            if (MpiCluster.launched() && MpiCluster.get().rank() != 0) {
                out = new PrintStream(OutputStream.nullOutputStream()); // rank 0 reports for all
                err = out;
            }
            Checkpoints checkpoints = Checkpoints.parse(checkpointEvery, resume);
            String name = checkpoints.model(model);
            Map<String, Scenario> all = scenarios();
            if (name == null) {
                throw new ColonyException("name the model to run (models: " + String.join(", ", all.keySet())
                        + "), or a checkpoint with --resume FILE");
            }
            Scenario scenario = all.get(name.toLowerCase(Locale.ROOT));
            if (scenario == null) {
                throw new ColonyException("unknown model '" + name + "'; models: " + String.join(", ", all.keySet()));
            }
            String seed = checkpoints.seed(this.seed);
            if (graph != null) {
                String given = this.params.putIfAbsent("graph", graph);
                if (given != null && !given.equals(graph)) {
                    throw new ColonyException("--graph " + graph + " and --param graph=" + given + " disagree; give one");
                }
            }
            Map<String, String> params = checkpoints.params(this.params, err);
            List<String> args = new ArrayList<>();
            if (threads != null) {
                args.add("--threads=" + threads);
            }
            if (seed != null) {
                args.add("--seed=" + seed);
            }
            if (device != null) {
                args.add("--device=" + device);
            }
            if (backend != null) {
                args.add("--backend=" + backend);
            }
            if (devices != null) {
                args.add("--devices=" + devices);
            }
            if (partitions != null) {
                args.add("--partitions=" + partitions);
            }
            if (mode != null) {
                args.add("--mode=" + mode);
            }
            if (stepTimeout != null) {
                args.add("--step-timeout=" + stepTimeout);
            }
            Config config = Config.fromArgs(args.toArray(String[]::new));

            int[] dims = checkpoints.size(size == null ? null : parseSize(size, scenario.defaultSize().length));
            if (dims == null) {
                dims = scenario.defaultSize();
            }
            long n = checkpoints.steps(steps, scenario.defaultSteps());
            if (n < 0) {
                throw new ColonyException("--steps=" + n + " is negative; use 0 or more");
            }
            if (progressSeconds != null && !(progressSeconds > 0 && progressSeconds < 1e9)) {
                throw new ColonyException("--progress=" + progressSeconds + " is out of range; give a positive number "
                        + "of seconds");
            }
            Snapshots shots = Snapshots.parse(snapshots, snapshotRanges);
            shots.checkFiles();
            Dumps states = Dumps.parse(dumps);
            states.checkFiles();
            shots.warnAboutLongPeriods(n, err);

            Recording recording = Recording.parse(record, series, plot, scenario, n, err);

            long t0 = System.nanoTime();
            Interruption interruption = null;
            try (shots; Simulation sim = Simulation.create(config)) {
                scenario.setup(sim, dims, params);
                long start = checkpoints.restore(sim, scenario, n, out);
                String recordSpec = record == null ? null : record + " " + String.join(",", series);
                Checkpoints.Settings settings = new Checkpoints.Settings(dims, params, n, recordSpec);
                Places<?> main = scenario.collections().get(0);
                shots.checkAttributes(main);
                states.resolve(scenario);
                recording.start(sim, scenario, start, checkpoints.continuesSeries(recordSpec));
                long t1 = System.nanoTime();
                int[] shape = main.partitionShape();
                String cut = main.partitions() == 1 ? "" : ", " + main.partitions() + " partitions ("
                        + String.join("x", Arrays.stream(shape).mapToObj(String::valueOf).toList()) + ")";
                out.printf(Locale.ROOT, "%s on %s, %d steps, %s%s%s, seed %d, %s%n", scenario.name(),
                        main.graph() != null ? "the " + main.graph() : sizeText(dims), n, sim.backendDescription(), sim.ranks() == 1 ? "" : ", " + sim.ranks() + " MPI ranks", cut, config.seed(), config.mode() == Mode.FAST
                                ? "fast mode (results may differ between backends)" : "deterministic");
                if (profile) {
                    sim.startProfile();
                }
                Progress progress = new Progress(err, n, !quiet,
                        progressSeconds == null ? Progress.PLAIN_PERIOD : (long) (progressSeconds * 1e9));
                long jvmStart = ManagementFactory.getRuntimeMXBean().getStartTime();
                long firstStep = -1;
                StepTimes ticks = new StepTimes();
                long ran = Math.max(n, start);
                boolean ended = start > 0 && start < n && scenario.finished(); // the run resumed had stopped by its rule
                if (ended) {
                    ran = start;
                }
                // From here Ctrl-C (or SIGTERM) stops the run after the step under way, with its report and outputs.
                interruption = Interruption.install(!MpiCluster.launched());
                for (long t = start + 1; t <= n && !ended; t++) {
                    if (t == start + 1) {
                        firstStep = System.currentTimeMillis() - jvmStart;
                    }
                    long tickStart = System.nanoTime();
                    scenario.tick();
                    boolean stop = t < n && (scenario.finished() || interruption.requested());
                    if (t == n || stop) {
                        sim.synchronize(); // a GPU runs the steps after the calls return: the wait is the last tick's
                    }
                    ticks.add(System.nanoTime() - tickStart);
                    shots.afterStep(t, main, scenario.agents());
                    states.afterStep(t, sim);
                    recording.sample(t);
                    checkpoints.afterStep(t, t == n || stop, sim, scenario, settings);
                    // A status may be a collective (a population): over MPI ranks it is asked at the end only.
                    progress.update(t, sim.ranks() == 1 ? scenario::status : () -> "");
                    if (stop) {
                        ran = t;
                        break;
                    }
                }
                sim.synchronize(); // a no-op after the last tick's wait; with no ticks, the setup's work
                var stepProfile = profile ? sim.stopProfile() : null;
                progress.finish();
                long ownRun = System.nanoTime() - t1;
                long run = sim.slowest(ownRun); // over MPI ranks, the slowest rank's
                long init = sim.slowest(t1 - t0);
                // Every rank asks for the three figures in this order: each is a collective over MPI ranks.
                long first = sim.slowest(ticks.first());
                long mean = sim.slowest(ticks.mean());
                long median = sim.slowest(ticks.median());
                shots.atEnd(ran, main, scenario.agents(), out);
                states.atEnd(ran, sim, out);
                recording.finish(ran, out);
                checkpoints.report(out);
                if (ran < n && interruption.requested()) {
                    out.printf(Locale.ROOT, "stopped   after step %d of %d: %s (the report and outputs are of that "
                            + "step)%n", ran, n, interruption.signalName());
                } else if (ran < n) {
                    out.printf(Locale.ROOT, "stopped   after step %d of %d: %s's stop rule%n", ran, n, scenario.name());
                }
                out.printf(Locale.ROOT, "init      %s%n", Report.duration(init / 1e9));
                if (firstStep >= 0) {
                    out.printf(Locale.ROOT, "startup   %s (from the start of Java to the first step)%n",
                            Report.duration(firstStep / 1e3));
                }
                if (first >= 0) {
                    out.printf(Locale.ROOT, "step 1    %s (the first, with its warm-up)%n", Report.duration(first / 1e9));
                }
                if (mean >= 0) {
                    out.printf(Locale.ROOT, "per step  %s mean, %s median (of the %d after the first)%n",
                            Report.duration(mean / 1e9), Report.duration(median / 1e9), ticks.rest());
                } else {
                    out.println("per step  - (no steps after the first)");
                }
                out.printf(Locale.ROOT, "total     %s%n", Report.duration((init + run) / 1e9));
                String status = scenario.status();
                if (!status.isEmpty()) {
                    out.println("status    " + status);
                }
                long bytes = 0;
                StringBuilder sums = new StringBuilder();
                for (Places<?> p : scenario.collections()) {
                    bytes += p.memoryBytes();
                    sums.append(sums.isEmpty() ? "" : " ").append(p.checksum());
                }
                for (Agents<?> a : scenario.agents()) {
                    bytes += a.memoryBytes();
                    sums.append(" ").append(a.checksum());
                }
                out.println("memory    " + Report.bytes(bytes));
                out.println("checksum  " + sums);
                if (stepProfile != null) {
                    out.print(ProfileTable.format(stepProfile));
                }
                if (profile && sim.ranks() > 1) {
                    // Every rank takes part; rank 0 prints.
                    long[] times = sim.perRank(ownRun);
                    long[] traffic = sim.perRank(sim.exchangedBytes());
                    out.println("rank   per step       MPI bytes (sent and received)");
                    for (int r = 0; r < times.length; r++) {
                        out.printf(Locale.ROOT, "%-6d %-14s %s%n", r, n == 0 ? "-" : Report.duration(times[r] / 1e9 / n),
                                Report.bytes(traffic[r]));
                    }
                }
                shots.throwIfFailed();
            } finally {
                if (interruption != null) {
                    interruption.close();
                }
            }
            return interruption == null ? 0 : interruption.exitStatus();
        }

        static int[] parseSize(String text, int dims) {
            String[] parts = text.toLowerCase(Locale.ROOT).split("x", -1); // "10x" has an empty second size
            int[] size = new int[parts.length == 1 ? dims : parts.length];
            try {
                for (int i = 0; i < size.length; i++) {
                    long v = Long.parseLong(parts[parts.length == 1 ? 0 : i].trim());
                    if (v < 1 || v > Integer.MAX_VALUE) {
                        throw new ColonyException("--size=" + text + " is out of range; each size is 1 to "
                                + Integer.MAX_VALUE);
                    }
                    size[i] = (int) v;
                }
            } catch (NumberFormatException e) {
                throw new ColonyException("--size=" + text + " is not a size; write N, or N x M like 300x200");
            }
            if (size.length != dims) {
                throw new ColonyException("--size=" + text + " has " + size.length + " dimension(s); this model runs on "
                        + dims + "-dimensional grids");
            }
            return size;
        }
    }
}
