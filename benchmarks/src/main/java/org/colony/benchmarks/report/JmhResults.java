package org.colony.benchmarks.report;

import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Turns JMH's JSON result format ({@code -rf json}) of the suite's model benchmarks into
 * {@link Measurement}s: the benchmark class names the model and the implementation, the method the measure;
 * scores are converted to milliseconds and single-shot batches divided by their batch size.
 */
public final class JmhResults {

    /** Benchmark class (simple name) to {model, implementation}. */
    private static final Map<String, String[]> CLASSES = Map.ofEntries(
            Map.entry("Heat2DBenchmark", new String[] {"heat2d", "colony-cpu"}),
            Map.entry("GameOfLifeBenchmark", new String[] {"gameoflife", "colony-cpu"}),
            Map.entry("SugarScapeBenchmark", new String[] {"sugarscape", "colony-cpu"}),
            Map.entry("MasonHeat2DBenchmark", new String[] {"heat2d", "mason"}),
            Map.entry("MasonGameOfLifeBenchmark", new String[] {"gameoflife", "mason"}),
            Map.entry("MasonSugarScapeBenchmark", new String[] {"sugarscape", "mason"}),
            Map.entry("StupidModelBenchmark", new String[] {"stupidmodel", "colony-cpu"}),
            Map.entry("MasonStupidModelBenchmark", new String[] {"stupidmodel", "mason"}),
            Map.entry("Heat2DCudaBenchmark", new String[] {"heat2d", "colony-cuda"}),
            Map.entry("GameOfLifeCudaBenchmark", new String[] {"gameoflife", "colony-cuda"}),
            Map.entry("SugarScapeCudaBenchmark", new String[] {"sugarscape", "colony-cuda"}));

    private JmhResults() {
    }

    /** Whether a parsed JSON document looks like JMH's result format. */
    static boolean isJmh(JsonElement doc) {
        return doc.isJsonArray() && (doc.getAsJsonArray().isEmpty()
                || doc.getAsJsonArray().get(0).isJsonObject()
                && doc.getAsJsonArray().get(0).getAsJsonObject().has("benchmark"));
    }

    /** The suite's measurements in a JMH result document; benchmarks of other classes are skipped. */
    public static List<Measurement> parse(JsonElement doc) {
        List<Measurement> out = new ArrayList<>();
        for (JsonElement e : doc.getAsJsonArray()) {
            JsonObject b = e.getAsJsonObject();
            String name = b.get("benchmark").getAsString();
            int dot = name.lastIndexOf('.');
            String method = name.substring(dot + 1);
            String cls = name.substring(name.lastIndexOf('.', dot - 1) + 1, dot);
            String[] what = CLASSES.get(cls);
            if (what == null) {
                continue;
            }
            JsonObject params = b.has("params") ? b.getAsJsonObject("params") : new JsonObject();
            JsonObject metric = b.getAsJsonObject("primaryMetric");
            double scale = toMillis(metric.get("scoreUnit").getAsString());
            int batch = b.has("measurementBatchSize") ? b.get("measurementBatchSize").getAsInt() : 1;
            double score = metric.get("score").getAsDouble() * scale / batch;
            double error = metric.has("scoreError") && !metric.get("scoreError").getAsString().equals("NaN")
                    ? metric.get("scoreError").getAsDouble() * scale / batch : Double.NaN;
            out.add(new Measurement(what[0], what[1], method, intParam(params, "size", 0),
                    intParam(params, "threads", 1), what[1].equals("colony-cuda") ? intParam(params, "devices", 1) : 0,
                    method.equals("total") ? intParam(params, "steps", 0) : 0, score, error, cls + "." + method));
        }
        return out;
    }

    private static int intParam(JsonObject params, String name, int otherwise) {
        return params.has(name) ? Integer.parseInt(params.get(name).getAsString()) : otherwise;
    }

    /** The factor from a JMH score unit ({@code ms/op}, {@code s/op}, {@code us/op}, {@code ns/op}) to ms. */
    static double toMillis(String unit) {
        return switch (unit) {
            case "s/op" -> 1e3;
            case "ms/op" -> 1;
            case "us/op" -> 1e-3;
            case "ns/op" -> 1e-6;
            default -> throw new IllegalArgumentException("JMH score unit " + unit + " is not a time per operation; "
                    + "the suite runs in AverageTime or SingleShotTime mode");
        };
    }
}
