package org.colony.runtime.io;

/** A perceptually ordered colour map (dark purple through orange to pale yellow, after "inferno"). */
public final class ColorMap {

    private static final int[][] STOPS = {
        {0, 0, 4}, {31, 12, 72}, {85, 15, 109}, {136, 34, 106}, {186, 54, 85},
        {227, 89, 51}, {249, 140, 10}, {249, 201, 50}, {252, 255, 164},
    };

    private ColorMap() {
    }

    /**
     * {@return the RGB colour (0xRRGGBB) of {@code t} in [0, 1]; values outside are clamped, NaN is black}
     *
     * @param t the value, scaled to [0, 1]
     */
    public static int rgb(double t) {
        if (Double.isNaN(t)) {
            return 0;
        }
        double u = Math.max(0, Math.min(1, t)) * (STOPS.length - 1);
        int i = Math.min(STOPS.length - 2, (int) u);
        double f = u - i;
        int r = (int) Math.round(STOPS[i][0] + f * (STOPS[i + 1][0] - STOPS[i][0]));
        int g = (int) Math.round(STOPS[i][1] + f * (STOPS[i + 1][1] - STOPS[i][1]));
        int b = (int) Math.round(STOPS[i][2] + f * (STOPS[i + 1][2] - STOPS[i][2]));
        return (r << 16) | (g << 8) | b;
    }
}
