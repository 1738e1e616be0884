package org.colony.tests.record;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import java.util.StringJoiner;
import org.colony.examples.stupid.Habitat;
import org.colony.examples.stupid.StupidModel;
import org.colony.runtime.Places;
import org.colony.runtime.Simulation;
import org.colony.runtime.grid.Grid;
import org.colony.runtime.record.TimeSeries;
import org.colony.tests.lang.HistoryCell;
import org.colony.tests.lang.StatsCell;
import org.colony.tests.partition.PartitionedAgentsTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The CSV a {@link TimeSeries} writes holds, row by row, what plain Java computes from the columns downloaded at the
 * same step (exact sums rounded once, extremes, means, histograms, predicate counts, populations), and is the same
 * byte for byte on 1 and 3 threads and cut into partitions.
 */
class TimeSeriesTest {

    /** The layouts every series is recorded on: threads, then partitions (null: one block). */
    private static final List<Object[]> LAYOUTS = List.of(new Object[] {1, null}, new Object[] {3, null},
            new Object[] {2, "3"}, new Object[] {2, "2x2"});

    /** The backend these tests run on. */
    private static final String[] CPU = {"--backend=cpu"};

    @TempDir
    Path dir;

    /** A row of expected values, joined as the file joins them. */
    private static final class Row {
        private final StringJoiner fields = new StringJoiner(",");

        Row add(Object v) {
            fields.add(String.valueOf(v));
            return this;
        }

        @Override
        public String toString() {
            return fields.toString();
        }
    }

    private static double exactSum(double[] values) {
        BigDecimal s = BigDecimal.ZERO;
        for (double d : values) {
            s = s.add(new BigDecimal(d));
        }
        return s.doubleValue();
    }

    private static double[] doubles(Object column) {
        return switch (column) {
            case double[] c -> c;
            case float[] c -> {
                double[] out = new double[c.length];
                for (int i = 0; i < c.length; i++) {
                    out[i] = c[i];
                }
                yield out;
            }
            case int[] c -> Arrays.stream(c).asDoubleStream().toArray();
            default -> throw new IllegalArgumentException(column.getClass().toString());
        };
    }

    /** Sum, min, max and mean of a floating-point column, as plain Java gives them. */
    private static void floating(Row row, double[] v) {
        double min = Double.POSITIVE_INFINITY;
        double max = Double.NEGATIVE_INFINITY;
        for (double d : v) {
            min = Math.min(min, d);
            max = Math.max(max, d);
        }
        double sum = exactSum(v);
        row.add(sum).add(v.length == 0 ? "NaN" : min).add(v.length == 0 ? "NaN" : max)
                .add(v.length == 0 ? "NaN" : sum / v.length);
    }

    /** Sum, min, max and mean of an integral column, as plain Java gives them. */
    private static void integral(Row row, long[] v) {
        long sum = 0;
        long min = Long.MAX_VALUE;
        long max = Long.MIN_VALUE;
        for (long n : v) {
            sum += n;
            min = Math.min(min, n);
            max = Math.max(max, n);
        }
        row.add(sum).add(v.length == 0 ? "NaN" : min).add(v.length == 0 ? "NaN" : max)
                .add(v.length == 0 ? "NaN" : Double.toString((double) sum / v.length));
    }

    /** The counts of a histogram over [lo, hi) in equal bins, then below, above and (floating) NaN. */
    private static void histogram(Row row, double[] v, double lo, double hi, int bins, boolean floating) {
        long[] counts = new long[bins + 3];
        for (double d : v) {
            if (Double.isNaN(d)) {
                counts[bins + 2]++;
            } else if (d < lo) {
                counts[bins]++;
            } else if (d >= hi) {
                counts[bins + 1]++;
            } else {
                int i = 0;
                while (i < bins - 1 && d >= lo + (hi - lo) * (i + 1) / bins) {
                    i++;
                }
                counts[i]++;
            }
        }
        for (int i = 0; i < (floating ? bins + 3 : bins + 2); i++) {
            row.add(counts[i]);
        }
    }

    private static long[] longs(int[] v) {
        return Arrays.stream(v).asLongStream().toArray();
    }

    private static long[] longs(boolean[] v) {
        long[] out = new long[v.length];
        for (int i = 0; i < v.length; i++) {
            out[i] = v[i] ? 1 : 0;
        }
        return out;
    }

