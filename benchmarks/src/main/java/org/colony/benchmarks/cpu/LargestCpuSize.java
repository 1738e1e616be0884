package org.colony.benchmarks.cpu;

import com.google.gson.GsonBuilder;
import com.google.gson.JsonArray;
import com.google.gson.JsonObject;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.IntFunction;
import java.util.function.LongSupplier;
import org.colony.ColonyException;
import org.colony.benchmarks.mason.MasonGameOfLife;
import org.colony.benchmarks.mason.MasonHeat2D;
import org.colony.benchmarks.mason.MasonSugarScape;
import org.colony.examples.heat.Heat2D;
import org.colony.examples.life.GameOfLife;
import org.colony.examples.sugarscape.SugarScape;
import org.colony.runtime.Config;
import org.colony.runtime.Simulation;

/**
 * Finds the largest square grid of each model that Colony's CPU backend and MASON can create and step in
 * this JVM's heap ({@code -Xmx}), and times its creation and two steps:
 *
 * <pre>java -Xmx2g -cp benchmarks.jar org.colony.benchmarks.cpu.LargestCpuSize [--json=FILE] [models...]</pre>
 *
 * The search measures the memory per place at 512² (as Colony counts it; for MASON from the heap), estimates
 * the side that fills 90% of the free heap, and shrinks it by 7% until the model is created and steps, so
 * the size found is within about 7% of the largest. Colony refuses a size that does not fit before it
 * allocates ({@link ColonyException}); MASON runs out of memory.
 */
public final class LargestCpuSize {

    /** One model on one implementation: creates it at a side and runs one step; closes. */
    private interface Instance extends AutoCloseable {
        void step();

        /** Bytes the model holds, or -1 where only the heap can tell. */
        long bytes();

        @Override
        void close();
    }

    private LargestCpuSize() {
    }

    /** Runs the search and prints (and with {@code --json=FILE} writes) one row per model and implementation. */
    public static void main(String[] args) throws IOException {
        Path json = null;
        List<String> models = new ArrayList<>();
        for (String a : args) {
            if (a.startsWith("--json=")) {
                json = Path.of(a.substring("--json=".length()));
            } else {
                models.add(a);
            }
        }
        if (models.isEmpty()) {
            models = List.of("heat2d", "gameoflife", "sugarscape");
        }
        JsonArray rows = new JsonArray();
        for (String model : models) {
            for (String impl : new String[] {"colony-cpu", "mason"}) {
                JsonObject row = search(model, impl, factory(model, impl));
                System.out.println(row);
                rows.add(row);
            }
        }
        if (json != null) {
            JsonObject doc = new JsonObject();
            doc.addProperty("kind", "largest");
            doc.add("rows", rows);
            Files.createDirectories(json.toAbsolutePath().getParent());
            Files.writeString(json, new GsonBuilder().setPrettyPrinting().create().toJson(doc));
        }
    }

    private static IntFunction<Instance> factory(String model, String impl) {
        boolean colony = impl.equals("colony-cpu");
        int threads = Runtime.getRuntime().availableProcessors();
        return switch (model) {
            case "heat2d" -> colony ? n -> {
                Simulation sim = Simulation.create(Config.defaults().withBackend("cpu").withThreads(threads));
                try {
                    Heat2D m = new Heat2D(sim, n, 2700);
                    return colonyInstance(sim, m::tick, () -> m.plate().memoryBytes());
                } catch (RuntimeException | OutOfMemoryError e) {
                    sim.close();
                    throw e;
                }
            } : n -> {
                MasonHeat2D m = new MasonHeat2D(n, 2700, 1);
                m.start();
                return masonInstance(m::tick, m::finish);
            };
            case "gameoflife" -> colony ? n -> {
                Simulation sim = Simulation.create(Config.defaults().withBackend("cpu").withThreads(threads));
                try {
                    GameOfLife m = new GameOfLife(sim, n);
                    return colonyInstance(sim, m::tick, () -> m.board().memoryBytes());
                } catch (RuntimeException | OutOfMemoryError e) {
                    sim.close();
                    throw e;
                }
            } : n -> {
                MasonGameOfLife m = new MasonGameOfLife(n, 42L, 1);
                m.start();
                return masonInstance(m::tick, m::finish);
            };
            case "sugarscape" -> colony ? n -> {
                Simulation sim = Simulation.create(Config.defaults().withBackend("cpu").withThreads(threads));
                try {
                    SugarScape m = new SugarScape(sim, n);
                    return colonyInstance(sim, m::tick, () -> m.land().memoryBytes() + m.ants().memoryBytes());
                } catch (RuntimeException | OutOfMemoryError e) {
                    sim.close();
                    throw e;
                }
            } : n -> {
                MasonSugarScape m = new MasonSugarScape(n, 42L);
                m.start();
                return masonInstance(m::tick, m::finish);
            };
            default -> throw new IllegalArgumentException("unknown model " + model + "; models: heat2d, gameoflife, "
                    + "sugarscape");
        };
    }

