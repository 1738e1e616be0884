package org.colony.benchmarks.mason;

import java.io.Serializable;
import java.util.ArrayList;
import java.util.List;
import sim.engine.Schedule;
import sim.engine.SimState;
import sim.engine.Steppable;
import sim.engine.Stoppable;
import sim.field.grid.DoubleGrid2D;
import sim.field.grid.IntGrid2D;
import sim.field.grid.ObjectGrid2D;
import sim.field.grid.SparseGrid2D;
import sim.util.Bag;

/**
 * SugarScape (the MASS CUDA variant of Epstein and Axtell, as the benchmark description gives it) as a
 * MASON model. The landscape is MASON grids indexed {@code [x][y]}: {@link IntGrid2D} sugar and capacity,
 * {@link DoubleGrid2D} pollution (with a second grid for diffusion); the ants live in a
 * {@link SparseGrid2D}, and every ant is a {@link Steppable} scheduled on its own, twice a tick. A tick is,
 * in schedule orderings: 0 grow, 1 diffuse pollution, 2 every ant looks (and bids for the best unoccupied
 * place it sees), 3 the bids are settled (at most one ant per place, the highest random priority wins, the
 * lower id on equal priority), 4 every ant eats, pollutes, and dies when it runs out of sugar.
 *
 * <p>Random numbers come from MASON's generator ({@code state.random}) unless a {@link Chance} is given,
 * which tests use to replay the draws of another implementation.
 */
public final class MasonSugarScape extends SimState {

    private static final long serialVersionUID = 1L;

    /** The random draws the rules make; by default MASON's own generator. */
    public interface Chance extends Serializable {
        /** Called first in every tick, with the tick number from 0. */
        void startTick(long tick);

        /** A uniform draw in {@code [0, bound)} for a tie among equally good places, made by ant {@code id}. */
        int tieBreak(long id, int bound);

        /** The priority of ant {@code id}'s bid for a place (compared unsigned, larger wins). */
        long priority(long id);
    }

    /** An ant: its place, its sugar, metabolism and vision; it looks at ordering 2 and eats at ordering 4. */
    public static final class Ant implements Steppable {
        private static final long serialVersionUID = 1L;
        final long id;
        int x;
        int y;
        int sugar;
        int metabolism;
        int vision;
        int toX = -1;
        int toY = -1;
        long key;
        Stoppable looking;
        Stoppable eating;

        Ant(long id, int x, int y, int sugar, int metabolism, int vision) {
            this.id = id;
            this.x = x;
            this.y = y;
            this.sugar = sugar;
            this.metabolism = metabolism;
            this.vision = vision;
        }

        /** Looks along the four lattice directions and bids for the best unoccupied place. */
        @Override
        public void step(SimState state) {
            MasonSugarScape m = (MasonSugarScape) state;
            int[][] sugarField = m.sugar.field;
            double[][] pollutionField = m.pollution.field;
            double best = -1;
            int bestDistance = 0;
            int ties = 0;
            int bestX = 0;
            int bestY = 0;
            for (int d = 1; d <= vision; d++) {
                for (int dir = 0; dir < 4; dir++) {
                    int px = x + (dir == 0 ? d : dir == 1 ? -d : 0);
                    int py = y + (dir == 2 ? d : dir == 3 ? -d : 0);
                    if (px < 0 || py < 0 || px >= m.n || py >= m.n || m.ants.numObjectsAtLocation(px, py) > 0) {
                        continue;
                    }
                    double value = sugarField[px][py] / (1 + pollutionField[px][py]);
                    if (value > best) {
                        best = value;
                        bestDistance = d;
                        ties = 1;
                        bestX = px;
                        bestY = py;
                    } else if (value == best && d == bestDistance) {
                        ties++;
                        if (m.chance.tieBreak(id, ties) == 0) {
                            bestX = px;
                            bestY = py;
                        }
                    }
                }
            }
            if (ties > 0) {
                toX = bestX;
                toY = bestY;
                m.bids.add(this);
            }
        }

        /** Eats the place's sugar, burns its metabolism, pollutes the place; dies when it runs out of sugar. */
        void eat(MasonSugarScape m) {
            sugar += m.sugar.field[x][y] - metabolism;
            m.sugar.field[x][y] = 0;
            m.pollution.field[x][y] += metabolism;
            if (sugar < 0) {
                m.ants.remove(this);
                looking.stop();
                eating.stop();
            }
        }
    }

