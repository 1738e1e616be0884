package org.colony.benchmarks.suite;

import com.google.gson.GsonBuilder;
import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import com.sun.management.OperatingSystemMXBean;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.stream.Stream;
import org.colony.benchmarks.cuda.Gpu;
import org.colony.benchmarks.report.Report;
import org.colony.benchmarks.report.ResultFile;
import org.colony.cuda.CudaDevices;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.RunnerException;

/**
 * {@code ./mass bench}: runs the suite for a scope and a target, writes the results under
 * {@code benchmarks/results/<target>/} (replacing that target's previous results) and rewrites
 * {@code docs/benchmarks.md} from every result file there.
 *
 * <pre>
 * java -cp benchmarks.jar org.colony.benchmarks.suite.BenchSuite [--scope=quick|full] [--target=cpu|gpu]
 *      [--results=DIR] [--docs=DIR] [--report]
 * </pre>
 *
 * {@code --report} only rewrites the page (for result files copied from another machine). On the GPU
 * target without a usable GPU, nothing is measured and the report says why.
 */
public final class BenchSuite {

    private BenchSuite() {
    }

    /** Runs the suite. */
    public static void main(String[] args) throws Exception {
        String scopeName = "quick";
        String target = "cpu";
        Path results = Path.of("benchmarks", "results");
        Path docs = Path.of("docs");
        boolean reportOnly = false;
        for (String a : args) {
            String value = a.contains("=") ? a.substring(a.indexOf('=') + 1) : "";
            if (a.startsWith("--scope=")) {
                scopeName = value;
            } else if (a.startsWith("--target=")) {
                target = value;
            } else if (a.startsWith("--results=")) {
                results = Path.of(value);
            } else if (a.startsWith("--docs=")) {
                docs = Path.of(value);
            } else if (a.equals("--report")) {
                reportOnly = true;
            } else {
                System.err.println("bench: unknown argument " + a + "; use --scope=quick|full --target=cpu|gpu "
                        + "[--results=DIR] [--docs=DIR] [--report]");
                System.exit(2);
            }
        }
        String command = "./mass bench --scope " + scopeName + " --target " + target;
        if (!reportOnly) {
            Scope scope;
            try {
                scope = Scope.named(scopeName);
                if (!target.equals("cpu") && !target.equals("gpu")) {
                    throw new IllegalArgumentException("--target=" + target + " is not a target; use cpu or gpu");
                }
            } catch (IllegalArgumentException e) {
                System.err.println("bench: " + e.getMessage());
                System.exit(2);
                return;
            }
            run(scope, target, results.resolve(target));
        } else {
            command = "./mass bench --report";
        }
        if (ModuleLayer.boot().findModule("java.desktop").isEmpty()) {
            System.out.println("bench: this Java runtime has no java.desktop module to draw plots with; copy "
                    + results + " to a machine with a full JDK and run ./mass bench --report there");
            return;
        }
        Report.main(new String[] {results.toString(), docs.toString(), command});
    }

