package org.colony.runtime.cli;

import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.colony.ColonyException;
import org.colony.runtime.Config;
import org.colony.runtime.Simulation;
import org.colony.runtime.cluster.MpiCluster;
import org.colony.runtime.io.OutputFiles;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code mass sweep}: a model run over every combination of parameter values and seeds, several runs at once, with
 * the time series of every run in one CSV file ({@code run,seed,<parameters>,step,time,<series>}), written run after
 * run in the order of the runs and resumable: each finished run is recorded in {@code FILE.done} (how many runs are
 * in the file, and where they end), so a sweep started again with the same options after an interruption cuts what
 * an unfinished run left and runs only the runs not done.
 */
@Command(name = "sweep", description = {"Runs a model over every combination of --param values and --seeds, writing "
        + "the time series of every run into one CSV file (resumable: run it again after an interruption).",
    "Example: mass sweep stupidmodel --param bugs=500,1000,2000 --seeds 1..10 --steps 200 --out bugs.csv"})
final class SweepCommand implements Callable<Integer> {

    @CommandLine.ParentCommand
    Main parent;

    @Parameters(index = "0", paramLabel = "MODEL", description = "The model to run (see 'mass list').")
    String model;

    @Option(names = "--param", paramLabel = "NAME=VALUES", description = "A model setting and its values: a list "
            + "(V1,V2,...) or a range (FIRST:LAST:STEP, LAST included where the steps reach it).")
    List<String> params = new ArrayList<>();

    @Option(names = "--seeds", paramLabel = "SEEDS", description = "The seeds: a list (1,5,9) or a range (1..20); "
            + "default 42.")
    String seeds = "42";

    @Option(names = "--out", paramLabel = "FILE.csv", required = true, description = "The CSV file of every run's "
            + "series.")
    Path outFile;

    @Option(names = "--series", paramLabel = "LIST", description = "The series to record (as mass run --series; "
            + "default: the model's own).")
    List<String> series = new ArrayList<>();

    @Option(names = "--every", paramLabel = "N", description = "Steps between two rows of a run (default 1).",
            converter = WholeNumbers.LongValue.class)
    long every = 1;

    @Option(names = "--steps", paramLabel = "N", description = "Time steps of every run (default: the model's).",
            converter = WholeNumbers.LongValue.class)
    Long steps;

    @Option(names = "--size", paramLabel = "N[xM[xK]]", description = "Grid size (default: the model's).")
    String size;

    @Option(names = "--backend", paramLabel = "B", description = "auto, cpu or cuda (default cpu).")
    String backend = "cpu";

    @Option(names = "--threads", paramLabel = "N", description = "CPU worker threads of each run (default 1).",
            converter = WholeNumbers.IntValue.class)
    int threads = 1;

    @Option(names = "--parallel", paramLabel = "P", description = "Runs at once (default: processors / threads on "
            + "the CPU and with --backend auto, 4 with --backend cuda, each on a stream of its own).",
            converter = WholeNumbers.IntValue.class)
    Integer parallel;

    /** The runs at once on a GPU by default. */
    private static final int GPU_RUNS = 4;
    /** The CUDA backend's switch that gives each thread a stream of its own. */
    private static final String PER_THREAD_STREAMS = "colony.cuda.perThreadStreams";

    /** One run of the sweep: its index, seed and parameter values. */
    record Run(int index, long seed, Map<String, String> params) {
    }

    @Override
    public Integer call() throws Exception {
        PrintStream out = parent.out;
        PrintStream err = parent.err;
        if (MpiCluster.launched()) {
            throw new ColonyException("mass sweep runs its runs side by side in one process; start it without mpirun");
        }
        Scenario probe = scenario();
        List<Run> runs = Sweeps.runs(Sweeps.values(params), Sweeps.seeds(seeds));
        if (every < 1) {
            throw new ColonyException("--every=" + every + ": give a positive number of steps");
        }
        if (threads < 1) {
            throw new ColonyException("--threads=" + threads + ": give 1 or more");
        }
        int cores = Runtime.getRuntime().availableProcessors();
        int atOnce = parallel != null ? parallel : backend.equals("cuda") ? GPU_RUNS : Math.max(1, cores / threads);
        if (atOnce < 1) {
            throw new ColonyException("--parallel=" + atOnce + ": give 1 or more");
        }
        if (atOnce > 1 && !backend.equals("cpu") && System.getProperty(PER_THREAD_STREAMS) == null) {
            // runs side by side on one GPU: each thread's device work on a stream of its own, so that they overlap
            System.setProperty(PER_THREAD_STREAMS, "true");
        }
        int[] dims = size == null ? probe.defaultSize() : Main.Run.parseSize(size, probe.defaultSize().length);
        long n = steps == null ? probe.defaultSteps() : steps;
        if (n < 0) {
            throw new ColonyException("--steps=" + n + " is negative; use 0 or more");
        }
        SweepFile file = SweepFile.open(outFile, Sweeps.paramNames(params),
                Sweeps.fingerprint(runs, Sweeps.paramNames(params)));
        Path work = Files.createTempDirectory(outFile.toAbsolutePath().getParent(), "." + outFile.getFileName()
                + ".runs");
        try {
            // The first run's setup checks the parameters and series before any time is spent on the others.
            int done = file.resume(runs);
            if (done > 0) {
                err.println("mass: sweep: " + done + " of " + runs.size() + " runs already in " + outFile
                        + "; running the rest");
            }
            run(runs.subList(done, runs.size()), dims, n, atOnce, work, file, err);
            out.println("sweep     " + runs.size() + " runs of " + probe.name() + " in " + outFile);
            return 0;
        } finally {
            Sweeps.deleteTree(work);
        }
    }

