package org.colony.examples;

/**
 * Heat2D written as the plain sequential program of the benchmark description, without Colony: an
 * N x N array z[x][y] (N at least 3) and each tick, from z to the next buffer z': (1) the interior,
 * z' = z + r(zE - 2z + zW) + r(zS - 2z + zN); (2) the edges copy their inner neighbour in z, columns then
 * rows, and the corners their diagonal inner neighbour; (3) while t &lt; heatTime, the top row's middle
 * third is 19.0 in z'. Then z' becomes z.
 */
final class Heat2DReference {

    private Heat2DReference() {
    }

    /** The plate after {@code steps} ticks, as {@code [x + n * y]}. */
    static double[] run(int n, int steps, int heatTime) {
        double r = 0.25;
        double[][] z = new double[n][n];
        double[][] next = new double[n][n];
        int last = n - 1;
        for (int t = 0; t < steps; t++) {
            for (int x = 1; x < last; x++) {
                for (int y = 1; y < last; y++) {
                    next[x][y] = z[x][y] + r * (z[x + 1][y] - 2 * z[x][y] + z[x - 1][y])
                            + r * (z[x][y + 1] - 2 * z[x][y] + z[x][y - 1]);
                }
            }
            for (int y = 1; y < last; y++) {
                next[0][y] = z[1][y];
                next[last][y] = z[last - 1][y];
            }
            for (int x = 1; x < last; x++) {
                next[x][0] = z[x][1];
                next[x][last] = z[x][last - 1];
            }
            next[0][0] = z[1][1];
            next[last][0] = z[last - 1][1];
            next[0][last] = z[1][last - 1];
            next[last][last] = z[last - 1][last - 1];
            if (t < heatTime) {
                for (int x = n / 3; x < 2 * n / 3; x++) {
                    next[x][0] = 19.0;
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
