package org.colony.benchmarks.mason;

import java.io.Serializable;
import java.util.ArrayList;
import java.util.List;
import sim.engine.SimState;
import sim.engine.Steppable;
import sim.field.grid.DoubleGrid2D;
import sim.field.grid.ObjectGrid2D;
import sim.field.grid.SparseGrid2D;
import sim.util.Bag;

/**
 * StupidModel version 16 (Railsback, Lytinen and Grimm) as a MASON model, with the rules of Colony's example
 * ({@code org.colony.examples.stupid}) carried out one agent at a time, as MASON and the original run them: the cells
 * produce their food; the bugs, largest first, each move at once to the cell with the most food within four cells
 * that no bug holds (ties at random); each eats up to its largest meal; bugs of size 10 split into five of size 0,
 * each put on the first free cell of up to five drawn within three cells, and die, the others die at random; the
 * predators, in random order, each look at the eight cells around in a random rotation and eat the first bug they
 * find, moving onto its cell (or to the last cell looked at). Habitat cells are {@link DoubleGrid2D}s indexed
 * {@code [x][y]}, bugs an {@link ObjectGrid2D} (one a cell), predators a {@link SparseGrid2D}; the draws are MASON's.
 */
public final class MasonStupidModel extends SimState {

    private static final long serialVersionUID = 1L;

    /** A bug: its cell and size. */
    static final class Bug implements Serializable {
        private static final long serialVersionUID = 1L;
        int x;
        int y;
        double size;

        Bug(int x, int y, double size) {
            this.x = x;
            this.y = y;
            this.size = size;
        }
    }

    /** A predator: its cell. */
    static final class Predator implements Serializable {
        private static final long serialVersionUID = 1L;
        int x;
        int y;

        Predator(int x, int y) {
            this.x = x;
            this.y = y;
        }
    }

    private final int w;
    private final int h;
    private final double[] productionByCell;
    private final int startBugs;
    private final int startPredators;
    private DoubleGrid2D food;
    private DoubleGrid2D production;
    private ObjectGrid2D bugGrid;
    private SparseGrid2D predatorGrid;
    private ArrayList<Bug> bugs = new ArrayList<>();
    private final ArrayList<Predator> predators = new ArrayList<>();

    /**
     * @param production food production per cell as {@code [x + w * y]} (the habitat file's values)
     */
    public MasonStupidModel(int w, int h, double[] production, int bugs, int predators, long seed) {
        super(seed);
        this.w = w;
        this.h = h;
        this.productionByCell = production.clone();
        this.startBugs = bugs;
        this.startPredators = predators;
    }

    @Override
    public void start() {
        super.start();
        food = new DoubleGrid2D(w, h, 0.0);
        production = new DoubleGrid2D(w, h, 0.0);
        for (int y = 0; y < h; y++) {
            for (int x = 0; x < w; x++) {
                production.field[x][y] = productionByCell[x + w * y];
            }
        }
        bugGrid = new ObjectGrid2D(w, h);
        predatorGrid = new SparseGrid2D(w, h);
        bugs.clear();
        predators.clear();
        for (int i = 0; i < startBugs; i++) {
            int x;
            int y;
            do {
                x = random.nextInt(w);
                y = random.nextInt(h);
            } while (bugGrid.field[x][y] != null);
            Bug b = new Bug(x, y, Math.max(0.0, 0.1 + 0.03 * random.nextGaussian()));
            bugGrid.field[x][y] = b;
            bugs.add(b);
        }
        for (int i = 0; i < startPredators; i++) {
            Predator p = new Predator(random.nextInt(w), random.nextInt(h));
            predatorGrid.setObjectLocation(p, p.x, p.y);
            predators.add(p);
        }
        schedule.scheduleRepeating(0, 0, (Steppable) s -> grow(), 1.0);
        schedule.scheduleRepeating(0, 1, (Steppable) s -> move(), 1.0);
        schedule.scheduleRepeating(0, 2, (Steppable) s -> eat(), 1.0);
        schedule.scheduleRepeating(0, 3, (Steppable) s -> fate(), 1.0);
        schedule.scheduleRepeating(0, 4, (Steppable) s -> hunt(), 1.0);
    }

    /** Runs one tick. */
    public void tick() {
        schedule.step(this);
    }

