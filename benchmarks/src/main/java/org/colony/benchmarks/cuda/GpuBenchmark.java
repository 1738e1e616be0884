package org.colony.benchmarks.cuda;

import com.google.gson.JsonArray;
import com.google.gson.JsonObject;
import java.io.IOException;
import java.lang.foreign.Arena;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.function.Consumer;
import java.util.function.Supplier;
import org.colony.ColonyException;
import org.colony.Place;
import org.colony.benchmarks.report.ResultFile;
import org.colony.cuda.CudaGraphs;
import org.colony.cuda.internal.device.CudaDevice;
import org.colony.cuda.internal.device.CudaModule;
import org.colony.cuda.internal.device.DeviceBuffer;
import org.colony.cuda.internal.launch.GpuTimer;
import org.colony.cuda.internal.launch.KernelCompiler;
import org.colony.cuda.internal.launch.KernelParams;
import org.colony.examples.heat.Heat2D;
import org.colony.examples.heat.HeatCell;
import org.colony.examples.life.LifeCell;
import org.colony.examples.sugarscape.Ant;
import org.colony.examples.sugarscape.SugarCell;
import org.colony.examples.sugarscape.SugarScape;
import org.colony.runtime.Config;
import org.colony.runtime.Places;
import org.colony.runtime.Simulation;
import org.colony.runtime.grid.Grid;

/**
 * GPU benchmarks, side by side in one run: Colony's generated kernels against hand-written
 * one-cell-per-thread CUDA kernels ({@code reference.cu}) and the device's device-to-device copy
 * bandwidth, plus whole-model steps. Prints one line per measurement and a table at the end.
 *
 * <pre>java -cp ... org.colony.benchmarks.cuda.GpuBenchmark [--largest] [--sweep] [--stupid-only] [--graph-only] [--json=FILE] [sizes...]</pre>
 *
 * {@code --json=FILE} also writes the table as a result file that {@code ./mass bench --report} reads.
 */
public final class GpuBenchmark {

    record Row(String what, int size, double colonyMs, double referenceMs, String note) {
        Row(String what, int size, Timing t, double referenceMs, String note) {
            this(what, size, t.deviceMs(), referenceMs, String.format(Locale.ROOT, "wall %.4f ms/call; ", t.wallMs()) + note);
        }
    }

    private final List<Row> rows = new ArrayList<>();
    private double copyTbs = Double.NaN;
    private boolean largest;
    private boolean agentsOnly;
    private String device = "";

    private GpuBenchmark() {
    }

    /** Runs the benchmarks. */
    public static void main(String[] args) {
        boolean largest = Arrays.asList(args).contains("--largest");
        boolean agentsOnly = Arrays.asList(args).contains("--agents-only");
        if (Arrays.asList(args).contains("--graph-only")) {
            GpuBenchmark b = new GpuBenchmark();
            b.rows.addAll(SirGpu.rows("ba:1000000:10"));
            b.rows.addAll(SirGpu.hubRows(1_000_000, 200_000));
            b.table();
            return;
        }
        if (Arrays.asList(args).contains("--stupid-only")) {
            GpuBenchmark b = new GpuBenchmark();
            try (CudaDevice device = CudaDevice.open(0)) {
                b.device = device + ", " + device.multiprocessors() + " SMs, " + device.totalMemory() / (1L << 20)
                        + " MiB";
            }
            b.rows.addAll(StupidModelGpu.rows());
            b.table();
            for (String a : args) {
                if (a.startsWith("--json=")) {
                    b.writeJson(Path.of(a.substring("--json=".length())));
                }
            }
            return;
        }
        if (Arrays.asList(args).contains("--sweep")) {
            for (int n : new int[] {3000, 9000, 16384}) {
                sweep(n);
            }
        }
        int[] sizes = Arrays.stream(args).filter(a -> !a.startsWith("--")).mapToInt(Integer::parseInt)
                .toArray();
        GpuBenchmark b = new GpuBenchmark();
        b.largest = largest;
        b.agentsOnly = agentsOnly;
        b.run(sizes.length == 0 ? new int[] {3000, 9000, 16384} : sizes);
        for (String a : args) {
            if (a.startsWith("--json=")) {
                b.writeJson(Path.of(a.substring("--json=".length())));
            }
        }
    }

