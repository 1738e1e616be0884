package org.colony.examples;

/**
 * Heat2D written as the plain sequential program of the benchmark description, without Colony: an
 * N x N array z[x][y], each tick (1) copy edges, columns then rows, (2) heat the top row's middle third
 * while t &lt; heatTime, (3) compute the interior of the next buffer. The next buffer's edges carry the
 * current ones (the next tick overwrites them before anything reads them).
 */
final class Heat2DReference {

    private Heat2DReference() {
    }

    /** The plate after {@code steps} ticks, as {@code [x + n * y]}. */
    static double[] run(int n, int steps, int heatTime) {
        double r = 0.25;
        double[][] z = new double[n][n];
        double[][] next = new double[n][n];
        for (int t = 0; t < steps; t++) {
            for (int y = 0; y < n; y++) {
                z[0][y] = z[1][y];
                z[n - 1][y] = z[n - 2][y];
            }
            for (int x = 0; x < n; x++) {
                z[x][0] = z[x][1];
                z[x][n - 1] = z[x][n - 2];
            }
            if (t < heatTime) {
                for (int x = n / 3; x < 2 * n / 3; x++) {
                    z[x][0] = 19.0;
                }
            }
            for (int x = 0; x < n; x++) {
                for (int y = 0; y < n; y++) {
                    if (x == 0 || y == 0 || x == n - 1 || y == n - 1) {
                        next[x][y] = z[x][y];
                    } else {
                        next[x][y] = z[x][y] + r * (z[x + 1][y] - 2 * z[x][y] + z[x - 1][y])
                                + r * (z[x][y + 1] - 2 * z[x][y] + z[x][y - 1]);
                    }
                }
            }
            double[][] swap = z;
            z = next;
            next = swap;
        }
        double[] out = new double[n * n];
        for (int x = 0; x < n; x++) {
            for (int y = 0; y < n; y++) {
                out[x + n * y] = z[x][y];
            }
        }
        return out;
    }
}
