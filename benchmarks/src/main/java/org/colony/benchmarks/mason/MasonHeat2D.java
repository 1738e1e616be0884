package org.colony.benchmarks.mason;

import sim.engine.ParallelSequence;
import sim.engine.Schedule;
import sim.engine.SimState;
import sim.engine.Steppable;
import sim.field.grid.DoubleGrid2D;

/**
 * Heat2D (the MASS benchmark) as a MASON model: the plate is a {@link DoubleGrid2D} indexed
 * {@code [x][y]} with a second grid for the next tick, and each tick is one {@link Steppable} on the
 * schedule that computes the whole next grid from the current one (interior cells diffuse, edge cells copy
 * their inner neighbour, corners their diagonal one, the heater overrides while t &lt; heatTime), written the
 * way MASON's own HeatBugs {@code Diffuser} is (column arrays hoisted out of the inner loop), then a swap.
 * With {@code threads > 1} the columns are cut into bands run by a {@link ParallelSequence}, as HeatBugs'
 * {@code ThreadedDiffuser} does. The plate's side is at least 2.
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
     * @param threads threads computing the next grid (1: a plain {@code Steppable})
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
        Steppable tick;
        if (threads <= 1 || n < 3) {
            tick = new Tick(0, n);
        } else {
            Steppable[] bands = new Steppable[threads];
            for (int t = 0; t < threads; t++) {
                bands[t] = new Tick((int) ((long) n * t / threads), (int) ((long) n * (t + 1) / threads));
            }
            tick = new ParallelSequence(bands);
        }
        schedule.scheduleRepeating(Schedule.EPOCH, 0, tick, 1.0);
        schedule.scheduleRepeating(Schedule.EPOCH, 1, new Swap(), 1.0);
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

    /** The next grid's columns {@code [fromX, toX)}, all from the current grid. */
    private final class Tick implements Steppable {
        private static final long serialVersionUID = 1L;
        private final int fromX;
        private final int toX;

        Tick(int fromX, int toX) {
            this.fromX = fromX;
            this.toX = toX;
        }

        @Override
        public void step(SimState state) {
            final double[][] z = plate.field;
            final double[][] out = next.field;
            final double r = R;
            final int last = n - 1;
            final boolean heating = (long) schedule.getTime() < heatTime;
            for (int x = fromX; x < toX; x++) {
                final double[] o = out[x];
                if (x == 0 || x == last) {
                    final double[] inner = z[x == 0 ? 1 : last - 1];
                    o[0] = inner[1];
                    for (int y = 1; y < last; y++) {
                        o[y] = inner[y];
                    }
                    o[last] = inner[last - 1];
                } else {
                    final double[] west = z[x - 1];
                    final double[] here = z[x];
                    final double[] east = z[x + 1];
                    o[0] = here[1];
                    o[last] = here[last - 1];
                    for (int y = 1; y < last; y++) {
                        double c = here[y];
                        o[y] = c + r * (east[y] - 2 * c + west[y]) + r * (here[y + 1] - 2 * c + here[y - 1]);
                    }
                }
                if (heating && x >= n / 3 && x < 2 * n / 3) {
                    o[0] = HEAT;
                }
            }
        }
    }
}
