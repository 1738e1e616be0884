package org.colony.runtime.io;

import java.awt.image.BufferedImage;
import java.lang.reflect.Array;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import org.colony.ColonyException;
import org.colony.kernel.AttributeInfo;
import org.colony.runtime.Agents;
import org.colony.runtime.Places;
import org.colony.runtime.cluster.MpiCluster;
import org.colony.runtime.grid.Grid;

/**
 * Writes a 2-D attribute of a Places collection as a PNG heat map: one pixel per place (large grids are reduced by
 * taking every k-th place), scaled from the finite values' minimum to their maximum or over a fixed
 * {@link ValueRange}, NaN and the infinities in colours of their own, agents drawn over it as coloured pixels, and a
 * legend below: the colour bar with its range, the non-finite values counted, the agent collections named. Files are
 * written atomically ({@link OutputFiles}). Uses {@code javax.imageio} from the JDK's {@code java.desktop} module.
 */
public final class HeatMap {

    /** The largest image side written; larger grids are sampled. */
    public static final int MAX_SIDE = 2048;

    /** The element argument that names a scalar attribute, which has no elements. */
    public static final int SCALAR = -1;

    private HeatMap() {
    }

    /** {@return whether this Java runtime can write images} */
    public static boolean available() {
        return ModuleLayer.boot().findModule("java.desktop").isPresent();
    }

    /**
     * Checks that {@code attribute} (element {@code element} of an array attribute) of {@code places} can be drawn:
     * the grid is 2-D, the attribute exists, an array attribute names an element in range and a scalar one none. Every
     * attribute type (numbers and booleans) can be drawn.
     *
     * @param places the places
     * @param attribute the attribute's field name
     * @param element the element of an array attribute, or {@link #SCALAR}
     * @throws ColonyException naming what cannot be drawn and what can
     */
    public static void check(Places<?> places, String attribute, int element) {
        Grid grid = places.grid();
        String model = places.modelClass().getSimpleName();
        if (grid.dimensions() != 2) {
            throw new ColonyException("heat maps draw 2-dimensional grids; " + model + " runs on " + (places.graph()
                    != null ? "the " + places.graph() + " (write its attributes with --dump or --record)" : grid));
        }
        int index = places.model().attributeIndex(attribute);
        if (index < 0) {
            throw new ColonyException(model + " has no attribute '" + attribute + "'; attributes: "
                    + places.attributeNames());
        }
        AttributeInfo info = places.model().attributes().get(index);
        if (info.isArray() && element == SCALAR) {
            throw new ColonyException(model + "." + attribute + " is an array of " + info.length() + "; name the "
                    + "element to draw, " + attribute + "[0] to " + attribute + "[" + (info.length() - 1) + "]");
        }
        if (info.isArray() && (element < 0 || element >= info.length())) {
            throw new ColonyException(model + "." + attribute + " has no element " + element + "; it is an array of "
                    + info.length() + ", " + attribute + "[0] to " + attribute + "[" + (info.length() - 1) + "]");
        }
        if (!info.isArray() && element != SCALAR) {
            throw new ColonyException(model + "." + attribute + " is not an array; leave out the element [" + element
                    + "]");
        }
    }

    /**
     * Draws {@code attribute} of {@code places} into {@code file}.
     *
     * @param attribute the attribute's field name
     * @param file the PNG file to write
     * @param places the places, on a 2-D grid
     * @throws ColonyException if the grid is not 2-D, the attribute is unknown or an array, or the file cannot be
     *     written
     */
    public static void write(Places<?> places, String attribute, Path file) {
        write(places, attribute, List.of(), file);
    }

    /**
     * Draws {@code attribute} of {@code places} into {@code file}, with the agents of each collection as
     * pixels of a distinct colour (cyan, white, green, pink) over it.
     *
     * @param agents the agent collections to draw
     * @param attribute the attribute's field name
     * @param file the PNG file to write
     * @param places the places, on a 2-D grid
     * @throws ColonyException if the grid is not 2-D, the attribute is unknown or an array, or the file cannot be
     *     written
     */
    public static void write(Places<?> places, String attribute, List<Agents<?>> agents, Path file) {
        write(places, attribute, SCALAR, agents, null, file);
    }

    /**
     * Draws {@code attribute} of {@code places}, element {@code element} of an array attribute, into {@code file},
     * with the agents of each collection as pixels of a distinct colour (cyan, white, green, pink, then again) over it
     * and named in the legend. Over MPI ranks every rank reads the values together and rank 0 writes the file.
     *
     * @param places the places, on a 2-D grid
     * @param attribute the attribute's field name
     * @param element the element of an array attribute, or {@link #SCALAR}
     * @param agents the agent collections to draw
     * @param range the colour scale's fixed range, or null to span each image's finite values
     * @param file the PNG file to write
     * @return the scale's range and the values that were not finite
     * @throws ColonyException if {@link #check} refuses the attribute, or the file cannot be written
     */
    public static FrameStats write(Places<?> places, String attribute, int element, List<Agents<?>> agents,
            ValueRange range, Path file) {
        return draw(places, attribute, element, agents, range, image -> OutputFiles.writeAtomically(image, "png", file));
    }

    /**
     * Draws the heat map of {@link #write(Places, String, int, List, ValueRange, Path)} and hands the image to
     * {@code sink} (on rank 0 only, under MPI).
     */
    static FrameStats draw(Places<?> places, String attribute, int element, List<Agents<?>> agents,
            ValueRange range, Consumer<BufferedImage> sink) {
        requireImages();
        check(places, attribute, element);
        Grid grid = places.grid();
        double[] values = asDoubles(places.getColumn(attribute, Math.max(0, element)));
        long[][] where = new long[agents.size()][];
        List<String> names = new ArrayList<>();
        for (int i = 0; i < agents.size(); i++) {
            where[i] = agents.get(i).locations();
            names.add(agents.get(i).modelClass().getSimpleName());
        }
        FrameStats stats = FrameStats.of(values, range);
        if (MpiCluster.launched() && MpiCluster.get().rank() != 0) {
            return stats; // every rank read the values together; rank 0 draws them
        }
        sink.accept(HeatMapImage.draw(values, grid.size(0), grid.size(1), stats, where, names));
        return stats;
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
        write(v, w, h, null, file);
    }

    /**
     * Draws row-major values {@code v[x + w * y]} into {@code file}, with the legend.
     *
     * @param v the values, {@code w * h} of them
     * @param w the map's width in pixels
     * @param h the map's height in pixels
     * @param range the colour scale's fixed range, or null to span the finite values
     * @param file the PNG file to write
     * @return the scale's range and the values that were not finite
     */
    public static FrameStats write(double[] v, int w, int h, ValueRange range, Path file) {
        return draw(v, w, h, range, image -> OutputFiles.writeAtomically(image, "png", file));
    }

    /**
     * Draws the heat map of {@link #write(double[], int, int, ValueRange, Path)} and hands the image to {@code sink}.
     */
    static FrameStats draw(double[] v, int w, int h, ValueRange range, Consumer<BufferedImage> sink) {
        requireImages();
        if ((long) w * h != v.length) {
            throw new ColonyException("a heat map of w=" + w + " h=" + h + " needs " + (long) w * h + " values, not "
                    + v.length);
        }
        FrameStats stats = FrameStats.of(v, range);
        sink.accept(HeatMapImage.draw(v, w, h, stats, new long[0][], List.of()));
        return stats;
    }

    private static void requireImages() {
        if (!available()) {
            throw new ColonyException("this Java runtime has no java.desktop module, so it cannot write PNG "
                    + "snapshots; run the snapshot on a full JDK");
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
