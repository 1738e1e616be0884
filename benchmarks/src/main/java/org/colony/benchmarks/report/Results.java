package org.colony.benchmarks.report;

import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/**
 * Everything a report is made from: the JSON files under a results folder (any depth), whichever machine
 * wrote them. Each file is one of JMH's result format, or an object whose {@code kind} is {@code machine}
 * (where and how a run was made), {@code largest} (the largest sizes that ran), {@code gpu-benchmark}
 * ({@code GpuBenchmark}'s table), {@code profile} (the runtime's per-step profile of each model) or
 * {@code status} (a part that was skipped, and why).
 */
public final class Results {

    /** A row of the largest-size search. */
    public record Largest(String model, String implementation, int size, double heapGiB, double bytesPerPlace,
            double initMs, double stepMs, String note) {
    }

    /** A step's share of a model's time, from the runtime's profile. */
    public record ProfileRow(String model, int size, int threads, String step, long calls, double meanMs,
            double share) {
    }

    /**
     * One run of a model over MPI ranks against its reference in one process, from the same session of
     * {@code scripts/gpu-mpi.sh}: ms per step of each and whether their checksums are equal.
     */
    public record MpiRow(String group, String what, String ranks, double ms, String reference, double referenceMs,
            boolean sameChecksum, String machine) {
    }

    /** A row of {@code ScalingBenchmark}: one grid on some GPUs of one machine, and its speed-up over one GPU. */
    public record ScalingRow(String what, String size, int devices, double ms, double speedup, String note,
            String machine) {
    }

    /** A row of {@code GpuBenchmark}: Colony's kernel against the hand-written one. */
    public record GpuRow(String what, int size, double colonyMs, double referenceMs, String note) {
    }

    private final List<Measurement> measurements = new ArrayList<>();
    private final Map<String, Map<String, String>> machines = new LinkedHashMap<>();
    private final List<Largest> largest = new ArrayList<>();
    private final List<GpuRow> gpuRows = new ArrayList<>();
    private final List<ScalingRow> scalingRows = new ArrayList<>();
    private final List<MpiRow> mpiRows = new ArrayList<>();
    private final List<ProfileRow> profile = new ArrayList<>();
    private final Map<String, String> gpuDevices = new LinkedHashMap<>();
    private final List<String> statuses = new ArrayList<>();

    /** Reads every {@code .json} file under {@code folder}, in name order. */
    public static Results read(Path folder) throws IOException {
        Results r = new Results();
        if (!Files.isDirectory(folder)) {
            return r;
        }
        List<Path> files;
        try (Stream<Path> s = Files.walk(folder)) {
            files = s.filter(p -> p.toString().endsWith(".json")).sorted().toList();
        }
        for (Path f : files) {
            r.add(f.getFileName().toString(), JsonParser.parseString(Files.readString(f)));
        }
        return r;
    }