    /** Writes the rows as a {@code gpu-benchmark} result file. */
    private void writeJson(Path file) {
        JsonObject doc = new JsonObject();
        doc.addProperty("kind", "gpu-benchmark");
        doc.addProperty("device", device);
        JsonArray list = new JsonArray();
        for (Row r : rows) {
            JsonObject o = new JsonObject();
            o.addProperty("what", r.what());
            o.addProperty("size", r.size());
            o.addProperty("colonyMs", r.colonyMs());
            o.addProperty("referenceMs", r.referenceMs());
            o.addProperty("note", r.note());
            list.add(o);
        }
        doc.add("rows", list);
        ResultFile.write(file, doc);
    }

    private void run(int[] sizes) {
        if (agentsOnly) {
            sugarScape(3000, 5, 30);
            sugarScapeFirstTicks(3000, 5);
            table();
            return;
        }
        try (CudaDevice device = CudaDevice.open(0)) {
            this.device = device + ", " + device.multiprocessors() + " SMs, " + device.totalMemory() / (1L << 20) + " MiB";
            System.out.println("device: " + device + ", " + device.multiprocessors() + " SMs, "
                    + device.totalMemory() / (1L << 20) + " MiB");
            KernelCompiler compiler = new KernelCompiler(device.architecture(), false);
            String src;
            try (var in = GpuBenchmark.class.getResourceAsStream("reference.cu")) {
                src = new String(in.readAllBytes());
            } catch (IOException e) {
                throw new IllegalStateException(e);
            }
            try (CudaModule ref = new CudaModule(compiler.compile(src, "reference.cu", "the reference kernels"));
                    Arena arena = Arena.ofConfined()) {
                for (int n : sizes) {
                    copy(n);
                    heatFloat(n, ref, arena);
                    heatDouble(n, ref, arena);
                    life(n, ref, arena);
                }
            }
        }
        heatModel(100, 20000, true);
        heatModel(100, 20000, false);
        heatModel(1000, 3000, true);
        heatModel(9000, 100, true);
        sugarScape(3000, 5, 30);
        sugarScape(10000, 2, 10);
        sugarScapeFirstTicks(3000, 5);
        rows.addAll(StupidModelGpu.rows());
        rows.addAll(SirGpu.rows("ba:1000000:10"));
        if (largest) {
            largestHeat();
            largestLife();
            largestSugarScape(46000, 40000, 32000, 24000);
        }
        table();
    }

    private void table() {
        System.out.println();
        System.out.println(String.format(Locale.ROOT, "%-34s %7s %12s %12s %8s  %s", "measurement", "size", "colony ms",
                "reference ms", "ratio", "note"));
        for (Row r : rows) {
            System.out.println(String.format(Locale.ROOT, "%-34s %7d %12.4f %12s %8s  %s", r.what(), r.size(),
                    r.colonyMs(), r.referenceMs() > 0 ? String.format(Locale.ROOT, "%.4f", r.referenceMs()) : "-",
                    r.referenceMs() > 0 ? String.format(Locale.ROOT, "%.2f", r.referenceMs() / r.colonyMs()) : "-",
                    r.note()));
        }
    }

    /**
     * A simulation on the GPU that runs every step at once ({@code colony.cuda.hold=1}): the kernel rows compare a
     * step's own kernel with a hand-written one, a call at a time, not held passes of several steps
     * ({@link HeldStepsBenchmark} times those).
     */
    private static Simulation oneStepAtATime() {
        String before = System.setProperty("colony.cuda.hold", "1");
        try {
            return Simulation.create(Config.defaults().withBackend("cuda"));
        } finally {
            if (before == null) {
                System.clearProperty("colony.cuda.hold");
            } else {
                System.setProperty("colony.cuda.hold", before);
            }
        }
    }

    /** Wall and device milliseconds per call of a Colony step, after warming the host path up. */
    private record Timing(double wallMs, double deviceMs) {
    }

    private static Timing time(Runnable call, Runnable sync, int reps) {
        return time(call, sync, reps, 1000, 300_000_000L);
    }

    private static Timing time(Runnable call, Runnable sync, int reps, int warmCalls, long warmNanos) {
        long warmUntil = System.nanoTime() + warmNanos;
        for (int i = 0; i < warmCalls || System.nanoTime() < warmUntil; i++) {
            call.run();
        }
        sync.run();
        try (GpuTimer.Span span = new GpuTimer.Span()) {
            long t0 = System.nanoTime();
            span.start();
            for (int i = 0; i < reps; i++) {
                call.run();
            }
            double device = span.stopMillis() / reps;
            sync.run();
            return new Timing((System.nanoTime() - t0) / 1e6 / reps, device);
        }
    }

