package org.colony.benchmarks.report;

import java.awt.Color;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.BitmapEncoder.BitmapFormat;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.style.Styler.LegendPosition;
import org.knowm.xchart.style.lines.SeriesLines;
import org.knowm.xchart.style.markers.SeriesMarkers;

/** The report's PNG plots, drawn with XChart. */
final class Plots {

    private static final int WIDTH = 900;
    private static final int HEIGHT = 600;

    private Plots() {
    }

    /**
     * Per-step time against places, log-log: one line per implementation and thread or device count, and
     * the peers' published figures as dashed lines.
     *
     * @return the file written, or null when there was nothing to plot
     */
    static Path stepTimes(String model, String title, List<Measurement> all, Path folder) throws IOException {
        List<Measurement> steps = all.stream().filter(m -> m.model().equals(model) && m.measure().equals("step"))
                .toList();
        if (steps.isEmpty()) {
            return null;
        }
        XYChart chart = chart(title + ": time per step against problem size", "places (grid side squared)",
                "ms per step");
        chart.getStyler().setXAxisLogarithmic(true);
        chart.getStyler().setYAxisLogarithmic(true);
        Map<String, List<Measurement>> bySeries = steps.stream().collect(Collectors.groupingBy(Measurement::series,
                TreeMap::new, Collectors.toList()));
        for (var e : bySeries.entrySet()) {
            List<Measurement> points = new ArrayList<>(e.getValue());
            points.sort(Comparator.comparingLong(Measurement::places));
            XYSeries s = chart.addSeries(e.getKey(), xs(points, m -> (double) m.places()), xs(points, Measurement::ms));
            s.setMarker(SeriesMarkers.CIRCLE);
        }
        List<Published> published = Published.of(model);
        addPublished(chart, "MASS CUDA, 2x A5000 (published)", published, Published::massCudaMs);
        addPublished(chart, "FLAME GPU 2, 1x A5000 (published)", published, Published::flameGpuMs);
        return save(chart, folder.resolve(model + "-step"));
    }

    private static void addPublished(XYChart chart, String name, List<Published> rows,
            Function<Published, Double> value) {
        List<Published> known = rows.stream().filter(p -> !Double.isNaN(value.apply(p))).toList();
        if (known.isEmpty()) {
            return;
        }
        XYSeries s = chart.addSeries(name, known.stream().mapToDouble(p -> p.places()).toArray(),
                known.stream().mapToDouble(value::apply).toArray());
        s.setLineStyle(SeriesLines.DASH_DASH);
        s.setMarker(SeriesMarkers.DIAMOND);
    }

    /**
     * Speed-up against CPU threads (or against GPUs where several device counts were measured): the time per
     * step at the smallest count divided by the time at each count, at the largest size measured with more
     * than one count, one line per model and implementation, with the ideal (linear) line.
     *
     * @return the file written, or null when no series has two counts
     */
    static Path scaling(List<Measurement> all, boolean devices, Path folder) throws IOException {
        XYChart chart = chart(devices ? "Scaling: speed-up against GPUs" : "Scaling: speed-up against CPU threads",
                devices ? "GPUs" : "threads", "speed-up (time per step at the fewest / at n)");
        int most = 1;
        boolean any = false;
        Map<String, List<Measurement>> groups = all.stream()
                .filter(m -> m.measure().equals("step") && (devices ? m.implementation().equals("colony-cuda")
                        : !m.implementation().equals("colony-cuda")))
                .collect(Collectors.groupingBy(m -> m.model() + "/" + m.implementation(), TreeMap::new,
                        Collectors.toList()));
        for (var e : groups.entrySet()) {
            Map<Integer, List<Measurement>> bySize = e.getValue().stream().collect(Collectors.groupingBy(
                    Measurement::size, TreeMap::new, Collectors.toList()));
            List<Measurement> best = null;
            for (List<Measurement> atSize : bySize.values()) {
                if (atSize.stream().map(m -> devices ? m.devices() : m.threads()).distinct().count() > 1) {
                    best = atSize;
                }
            }
            if (best == null) {
                continue;
            }
            List<Measurement> points = new ArrayList<>(best);
            points.sort(Comparator.comparingInt(m -> devices ? m.devices() : m.threads()));
            Measurement first = points.getFirst();
            String label = first.model() + " " + ReportWriter.size(first.model(), first.size()) + " "
                    + (first.implementation().equals("mason")
                    ? "MASON" : devices ? "Colony CUDA" : "Colony CPU");
            double base = first.ms();
            XYSeries s = chart.addSeries(label, xs(points, m -> (double) (devices ? m.devices() : m.threads())),
                    xs(points, m -> base / m.ms()));
            s.setMarker(SeriesMarkers.CIRCLE);
            most = Math.max(most, devices ? points.getLast().devices() : points.getLast().threads());
            any = true;
        }
        if (any) {
            XYSeries ideal = chart.addSeries("ideal", new double[] {1, most}, new double[] {1, most});
            ideal.setLineStyle(SeriesLines.DASH_DASH);
            ideal.setMarker(SeriesMarkers.NONE);
            ideal.setLineColor(Color.GRAY);
        }
        return any ? save(chart, folder.resolve(devices ? "scaling-gpus" : "scaling-threads")) : null;
    }

    private static double[] xs(List<Measurement> points, Function<Measurement, Double> f) {
        return points.stream().mapToDouble(f::apply).toArray();
    }

    private static XYChart chart(String title, String x, String y) {
        XYChart chart = new XYChartBuilder().width(WIDTH).height(HEIGHT).title(title).xAxisTitle(x).yAxisTitle(y)
                .build();
        chart.getStyler().setLegendPosition(LegendPosition.InsideNW);
        chart.getStyler().setChartBackgroundColor(Color.WHITE);
        chart.getStyler().setPlotBackgroundColor(Color.WHITE);
        chart.getStyler().setMarkerSize(8);
        chart.getStyler().setDecimalPattern("#,##0.###");
        return chart;
    }

    private static Path save(XYChart chart, Path base) throws IOException {
        Files.createDirectories(base.getParent());
        BitmapEncoder.saveBitmap(chart, base.toString(), BitmapFormat.PNG);
        return base.resolveSibling(base.getFileName() + ".png");
    }
}