    /**
     * Adds one parsed file.
     *
     * @throws IllegalArgumentException naming the file when it is none of the known formats
     */
    public void add(String file, JsonElement doc) {
        if (JmhResults.isJmh(doc)) {
            measurements.addAll(JmhResults.parse(doc));
            return;
        }
        if (!doc.isJsonObject() || !doc.getAsJsonObject().has("kind")) {
            throw new IllegalArgumentException(file + " is neither a JMH result file nor a Colony result file "
                    + "(an object with a \"kind\")");
        }
        JsonObject o = doc.getAsJsonObject();
        String kind = o.get("kind").getAsString();
        switch (kind) {
            case "machine" -> {
                Map<String, String> m = new LinkedHashMap<>();
                for (var e : o.entrySet()) {
                    if (!e.getKey().equals("kind")) {
                        m.put(e.getKey(), e.getValue().getAsString());
                    }
                }
                machines.put(m.getOrDefault("target", file), m);
            }
            case "largest" -> {
                for (JsonElement e : o.getAsJsonArray("rows")) {
                    JsonObject row = e.getAsJsonObject();
                    largest.add(new Largest(row.get("model").getAsString(), row.get("implementation").getAsString(),
                            row.get("size").getAsInt(), row.get("heapGiB").getAsDouble(),
                            row.get("bytesPerPlace").getAsDouble(), row.get("initMs").getAsDouble(),
                            row.get("stepMs").getAsDouble(), text(row, "note")));
                }
            }
            case "gpu-benchmark" -> {
                gpuDevices.put(file, text(o, "device"));
                for (JsonElement e : o.getAsJsonArray("rows")) {
                    JsonObject row = e.getAsJsonObject();
                    gpuRows.add(new GpuRow(row.get("what").getAsString(), row.get("size").getAsInt(),
                            row.get("colonyMs").getAsDouble(), row.get("referenceMs").getAsDouble(), text(row, "note")));
                }
            }
            case "scaling" -> {
                for (JsonElement e : o.getAsJsonArray("rows")) {
                    JsonObject row = e.getAsJsonObject();
                    scalingRows.add(new ScalingRow(row.get("what").getAsString(), row.get("size").getAsString(),
                            row.get("devices").getAsInt(), row.get("ms").getAsDouble(),
                            !row.has("speedup") || row.get("speedup").isJsonNull() ? Double.NaN : row.get("speedup").getAsDouble(),
                            text(row, "note"), text(o, "machine")));
                }
            }
            case "mpi" -> {
                for (JsonElement e : o.getAsJsonArray("rows")) {
                    JsonObject row = e.getAsJsonObject();
                    mpiRows.add(new MpiRow(text(row, "group"), row.get("what").getAsString(), text(row, "ranks"),
                            row.get("ms").getAsDouble(), text(row, "reference"), row.get("referenceMs").getAsDouble(),
                            row.get("sameChecksum").getAsBoolean(), text(o, "machine")));
                }
            }
            case "profile" -> {
                for (JsonElement e : o.getAsJsonArray("rows")) {
                    JsonObject row = e.getAsJsonObject();
                    profile.add(new ProfileRow(row.get("model").getAsString(), row.get("size").getAsInt(),
                            row.get("threads").getAsInt(), row.get("step").getAsString(), row.get("calls").getAsLong(),
                            row.get("meanMs").getAsDouble(), row.get("share").getAsDouble()));
                }
            }
            case "status" -> statuses.add(text(o, "target") + ": " + text(o, "message"));
            default -> throw new IllegalArgumentException(file + " has kind \"" + kind + "\"; known kinds: machine, "
                    + "largest, profile, gpu-benchmark, scaling, mpi, status");
        }
    }

    private static String text(JsonObject o, String name) {
        return o.has(name) && !o.get(name).isJsonNull() ? o.get(name).getAsString() : "";
    }

    /** The JMH measurements. */
    public List<Measurement> measurements() {
        return measurements;
    }

    /** Where each target ran: target to name/value pairs. */
    public Map<String, Map<String, String>> machines() {
        return machines;
    }

    /** The largest sizes that ran. */
    public List<Largest> largest() {
        return largest;
    }

    /** {@code GpuBenchmark}'s rows. */
    public List<GpuRow> gpuRows() {
        return gpuRows;
    }

    /** {@code ScalingBenchmark}'s rows. */
    public List<ScalingRow> scalingRows() {
        return scalingRows;
    }

    /** The runs over MPI ranks, in file order. */
    public List<MpiRow> mpiRows() {
        return mpiRows;
    }

    /** The per-step profile rows. */
    public List<ProfileRow> profile() {
        return profile;
    }

    /** The GPU each {@code GpuBenchmark} file was measured on. */
    public Map<String, String> gpuDevices() {
        return gpuDevices;
    }

    /** Parts that were skipped, with why. */
    public List<String> statuses() {
        return statuses;
    }
}