    private static int reps(long cells) {
        return (int) Math.max(20, Math.min(2000, 2_000_000_000L / Math.max(1, cells)));
    }

    private void copy(int n) {
        long bytes = 4L * n * n;
        try (DeviceBuffer a = DeviceBuffer.zeroed(bytes); DeviceBuffer b = DeviceBuffer.zeroed(bytes)) {
            int reps = reps((long) n * n);
            GpuTimer.copy(b.pointer(), a.pointer(), bytes, 3);
            double ms = GpuTimer.copy(b.pointer(), a.pointer(), bytes, reps);
            double tbs = 2.0 * bytes / (ms * 1e-3) / 1e12;
            copyTbs = tbs;
            rows.add(new Row("d2d copy, 4 B/cell", n, ms, 0, String.format(Locale.ROOT, "%.2f TB/s read+write", tbs)));
            System.out.println(rows.getLast());
        }
    }

    /** A hand-written reference kernel's device milliseconds per call, on two zeroed n x n plates. */
    private static double reference(CudaModule ref, Arena arena, String kernel, int n, int bytesPerCell,
            Consumer<KernelParams> scalars) {
        long cells = (long) n * n;
        try (DeviceBuffer in = DeviceBuffer.zeroed(bytesPerCell * cells);
                DeviceBuffer out = DeviceBuffer.zeroed(bytesPerCell * cells)) {
            KernelParams p = new KernelParams(arena, 8, 8);
            p.begin().add(in.pointer()).add(out.pointer()).addInt(n);
            scalars.accept(p);
            long f = ref.function(kernel);
            GpuTimer.kernel(f, (n + 31) / 32, (n + 7) / 8, 32, 8, p.pointersWithoutFrame(), 3);
            return GpuTimer.kernel(f, (n + 31) / 32, (n + 7) / 8, 32, 8, p.pointersWithoutFrame(), reps(cells));
        }
    }

    /**
     * Heat2D in {@code float}: the whole tick (one call of {@link HeatCellF#tick}, heated) against the hand-written
     * tick, and the interior update alone ({@link HeatCellF#diffuse}) against the hand-written stencil.
     */
    private void heatFloat(int n, CudaModule ref, Arena arena) {
        long cells = (long) n * n;
        int reps = reps(cells);
        double tickMs = reference(ref, arena, "ref_tick_f32", n, 4, p -> p.addFloat(0.25f).addFloat(19.0f).addInt(1));
        double diffuseMs = reference(ref, arena, "ref_heat_f32", n, 4, p -> p.addFloat(0.25f));
        try (Simulation sim = oneStepAtATime()) {
            Places<HeatCellF> plate = sim.places(HeatCellF.class, Grid.of(n, n));
            Timing t = time(() -> plate.callAll(HeatCellF::tick, 0.25f, 19.0f, true), () -> plate.get(0), reps);
            rows.add(new Row("heat2d float tick", n, t, tickMs, bandwidth(plate, t)));
            System.out.println(rows.getLast());
            t = time(() -> plate.callAll(HeatCellF::diffuse, 0.25f), () -> plate.get(0), reps);
            rows.add(new Row("heat2d float diffuse only", n, t, diffuseMs, "interior update alone, not a tick; "
                    + bandwidth(plate, t)));
        }
        System.out.println(rows.getLast());
    }

    private String bandwidth(Places<HeatCellF> plate, Timing t) {
        long cells = plate.grid().cells();
        double bandwidth = 8.0 * cells / (t.deviceMs() * 1e-3) / 1e12;
        return String.format(Locale.ROOT, "%.1f B/cell device memory; %.2f TB/s = %.0f%% of copy",
                plate.memoryBytes() / (double) cells, bandwidth, 100 * bandwidth / copyTbs);
    }

    /** Heat2D's whole tick in {@code double}: one call of {@code HeatCell.tick}, heated, against the hand-written one. */
    private void heatDouble(int n, CudaModule ref, Arena arena) {
        int reps = reps((long) n * n);
        double refMs = reference(ref, arena, "ref_tick_f64", n, 8,
                p -> p.add(Double.doubleToRawLongBits(0.25)).add(Double.doubleToRawLongBits(19.0)).addInt(1));
        try (Simulation sim = oneStepAtATime()) {
            Places<HeatCell> plate = sim.places(HeatCell.class, Grid.of(n, n));
            Timing t = time(() -> plate.callAll(HeatCell::tick, 0.25, 19.0, true), () -> plate.get(0), reps);
            rows.add(new Row("heat2d double tick", n, t, refMs, ""));
        }
        System.out.println(rows.getLast());
    }

