package org.colony.benchmarks.cuda;

import com.google.gson.JsonArray;
import com.google.gson.JsonNull;
import com.google.gson.JsonObject;
import java.nio.file.Path;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import org.colony.ColonyException;
import org.colony.benchmarks.report.ResultFile;
import org.colony.cuda.CudaDevices;
import org.colony.examples.life.LifeCell;
import org.colony.examples.sugarscape.SugarScape;
import org.colony.runtime.Config;
import org.colony.runtime.Places;
import org.colony.runtime.Simulation;
import org.colony.runtime.grid.Grid;

/**
 * Scaling of one grid over the GPUs of one host, each configuration timed in the same run: strong scaling
 * (the same grid on 1 and N GPUs), weak scaling (the same cells per GPU), the largest grid that runs, and a
 * bit-identity check of the final states. Per-step times are wall-clock over many steps, after waiting for
 * every device, so they include the halo exchanges.
 *
 * <pre>java -cp ... org.colony.benchmarks.cuda.ScalingBenchmark [--devices=N] [--largest | --largest-only | --probe
 *     | --sugarscape-only] [sizes...]</pre>
 */
public final class ScalingBenchmark {

    private record Row(String what, String size, int devices, double ms, double speedup, String note) {
    }

    private final List<Row> rows = new ArrayList<>();

    private ScalingBenchmark() {
    }

    /** Runs the benchmarks. */
    public static void main(String[] args) {
        int devices = 2;
        boolean largest = false;
        List<Integer> sizes = new ArrayList<>();
        for (String a : args) {
            if (a.startsWith("--devices=")) {
                devices = Integer.parseInt(a.substring("--devices=".length()));
            } else if (a.equals("--probe") || a.equals("--largest-only") || a.equals("--sugarscape-only")
                    || a.startsWith("--json=")) {
                continue;
            } else if (a.equals("--largest")) {
                largest = true;
            } else {
                sizes.add(Integer.parseInt(a));
            }
        }
        if (sizes.isEmpty()) {
            sizes = List.of(16384, 32768);
        }
        ScalingBenchmark b = new ScalingBenchmark();
        if (Arrays.asList(args).contains("--probe")) {
            probe(devices);
            return;
        }
        boolean only = Arrays.asList(args).contains("--largest-only");
        boolean sugarOnly = Arrays.asList(args).contains("--sugarscape-only");
        if (!only && !sugarOnly) {
            b.identical(devices);
            for (int n : sizes) {
                b.strong(n, devices);
            }
            b.weak(16384, devices);
        }
        if (!only) {
            b.sugarScape(6000, devices);
        }
        if (largest || only) {
            b.largest(1);
            b.largest(devices);
        }
        for (String a : args) {
            if (a.startsWith("--json=")) {
                b.writeJson(Path.of(a.substring("--json=".length())), devices);
            }
        }
        System.out.println();
        System.out.println("what                                   size            GPUs     ms/step  speedup  note");
        for (Row r : b.rows) {
            System.out.println(String.format(Locale.ROOT, "%-38s %-15s %4d %11.4f %8s  %s", r.what(), r.size(),
                    r.devices(), r.ms(), Double.isNaN(r.speedup()) ? "-" : String.format(Locale.ROOT, "%.3f", r.speedup()),
                    r.note()));
        }
    }

    /**
     * Where the time of a partitioned step goes: for GameOfLife 8192^2, the host's time to issue a step (no
     * waiting) and the time per step with a wait after each, on one GPU, two partitions on one GPU, and N GPUs.
     */
    private static void probe(int devices) {
        String[][] configs = {{"--devices=1"}, {"--partitions=2"}, {"--devices=" + devices}};
        for (String[] c : configs) {
            String[] args = {"--backend=cuda", c[0]};
            try (Simulation sim = Simulation.create(Config.fromArgs(args))) {
                int n = 8192;
                Places<LifeCell> board = sim.places(LifeCell.class,
                        Grid.of(n, n));
                board.callAll(LifeCell::seed, 0.5);
                Runnable sync = () -> {
                    board.get(0);
                    board.get((long) n * n - 1);
                };
                for (int i = 0; i < 50; i++) {
                    board.callAll(LifeCell::update);
                }
                sync.run();
                int reps = 200;
                long t0 = System.nanoTime();
                for (int i = 0; i < reps; i++) {
                    board.callAll(LifeCell::update);
                }
                long issued = System.nanoTime();
                sync.run();
                long t1 = System.nanoTime();
                for (int i = 0; i < reps; i++) {
                    board.callAll(LifeCell::update);
                    sync.run();
                }
                long t2 = System.nanoTime();
                System.out.println(String.format(Locale.ROOT,
                        "probe %-14s issue %8.1f us/step, issue+wait %8.1f us/step, waited each %8.1f us/step", c[0],
                        (issued - t0) / 1e3 / reps, (t1 - t0) / 1e3 / reps, (t2 - t1) / 1e3 / reps));
            }
        }
    }

