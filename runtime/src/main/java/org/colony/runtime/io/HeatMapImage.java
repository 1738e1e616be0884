package org.colony.runtime.io;

import java.awt.image.BufferedImage;
import java.util.ArrayList;
import java.util.List;

/**
 * Draws a heat map image: the values, one pixel per place (every k-th place of a grid wider than
 * {@link HeatMap#MAX_SIDE}), in the top left corner, agents over them, and below them a legend: the colour bar with
 * the scale's range at its ends, the colours of NaN and of the infinities with their counts where there are any, and
 * the colour of each agent collection with its name.
 */
final class HeatMapImage {

    /** The colour of NaN values: grey, which the colour map never reaches. */
    static final int NAN_RGB = 0x808080;

    /** The colour of +infinity: blue, outside the colour map. */
    static final int POSITIVE_INFINITY_RGB = 0x1E50FF;

    /** The colour of -infinity: dark teal, outside the colour map. */
    static final int NEGATIVE_INFINITY_RGB = 0x008060;

    /** Marker colours for agent collections drawn over a heat map, in order (cyan, white, green, pink). */
    static final int[] AGENT_COLOURS = {0x00E5FF, 0xFFFFFF, 0x39FF14, 0xFF3FA4};

    /** The legend's background: dark grey. */
    static final int PANEL_RGB = 0x303030;

    /** The legend's text. */
    static final int TEXT_RGB = 0xFFFFFF;

    /** The narrowest legend; a narrower map is drawn on a wider image. */
    static final int MIN_WIDTH = 160;

    /** Pixels around the legend's rows. */
    static final int MARGIN = 4;

    /** The colour bar's height. */
    static final int BAR_HEIGHT = 10;

    private HeatMapImage() {
    }

    /** One entry of the legend: a square of a colour and its text. */
    private record Key(int rgb, String text) {
        int width() {
            return PixelFont.HEIGHT + 3 + PixelFont.width(text);
        }
    }

    /**
     * Draws the image.
     *
     * @param v the values {@code v[x + w * y]}
     * @param w the grid's width
     * @param h the grid's height
     * @param stats the scale's range and the non-finite counts of {@code v}
     * @param agents the places of each agent collection's agents
     * @param names each collection's name, for the legend
     */
    static BufferedImage draw(double[] v, int w, int h, FrameStats stats, long[][] agents, List<String> names) {
        int step = Math.max(1, (Math.max(w, h) + HeatMap.MAX_SIDE - 1) / HeatMap.MAX_SIDE);
        int mapWidth = (w + step - 1) / step;
        int mapHeight = (h + step - 1) / step;
        int width = Math.max(mapWidth, MIN_WIDTH);
        List<Key> keys = new ArrayList<>();
        if (stats.nan() > 0) {
            keys.add(new Key(NAN_RGB, "NaN " + stats.nan()));
        }
        if (stats.positiveInfinity() > 0) {
            keys.add(new Key(POSITIVE_INFINITY_RGB, "+inf " + stats.positiveInfinity()));
        }
        if (stats.negativeInfinity() > 0) {
            keys.add(new Key(NEGATIVE_INFINITY_RGB, "-inf " + stats.negativeInfinity()));
        }
        for (int i = 0; i < agents.length; i++) {
            keys.add(new Key(AGENT_COLOURS[i % AGENT_COLOURS.length], names.get(i)));
        }
        List<List<Key>> rows = flow(keys, width - 2 * MARGIN);
        int rowHeight = PixelFont.HEIGHT + MARGIN;
        int legendTop = mapHeight;
        int height = legendTop + MARGIN + BAR_HEIGHT + MARGIN + rowHeight * (1 + rows.size());
        BufferedImage image = new BufferedImage(width, height, BufferedImage.TYPE_INT_RGB);
        fill(image, 0, 0, width, height, PANEL_RGB);
        double min = Double.isNaN(stats.min()) ? 0 : stats.min();
        double span = stats.max() > stats.min() ? stats.max() - stats.min() : 1;
        for (int y = 0; y < mapHeight; y++) {
            for (int x = 0; x < mapWidth; x++) {
                image.setRGB(x, y, colour(v[x * step + w * (y * step)], min, span));
            }
        }
        for (int i = 0; i < agents.length; i++) {
            for (long place : agents[i]) {
                int x = (int) (place % w) / step;
                int y = (int) (place / w) / step;
                if (x < mapWidth && y < mapHeight) {
                    image.setRGB(x, y, AGENT_COLOURS[i % AGENT_COLOURS.length]);
                }
            }
        }
        int barTop = legendTop + MARGIN;
        int barWidth = width - 2 * MARGIN;
        for (int x = 0; x < barWidth; x++) {
            int rgb = ColorMap.rgb(barWidth == 1 ? 0 : (double) x / (barWidth - 1));
            fill(image, MARGIN + x, barTop, 1, BAR_HEIGHT, rgb);
        }
        int labelTop = barTop + BAR_HEIGHT + MARGIN;
        String low = FrameStats.label(stats.min());
        String high = FrameStats.label(stats.max());
        PixelFont.draw(image, low, MARGIN, labelTop, TEXT_RGB);
        PixelFont.draw(image, high, Math.max(MARGIN + PixelFont.width(low) + PixelFont.ADVANCE,
                width - MARGIN - PixelFont.width(high)), labelTop, TEXT_RGB);
        int top = labelTop + rowHeight;
        for (List<Key> row : rows) {
            int left = MARGIN;
            for (Key key : row) {
                fill(image, left, top, PixelFont.HEIGHT, PixelFont.HEIGHT, key.rgb());
                PixelFont.draw(image, key.text(), left + PixelFont.HEIGHT + 3, top, TEXT_RGB);
                left += key.width() + 2 * PixelFont.ADVANCE;
            }
            top += rowHeight;
        }
        return image;
    }

    /** {@return the colour of a value: its place on the scale, or the colour of NaN or an infinity} */
    static int colour(double value, double min, double span) {
        if (Double.isNaN(value)) {
            return NAN_RGB;
        }
        if (value == Double.POSITIVE_INFINITY) {
            return POSITIVE_INFINITY_RGB;
        }
        if (value == Double.NEGATIVE_INFINITY) {
            return NEGATIVE_INFINITY_RGB;
        }
        return ColorMap.rgb((value - min) / span);
    }

    /** The legend's entries in rows that fit {@code width}; an entry wider than a row has a row of its own. */
    private static List<List<Key>> flow(List<Key> keys, int width) {
        List<List<Key>> rows = new ArrayList<>();
        List<Key> row = new ArrayList<>();
        int used = 0;
        for (Key key : keys) {
            int needed = (row.isEmpty() ? 0 : 2 * PixelFont.ADVANCE) + key.width();
            if (!row.isEmpty() && used + needed > width) {
                rows.add(row);
                row = new ArrayList<>();
                used = 0;
                needed = key.width();
            }
            row.add(key);
            used += needed;
        }
        if (!row.isEmpty()) {
            rows.add(row);
        }
        return rows;
    }

    private static void fill(BufferedImage image, int left, int top, int width, int height, int rgb) {
        for (int y = top; y < Math.min(top + height, image.getHeight()); y++) {
            for (int x = left; x < Math.min(left + width, image.getWidth()); x++) {
                image.setRGB(x, y, rgb);
            }
        }
    }
}
