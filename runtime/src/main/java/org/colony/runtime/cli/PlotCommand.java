package org.colony.runtime.cli;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import org.colony.ColonyException;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code mass plot FILE.csv [--out FILE.png] [--series a,b]}: draws a recorded time series into a PNG image. */
@Command(name = "plot", description = "Draws the series of a CSV file that 'mass run --record' wrote against their "
        + "step, into a PNG image (FILE.png next to FILE.csv unless --out names one).")
final class PlotCommand implements Callable<Integer> {

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Parameters(index = "0", paramLabel = "FILE.csv", description = "The time series to draw.")
    Path csv;

    @Option(names = "--out", paramLabel = "FILE.png", description = "The image to write.")
    Path out;

    @Option(names = "--series", paramLabel = "A,B", split = ",",
            description = "The columns to draw (default: every one but step and time).")
    List<String> series = new ArrayList<>();

    /** For picocli. */
    PlotCommand() {
    }

    @Override
    public Integer call() {
        if (!Files.isRegularFile(csv)) {
            throw new ColonyException("plot: " + csv + " is not a file");
        }
        Path png = out != null ? out : imageFor(csv);
        Plotter.checkImage(png, "--out");
        int drawn = Plotter.find().plot(csv, series, png);
        spec.commandLine().getOut().printf(Locale.ROOT, "plot      %s (%d series)%n", png, drawn);
        return 0;
    }

    /** {@return where the plot of {@code csv} goes by default: its name with .png for .csv} */
    static Path imageFor(Path csv) {
        String name = csv.getFileName().toString();
        String stem = name.toLowerCase(Locale.ROOT).endsWith(".csv") ? name.substring(0, name.length() - 4) : name;
        return csv.resolveSibling(stem + ".png");
    }
}