    private Scenario scenario() {
        Map<String, Scenario> all = Main.scenarios();
        Scenario s = all.get(model.toLowerCase(Locale.ROOT));
        if (s == null) {
            throw new ColonyException("unknown model '" + model + "'; models: " + String.join(", ", all.keySet()));
        }
        return s;
    }

    /** Runs {@code todo}, {@code atOnce} at a time, appending each to the file in order as it and those before end. */
    private void run(List<Run> todo, int[] dims, long n, int atOnce, Path work, SweepFile file, PrintStream err)
            throws IOException, InterruptedException {
        ExecutorService pool = Executors.newFixedThreadPool(atOnce, r -> {
            Thread t = new Thread(r, "colony-sweep");
            t.setDaemon(true);
            return t;
        });
        try {
            List<Future<Path>> futures = new ArrayList<>();
            for (Run r : todo) {
                futures.add(pool.submit(() -> one(r, dims, n, work)));
            }
            for (int i = 0; i < todo.size(); i++) {
                Path csv;
                try {
                    csv = futures.get(i).get();
                } catch (ExecutionException e) {
                    Run r = todo.get(i);
                    Throwable cause = e.getCause();
                    String why = cause instanceof ColonyException ? cause.getMessage() : Failures.describe(cause);
                    throw new ColonyException("sweep run " + r.index() + " (seed " + r.seed() + Sweeps.text(r.params())
                            + ") failed: " + why + "; the runs before it are in the file, and running the sweep again "
                            + "goes on from it", cause);
                }
                file.append(todo.get(i), csv);
                Files.deleteIfExists(csv);
                err.printf(Locale.ROOT, "mass: sweep: run %d done%n", todo.get(i).index());
            }
        } finally {
            pool.shutdownNow();
            // the runs still going stop before their folder is deleted (a failed run ends the sweep)
            pool.awaitTermination(10, TimeUnit.SECONDS);
        }
    }

    /** One run, its series written to a CSV file of its own in {@code work}. */
    private Path one(Run r, int[] dims, long n, Path work) {
        Scenario scenario = scenario(); // a fresh instance: runs side by side do not share one
        Path csv = work.resolve("run-" + r.index() + ".csv");
        Config config = Config.defaults().withBackend(backend).withThreads(threads).withSeed(r.seed());
        Recording recording = Recording.parse(csv + "@" + every, series, false, scenario, n,
                new PrintStream(OutputStream.nullOutputStream()));
        try (Simulation sim = Simulation.create(config)) {
            scenario.setup(sim, dims, new LinkedHashMap<>(r.params()));
            recording.start(sim, scenario, 0, false);
            long ran = n;
            for (long t = 1; t <= n; t++) {
                scenario.tick();
                recording.sample(t);
                if (t < n && scenario.finished()) {
                    ran = t;
                    break;
                }
            }
            recording.finish(ran, new PrintStream(OutputStream.nullOutputStream()));
        }
        return csv;
    }

    /**
     * The sweep's CSV file and its record of the runs done ({@code FILE.done}: a line {@code runs bytes} after every
     * run appended, the runs in the file and its length then).
     */
    static final class SweepFile {
        private final Path file;
        private final Path done;
        private final List<String> paramNames;
        /** The runs' fingerprint, on every line of the record: a file of another sweep is refused. */
        private final String fingerprint;
        private String header;
        private int runs;
        private long bytes;