    /** Writes the rows as a {@code scaling} result file for {@code ./mass bench --report}. */
    private void writeJson(Path file, int devices) {
        JsonObject doc = new JsonObject();
        doc.addProperty("kind", "scaling");
        String machine = CudaDevices.count() + " x " + CudaDevices.describe(0);
        doc.addProperty("machine", machine);
        doc.addProperty("date", LocalDate.now().toString());
        JsonArray list = new JsonArray();
        for (Row r : rows) {
            JsonObject o = new JsonObject();
            o.addProperty("what", r.what());
            o.addProperty("size", r.size());
            o.addProperty("devices", r.devices());
            o.addProperty("ms", r.ms());
            if (Double.isNaN(r.speedup())) {
                o.add("speedup", JsonNull.INSTANCE);
            } else {
                o.addProperty("speedup", r.speedup());
            }
            o.addProperty("note", r.note());
            list.add(o);
        }
        doc.add("rows", list);
        ResultFile.write(file, doc);
    }

    static Simulation cuda(int devices) {
        return Simulation.create(Config.defaults().withBackend("cuda").withDevices(devices).withSeed(42));
    }

    /** Milliseconds per diffusion step of a float plate nx x ny on {@code devices} GPUs. */
    private double heatStep(int nx, int ny, int devices) {
        try (Simulation sim = cuda(devices)) {
            Places<HeatCellF> plate = sim.places(HeatCellF.class, Grid.of(nx, ny));
            Runnable sync = () -> {
                plate.get(0);
                plate.get((long) nx * ny - 1);
            };
            long cells = (long) nx * ny;
            int reps = (int) Math.max(20, Math.min(400, 40_000_000_000L / cells));
            for (int i = 0; i < reps / 4 + 5; i++) {
                plate.callAll(HeatCellF::diffuse, 0.25f);
            }
            sync.run();
            double best = Double.MAX_VALUE;
            for (int round = 0; round < 3; round++) {
                long t0 = System.nanoTime();
                for (int i = 0; i < reps; i++) {
                    plate.callAll(HeatCellF::diffuse, 0.25f);
                }
                sync.run();
                best = Math.min(best, (System.nanoTime() - t0) / 1e6 / reps);
            }
            return best;
        }
    }

    private void strong(int n, int devices) {
        double one = heatStep(n, n, 1);
        rows.add(new Row("strong: heat2d float diffuse", n + "^2", 1, one, 1.0, ""));
        for (int d = 2; d <= devices; d *= 2) {
            double many = heatStep(n, n, d);
            rows.add(new Row("strong: heat2d float diffuse", n + "^2", d, many, one / many, ""));
        }
        System.out.println(rows.getLast());
    }

    private void weak(int n, int devices) {
        double one = heatStep(n, n, 1);
        rows.add(new Row("weak: heat2d float diffuse", n + "x" + n, 1, one, 1.0, "efficiency 1.000"));
        for (int d = 2; d <= devices; d *= 2) {
            double many = heatStep(n, n * d, d);
            rows.add(new Row("weak: heat2d float diffuse", n + "x" + (n * d), d, many, one / many,
                    String.format(Locale.ROOT, "efficiency %.3f", one / many)));
        }
        System.out.println(rows.getLast());
    }

