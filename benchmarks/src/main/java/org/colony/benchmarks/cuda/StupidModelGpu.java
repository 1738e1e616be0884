package org.colony.benchmarks.cuda;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import org.colony.benchmarks.cuda.GpuBenchmark.Row;
import org.colony.benchmarks.mason.MasonStupidModel;
import org.colony.benchmarks.mason.MasonStupidModelBenchmark;
import org.colony.benchmarks.stupid.StupidModelBenchmark;
import org.colony.examples.stupid.Bug;
import org.colony.examples.stupid.HabitatCell;
import org.colony.examples.stupid.Predator;
import org.colony.examples.stupid.StupidModel;
import org.colony.runtime.Config;
import org.colony.runtime.Simulation;

/**
 * StupidModel's rows of {@link GpuBenchmark}, all from one run on one machine: a tick (with its size histogram) of
 * 004's setting, 256 x 128 with about 2,000 bugs, on the GPU, on the CPU backend with every core and in MASON (the
 * reference column), as milliseconds and updates per second (the GPU's and MASON's the medians of {@value #ROUNDS}
 * rounds taken in turn); the GPU's calls of a tick timed alone; and ticks of
 * 004's largest setting, over a million bugs on 2560 x 1024.
 */
final class StupidModelGpu {

    private StupidModelGpu() {
    }

    /**
     * The rounds of MASON, the GPU with the histogram and the GPU without it, in turn, whose medians the rows give:
     * the host's speed moves all three together from minute to minute (MASON's tick between 1.5 and 2.2 ms in one
     * session's calls on one kind of machine), so one round of each said more of the moment than of the code.
     */
    static final int ROUNDS = 3;

    static List<Row> rows() {
        List<Row> rows = new ArrayList<>();
        int ticks = 500;
        double cpu = colonyMs("cpu", 256, ticks, true);
        // a first run on the GPU, not reported: the host's path through a tick is still compiled by the JIT during
        // the first simulation's ticks, so whichever row ran first measured more than the device (0.48-0.64 ms a
        // tick with the histogram in three runs of one call, 0.44-0.45 without it, measured second)
        colonyMs("cuda", 256, ticks, true);
        double[] masons = new double[ROUNDS];
        double[] gpus = new double[ROUNDS];
        double[] bares = new double[ROUNDS];
        for (int r = 0; r < ROUNDS; r++) {
            masons[r] = masonMs(256, ticks);
            gpus[r] = colonyMs("cuda", 256, ticks, true);
            bares[r] = colonyMs("cuda", 256, ticks, false);
        }
        double mason = median(masons);
        double gpu = median(gpus);
        double gpuBare = median(bares);
        rows.add(new Row("stupidmodel 256x128 tick + histogram, GPU", 0, gpu, mason, String.format(Locale.ROOT,
                "256x128, ~2000 bugs; %.0f updates/s; reference: MASON, %.0f updates/s; medians of %d rounds (GPU %s; "
                + "MASON %s ms)", 1000 / gpu, 1000 / mason, ROUNDS, list(gpus), list(masons))));
        rows.add(new Row("stupidmodel 256x128 tick, GPU", 0, gpuBare, mason, String.format(Locale.ROOT,
                "without the histogram; %.0f updates/s; median of %s ms", 1000 / gpuBare, list(bares))));
        rows.add(new Row("stupidmodel 256x128 tick + histogram, CPU", 0, cpu, mason, String.format(Locale.ROOT,
                "CPU backend, %d threads; %.0f updates/s", Runtime.getRuntime().availableProcessors(), 1000 / cpu)));
        phases();
        rows.add(large(2560, 1024, 2_000_000, 20_000, 6));
        return rows;
    }

    /** {@return the median of {@code values}} */
    static double median(double[] values) {
        double[] v = values.clone();
        Arrays.sort(v);
        int n = v.length;
        return n % 2 == 1 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
    }

    /** {@return {@code values} as "a, b, c" with three decimals} */
    private static String list(double[] values) {
        StringBuilder b = new StringBuilder();
        for (double v : values) {
            b.append(b.isEmpty() ? "" : ", ").append(String.format(Locale.ROOT, "%.3f", v));
        }
        return b.toString();
    }

