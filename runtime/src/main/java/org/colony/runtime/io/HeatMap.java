package org.colony.runtime.io;

import java.awt.image.BufferedImage;
import java.io.IOException;
import java.lang.reflect.Array;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import javax.imageio.ImageIO;
import org.colony.ColonyException;
import org.colony.runtime.Agents;
import org.colony.runtime.Places;
import org.colony.runtime.cluster.MpiCluster;
import org.colony.runtime.grid.Grid;

/**
 * Writes a 2-D attribute of a Places collection as a PNG heat map, one pixel per place (large grids
 * are reduced by taking every k-th place), scaled from the attribute's minimum to its maximum, with agents
 * drawn over it as coloured pixels. Uses
 * {@code javax.imageio} from the JDK's {@code java.desktop} module.
 */
public final class HeatMap {

    /** The largest image side written; larger grids are sampled. */
    public static final int MAX_SIDE = 2048;

    private HeatMap() {
    }

    /** {@return whether this Java runtime can write images} */
    public static boolean available() {
        return ModuleLayer.boot().findModule("java.desktop").isPresent();
    }

    /**
     * Draws {@code attribute} of {@code places} into {@code file}.
     *
     * @param attribute the attribute's field name
     * @param file the PNG file to write
     * @param places the places, on a 2-D grid
     * @throws ColonyException if the grid is not 2-D, the attribute is unknown, or the file cannot be written
     */
    public static void write(Places<?> places, String attribute, Path file) {
        write(places, attribute, List.of(), file);
    }

    /** Marker colours for agent collections drawn over a heat map, in order. */
    private static final int[] AGENT_COLOURS = {0x00E5FF, 0xFFFFFF, 0x39FF14, 0xFF3FA4};

    /**
     * Draws {@code attribute} of {@code places} into {@code file}, with the agents of each collection as
     * pixels of a distinct colour (cyan, white, green, pink) over it.
     *
     * @param agents the agent collections to draw, at most four
     * @param attribute the attribute's field name
     * @param file the PNG file to write
     * @param places the places, on a 2-D grid
     */
    public static void write(Places<?> places, String attribute, List<Agents<?>> agents, Path file) {
        if (!available()) {
            throw new ColonyException("this Java runtime has no java.desktop module, so it cannot write PNG "
                    + "snapshots; run the snapshot on a full JDK");
        }
        Grid g = places.grid();
        if (g.dimensions() != 2) {
            throw new ColonyException("--snapshot draws 2-dimensional grids; " + places.modelClass().getSimpleName()
                    + " runs on " + g);
        }
        int index = places.model().attributeIndex(attribute);
        if (index < 0) {
            throw new ColonyException(places.modelClass().getSimpleName() + " has no attribute '" + attribute
                    + "'; attributes: " + places.attributeNames());
        }
        double[] v = asDoubles(places.getColumn(attribute, 0));
        long[][] where = new long[agents.size()][];
        for (int i = 0; i < agents.size(); i++) {
            where[i] = agents.get(i).locations();
        }
        if (MpiCluster.launched() && MpiCluster.get().rank() != 0) {
            return; // every rank read the values together; rank 0 draws them
        }
        write(v, g.size(0), g.size(1), where, file);
    }

    /**
     * Draws row-major values {@code v[x + w * y]} into {@code file}.
     *
     * @param file the PNG file to write
     * @param h the image's height in pixels
     * @param v the values, {@code w * h} of them
     * @param w the image's width in pixels
     */
    public static void write(double[] v, int w, int h, Path file) {
        write(v, w, h, new long[0][], file);
    }

    private static void write(double[] v, int w, int h, long[][] agents, Path file) {
        double min = Double.POSITIVE_INFINITY;
        double max = Double.NEGATIVE_INFINITY;
        for (double d : v) {
            if (!Double.isNaN(d)) {
                min = Math.min(min, d);
                max = Math.max(max, d);
            }
        }
        double span = max > min ? max - min : 1;
        int step = Math.max(1, (Math.max(w, h) + MAX_SIDE - 1) / MAX_SIDE);
        int iw = (w + step - 1) / step;
        int ih = (h + step - 1) / step;
        BufferedImage image = new BufferedImage(iw, ih, BufferedImage.TYPE_INT_RGB);
        for (int y = 0; y < ih; y++) {
            for (int x = 0; x < iw; x++) {
                image.setRGB(x, y, ColorMap.rgb((v[x * step + w * (y * step)] - min) / span));
            }
        }
        for (int i = 0; i < agents.length; i++) {
            for (long g : agents[i]) {
                int x = (int) (g % w) / step;
                int y = (int) (g / w) / step;
                if (x < iw && y < ih) {
                    image.setRGB(x, y, AGENT_COLOURS[i % AGENT_COLOURS.length]);
                }
            }
        }
        try {
            Path parent = file.toAbsolutePath().getParent();
            if (parent != null) {
                Files.createDirectories(parent);
            }
            if (!ImageIO.write(image, "png", file.toFile())) {
                throw new ColonyException("no PNG writer in this Java runtime");
            }
        } catch (IOException e) {
            throw new ColonyException("cannot write " + file + ": " + e.getMessage(), e);
        }
    }

    /**
     * {@return the values of any primitive column as doubles (booleans as 0 and 1)}
     *
     * @param column a primitive array
     */
    public static double[] asDoubles(Object column) {
        int n = Array.getLength(column);
        double[] out = new double[n];
        switch (column) {
            case double[] c -> System.arraycopy(c, 0, out, 0, n);
            case float[] c -> {
                for (int i = 0; i < n; i++) {
                    out[i] = c[i];
                }
            }
            case long[] c -> {
                for (int i = 0; i < n; i++) {
                    out[i] = c[i];
                }
            }
            case int[] c -> {
                for (int i = 0; i < n; i++) {
                    out[i] = c[i];
                }
            }
            case short[] c -> {
                for (int i = 0; i < n; i++) {
                    out[i] = c[i];
                }
            }
            case byte[] c -> {
                for (int i = 0; i < n; i++) {
                    out[i] = c[i];
                }
            }
            case boolean[] c -> {
                for (int i = 0; i < n; i++) {
                    out[i] = c[i] ? 1 : 0;
                }
            }
            default -> throw new IllegalArgumentException(column.getClass().toString());
        }
        return out;
    }
}
