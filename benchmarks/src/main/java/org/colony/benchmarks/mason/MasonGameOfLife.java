package org.colony.benchmarks.mason;

import sim.engine.ParallelSequence;
import sim.engine.Schedule;
import sim.engine.SimState;
import sim.engine.Steppable;
import sim.field.grid.IntGrid2D;

/**
 * Conway's Game of Life (B3/S23, cells outside the board dead) as a MASON model, after MASON's own
 * tutorial CA: an {@link IntGrid2D} of 0/1 indexed {@code [x][y]}, a {@link Steppable} that counts the eight
 * neighbours of every cell in the previous board and writes the next one. Two grids are swapped instead of
 * the tutorial's {@code setTo} copy, and the three neighbouring columns are hoisted as in HeatBugs'
 * {@code Diffuser}. With {@code threads > 1} the board is cut into bands of columns run by a
 * {@link ParallelSequence}.
 */
public final class MasonGameOfLife extends SimState {

    private static final long serialVersionUID = 1L;

    private final int n;
    private final int threads;
    private final boolean[] initial;
    private IntGrid2D board;
    private IntGrid2D next;

    /**
     * A board seeded from MASON's generator: each cell alive with probability 0.5.
     *
     * @param n the board's side
     * @param seed the seed of MASON's generator
     * @param threads update threads (1: a plain {@code Steppable})
     */
    public MasonGameOfLife(int n, long seed, int threads) {
        this(n, seed, threads, null);
    }

    /**
     * A board that starts from a given state, for comparing with other implementations.
     *
     * @param initial the live cells as {@code [x + n * y]}
     */
    public MasonGameOfLife(int n, int threads, boolean[] initial) {
        this(n, 42L, threads, initial.clone());
    }

    private MasonGameOfLife(int n, long seed, int threads, boolean[] initial) {
        super(seed);
        this.n = n;
        this.threads = threads;
        this.initial = initial;
    }

    @Override
    public void start() {
        super.start();
        board = new IntGrid2D(n, n, 0);
        next = new IntGrid2D(n, n, 0);
        for (int y = 0; y < n; y++) {
            for (int x = 0; x < n; x++) {
                boolean alive = initial == null ? random.nextBoolean(0.5) : initial[x + n * y];
                board.field[x][y] = alive ? 1 : 0;
            }
        }
        Steppable update;
        if (threads <= 1) {
            update = new Update(0, n);
        } else {
            Steppable[] bands = new Steppable[threads];
            for (int t = 0; t < threads; t++) {
                bands[t] = new Update((int) ((long) n * t / threads), (int) ((long) n * (t + 1) / threads));
            }
            update = new ParallelSequence(bands);
        }
        schedule.scheduleRepeating(Schedule.EPOCH, 0, update, 1.0);
        schedule.scheduleRepeating(Schedule.EPOCH, 1, new Swap(), 1.0);
    }

    /** Runs one generation. */
    public void tick() {
        schedule.step(this);
    }

    /** The board as {@code [x + n * y]}. */
    public boolean[] cells() {
        boolean[] out = new boolean[n * n];
        for (int x = 0; x < n; x++) {
            for (int y = 0; y < n; y++) {
                out[x + n * y] = board.field[x][y] != 0;
            }
        }
        return out;
    }

    /** The number of live cells. */
    public long population() {
        long live = 0;
        for (int[] column : board.field) {
            for (int v : column) {
                live += v;
            }
        }
        return live;
    }

    /** Makes the next board the current one. */
    private final class Swap implements Steppable {
        private static final long serialVersionUID = 1L;

        @Override
        public void step(SimState state) {
            IntGrid2D t = board;
            board = next;
            next = t;
        }
    }

    /** Writes columns {@code [fromX, toX)} of the next board from the current one. */
    private final class Update implements Steppable {
        private static final long serialVersionUID = 1L;
        private final int fromX;
        private final int toX;

        Update(int fromX, int toX) {
            this.fromX = fromX;
            this.toX = toX;
        }

        @Override
        public void step(SimState state) {
            final int[][] cur = board.field;
            final int[][] out = next.field;
            final int[] dead = new int[n];
            final int last = n - 1;
            for (int x = fromX; x < toX; x++) {
                final int[] west = x > 0 ? cur[x - 1] : dead;
                final int[] here = cur[x];
                final int[] east = x < last ? cur[x + 1] : dead;
                final int[] o = out[x];
                for (int y = 0; y < n; y++) {
                    int count = west[y] + east[y];
                    if (y > 0) {
                        count += west[y - 1] + here[y - 1] + east[y - 1];
                    }
                    if (y < last) {
                        count += west[y + 1] + here[y + 1] + east[y + 1];
                    }
                    o[y] = count == 3 || (here[y] == 1 && count == 2) ? 1 : 0;
                }
            }
        }
    }
}
