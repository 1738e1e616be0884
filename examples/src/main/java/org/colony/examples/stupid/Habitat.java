package org.colony.examples.stupid;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Locale;
import java.util.SplittableRandom;

/**
 * StupidModel's habitat as a cell data file, the form its version 15 reads ({@code Stupid_Cell.Data}: a cell's
 * coordinates and its food production a line): a landscape of hills of food, made from a seed, that
 * {@code Places.load(file, "production")} reads.
 */
public final class Habitat {

    /** The most food a cell produces in a step, on a hilltop. */
    public static final double MAX_PRODUCTION = 0.125;

    private Habitat() {
    }

    /** {@return the food production of every cell of a {@code w x h} habitat, x fastest, to four decimals} */
    public static double[] production(int w, int h, long seed) {
        return production(w, h, seed, MAX_PRODUCTION);
    }

    /** {@return as {@link #production(int, int, long)}, with hilltops producing {@code maxProduction}} */
    public static double[] production(int w, int h, long seed, double maxProduction) {
        SplittableRandom r = new SplittableRandom(seed);
        int hills = 6 + r.nextInt(5);
        double[] cx = new double[hills];
        double[] cy = new double[hills];
        double[] radius = new double[hills];
        for (int i = 0; i < hills; i++) {
            cx[i] = r.nextDouble() * w;
            cy[i] = r.nextDouble() * h;
            radius[i] = (0.05 + 0.1 * r.nextDouble()) * Math.max(w, h);
        }
        double[] out = new double[w * h];
        for (int y = 0; y < h; y++) {
            for (int x = 0; x < w; x++) {
                double v = 0;
                for (int i = 0; i < hills; i++) {
                    double dx = (x - cx[i]) / radius[i];
                    double dy = (y - cy[i]) / radius[i];
                    v = Math.max(v, Math.exp(-(dx * dx + dy * dy)));
                }
                out[x + w * y] = Math.round(v * maxProduction * 1e4) / 1e4;
            }
        }
        return out;
    }

    /**
     * Writes the habitat of {@link #production} to {@code file}: a header line, then {@code x y production} a line;
     * whole or not at all (a temporary file renamed into place).
     */
    public static void write(Path file, int w, int h, long seed) {
        write(file, w, h, seed, MAX_PRODUCTION);
    }

    /** As {@link #write(Path, int, int, long)}, with hilltops producing {@code maxProduction}. */
    public static void write(Path file, int w, int h, long seed, double maxProduction) {
        double[] production = production(w, h, seed, maxProduction);
        Path parent = file.toAbsolutePath().getParent();
        try {
            Path tmp = Files.createTempFile(parent, file.getFileName().toString(), ".tmp");
            try (Writer out = Files.newBufferedWriter(tmp, StandardCharsets.UTF_8)) {
                out.write("x y production\n");
                for (int y = 0; y < h; y++) {
                    for (int x = 0; x < w; x++) {
                        out.write(String.format(Locale.ROOT, "%d %d %.4f%n", x, y, production[x + w * y]));
                    }
                }
            }
            Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write the habitat file " + file + ": " + e.getMessage(), e);
        }
    }
}