    /** MASON's ms per tick (with its histogram) after the 50 settling ticks. */
    private static double masonMs(int size, int ticks) {
        MasonStupidModel m = MasonStupidModelBenchmark.model(size);
        m.start();
        for (int t = 0; t < StupidModelBenchmark.SETTLE + ticks; t++) { // the JIT's warm-up, then the settling
            m.tick();
            m.histogram();
        }
        long t0 = System.nanoTime();
        for (int t = 0; t < ticks; t++) {
            m.tick();
            m.histogram();
        }
        double ms = (System.nanoTime() - t0) / 1e6 / ticks;
        m.finish();
        return ms;
    }

    /** Colony's ms per tick on {@code backend} after the settling ticks and as many to warm up. */
    private static double colonyMs(String backend, int size, int ticks, boolean histogram) {
        try (Simulation sim = Simulation.create(Config.defaults().withBackend(backend))) {
            StupidModel m = StupidModelBenchmark.build(sim, size);
            for (int t = 0; t < StupidModelBenchmark.SETTLE + ticks; t++) {
                m.tick();
                m.histogram();
            }
            long t0 = System.nanoTime();
            for (int t = 0; t < ticks; t++) {
                m.tick();
                if (histogram) {
                    m.histogram();
                }
            }
            m.bugs().size();
            double ms = (System.nanoTime() - t0) / 1e6 / ticks;
            System.out.printf(Locale.ROOT, "stupidmodel %s: %.4f ms/tick, %d bugs%n", backend, ms, m.population());
            return ms;
        }
    }

    /** Device and wall ms of each call of a tick on the GPU, each timed alone (so with a sync after each). */
    private static void phases() {
        try (Simulation sim = Simulation.create(Config.defaults().withBackend("cuda"))) {
            StupidModel m = StupidModelBenchmark.build(sim, 256);
            for (int t = 0; t < StupidModelBenchmark.SETTLE; t++) {
                m.tick();
            }
            String[] names = {"grow", "look", "manageAll(5 rounds)", "eat", "fate", "manageAll", "hunt",
                "manageAll(predators)", "eaten", "manageAll", "histogram"};
            Runnable[] calls = {() -> m.cells().callAll(HabitatCell::grow), () -> m.bugs().callAll(Bug::look),
                () -> m.bugs().manageAll(Bug::relook, 5), () -> m.bugs().callAll(Bug::eat, 1.0),
                () -> m.bugs().callAll(Bug::fate, 0.95, 10.0, 5), () -> m.bugs().manageAll(),
                () -> m.predators().callAll(Predator::hunt), () -> m.predators().manageAll(),
                () -> m.bugs().callAll(Bug::eaten), () -> m.bugs().manageAll(), m::histogram};
            GpuBenchmark.phases("stupidmodel phases at 256x128", names, calls, sim, 50);
        }
    }

    /**
     * Ticks 2 to {@code ticks + 1} of a {@code w x h} habitat (hilltops producing 1.0) that starts with {@code bugs} bugs,
     * while over a million are alive.
     */
    private static Row large(int w, int h, long bugs, long predators, int ticks) {
        try (Simulation sim = Simulation.create(Config.defaults().withBackend("cuda"))) {
            long t0 = System.nanoTime();
            StupidModel m = StupidModelBenchmark.build(sim, w, h, bugs, predators, 1.0);
            m.bugs().size();
            double init = (System.nanoTime() - t0) / 1e6;
            m.tick(); // the first tick, with the kernels' compilation
            long high = m.population();
            long low = Long.MAX_VALUE;
            long t1 = System.nanoTime();
            for (int t = 0; t < ticks; t++) {
                m.tick();
                m.histogram();
                low = Math.min(low, m.population());
            }
            double ms = (System.nanoTime() - t1) / 1e6 / ticks;
            return new Row("stupidmodel " + w + "x" + h + ", 1M+ bugs, tick + histogram", 0, ms, 0,
                    String.format(Locale.ROOT,
                    "%dx%d, %d bugs falling to %d over the ticks timed (%d at the start), %d predators, init %.0f ms",
                    w, h, high, low, bugs, m.predators().size(), init));
        }
    }
}
