package org.colony.plot;

import java.awt.Color;
import java.io.IOException;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;
import org.colony.ColonyException;
import org.colony.runtime.cli.Plotter;
import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.BitmapEncoder.BitmapFormat;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.style.Styler.LegendPosition;
import org.knowm.xchart.style.markers.SeriesMarkers;

/**
 * The plotter of {@code mass plot}: one line per column against the step, drawn with XChart into a PNG of 1000 by 600
 * pixels, written to a temporary file and moved into place. Infinite values are left out of the lines (as NaN is).
 */
public final class XChartPlotter implements Plotter {

    private static final int WIDTH = 1000;
    private static final int HEIGHT = 600;

    /** For {@link java.util.ServiceLoader}. */
    public XChartPlotter() {
    }

    @Override
    public int plot(Path csv, List<String> columns, Path png) {
        SeriesTable table = SeriesTable.read(csv);
        List<String> chosen = table.choose(columns);
        if (chosen.isEmpty()) {
            throw new ColonyException(csv + " holds no series to draw, only step and time");
        }
        double[] steps = table.columns().get("step");
        if (steps.length == 0) {
            throw new ColonyException(csv + " holds no rows to draw");
        }
        XYChart chart = new XYChartBuilder().width(WIDTH).height(HEIGHT).title(csv.getFileName().toString())
                .xAxisTitle("step").yAxisTitle("value").build();
        chart.getStyler().setLegendPosition(LegendPosition.OutsideE);
        chart.getStyler().setChartBackgroundColor(Color.WHITE);
        for (String name : chosen) {
            double[] values = table.columns().get(name).clone();
            for (int i = 0; i < values.length; i++) {
                if (Double.isInfinite(values[i])) {
                    values[i] = Double.NaN;
                }
            }
            XYSeries s = chart.addSeries(name, steps, values);
            s.setMarker(steps.length <= 50 ? SeriesMarkers.CIRCLE : SeriesMarkers.NONE);
        }
        write(chart, png);
        return chosen.size();
    }

    private static void write(XYChart chart, Path png) {
        Path target = png.toAbsolutePath();
        Path scratch = target.resolveSibling(target.getFileName() + ".partial");
        try {
            Files.write(scratch, BitmapEncoder.getBitmapBytes(chart, BitmapFormat.PNG));
            try {
                Files.move(scratch, target, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
            } catch (AtomicMoveNotSupportedException e) {
                Files.move(scratch, target, StandardCopyOption.REPLACE_EXISTING);
            }
        } catch (IOException e) {
            try {
                Files.deleteIfExists(scratch);
            } catch (IOException ignored) {
                // the first failure is the one reported
            }
            throw new ColonyException("cannot write " + png + ": " + e.getMessage());
        }
    }
}