        private SweepFile(Path file, List<String> paramNames, String fingerprint) {
            this.file = file;
            this.done = file.resolveSibling(file.getFileName() + ".done");
            this.paramNames = paramNames;
            this.fingerprint = fingerprint;
        }

        static SweepFile open(Path file, List<String> paramNames, String fingerprint) {
            if (!file.getFileName().toString().toLowerCase(Locale.ROOT).endsWith(".csv")) {
                throw new ColonyException("--out " + file + ": a sweep writes a CSV file; name one ending in .csv");
            }
            OutputFiles.checkWritable(file, ".csv");
            return new SweepFile(file, paramNames, fingerprint);
        }

        /**
         * {@return how many of {@code all} runs the file already holds}, cutting what an unfinished run left after
         * them; 0 for a new file. Refuses a file of another sweep, or one without its record of runs done.
         */
        int resume(List<Run> all) throws IOException {
            if (!Files.exists(file)) {
                Files.deleteIfExists(done);
                return 0;
            }
            if (!Files.exists(done)) {
                throw new ColonyException(file + " exists but has no " + done.getFileName() + " (it is not a sweep's, or "
                        + "its record was removed); name another file, or remove it to start over");
            }
            String[] last = null;
            for (String line : Files.readAllLines(done, StandardCharsets.UTF_8)) {
                if (!line.isBlank()) {
                    last = line.trim().split(" ");
                }
            }
            if (last == null || last.length != 3) {
                throw new ColonyException(done + " does not say how many runs are done; remove " + file + " and "
                        + done.getFileName() + " to start over");
            }
            int count;
            long length;
            try {
                count = Integer.parseInt(last[0]);
                length = Long.parseLong(last[1]);
            } catch (NumberFormatException e) {
                throw new ColonyException(done + " does not say how many runs are done; remove " + file + " and "
                        + done.getFileName() + " to start over");
            }
            if (!last[2].equals(fingerprint) || count > all.size() || length > Files.size(file)) {
                throw new ColonyException(file + " holds runs of another sweep (other models, values or seeds); name "
                        + "another file, or remove it and " + done.getFileName() + " to start over");
            }
            String first = Files.readAllLines(file, StandardCharsets.UTF_8).stream().findFirst().orElse("");
            String expected = "run,seed" + (paramNames.isEmpty() ? "" : "," + String.join(",", paramNames)) + ",";
            if (!first.startsWith(expected)) {
                throw new ColonyException(file + " was written by another sweep (its columns: " + first + "); name "
                        + "another file, or remove it and " + done.getFileName());
            }
            try (FileChannel ch = FileChannel.open(file, StandardOpenOption.WRITE)) {
                ch.truncate(length); // what a run being appended when the sweep stopped left
            }
            header = first;
            runs = count;
            bytes = length;
            return count;
        }

        /** Appends run {@code r}'s series (its own CSV file) and records it as done, both on the disk. */
        void append(Run r, Path csv) throws IOException {
            List<String> lines = Files.readAllLines(csv, StandardCharsets.UTF_8);
            if (lines.isEmpty()) {
                throw new ColonyException("sweep run " + r.index() + " wrote no series");
            }
            String mine = "run,seed" + (paramNames.isEmpty() ? "" : "," + String.join(",", paramNames)) + ","
                    + lines.get(0);
            StringBuilder text = new StringBuilder();
            if (header == null) {
                header = mine;
                text.append(mine).append('\n');
            } else if (!header.equals(mine)) {
                throw new ColonyException("sweep run " + r.index() + " records " + lines.get(0) + ", but "
                        + file + " holds " + header + "; name another file, or remove it to start over");
            }
            StringBuilder prefix = new StringBuilder().append(r.index()).append(',').append(r.seed());
            for (String name : paramNames) {
                prefix.append(',').append(r.params().get(name));
            }
            for (int i = 1; i < lines.size(); i++) {
                text.append(prefix).append(',').append(lines.get(i)).append('\n');
            }
            byte[] add = text.toString().getBytes(StandardCharsets.UTF_8);
            try (FileChannel ch = FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.WRITE)) {
                ch.position(bytes);
                ch.write(ByteBuffer.wrap(add));
                ch.force(true);
            }
            bytes += add.length;
            runs++;
            try (FileChannel ch = FileChannel.open(done, StandardOpenOption.CREATE, StandardOpenOption.WRITE,
                    StandardOpenOption.APPEND)) {
                ch.write(ByteBuffer.wrap((runs + " " + bytes + " " + fingerprint + "\n")
                        .getBytes(StandardCharsets.UTF_8)));
                ch.force(true);
            }
        }
    }
}