    private void life(int n, CudaModule ref, Arena arena) {
        long cells = (long) n * n;
        int reps = reps(cells);
        double refMs;
        try (DeviceBuffer in = DeviceBuffer.zeroed(cells); DeviceBuffer out = DeviceBuffer.zeroed(cells)) {
            KernelParams p = new KernelParams(arena, 8, 8);
            p.begin().add(in.pointer()).add(out.pointer()).addInt(n);
            long f = ref.function("ref_life");
            GpuTimer.kernel(f, (n + 31) / 32, (n + 7) / 8, 32, 8, p.pointersWithoutFrame(), 3);
            refMs = GpuTimer.kernel(f, (n + 31) / 32, (n + 7) / 8, 32, 8, p.pointersWithoutFrame(), reps);
        }
        try (Simulation sim = oneStepAtATime()) {
            Places<LifeCell> board = sim.places(LifeCell.class, Grid.of(n, n));
            board.callAll(LifeCell::seed, 0.5);
            Timing t = time(() -> board.callAll(LifeCell::update), () -> board.get(0), reps);
            rows.add(new Row("gameoflife update", n, t, refMs, ""));
        }
        System.out.println(rows.getLast());
    }

    /**
     * Heat2D model ticks ({@code Heat2D.tick}: one call of {@code HeatCell.tick} and {@code sim.step()});
     * {@code graphs}: as the backend runs them by default (repeated ticks replayed as CUDA graphs where
     * -Dcolony.cuda.graphs is not false), else with every kernel launched at once.
     */
    private void heatModel(int n, int steps, boolean graphs) {
        Supplier<Simulation> open = () -> Simulation.create(Config.defaults().withBackend("cuda"));
        CudaGraphs.Counts before = CudaGraphs.counts();
        try (Simulation sim = graphs ? open.get() : CudaGraphs.off(open)) {
            Heat2D m = new Heat2D(sim, n, Integer.MAX_VALUE);
            Timing t = time(m::tick, () -> m.plate().get(0), steps);
            CudaGraphs.Counts g = CudaGraphs.counts().since(before);
            rows.add(new Row(graphs ? "heat2d model tick" : "heat2d model tick, no graphs", n, t, 0,
                    "one callAll of HeatCell.tick" + (graphs ? ", " + g.replayed() + " ticks replayed as CUDA graphs"
                    : ", each kernel launched at once")));
        }
        System.out.println(rows.getLast());
    }

    private void sugarScape(int n, int warm, int steps) {
        try (Simulation sim = Simulation.create(Config.defaults().withBackend("cuda"))) {
            long t0 = System.nanoTime();
            SugarScape m = new SugarScape(sim, n);
            m.ants().size();
            double init = (System.nanoTime() - t0) / 1e6;
            for (int i = 0; i < warm; i++) {
                m.tick();
            }
            long t1 = System.nanoTime();
            for (int i = 0; i < steps; i++) {
                m.tick();
            }
            m.land().get(0);
            double ms = (System.nanoTime() - t1) / 1e6 / steps;
            phases(m, sim);
            rows.add(new Row("sugarscape tick", n, ms, 0, String.format(Locale.ROOT, "%d ants, init %.0f ms",
                    m.ants().size(), init)));
        }
        System.out.println(rows.getLast());
    }

    /** The largest square Heat2D float grid the device holds, found from the backend's memory check. */
    private void largestHeat() {
        try (Simulation sim = Simulation.create(Config.defaults().withBackend("cuda"))) {
            Places<HeatCellF> plate = largestPlaces(sim, HeatCellF.class, 8);
            int n = plate.grid().size(0);
            plate.callAll(HeatCellF::tick, 0.25f, 19.0f, true);
            Timing t = time(() -> plate.callAll(HeatCellF::tick, 0.25f, 19.0f, true), () -> plate.get(0), 10, 3, 0);
            rows.add(new Row("largest heat2d float tick", n, t, 0, String.format(Locale.ROOT,
                    "%.2f G cells, %.1f GiB", plate.grid().cells() / 1e9, plate.memoryBytes() / (double) (1L << 30))));
        } catch (RuntimeException e) {
            rows.add(new Row("largest heat2d float tick", 0, 0, 0, "failed: " + e.getMessage()));
        }
        System.out.println(rows.getLast());
    }