    /** StupidModel recorded every 7 steps for 30 steps; returns the file's text after checking it row by row. */
    private String stupidModel(int threads, String partitions) throws IOException {
        Path habitat = dir.resolve("habitat-" + threads + "-" + partitions + ".data");
        Path file = dir.resolve("stupid-" + threads + "-" + partitions + ".csv");
        List<String> expected = new ArrayList<>();
        try (Simulation sim = PartitionedAgentsTest.sim(CPU, 5, threads, partitions)) {
            Habitat.write(habitat, 48, 32, 5);
            StupidModel m = new StupidModel(sim, 48, 32, habitat, StupidModel.Parameters.of(48 * 32 / 8, 19));
            try (TimeSeries series = TimeSeries.create(sim, file, 7)) {
                series.population(m.bugs()).sum(m.bugs(), "size").min(m.bugs(), "size").max(m.bugs(), "size")
                        .mean(m.bugs(), "size").histogram(m.bugs(), "size", 0, 10, 10)
                        .sum(m.bugs(), "fromX").min(m.bugs(), "fromX").max(m.bugs(), "fromX")
                        .mean(m.bugs(), "fromX").sum(m.bugs(), "asked").sum(m.cells(), "food")
                        .population(m.predators());
                expected.add(String.join(",", series.columns()));
                for (int t = 0; t <= 30; t++) {
                    if (t > 0) {
                        m.tick();
                    }
                    series.sample(t);
                    if (t % 7 == 0 || t == 30) {
                        series.record(t);
                        Row row = new Row().add(t).add(sim.time()).add(m.bugs().size());
                        double[] size = m.bugs().getDouble("size");
                        floating(row, size);
                        histogram(row, size, 0, 10, 10, true);
                        integral(row, longs(m.bugs().getInt("fromX")));
                        row.add(longs(m.bugs().getBoolean("asked")).length == 0 ? 0
                                : Arrays.stream(longs(m.bugs().getBoolean("asked"))).sum());
                        row.add(exactSum(m.cells().getDouble("food")));
                        row.add(m.predators().size());
                        expected.add(row.toString());
                    }
                }
                assertEquals(6, series.rows());
            }
        }
        assertFalse(Files.exists(file.resolveSibling(file.getFileName() + ".partial")), "the partial file is left");
        String text = Files.readString(file);
        assertEquals(String.join("\n", expected) + "\n", text, "threads=" + threads + " partitions=" + partitions);
        return text;
    }

    @Test
    void stupidModel_rowsHoldWhatTheColumnsGive_andAreTheSameByteForByteOnEveryLayout() throws IOException {
        String first = null;
        for (Object[] layout : LAYOUTS) {
            String text = stupidModel((Integer) layout[0], (String) layout[1]);
            if (first == null) {
                first = text;
                assertTrue(text.startsWith("step,time,Bug.population,Bug.size.sum,Bug.size.min,Bug.size.max,"
                        + "Bug.size.mean,Bug.size.hist[0:1),Bug.size.hist[1:2),"), text);
                assertTrue(text.contains("Bug.size.hist[9:10),Bug.size.hist.below,Bug.size.hist.above,"
                        + "Bug.size.hist.nan,Bug.fromX.sum"), text);
            }
            assertEquals(first, text, "layout " + layout[0] + " threads, partitions " + layout[1]);
        }
    }

    /** Every type of attribute, NaN and values out of range in a histogram, predicate counts, an array element. */
    private String statsCells(int threads, String partitions) throws IOException {
        int nx = 37;
        int ny = 29;
        int cells = nx * ny;
        SplittableRandom r = new SplittableRandom(7);
        double[] v = new double[cells];
        float[] f = new float[cells];
        int[] n = new int[cells];
        boolean[] flag = new boolean[cells];
        byte[] b = new byte[cells];
        for (int i = 0; i < cells; i++) {
            b[i] = (byte) r.nextInt(0, 5);
            v[i] = i % 97 == 0 ? Double.NaN : Math.scalb(r.nextDouble(-1.5, 1.5), r.nextInt(-3, 2));
            f[i] = (float) r.nextDouble(-4, 4);
            n[i] = r.nextInt(-1000, 1000);
            flag[i] = r.nextBoolean();
        }
        Path file = dir.resolve("stats-" + threads + "-" + partitions + ".csv");
        List<String> expected = new ArrayList<>();
        try (Simulation sim = PartitionedAgentsTest.sim(CPU, 3, threads, partitions)) {
            Places<StatsCell> p = sim.places(StatsCell.class, Grid.of(nx, ny));
            Places<HistoryCell> h = sim.places(HistoryCell.class, Grid.of(nx, ny));
            p.set("v", v);
            p.set("f", f);
            p.set("n", n);
            p.set("flag", flag);
            p.set("b", b);
            try (TimeSeries series = TimeSeries.create(sim, file, 1)) {
                series.sum(p, "f").min(p, "f").max(p, "f").mean(p, "f").sum(p, "n").min(p, "n").max(p, "n")
                        .mean(p, "n").count(p, "positive").count(p, "flaggedAbove", 0.25)
                        .histogram(p, "v", -1, 1, 8).histogram(p, "n", -500, 500, 3).sum(h, "h[1]").max(h, "h[1]")
                        .grouped("mean", p, "v", "b", 0, 2).grouped("sum", p, "n", "b", 0, 2)
                        .grouped("max", p, "f", "flag", 0, 1).countBy(p, "b", 0, 2);
                expected.add(String.join(",", series.columns()));
                for (int t = 0; t < 3; t++) {
                    if (t > 0) {
                        p.callAll("settle");
                        h.callAll("push", t);
                        sim.step();
                    }
                    series.sample(t);
                    Row row = new Row().add(t).add(sim.time());
                    floating(row, doubles(p.getFloat("f")));
                    int[] now = p.getInt("n");
                    integral(row, longs(now));
                    double[] values = p.getDouble("v");
                    boolean[] flags = p.getBoolean("flag");
                    long positive = 0;
                    long above = 0;
                    for (int i = 0; i < cells; i++) {
                        positive += values[i] > 0 ? 1 : 0;
                        above += values[i] > 0.25 && flags[i] ? 1 : 0;
                    }
                    row.add(positive).add(above);
                    histogram(row, values, -1, 1, 8, true);
                    histogram(row, doubles(now), -500, 500, 3, false);
                    long[] h1 = longs(h.getInt("h", 1));
                    row.add(Arrays.stream(h1).sum()).add(Arrays.stream(h1).max().orElseThrow());
                    grouped(row, values, now, p.getFloat("f"), flags, b);
                    expected.add(row.toString());
                }
            }
        }
        String text = Files.readString(file);
        assertEquals(String.join("\n", expected) + "\n", text, "threads=" + threads + " partitions=" + partitions);
        return text;
    }