    /** {@return the live bugs} */
    public int population() {
        return bugs.size();
    }

    /** {@return the bugs per size class, as Colony's {@code StupidModel.histogram}} */
    public long[] histogram() {
        long[] bins = new long[10];
        for (Bug b : bugs) {
            bins[(int) Math.min(9, Math.max(0, Math.floor(b.size)))]++;
        }
        return bins;
    }

    private void grow() {
        for (int x = 0; x < w; x++) {
            double[] f = food.field[x];
            double[] p = production.field[x];
            for (int y = 0; y < h; y++) {
                f[y] += p[y];
            }
        }
    }

    private void move() {
        bugs.sort((a, b) -> Double.compare(b.size, a.size));
        Object[][] held = bugGrid.field;
        double[][] f = food.field;
        for (Bug b : bugs) {
            double best = -1;
            int ties = 0;
            int bx = b.x;
            int by = b.y;
            for (int y = Math.max(0, b.y - 4); y <= Math.min(h - 1, b.y + 4); y++) {
                for (int x = Math.max(0, b.x - 4); x <= Math.min(w - 1, b.x + 4); x++) {
                    if (held[x][y] != null && held[x][y] != b) {
                        continue;
                    }
                    if (f[x][y] > best) {
                        best = f[x][y];
                        ties = 1;
                        bx = x;
                        by = y;
                    } else if (f[x][y] == best && random.nextInt(++ties) == 0) {
                        bx = x;
                        by = y;
                    }
                }
            }
            held[b.x][b.y] = null;
            b.x = bx;
            b.y = by;
            held[bx][by] = b;
        }
    }

    private void eat() {
        double[][] f = food.field;
        for (Bug b : bugs) {
            double meal = Math.min(1.0, f[b.x][b.y]);
            b.size += meal;
            f[b.x][b.y] -= meal;
        }
    }

    private void fate() {
        ArrayList<Bug> next = new ArrayList<>(bugs.size());
        List<Bug> born = new ArrayList<>();
        Object[][] held = bugGrid.field;
        for (Bug b : bugs) {
            if (b.size >= 10) {
                held[b.x][b.y] = null;
                for (int k = 0; k < 5; k++) {
                    for (int t = 0; t < 5; t++) {
                        int x = b.x + random.nextInt(7) - 3;
                        int y = b.y + random.nextInt(7) - 3;
                        if (x >= 0 && y >= 0 && x < w && y < h && held[x][y] == null) {
                            Bug c = new Bug(x, y, 0.0);
                            held[x][y] = c;
                            born.add(c);
                            break;
                        }
                    }
                }
            } else if (random.nextDouble() > 0.95) {
                held[b.x][b.y] = null;
            } else {
                next.add(b);
            }
        }
        next.addAll(born);
        bugs = next;
    }

    private void hunt() {
        Object[][] held = bugGrid.field;
        for (int i = predators.size() - 1; i > 0; i--) { // a random order
            int j = random.nextInt(i + 1);
            Predator t = predators.get(i);
            predators.set(i, predators.get(j));
            predators.set(j, t);
        }
        boolean eaten = false;
        for (Predator p : predators) {
            int start = random.nextInt(8);
            int tx = p.x;
            int ty = p.y;
            for (int i = 0; i < 8; i++) {
                int k = (start + i) % 8;
                int d = k < 4 ? k : k + 1;
                int x = p.x + d % 3 - 1;
                int y = p.y + d / 3 - 1;
                if (x < 0 || y < 0 || x >= w || y >= h) {
                    continue;
                }
                tx = x;
                ty = y;
                if (held[x][y] != null) {
                    held[x][y] = null;
                    eaten = true;
                    break;
                }
            }
            p.x = tx;
            p.y = ty;
            predatorGrid.setObjectLocation(p, tx, ty);
        }
        if (eaten) {
            ArrayList<Bug> alive = new ArrayList<>(bugs.size());
            for (Bug b : bugs) {
                if (held[b.x][b.y] == b) {
                    alive.add(b);
                }
            }
            bugs = alive;
        }
    }

    /** {@return the predators' cells, for a check that none was lost} */
    public Bag predatorsOnGrid() {
        return predatorGrid.getAllObjects();
    }
}