    /** The largest square GameOfLife grid the device holds. */
    private void largestLife() {
        try (Simulation sim = Simulation.create(Config.defaults().withBackend("cuda"))) {
            Places<LifeCell> board = largestPlaces(sim, LifeCell.class, 2);
            int n = board.grid().size(0);
            board.callAll(LifeCell::seed, 0.5);
            Timing t = time(() -> board.callAll(LifeCell::update), () -> board.get(0), 10, 3, 0);
            rows.add(new Row("largest gameoflife update", n, t, 0, String.format(Locale.ROOT,
                    "%.2f G cells, %.1f GiB", board.grid().cells() / 1e9, board.memoryBytes() / (double) (1L << 30))));
        } catch (RuntimeException e) {
            rows.add(new Row("largest gameoflife", 0, 0, 0, "failed: " + e.getMessage()));
        }
        System.out.println(rows.getLast());
    }

    private static <P extends Place> Places<P> largestPlaces(Simulation sim, Class<P> model,
            int bytesPerCell) {
        long total;
        try (CudaDevice device = CudaDevice.open(0)) {
            total = device.freeMemory();
        }
        int n = (int) Math.min(Integer.MAX_VALUE - 64, Math.sqrt(total / (double) bytesPerCell)) / 1024 * 1024;
        while (true) {
            try {
                return sim.places(model, Grid.of(n, n));
            } catch (ColonyException e) {
                if (!e.getMessage().contains("GPU memory") || n <= 1024) {
                    throw e;
                }
                n -= 1024;
            }
        }
    }

    /** Device milliseconds of each call of a SugarScape tick, each timed alone (so with a sync after each). */
    private static void phases(SugarScape m, Simulation sim) {
        phases(m, sim, "sugarscape phases");
    }

    private static void phases(SugarScape m, Simulation sim, String title) {
        String[] names = {"grow", "diffuse", "look", "manageAll(move)", "metabolize", "manageAll(die)"};
        Runnable[] calls = {() -> m.land().callAll(SugarCell::grow),
            () -> m.land().callAll(SugarCell::diffuse),
            () -> m.ants().callAll(Ant::look), () -> m.ants().manageAll(),
            () -> m.ants().callAll(Ant::metabolize), () -> m.ants().manageAll()};
        phases(title, names, calls, sim, 5);
    }

    /**
     * Prints the device and wall ms of each of {@code calls}, each timed alone (so with a sync after each), averaged
     * over {@code ticks} ticks of them.
     */
    static void phases(String title, String[] names, Runnable[] calls, Simulation sim, int ticks) {
        double[] sum = new double[names.length];
        double[] wall = new double[names.length];
        try (GpuTimer.Span span = new GpuTimer.Span()) {
            for (int t = 0; t < ticks; t++) {
                for (int i = 0; i < calls.length; i++) {
                    long w = System.nanoTime();
                    span.start();
                    calls[i].run();
                    sum[i] += span.stopMillis();
                    wall[i] += (System.nanoTime() - w) / 1e6;
                }
                sim.step();
            }
        }
        StringBuilder sb = new StringBuilder("  " + title + " (device ms / wall ms):");
        for (int i = 0; i < names.length; i++) {
            sb.append(String.format(Locale.ROOT, " %s %.3f/%.3f", names[i], sum[i] / ticks, wall[i] / ticks));
        }
        System.out.println(sb);
    }