    private static void run(Scope scope, String target, Path out) throws IOException, InterruptedException {
        clear(out);
        long start = System.nanoTime();
        String loadBefore = loadAverage();
        JsonObject machine = machine(scope, target);
        if (target.equals("gpu")) {
            String why = Gpu.unavailableReason();
            if (why != null) {
                JsonObject status = new JsonObject();
                status.addProperty("kind", "status");
                status.addProperty("target", "gpu");
                status.addProperty("message", "no GPU: " + why);
                write(out.resolve("status.json"), status);
                System.out.println("bench: no GPU: " + why + "; the GPU benchmarks are skipped");
                return;
            }
        }
        List<String> failed = new ArrayList<>();
        for (Plan.Run r : Plan.runs(scope, target, out)) {
            System.out.println("bench: " + r.name());
            try {
                new Runner(r.options()).run();
                anonymise(Path.of(r.options().getResult().get()));
            } catch (RunnerException e) {
                failed.add(r.name() + ": " + e.getMessage());
            }
        }
        if (target.equals("cpu")) {
            subprocess(List.of("-Xmx" + scope.largestHeap()), "org.colony.benchmarks.cpu.LargestCpuSize",
                    List.of("--json=" + out.resolve("largest.json")));
            subprocess(List.of("-Xmx4g"), "org.colony.benchmarks.cpu.CpuStepProfiles",
                    List.of("--json=" + out.resolve("profile.json")));
        } else {
            long ram = ((OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean())
                    .getTotalMemorySize();
            List<String> gpuArgs = new ArrayList<>(scope.gpuBenchmarkArgs());
            gpuArgs.add("--json=" + out.resolve("gpu-benchmark.json"));
            subprocess(List.of("--enable-native-access=ALL-UNNAMED", "-Xmx" + (ram * 3 / 4 >> 30) + "g"),
                    "org.colony.benchmarks.cuda.GpuBenchmark", gpuArgs);
        }
        if (!failed.isEmpty()) {
            JsonObject status = new JsonObject();
            status.addProperty("kind", "status");
            status.addProperty("target", target);
            status.addProperty("message", "JMH runs that failed: " + String.join("; ", failed));
            write(out.resolve("status.json"), status);
        }
        machine.addProperty("duration", String.format(Locale.ROOT, "%.1f min", (System.nanoTime() - start) / 6e10));
        machine.addProperty("load", loadBefore + " at start, " + loadAverage() + " at end");
        write(out.resolve("machine.json"), machine);
    }

    private static JsonObject machine(Scope scope, String target) {
        JsonObject m = new JsonObject();
        m.addProperty("kind", "machine");
        m.addProperty("target", target);
        m.addProperty("scope", scope.name());
        m.addProperty("date", DateTimeFormatter.ISO_LOCAL_DATE.format(Instant.now().atZone(ZoneOffset.UTC)));
        m.addProperty("cpu", cpuModel());
        m.addProperty("cores", Integer.toString(Runtime.getRuntime().availableProcessors()));
        long ram = ((OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean())
                .getTotalMemorySize();
        m.addProperty("memory", String.format(Locale.ROOT, "%.0f GiB", ram / (double) (1L << 30)));
        m.addProperty("java", System.getProperty("java.vm.name") + " " + Runtime.version());
        if (target.equals("gpu") && Gpu.unavailableReason() == null) {
            int count = Gpu.count();
            m.addProperty("gpu", (count > 1 ? count + " x " : "") + CudaDevices.describe(0));
        }
        return m;
    }

    private static String cpuModel() {
        try (Stream<String> lines = Files.lines(Path.of("/proc/cpuinfo"))) {
            return lines.filter(l -> l.startsWith("model name")).map(l -> l.substring(l.indexOf(':') + 1).trim())
                    .findFirst().orElse(System.getProperty("os.arch"));
        } catch (IOException | RuntimeException e) {
            return System.getProperty("os.arch");
        }
    }

    private static String loadAverage() {
        double load = ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage();
        return load < 0 ? "-" : String.format(Locale.ROOT, "%.2f", load);
    }

    private static void subprocess(List<String> jvm, String main, List<String> args)
            throws IOException, InterruptedException {
        List<String> cmd = new ArrayList<>();
        cmd.add(ProcessHandle.current().info().command().orElse("java"));
        if (ModuleLayer.boot().findModule("jdk.incubator.vector").isPresent()) {
            cmd.addAll(List.of("--add-modules", "jdk.incubator.vector")); // the vector forms of the CPU kernels
        }
        cmd.addAll(jvm);
        cmd.add("-cp");
        cmd.add(System.getProperty("java.class.path"));
        cmd.add(main);
        cmd.addAll(args);
        System.out.println("bench: " + main.substring(main.lastIndexOf('.') + 1));
        int rc = new ProcessBuilder(cmd).inheritIO().start().waitFor();
        if (rc != 0) {
            System.out.println("bench: " + main + " exited with status " + rc);
        }
    }

    /**
     * Replaces the path of the Java binary that JMH records in each result ({@code "jvm"}) by its file name:
     * result files are committed, and a machine's paths are no part of a result ({@code jdkVersion} and
     * {@code vmName} stay).
     */
    static void anonymise(Path jmhResult) throws IOException {
        if (!Files.exists(jmhResult)) {
            return;
        }
        JsonElement doc = JsonParser.parseString(Files.readString(jmhResult));
        for (JsonElement e : doc.getAsJsonArray()) {
            JsonObject o = e.getAsJsonObject();
            if (o.has("jvm")) {
                o.addProperty("jvm", Path.of(o.get("jvm").getAsString()).getFileName().toString());
            }
        }
        Files.writeString(jmhResult, new GsonBuilder().setPrettyPrinting().create().toJson(doc) + "\n");
    }

    private static void clear(Path folder) throws IOException {
        if (Files.isDirectory(folder)) {
            try (Stream<Path> s = Files.walk(folder)) {
                for (Path p : s.sorted(Comparator.reverseOrder()).toList()) {
                    Files.delete(p);
                }
            }
        }
        Files.createDirectories(folder);
    }

    private static void write(Path file, JsonObject doc) {
        ResultFile.write(file, doc);
    }
}
