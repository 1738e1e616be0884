package org.colony.benchmarks.mason;

import sim.engine.ParallelSequence;
import sim.engine.Schedule;
import sim.engine.SimState;
import sim.engine.Steppable;
import sim.field.grid.DoubleGrid2D;

/**
 * Heat2D (the MASS benchmark) as a MASON model: the plate is a {@link DoubleGrid2D} indexed
 * {@code [x][y]} with a second grid for the next tick, and each tick is two {@link Steppable}s on the
 * schedule, edges then diffusion, written the way MASON's own HeatBugs {@code Diffuser} is (column arrays
 * hoisted out of the inner loop). With {@code threads > 1} the diffusion is cut into bands of columns run
 * by a {@link ParallelSequence}, as HeatBugs' {@code ThreadedDiffuser} does.
 */
public final class MasonHeat2D extends SimState {

    private static final long serialVersionUID = 1L;

    /** The diffusion coefficient a * dt / dd^2. */
    public static final double R = 0.25;
    /** The temperature of the heated edge. */
    public static final double HEAT = 19.0;

    private final int n;
    private final int heatTime;
    private final int threads;
    private DoubleGrid2D plate;
    private DoubleGrid2D next;

    /**
     * @param n the plate's side
     * @param heatTime the number of ticks during which the edge is heated
     * @param threads diffusion threads (1: a plain {@code Steppable})
     */
    public MasonHeat2D(int n, int heatTime, int threads) {
        super(42L);
        this.n = n;
        this.heatTime = heatTime;
        this.threads = threads;
    }

    @Override
    public void start() {
        super.start();
        plate = new DoubleGrid2D(n, n, 0.0);
        next = new DoubleGrid2D(n, n, 0.0);
        schedule.scheduleRepeating(Schedule.EPOCH, 0, new Edges(), 1.0);
        Steppable diffuse;
        if (threads <= 1 || n < 3) {
            diffuse = new Diffuser(1, n - 1);
        } else {
            Steppable[] bands = new Steppable[threads];
            int inner = n - 2;
            for (int t = 0; t < threads; t++) {
                bands[t] = new Diffuser(1 + (int) ((long) inner * t / threads), 1 + (int) ((long) inner * (t + 1) / threads));
            }
            diffuse = new ParallelSequence(bands);
        }
        schedule.scheduleRepeating(Schedule.EPOCH, 1, diffuse, 1.0);
        schedule.scheduleRepeating(Schedule.EPOCH, 2, new Swap(), 1.0);
    }

    /** Runs one tick. */
    public void tick() {
        schedule.step(this);
    }

    /** The plate as {@code [x + n * y]} (Colony's global index order). */
    public double[] temperatures() {
        double[] out = new double[n * n];
        for (int x = 0; x < n; x++) {
            double[] column = plate.field[x];
            for (int y = 0; y < n; y++) {
                out[x + n * y] = column[y];
            }
        }
        return out;
    }

    private void swap() {
        DoubleGrid2D t = plate;
        plate = next;
        next = t;
    }

    /** Makes the next grid the current one. */
    private final class Swap implements Steppable {
        private static final long serialVersionUID = 1L;

        @Override
        public void step(SimState state) {
            swap();
        }
    }

    /** Copies the edges from the inner ring (columns, then rows) and heats the top row's middle third. */
    private final class Edges implements Steppable {
        private static final long serialVersionUID = 1L;

        @Override
        public void step(SimState state) {
            double[][] z = plate.field;
            for (int y = 0; y < n; y++) {
                z[0][y] = z[1][y];
                z[n - 1][y] = z[n - 2][y];
            }
            for (int x = 0; x < n; x++) {
                z[x][0] = z[x][1];
                z[x][n - 1] = z[x][n - 2];
            }
            if ((long) schedule.getTime() < heatTime) {
                for (int x = n / 3; x < 2 * n / 3; x++) {
                    z[x][0] = HEAT;
                }
            }
        }
    }

    /** The interior of the next grid for columns {@code [fromX, toX)}; edges carry over. */
    private final class Diffuser implements Steppable {
        private static final long serialVersionUID = 1L;
        private final int fromX;
        private final int toX;

        Diffuser(int fromX, int toX) {
            this.fromX = fromX;
            this.toX = toX;
        }

        @Override
        public void step(SimState state) {
            final double[][] z = plate.field;
            final double[][] out = next.field;
            final double r = R;
            final int last = n - 1;
            if (fromX == 1) {
                System.arraycopy(z[0], 0, out[0], 0, n);
            }
            if (toX == last) {
                System.arraycopy(z[last], 0, out[last], 0, n);
            }
            for (int x = fromX; x < toX; x++) {
                final double[] west = z[x - 1];
                final double[] here = z[x];
                final double[] east = z[x + 1];
                final double[] o = out[x];
                o[0] = here[0];
                o[last] = here[last];
                for (int y = 1; y < last; y++) {
                    double c = here[y];
                    o[y] = c + r * (east[y] - 2 * c + west[y]) + r * (here[y + 1] - 2 * c + here[y - 1]);
                }
            }
        }
    }
}