    /**
     * Device ms per step of the row-marching kernels for each rows-per-thread and lanes setting (the
     * {@code colony.cuda.march} and {@code colony.cuda.lanes} tuning properties), to choose the defaults.
     */
    private static void sweep(int n) {
        System.out.println("sweep at " + n + "^2: march lanes heatF heatD life (device ms per step; heat: the whole "
                + "tick)");
        for (int lanes : new int[] {1, 2, 4}) {
            System.setProperty("colony.cuda.lanes", Integer.toString(lanes));
            for (int march : new int[] {2, 4, 8, 32}) {
                System.setProperty("colony.cuda.march", Integer.toString(march));
                double f;
                double d;
                double l;
                try (Simulation sim = Simulation.create(Config.defaults().withBackend("cuda"))) {
                    Places<HeatCellF> pf = sim.places(HeatCellF.class, Grid.of(n, n));
                    f = time(() -> pf.callAll(HeatCellF::tick, 0.25f, 19.0f, true), () -> pf.get(0), 40, 100, 0)
                            .deviceMs();
                }
                try (Simulation sim = Simulation.create(Config.defaults().withBackend("cuda"))) {
                    Places<HeatCell> pd = sim.places(HeatCell.class, Grid.of(n, n));
                    d = time(() -> pd.callAll(HeatCell::tick, 0.25, 19.0, true), () -> pd.get(0), 40, 100, 0)
                            .deviceMs();
                }
                try (Simulation sim = Simulation.create(Config.defaults().withBackend("cuda"))) {
                    Places<LifeCell> pl = sim.places(LifeCell.class, Grid.of(n, n));
                    pl.callAll(LifeCell::seed, 0.5);
                    l = time(() -> pl.callAll(LifeCell::update), () -> pl.get(0), 40, 100, 0).deviceMs();
                }
                System.out.println(String.format(Locale.ROOT, "sweep %5d %2d %d %.4f %.4f %.4f", n, march, lanes, f, d,
                        l));
            }
        }
        System.clearProperty("colony.cuda.lanes");
        System.clearProperty("colony.cuda.march");
    }

    /** The first ticks of SugarScape, while the population is still near N*N/5, each timed alone. */
    private void sugarScapeFirstTicks(int n, int ticks) {
        try (Simulation sim = Simulation.create(Config.defaults().withBackend("cuda"))) {
            SugarScape m = new SugarScape(sim, n);
            long before = m.ants().size();
            long t0 = System.nanoTime();
            for (int i = 0; i < ticks; i++) {
                m.tick();
            }
            m.land().get(0);
            double ms = (System.nanoTime() - t0) / 1e6 / ticks;
            rows.add(new Row("sugarscape first ticks", n, ms, 0, String.format(Locale.ROOT,
                    "ticks 1-%d, ants %d -> %d (JIT not warm)", ticks, before, m.ants().size())));
            // The same ticks again on a fresh model, now with a warm JIT.
            try (Simulation sim2 = Simulation.create(Config.defaults().withBackend("cuda"))) {
                SugarScape m2 = new SugarScape(sim2, n);
                long b2 = m2.ants().size();
                long t1 = System.nanoTime();
                for (int i = 0; i < ticks; i++) {
                    m2.tick();
                }
                m2.land().get(0);
                double ms2 = (System.nanoTime() - t1) / 1e6 / ticks;
                rows.add(new Row("sugarscape first ticks, warm", n, ms2, 0, String.format(Locale.ROOT,
                        "ticks 1-%d, ants %d -> %d", ticks, b2, m2.ants().size())));
            }
        }
        System.out.println(rows.get(rows.size() - 2));
        System.out.println(rows.getLast());
        try (Simulation sim3 = Simulation.create(Config.defaults().withBackend("cuda"))) {
            SugarScape m3 = new SugarScape(sim3, n);
            phases(m3, sim3, "sugarscape phases of ticks 1-5 at " + n + "^2");
        }
    }

    /** The largest SugarScape of the candidate sizes that the device (and the host's placement) holds. */
    private void largestSugarScape(int... sizes) {
        for (int n : sizes) {
            try (Simulation sim = Simulation.create(Config.defaults().withBackend("cuda"))) {
                long t0 = System.nanoTime();
                SugarScape m = new SugarScape(sim, n);
                long ants = m.ants().size();
                double init = (System.nanoTime() - t0) / 1e9;
                long t1 = System.nanoTime();
                for (int i = 0; i < 3; i++) {
                    m.tick();
                }
                m.land().get(0);
                double ms = (System.nanoTime() - t1) / 1e6 / 3;
                rows.add(new Row("largest sugarscape (ticks 1-3)", n, ms, 0, String.format(Locale.ROOT,
                        "%d ants at start, init %.1f s, places %.1f GiB + agents %.1f GiB", ants, init,
                        m.land().memoryBytes() / (double) (1L << 30), m.ants().memoryBytes() / (double) (1L << 30))));
                System.out.println(rows.getLast());
                return;
            } catch (RuntimeException | OutOfMemoryError e) {
                System.out.println("sugarscape " + n + ": " + e);
            }
        }
    }
}