    /** Means of v, sums of n and counts by b (0, 1, 2, other) and maxima of f by flag, as plain Java gives them. */
    private static void grouped(Row row, double[] v, int[] n, float[] f, boolean[] flag, byte[] b) {
        int[] group = new int[b.length];
        for (int i = 0; i < b.length; i++) {
            group[i] = b[i] <= 2 ? b[i] : 3;
        }
        for (int g = 0; g < 4; g++) {
            BigDecimal sum = BigDecimal.ZERO;
            long count = 0;
            boolean nan = false;
            for (int i = 0; i < v.length; i++) {
                if (group[i] == g) {
                    count++;
                    if (Double.isNaN(v[i])) {
                        nan = true;
                    } else {
                        sum = sum.add(new BigDecimal(v[i]));
                    }
                }
            }
            row.add(count == 0 ? "NaN" : nan ? "NaN" : Double.toString(sum.doubleValue() / count));
        }
        for (int g = 0; g < 4; g++) {
            long sum = 0;
            for (int i = 0; i < n.length; i++) {
                sum += group[i] == g ? n[i] : 0;
            }
            row.add(sum);
        }
        for (int key = 0; key < 3; key++) {
            double max = Double.NEGATIVE_INFINITY;
            long count = 0;
            for (int i = 0; i < f.length; i++) {
                if ((flag[i] ? 1 : 0) == key) {
                    max = Math.max(max, f[i]);
                    count++;
                }
            }
            row.add(count == 0 ? "NaN" : Double.toString(max));
        }
        for (int g = 0; g < 4; g++) {
            long count = 0;
            for (int value : group) {
                count += value == g ? 1 : 0;
            }
            row.add(count);
        }
    }

    @Test
    void everyAttributeType_predicateCountsAndArrayElements_matchPlainJava_onEveryLayout() throws IOException {
        String first = null;
        for (Object[] layout : LAYOUTS) {
            String text = statsCells((Integer) layout[0], (String) layout[1]);
            if (first == null) {
                first = text;
                assertTrue(text.startsWith("step,time,StatsCell.f.sum,"), text);
                assertTrue(text.contains(",StatsCell.count(positive),StatsCell.count(flaggedAbove:0.25),"
                        + "StatsCell.v.hist[-1:-0.75),"), text);
                assertTrue(text.contains("StatsCell.v.hist.nan,StatsCell.n.hist[-500:-166.66666666666669),"), text);
                assertTrue(text.contains("StatsCell.n.hist.above,HistoryCell.h[1].sum,HistoryCell.h[1].max,"
                        + "StatsCell.v.mean[b=0],StatsCell.v.mean[b=1],StatsCell.v.mean[b=2],StatsCell.v.mean[b=other],"
                        + "StatsCell.n.sum[b=0],"), text);
                assertTrue(text.contains(",StatsCell.f.max[flag=other],StatsCell.count[b=0],StatsCell.count[b=1],"
                        + "StatsCell.count[b=2],StatsCell.count[b=other]\n"), text);
            }
            assertEquals(first, text, "layout " + layout[0] + " threads, partitions " + layout[1]);
        }
    }
}