    private final int n;
    private final Chance chance;
    private final long[] startPlaces;
    private final int[] startSugar;
    private final int[] startMetabolism;
    private IntGrid2D sugar;
    private IntGrid2D maxSugar;
    private DoubleGrid2D pollution;
    private DoubleGrid2D pollutionNext;
    private SparseGrid2D ants;
    private ObjectGrid2D claims;
    private final ArrayList<Ant> bids = new ArrayList<>();

    /**
     * The benchmark model: N*N/5 ants at distinct random places, sugar 1..10, metabolism 1..4, vision 3,
     * every draw from MASON's generator.
     *
     * @param n the landscape's side
     * @param seed the seed of MASON's generator
     */
    public MasonSugarScape(int n, long seed) {
        this(n, seed, null, null, null, null);
    }

    /**
     * A model that starts with given ants (ids 0, 1, ... in array order) and draws through {@code chance}.
     *
     * @param places each ant's place as {@code x + n * y}
     */
    public MasonSugarScape(int n, Chance chance, long[] places, int[] sugar, int[] metabolism) {
        this(n, 42L, chance, places.clone(), sugar.clone(), metabolism.clone());
    }

    private MasonSugarScape(int n, long seed, Chance chance, long[] places, int[] sugar, int[] metabolism) {
        super(seed);
        this.n = n;
        this.chance = chance != null ? chance : new MasonChance(this);
        this.startPlaces = places;
        this.startSugar = sugar;
        this.startMetabolism = metabolism;
    }

    @Override
    public void start() {
        super.start();
        sugar = new IntGrid2D(n, n, 0);
        maxSugar = new IntGrid2D(n, n, 0);
        pollution = new DoubleGrid2D(n, n, 0.0);
        pollutionNext = new DoubleGrid2D(n, n, 0.0);
        ants = new SparseGrid2D(n, n);
        claims = new ObjectGrid2D(n, n);
        double r = n / 2;
        int a = n / 3;
        int b = n - n / 3 - 1;
        for (int x = 0; x < n; x++) {
            for (int y = 0; y < n; y++) {
                maxSugar.field[x][y] = Math.max(peak(x, y, a, b, r), peak(x, y, b, a, r));
                sugar.field[x][y] = maxSugar.field[x][y];
            }
        }
        if (startPlaces != null) {
            for (int i = 0; i < startPlaces.length; i++) {
                int p = (int) startPlaces[i];
                add(new Ant(i, p % n, p / n, startSugar[i], startMetabolism[i], 3));
            }
        } else {
            long count = (long) n * n / 5;
            for (long id = 0; id < count; id++) {
                int x;
                int y;
                do {
                    x = random.nextInt(n);
                    y = random.nextInt(n);
                } while (ants.numObjectsAtLocation(x, y) > 0);
                add(new Ant(id, x, y, 1 + random.nextInt(10), 1 + random.nextInt(4), 3));
            }
        }
        schedule.scheduleRepeating(Schedule.EPOCH, 0, new Grow(), 1.0);
        schedule.scheduleRepeating(Schedule.EPOCH, 1, new Diffuse(), 1.0);
        schedule.scheduleRepeating(Schedule.EPOCH, 3, new Settle(), 1.0);
    }

    private void add(Ant ant) {
        ants.setObjectLocation(ant, ant.x, ant.y);
        ant.looking = schedule.scheduleRepeating(Schedule.EPOCH, 2, ant, 1.0);
        ant.eating = schedule.scheduleRepeating(Schedule.EPOCH, 4, new Eat(ant), 1.0);
    }

    private static int peak(int x, int y, int px, int py, double r) {
        double dx = x - px;
        double dy = y - py;
        double dist = Math.sqrt(dx * dx + dy * dy);
        return dist < r ? (int) (4 + 0.5 - 4 / r * dist) : 0;
    }

    /** Runs one tick. */
    public void tick() {
        schedule.step(this);
    }

    /** The number of live ants. */
    public int population() {
        return ants.getAllObjects().numObjs;
    }

    /** The sugar of every place as {@code [x + n * y]}. */
    public int[] sugar() {
        return flat(sugar);
    }

    /** The sugar capacity of every place as {@code [x + n * y]}. */
    public int[] maxSugar() {
        return flat(maxSugar);
    }

    /** The pollution of every place as {@code [x + n * y]}. */
    public double[] pollution() {
        double[] out = new double[n * n];
        for (int x = 0; x < n; x++) {
            for (int y = 0; y < n; y++) {
                out[x + n * y] = pollution.field[x][y];
            }
        }
        return out;
    }

