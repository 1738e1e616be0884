package org.colony.benchmarks.cuda;

import java.lang.foreign.Arena;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.colony.cuda.internal.CudaDevice;
import org.colony.cuda.internal.CudaModule;
import org.colony.cuda.internal.DeviceBuffer;
import org.colony.cuda.internal.GpuTimer;
import org.colony.cuda.internal.KernelCompiler;
import org.colony.cuda.internal.KernelParams;
import org.colony.examples.heat.Heat2D;
import org.colony.examples.heat.HeatCell;
import org.colony.examples.life.LifeCell;
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
 * <pre>java -cp ... org.colony.benchmarks.cuda.GpuBenchmark [sizes...]</pre>
 */
public final class GpuBenchmark {

    private record Row(String what, int size, double colonyMs, double referenceMs, String note) {
    }

    private final List<Row> rows = new ArrayList<>();

    private GpuBenchmark() {
    }

    /** Runs the benchmarks. */
    public static void main(String[] args) {
        int[] sizes = args.length == 0 ? new int[] {3000, 9000, 16384} : java.util.Arrays.stream(args)
                .mapToInt(Integer::parseInt).toArray();
        new GpuBenchmark().run(sizes);
    }

    private void run(int[] sizes) {
        try (CudaDevice device = CudaDevice.open(0)) {
            System.out.println("device: " + device + ", " + device.multiprocessors() + " SMs, "
                    + device.totalMemory() / (1L << 20) + " MiB");
            KernelCompiler compiler = new KernelCompiler(device.architecture(), false);
            String src;
            try (var in = GpuBenchmark.class.getResourceAsStream("reference.cu")) {
                src = new String(in.readAllBytes());
            } catch (java.io.IOException e) {
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
        heatModel(100, 200, 3000);
        heatModel(9000, 20, 100);
        sugarScape(3000, 5, 30);
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
            rows.add(new Row("d2d copy, 4 B/cell", n, ms, 0, String.format(Locale.ROOT, "%.2f TB/s read+write", tbs)));
            System.out.println(rows.getLast());
        }
    }

    private void heatFloat(int n, CudaModule ref, Arena arena) {
        long cells = (long) n * n;
        int reps = reps(cells);
        double refMs;
        try (DeviceBuffer in = DeviceBuffer.zeroed(4 * cells); DeviceBuffer out = DeviceBuffer.zeroed(4 * cells)) {
            KernelParams p = new KernelParams(arena, 8, 8);
            p.begin().add(in.pointer()).add(out.pointer()).addInt(n).addFloat(0.25f);
            long f = ref.function("ref_heat_f32");
            GpuTimer.kernel(f, (n + 31) / 32, (n + 7) / 8, 32, 8, p.pointersWithoutFrame(), 3);
            refMs = GpuTimer.kernel(f, (n + 31) / 32, (n + 7) / 8, 32, 8, p.pointersWithoutFrame(), reps);
        }
        double colonyMs;
        try (Simulation sim = Simulation.create(Config.defaults().withBackend("cuda"))) {
            Places<HeatCellF> plate = sim.places(HeatCellF.class, Grid.of(n, n));
            for (int i = 0; i < 3; i++) {
                plate.callAll(HeatCellF::diffuse, 0.25f);
            }
            plate.get(0);
            long t0 = System.nanoTime();
            for (int i = 0; i < reps; i++) {
                plate.callAll(HeatCellF::diffuse, 0.25f);
            }
            plate.get(0);
            colonyMs = (System.nanoTime() - t0) / 1e6 / reps;
            rows.add(new Row("heat2d float diffuse", n, colonyMs, refMs,
                    String.format(Locale.ROOT, "%.1f B/cell device memory", plate.memoryBytes() / (double) cells)));
        }
        System.out.println(rows.getLast());
    }

    private void heatDouble(int n, CudaModule ref, Arena arena) {
        long cells = (long) n * n;
        int reps = reps(cells);
        double refMs;
        try (DeviceBuffer in = DeviceBuffer.zeroed(8 * cells); DeviceBuffer out = DeviceBuffer.zeroed(8 * cells)) {
            KernelParams p = new KernelParams(arena, 8, 8);
            p.begin().add(in.pointer()).add(out.pointer()).addInt(n).add(Double.doubleToRawLongBits(0.25));
            long f = ref.function("ref_heat_f64");
            GpuTimer.kernel(f, (n + 31) / 32, (n + 7) / 8, 32, 8, p.pointersWithoutFrame(), 3);
            refMs = GpuTimer.kernel(f, (n + 31) / 32, (n + 7) / 8, 32, 8, p.pointersWithoutFrame(), reps);
        }
        double colonyMs;
        try (Simulation sim = Simulation.create(Config.defaults().withBackend("cuda"))) {
            Places<HeatCell> plate = sim.places(HeatCell.class, Grid.of(n, n));
            for (int i = 0; i < 3; i++) {
                plate.callAll(HeatCell::diffuse, 0.25);
            }
            plate.get(0);
            long t0 = System.nanoTime();
            for (int i = 0; i < reps; i++) {
                plate.callAll(HeatCell::diffuse, 0.25);
            }
            plate.get(0);
            colonyMs = (System.nanoTime() - t0) / 1e6 / reps;
        }
        rows.add(new Row("heat2d double diffuse", n, colonyMs, refMs, ""));
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
        double colonyMs;
        try (Simulation sim = Simulation.create(Config.defaults().withBackend("cuda"))) {
            Places<LifeCell> board = sim.places(LifeCell.class, Grid.of(n, n));
            board.callAll(LifeCell::seed, 0.5);
            for (int i = 0; i < 3; i++) {
                board.callAll(LifeCell::update);
            }
            board.get(0);
            long t0 = System.nanoTime();
            for (int i = 0; i < reps; i++) {
                board.callAll(LifeCell::update);
            }
            board.get(0);
            colonyMs = (System.nanoTime() - t0) / 1e6 / reps;
        }
        rows.add(new Row("gameoflife update", n, colonyMs, refMs, ""));
        System.out.println(rows.getLast());
    }

    private void heatModel(int n, int warm, int steps) {
        try (Simulation sim = Simulation.create(Config.defaults().withBackend("cuda"))) {
            Heat2D m = new Heat2D(sim, n, Integer.MAX_VALUE);
            for (int i = 0; i < warm; i++) {
                m.tick();
            }
            m.plate().get(0);
            long t0 = System.nanoTime();
            for (int i = 0; i < steps; i++) {
                m.tick();
            }
            m.plate().get(0);
            double ms = (System.nanoTime() - t0) / 1e6 / steps;
            rows.add(new Row("heat2d model tick (3 steps)", n, ms, 0, "copyEdges + heat + diffuse"));
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
            rows.add(new Row("sugarscape tick", n, ms, 0, String.format(Locale.ROOT, "%d ants, init %.0f ms",
                    m.ants().size(), init)));
        }
        System.out.println(rows.getLast());
    }
}