    /**
     * Strong scaling of an agent model: SugarScape n x n on one GPU, on two partitions of that GPU (what the
     * partitions' bookkeeping costs when nothing runs side by side) and on N GPUs. Each runs the same ticks from the
     * same seed: 20 to warm up, then 200 timed, with a wait for every device at both ends; the final landscapes and
     * ants are compared by checksum.
     */
    private void sugarScape(int n, int devices) {
        String what = "strong: sugarscape tick";
        Config base = Config.defaults().withBackend("cuda").withSeed(42);
        Config[] configs = {base.withDevices(1), base.withDevices(1).withPartitions(2), base.withDevices(devices)};
        String[] labels = {"", "2 partitions on 1 GPU", ""};
        int[] gpus = {1, 1, devices};
        double one = 0;
        String reference = null;
        for (int c = 0; c < configs.length; c++) {
            if (c == 2 && devices < 2) {
                break;
            }
            try (Simulation sim = Simulation.create(configs[c])) {
                SugarScape model = new SugarScape(sim, n);
                int warm = 20;
                int reps = 200;
                for (int i = 0; i < warm; i++) {
                    model.tick();
                }
                sim.synchronize();
                long t0 = System.nanoTime();
                for (int i = 0; i < reps; i++) {
                    model.tick();
                }
                sim.synchronize();
                double ms = (System.nanoTime() - t0) / 1e6 / reps;
                String sum = model.land().checksum() + " " + model.ants().checksum();
                if (c == 0) {
                    one = ms;
                    reference = sum;
                }
                String same = sum.equals(reference) ? "same final state" : "FAIL: final state differs from 1 GPU";
                rows.add(new Row(what, n + "^2", gpus[c], ms, one / ms,
                        (labels[c].isEmpty() ? "" : labels[c] + "; ") + same + " (ticks " + warm + "-" + (warm + reps)
                                + ")"));
                System.out.println(rows.getLast());
            }
        }
    }

    /** The final plate of 200 diffusion steps from a pattern, on the CPU, one GPU and N GPUs, compared bit for bit. */
    private void identical(int devices) {
        int n = 2048;
        float[][] out = new float[3][];
        String[] backends = {"cpu", "cuda", "cuda"};
        int[] counts = {1, 1, devices};
        for (int i = 0; i < 3; i++) {
            Config c = Config.defaults().withBackend(backends[i]).withDevices(counts[i]).withSeed(42);
            try (Simulation sim = Simulation.create(c)) {
                Places<HeatCellF> plate = sim.places(HeatCellF.class, Grid.of(n, n));
                float[] start = new float[n * n];
                for (int k = 0; k < start.length; k++) {
                    start[k] = (k * 2654435761L % 1000) / 10f;
                }
                plate.set("temp", start);
                for (int t = 0; t < 200; t++) {
                    plate.callAll(HeatCellF::diffuse, 0.25f);
                }
                out[i] = plate.getFloat("temp");
            }
        }
        boolean gpu = Arrays.equals(out[0], out[1]);
        boolean multi = Arrays.equals(out[0], out[2]);
        rows.add(new Row("identical: cpu / 1 GPU / " + devices + " GPUs", n + "^2", devices, 0, Double.NaN,
                (gpu && multi ? "PASS" : "FAIL") + " (1 GPU " + (gpu ? "=" : "!=") + " cpu, " + devices + " GPUs "
                        + (multi ? "=" : "!=") + " cpu, 200 steps)"));
        System.out.println(rows.getLast());
    }

    /** The largest square float plate that runs on {@code devices} GPUs, with its time per diffusion step. */
    private void largest(int devices) {
        long free = CudaDevices.freeMemory(0);
        int n = (int) Math.min(Integer.MAX_VALUE - 64, Math.sqrt(devices * (double) free / 8)) / 1024 * 1024;
        try (Simulation sim = cuda(devices)) {
            while (true) {
                try {
                    Places<HeatCellF> plate = sim.places(HeatCellF.class, Grid.of(n, n));
                    plate.callAll(HeatCellF::diffuse, 0.25f);
                    plate.get(0);
                    plate.get((long) n * n - 1);
                    long t0 = System.nanoTime();
                    for (int i = 0; i < 5; i++) {
                        plate.callAll(HeatCellF::diffuse, 0.25f);
                    }
                    plate.get(0);
                    plate.get((long) n * n - 1);
                    double ms = (System.nanoTime() - t0) / 1e6 / 5;
                    rows.add(new Row("largest heat2d float diffuse", n + "^2", devices, ms, Double.NaN,
                            String.format(Locale.ROOT, "%.2f G cells", (double) n * n / 1e9)));
                    System.out.println(rows.getLast());
                    return;
                } catch (ColonyException e) {
                    if (!e.getMessage().contains("GPU memory") || n <= 1024) {
                        rows.add(new Row("largest heat2d float diffuse", "-", devices, 0, Double.NaN,
                                "failed: " + e.getMessage()));
                        return;
                    }
                    n -= 1024;
                }
            }
        }
    }
}