    private int[] flat(IntGrid2D g) {
        int[] out = new int[n * n];
        for (int x = 0; x < n; x++) {
            for (int y = 0; y < n; y++) {
                out[x + n * y] = g.field[x][y];
            }
        }
        return out;
    }

    /**
     * The live ants in id order, each as {@code {id, x + n * y, sugar, metabolism, vision}}.
     */
    public long[][] antTable() {
        Bag all = ants.getAllObjects();
        List<Ant> live = new ArrayList<>(all.numObjs);
        for (int i = 0; i < all.numObjs; i++) {
            live.add((Ant) all.objs[i]);
        }
        live.sort((p, q) -> Long.compare(p.id, q.id));
        long[][] out = new long[live.size()][];
        for (int i = 0; i < out.length; i++) {
            Ant a = live.get(i);
            out[i] = new long[] {a.id, a.x + (long) n * a.y, a.sugar, a.metabolism, a.vision};
        }
        return out;
    }

    /** Sugar grows back by one up to the capacity; pollution rises by one. */
    private final class Grow implements Steppable {
        private static final long serialVersionUID = 1L;

        @Override
        public void step(SimState state) {
            chance.startTick((long) schedule.getTime());
            for (int x = 0; x < n; x++) {
                int[] s = sugar.field[x];
                int[] cap = maxSugar.field[x];
                double[] p = pollution.field[x];
                for (int y = 0; y < n; y++) {
                    s[y] = Math.min(s[y] + 1, cap[y]);
                    p[y] += 1;
                }
            }
        }
    }

    /** Pollution becomes the mean of the four lattice neighbours' (cells off the grid count as 0). */
    private final class Diffuse implements Steppable {
        private static final long serialVersionUID = 1L;

        @Override
        public void step(SimState state) {
            double[][] p = pollution.field;
            double[][] out = pollutionNext.field;
            double[] none = new double[n];
            for (int x = 0; x < n; x++) {
                double[] west = x > 0 ? p[x - 1] : none;
                double[] here = p[x];
                double[] east = x < n - 1 ? p[x + 1] : none;
                double[] o = out[x];
                for (int y = 0; y < n; y++) {
                    double south = y < n - 1 ? here[y + 1] : 0;
                    double north = y > 0 ? here[y - 1] : 0;
                    o[y] = (east[y] + west[y] + south + north) / 4;
                }
            }
            DoubleGrid2D t = pollution;
            pollution = pollutionNext;
            pollutionNext = t;
        }
    }

    /** Settles the bids: one ant per place, the highest priority first, the lower id on equal priority. */
    private final class Settle implements Steppable {
        private static final long serialVersionUID = 1L;

        @Override
        public void step(SimState state) {
            Object[][] claim = claims.field;
            for (Ant ant : bids) {
                ant.key = chance.priority(ant.id);
                Ant held = (Ant) claim[ant.toX][ant.toY];
                if (held == null || Long.compareUnsigned(ant.key, held.key) > 0
                        || (ant.key == held.key && ant.id < held.id)) {
                    claim[ant.toX][ant.toY] = ant;
                }
            }
            for (Ant ant : bids) {
                if (claim[ant.toX][ant.toY] == ant) {
                    ant.x = ant.toX;
                    ant.y = ant.toY;
                    ants.setObjectLocation(ant, ant.x, ant.y);
                }
            }
            for (Ant ant : bids) {
                claim[ant.toX][ant.toY] = null;
                ant.toX = -1;
            }
            bids.clear();
        }
    }

    /** An ant's meal, scheduled at ordering 4. */
    private static final class Eat implements Steppable {
        private static final long serialVersionUID = 1L;
        private final Ant ant;

        Eat(Ant ant) {
            this.ant = ant;
        }

        @Override
        public void step(SimState state) {
            ant.eat((MasonSugarScape) state);
        }
    }

    /** The default draws: MASON's generator. */
    private static final class MasonChance implements Chance {
        private static final long serialVersionUID = 1L;
        private final SimState state;

        MasonChance(SimState state) {
            this.state = state;
        }

        @Override
        public void startTick(long tick) {
        }

        @Override
        public int tieBreak(long id, int bound) {
            return state.random.nextInt(bound);
        }

        @Override
        public long priority(long id) {
            return state.random.nextLong();
        }
    }
}