    private static Instance colonyInstance(Simulation sim, Runnable tick, LongSupplier bytes) {
        return new Instance() {
            @Override
            public void step() {
                tick.run();
            }

            @Override
            public long bytes() {
                return bytes.getAsLong();
            }

            @Override
            public void close() {
                sim.close();
            }
        };
    }

    private static Instance masonInstance(Runnable tick, Runnable finish) {
        return new Instance() {
            @Override
            public void step() {
                tick.run();
            }

            @Override
            public long bytes() {
                return -1;
            }

            @Override
            public void close() {
                finish.run();
            }
        };
    }

    private static long usedHeap() {
        Runtime rt = Runtime.getRuntime();
        for (int i = 0; i < 3; i++) {
            System.gc();
        }
        return rt.totalMemory() - rt.freeMemory();
    }

    private static JsonObject search(String model, String impl, IntFunction<Instance> create) {
        int probe = 512;
        long before = usedHeap();
        double perPlace;
        try (Instance small = create.apply(probe)) {
            small.step();
            long held = small.bytes();
            perPlace = (held > 0 ? held : usedHeap() - before) / (double) probe / probe;
        }
        long free = Runtime.getRuntime().maxMemory() - usedHeap();
        int n = (int) Math.sqrt(0.9 * free / Math.max(1.0, perPlace));
        String note = "";
        while (n > probe) {
            Instance big = null;
            try {
                long t0 = System.nanoTime();
                big = create.apply(n);
                double initMs = (System.nanoTime() - t0) / 1e6;
                big.step();
                long t1 = System.nanoTime();
                big.step();
                double stepMs = (System.nanoTime() - t1) / 1e6;
                long held = big.bytes();
                double bytes = held > 0 ? held / (double) n / n : perPlace;
                JsonObject row = new JsonObject();
                row.addProperty("model", model);
                row.addProperty("implementation", impl);
                row.addProperty("size", n);
                row.addProperty("heapGiB", Runtime.getRuntime().maxMemory() / (double) (1L << 30));
                row.addProperty("bytesPerPlace", bytes);
                row.addProperty("initMs", initMs);
                row.addProperty("stepMs", stepMs);
                row.addProperty("note", note.isEmpty() ? (held > 0 ? "bytes as Colony counts them"
                        : "bytes estimated from the heap at 512²") : note);
                return row;
            } catch (ColonyException | OutOfMemoryError e) {
                note = String.format(Locale.ROOT, "%d² did not fit (%s)", n, e instanceof OutOfMemoryError
                        ? "out of memory" : "refused before allocating");
                n = (int) (n * 0.93);
            } finally {
                if (big != null) {
                    big.close();
                }
            }
        }
        JsonObject row = new JsonObject();
        row.addProperty("model", model);
        row.addProperty("implementation", impl);
        row.addProperty("size", 0);
        row.addProperty("heapGiB", Runtime.getRuntime().maxMemory() / (double) (1L << 30));
        row.addProperty("bytesPerPlace", perPlace);
        row.addProperty("initMs", Double.NaN);
        row.addProperty("stepMs", Double.NaN);
        row.addProperty("note", "nothing above 512² fit");
        return row;
    }
}
