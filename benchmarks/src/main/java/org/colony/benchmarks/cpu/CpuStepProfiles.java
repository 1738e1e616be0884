package org.colony.benchmarks.cpu;

import com.google.gson.GsonBuilder;
import com.google.gson.JsonArray;
import com.google.gson.JsonObject;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.colony.examples.heat.Heat2D;
import org.colony.examples.life.GameOfLife;
import org.colony.examples.sugarscape.SugarScape;
import org.colony.runtime.Config;
import org.colony.runtime.Simulation;
import org.colony.runtime.profile.StepProfile;

/**
 * Where the CPU backend's time goes in each benchmark model, from the runtime's own profile
 * ({@link Simulation#startProfile()}, what {@code ./mass run --profile} prints), at the sizes of the MASON
 * target and all processors' threads:
 *
 * <pre>java -cp benchmarks.jar org.colony.benchmarks.cpu.CpuStepProfiles [--json=FILE]</pre>
 *
 * Each model first runs untimed so the JIT has compiled its kernels; SugarScape is then profiled on a
 * fresh landscape, over the first ticks, as its JMH benchmark measures.
 */
public final class CpuStepProfiles {

    private CpuStepProfiles() {
    }

    /** Profiles the three models and prints (and with {@code --json=FILE} writes) one row per step. */
    public static void main(String[] args) throws IOException {
        int threads = Runtime.getRuntime().availableProcessors();
        Config config = Config.defaults().withBackend("cpu").withThreads(threads);
        JsonArray rows = new JsonArray();
        try (Simulation sim = Simulation.create(config)) {
            Heat2D m = new Heat2D(sim, 2048, Integer.MAX_VALUE);
            for (int t = 0; t < 200; t++) {
                m.tick();
            }
            sim.startProfile();
            for (int t = 0; t < 200; t++) {
                m.tick();
            }
            add(rows, "heat2d", 2048, threads, sim.stopProfile());
        }
        try (Simulation sim = Simulation.create(config)) {
            GameOfLife m = new GameOfLife(sim, 2048);
            for (int t = 0; t < 100; t++) {
                m.tick();
            }
            sim.startProfile();
            for (int t = 0; t < 100; t++) {
                m.tick();
            }
            add(rows, "gameoflife", 2048, threads, sim.stopProfile());
        }
        try (Simulation warm = Simulation.create(config)) {
            SugarScape m = new SugarScape(warm, 1000);
            for (int t = 0; t < 30; t++) {
                m.tick();
            }
        }
        try (Simulation sim = Simulation.create(config)) {
            SugarScape m = new SugarScape(sim, 1000);
            sim.startProfile();
            for (int t = 0; t < 10; t++) {
                m.tick();
            }
            add(rows, "sugarscape", 1000, threads, sim.stopProfile());
        }
        JsonObject doc = new JsonObject();
        doc.addProperty("kind", "profile");
        doc.add("rows", rows);
        String text = new GsonBuilder().setPrettyPrinting().create().toJson(doc);
        System.out.println(text);
        for (String a : args) {
            if (a.startsWith("--json=")) {
                Path file = Path.of(a.substring("--json=".length()));
                Files.createDirectories(file.toAbsolutePath().getParent());
                Files.writeString(file, text + "\n");
            }
        }
    }

    private static void add(JsonArray rows, String model, int size, int threads, StepProfile profile) {
        long total = profile.entries().stream().mapToLong(StepProfile.Entry::wallNanos).sum();
        for (StepProfile.Entry e : profile.entries()) {
            JsonObject row = new JsonObject();
            row.addProperty("model", model);
            row.addProperty("size", size);
            row.addProperty("threads", threads);
            row.addProperty("step", e.name());
            row.addProperty("calls", e.calls());
            row.addProperty("meanMs", e.meanNanos() / 1e6);
            row.addProperty("share", total == 0 ? 0 : e.wallNanos() / (double) total);
            rows.add(row);
        }
    }
}
