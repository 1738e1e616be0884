package org.colony.examples;

import org.colony.kernel.RandomStream;

/**
 * Conway's Game of Life (B3/S23) as a plain sequential program: cells outside the board are dead; at
 * start cell i is alive when the first uniform draw of the framework's generator for instance i in the
 * simulation's first call (epoch 0) is below 0.5.
 */
final class GameOfLifeReference {

    private GameOfLifeReference() {
    }

    /** The board after {@code steps} generations, as {@code [x + n * y]}. */
    static boolean[] run(int n, int steps, long seed) {
        boolean[] board = new boolean[n * n];
        RandomStream rng = new RandomStream(seed, 0);
        for (int i = 0; i < n * n; i++) {
            rng.reset(i);
            board[i] = rng.uniform() < 0.5;
        }
        boolean[] next = new boolean[n * n];
        for (int t = 0; t < steps; t++) {
            for (int y = 0; y < n; y++) {
                for (int x = 0; x < n; x++) {
                    int count = 0;
                    for (int dy = -1; dy <= 1; dy++) {
                        for (int dx = -1; dx <= 1; dx++) {
                            int nx = x + dx;
                            int ny = y + dy;
                            if ((dx != 0 || dy != 0) && nx >= 0 && ny >= 0 && nx < n && ny < n && board[nx + n * ny]) {
                                count++;
                            }
                        }
                    }
                    boolean alive = board[x + n * y];
                    next[x + n * y] = count == 3 || (alive && count == 2);
                }
            }
            boolean[] swap = board;
            board = next;
            next = swap;
        }
        return board;
    }
}
