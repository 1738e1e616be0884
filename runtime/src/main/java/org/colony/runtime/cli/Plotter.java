package org.colony.runtime.cli;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.ServiceLoader;
import org.colony.ColonyException;

/**
 * Draws the series of a time-series CSV file (as {@link org.colony.runtime.record.TimeSeries} writes it) against
 * its step column into a PNG image, for {@code mass plot} and {@code mass run --plot}. Found through {@link
 * ServiceLoader}: Colony's own, drawn with XChart, is in {@code colony-plot}, which {@code ./mass} has on its class
 * path; the runtime itself draws nothing, so that a model project does not carry a plotting library it does not use.
 */
public interface Plotter {

    /**
     * Draws columns of a time-series CSV file against its {@code step} column into a PNG file, written whole or not
     * at all.
     *
     * @param csv the CSV file: a header of column names, then rows of numbers
     * @param columns the columns to draw; empty for every column but {@code step} and {@code time}
     * @param png the image to write
     * @return the number of series drawn
     * @throws ColonyException where the file is missing or malformed, a column is not in it, or the image cannot be
     *     written
     */
    int plot(Path csv, List<String> columns, Path png);

    /**
     * {@return the plotter on the class path}
     *
     * @throws ColonyException where there is none, saying how to get one
     */
    static Plotter find() {
        for (Plotter p : ServiceLoader.load(Plotter.class, Plotter.class.getClassLoader())) {
            return p;
        }
        throw new ColonyException("no plotter on the class path: plots need colony-plot (the ./mass script has it; "
                + "a project adds the dependency org.colony:colony-plot)");
    }

    /**
     * Checks that {@code png} can be written as a plot: a {@code .png} name, not a directory, in a folder that
     * exists.
     *
     * @param png the image's path
     * @param option the option that named it, for the message
     * @throws ColonyException naming what is wrong
     */
    static void checkImage(Path png, String option) {
        if (!png.getFileName().toString().toLowerCase(Locale.ROOT).endsWith(".png")) {
            throw new ColonyException(option + " " + png + ": plots are PNG files; name one ending in .png");
        }
        if (Files.isDirectory(png)) {
            throw new ColonyException(option + " " + png + " is a directory; name a file");
        }
        Path folder = png.toAbsolutePath().getParent();
        if (folder == null || !Files.isDirectory(folder)) {
            throw new ColonyException(option + " " + png + " cannot be written: its folder " + folder
                    + " does not exist");
        }
    }
}
