package org.colony.examples.stupid;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import org.colony.kernel.RandomStream;

/**
 * StupidModel (version 16, {@link StupidModel}) as a plain sequential program, written from the model's rules
 * ({@link HabitatCell}, {@link Bug}, {@link Predator}) and Colony's documented rules ({@code docs/agents.md},
 * {@code docs/random.md}, {@code Agent.spawnNear}), without the framework's runtime: every random number is a draw of
 * {@code RandomStream(seed, epoch)} for the documented instance (a place's index, an agent's id) and epoch (one per
 * call of a drawing step, random placement or manageAll, in the order {@link StupidModel#tick} makes them).
 *
 * <p>{@code manageAll} of the bugs (capacity 1): deaths; then moves, a destination's room being 1 less the living
 * bugs on it before the moves, its requests ranked by size (larger first), then 64 bits of draws 0 and 1 of the
 * mover's stream, then the lower id; then births of {@code spawnNear(n, radius, tries)} in rounds: in round t every
 * child not yet born whose parent has more than t tries names the place of draws {@code 2 + 2n + 4(k tries + t)} of
 * its parent's stream, settled within the room the living bugs after the moves and the children born in earlier
 * rounds leave, by the parent's size, then the child's 64 bits (draws 2 + 2k and 3 + 2k), then the lower parent id;
 * then the survivors in id order and the children, with new ids, by parent id and ordinal among its born children.
 */
final class StupidModelReference {

    /** Off a non-wrapping grid. */
    static final int OUTSIDE = -1;

    /** A bug: its attributes, place and intents. */
    static final class Bug {
        final long id;
        int place;
        double size;
        boolean asked;
        int fromX;
        int fromY;
        /** Intents of the last steps: the place asked for (-1: none), death, children and where they spread from. */
        int target = -1;
        boolean dead;
        int spawns;
        int radius;
        int tries;
        int center;

        Bug(long id, int place) {
            this.id = id;
            this.place = place;
        }
    }

    /** A predator. */
    static final class Predator {
        final long id;
        int place;
        int hunts;
        int target = -1;

        Predator(long id, int place) {
            this.id = id;
            this.place = place;
        }
    }

    /** What a manageAll of the bugs did. */
    record Report(long deaths, long births, long moves, long movesRefused, long birthsRefused) {
    }

    final int w;
    final int h;
    final long seed;
    final StupidModel.Parameters p;
    final double[] production;
    final double[] food;
    List<Bug> bugs = new ArrayList<>();
    List<Predator> predators = new ArrayList<>();
    long nextBug;
    long epoch;

    // What happened over the ticks, to show a run is not vacuous.
    long births;
    long birthsRefused;
    long deaths;
    long eaten;
    long firstRoundRefused;
    long retriedMoves;
    long retryRounds;
    /** Requests that lost a place to another request: moves on size, moves on random bits, births. */
    long lostOnSize;
    long lostOnBits;
    long birthsContested;

    StupidModelReference(int w, int h, long seed, double[] production, StupidModel.Parameters p) {
        this.w = w;
        this.h = h;
        this.seed = seed;
        this.p = p;
        this.production = production.clone();
        this.food = new double[w * h];
        // Placement.random(bugs).atMost(1): slot s (place s, the only one of it) gets the 63-bit key of draws 0 and 1
        // of id s; the smallest keys win (slot order on ties), ids in place order.
        RandomStream rng = new RandomStream(seed, epoch++);
        int cells = w * h;
        long[] keys = new long[cells];
        for (int s = 0; s < cells; s++) {
            rng.reset(s);
            long w0 = rng.nextInt() & 0xFFFF_FFFFL;
            long w1 = rng.nextInt() & 0xFFFF_FFFFL;
            keys[s] = (w0 << 31) | (w1 >>> 1);
        }
        int count = (int) p.bugs();
        long[] sorted = keys.clone();
        Arrays.sort(sorted);
        long threshold = count == 0 ? Long.MIN_VALUE : sorted[count - 1];
        long ties = count - Arrays.stream(sorted).filter(k -> k < threshold).count();
        for (int s = 0; s < cells && nextBug < count; s++) {
            if (keys[s] < threshold || (keys[s] == threshold && ties-- > 0)) {
                bugs.add(new Bug(nextBug++, s));
            }
        }
        // Bug.init(mean, sd).
        rng = new RandomStream(seed, epoch++);
        for (Bug b : bugs) {
            rng.reset(b.id);
            b.size = Math.max(0.0, p.initialMean() + p.initialSd() * rng.normal());
        }
        // Placement.random(predators): predator i draws a place, the places sorted, ids in their order.
        rng = new RandomStream(seed, epoch++);
        int[] where = new int[(int) p.predators()];
        for (int i = 0; i < where.length; i++) {
            rng.reset(i);
            where[i] = rng.uniformInt(cells);
        }
        Arrays.sort(where);
        for (int i = 0; i < where.length; i++) {
            predators.add(new Predator(i, where[i]));
        }
    }

    /** The global index of (x, y), or {@link #OUTSIDE} off the grid. */
    int index(int x, int y) {
        return x < 0 || y < 0 || x >= w || y >= h ? OUTSIDE : x + w * y;
    }

    private int[] bugsPerPlace() {
        int[] c = new int[w * h];
        for (Bug b : bugs) {
            c[b.place]++;
        }
        return c;
    }

    /** One tick, call by call as {@link StupidModel#tick}. */
    void tick() {
        // cells.callAll(grow): no draws, no epoch.
        for (int i = 0; i < food.length; i++) {
            food[i] += production[i];
        }
        // bugs.callAll(look), then bugs.manageAll(relook, moveRounds).
        look(false);
        Report r = manage();
        firstRoundRefused += r.movesRefused();
        for (int round = 1; round < p.moveRounds() && r.movesRefused() > 0; round++) {
            look(true);
            r = manage();
            retryRounds++;
            retriedMoves += r.moves();
        }
        // bugs.callAll(eat): no draws; one bug a cell, so the cell's sum has one contribution.
        for (Bug b : bugs) {
            double meal = Math.min(p.maxConsumption(), food[b.place]);
            b.size += meal;
            food[b.place] -= meal;
        }
        // bugs.callAll(fate), bugs.manageAll().
        RandomStream rng = new RandomStream(seed, epoch++);
        for (Bug b : bugs) {
            rng.reset(b.id);
            if (b.size >= p.reproduceSize()) {
                b.size = 0.0;
                b.spawns += p.offspring();
                b.radius = 3;
                b.tries = 5;
                b.center = b.place;
                b.dead = true;
            } else if (rng.uniform() > p.survival()) {
                b.dead = true;
            }
        }
        r = manage();
        births += r.births();
        birthsRefused += r.birthsRefused();
        deaths += r.deaths();
        // predators.callAll(hunt), predators.manageAll(): no capacity, every move is made.
        int[] bugsHere = bugsPerPlace();
        rng = new RandomStream(seed, epoch++);
        for (Predator q : predators) {
            rng.reset(q.id);
            int x = q.place % w;
            int y = q.place / w;
            int start = rng.uniformInt(8);
            boolean found = false;
            int to = -1;
            for (int i = 0; i < 8 && !found; i++) {
                int k = (start + i) % 8;
                int d = k < 4 ? k : k + 1;
                int g = index(x + d % 3 - 1, y + d / 3 - 1);
                if (g != OUTSIDE) {
                    to = g;
                    found = bugsHere[g] > 0;
                }
            }
            if (found) {
                q.hunts++;
            }
            q.target = to;
        }
        epoch++;
        for (Predator q : predators) {
            if (q.target >= 0) {
                q.place = q.target;
            }
            q.target = -1;
        }
        // bugs.callAll(eaten): no draws; bugs.manageAll().
        boolean[] hunted = new boolean[w * h];
        for (Predator q : predators) {
            hunted[q.place] = true;
        }
        for (Bug b : bugs) {
            if (hunted[b.place]) {
                b.dead = true;
            }
        }
        r = manage();
        eaten += r.deaths();
        deaths += r.deaths();
    }

    /**
     * Bug.look (or, with {@code retry}, Bug.relook): each bug asks for the cell with the most food within four cells
     * (its own, or one no bug holds before the step), ties broken by {@code uniformInt(ties)}; relook asks only where
     * the last round refused the bug's move.
     */
    private void look(boolean retry) {
        int[] count = bugsPerPlace();
        RandomStream rng = new RandomStream(seed, epoch++);
        for (Bug b : bugs) {
            rng.reset(b.id);
            int x = b.place % w;
            int y = b.place / w;
            if (retry && !(b.asked && x == b.fromX && y == b.fromY)) {
                b.asked = false;
                continue;
            }
            double best = -1;
            int ties = 0;
            int bx = 0;
            int by = 0;
            for (int dy = -4; dy <= 4; dy++) {
                for (int dx = -4; dx <= 4; dx++) {
                    int g = index(x + dx, y + dy);
                    if (g != OUTSIDE && (dx == 0 && dy == 0 || count[g] == 0)) {
                        double f = food[g];
                        if (f > best) {
                            best = f;
                            ties = 1;
                            bx = dx;
                            by = dy;
                        } else if (f == best) {
                            ties++;
                            if (rng.uniformInt(ties) == 0) {
                                bx = dx;
                                by = dy;
                            }
                        }
                    }
                }
            }
            if (bx != 0 || by != 0) {
                b.asked = true;
                b.fromX = x;
                b.fromY = y;
                b.target = index(x + bx, y + by);
            } else {
                b.asked = false;
            }
        }
    }

    /**
     * Compares two {@code @Priority} values, larger first: {@code -0.0} equals {@code 0.0} and NaN ranks below every
     * number.
     */
    static int byRank(double a, double b) {
        boolean na = Double.isNaN(a);
        boolean nb = Double.isNaN(b);
        if (na || nb) {
            return na == nb ? 0 : na ? 1 : -1;
        }
        return a == b ? 0 : a > b ? -1 : 1;
    }

    /** 64 bits from draws {@code first} and {@code first + 1} of instance {@code id}'s stream. */
    static long bits(RandomStream rng, long id, long first) {
        rng.reset(id);
        rng.skip(first);
        long hi = rng.nextInt() & 0xFFFF_FFFFL;
        long lo = rng.nextInt() & 0xFFFF_FFFFL;
        return (hi << 32) | lo;
    }

    /**
     * A request for room on a place, ranked by the {@code @Priority} size (larger first), then its 64 random bits
     * (unsigned, higher first), then the lower id (a child's parent's), then k.
     */
    private record Request<T>(int dest, double rank, long bits, long id, int k, T who) {
    }

    private static final Comparator<Request<?>> ORDER = (a, b) -> {
        int c = byRank(a.rank, b.rank);
        if (c != 0) {
            return c;
        }
        c = Long.compareUnsigned(b.bits, a.bits);
        if (c != 0) {
            return c;
        }
        c = Long.compare(a.id, b.id);
        return c != 0 ? c : Integer.compare(a.k, b.k);
    };

    /** The requests that win, each place's group in ranked order, within {@code 1 - occupied[place]} (capacity 1). */
    private <T> List<Request<T>> settle(List<Request<T>> requests, int[] occupied, boolean births) {
        List<Request<T>> sorted = new ArrayList<>(requests);
        sorted.sort(Comparator.<Request<T>>comparingInt(Request::dest).thenComparing(ORDER));
        List<Request<T>> won = new ArrayList<>();
        int i = 0;
        while (i < sorted.size()) {
            int g = sorted.get(i).dest;
            int room = 1 - occupied[g];
            int j = i;
            while (j < sorted.size() && sorted.get(j).dest == g) {
                if (j - i < room) {
                    won.add(sorted.get(j));
                } else if (room > 0) {
                    Request<T> winner = sorted.get(i + room - 1);
                    if (births) {
                        birthsContested++;
                    } else if (byRank(winner.rank, sorted.get(j).rank) != 0) {
                        lostOnSize++;
                    } else {
                        lostOnBits++;
                    }
                }
                j++;
            }
            i = j;
        }
        return won;
    }

    /** The place try {@code t} of child {@code k} of {@code b} names (spawnNear), or {@link #OUTSIDE}. */
    private int near(RandomStream rng, Bug b, int k, int t) {
        rng.reset(b.id);
        rng.skip(2 + 2L * b.spawns + 4L * ((long) k * b.tries + t));
        int side = 2 * b.radius + 1;
        int dx = rng.uniformInt(side) - b.radius;
        int dy = rng.uniformInt(side) - b.radius;
        return index(b.center % w + dx, b.center / w + dy);
    }

    /** A child asked for: its parent, k, its 64 random bits, and the place it was born on (-1: not yet). */
    private static final class Child {
        final Bug parent;
        final int k;
        final long bits;
        int born = -1;

        Child(Bug parent, int k, long bits) {
            this.parent = parent;
            this.k = k;
            this.bits = bits;
        }
    }

    /** bugs.manageAll(), in its own epoch. */
    private Report manage() {
        RandomStream rng = new RandomStream(seed, epoch++);
        long dead = 0;
        int[] occupied = new int[w * h];
        for (Bug b : bugs) {
            if (b.dead) {
                dead++;
            } else {
                occupied[b.place]++;
            }
        }
        List<Request<Bug>> moves = new ArrayList<>();
        for (Bug b : bugs) {
            if (!b.dead && b.target >= 0 && b.target != b.place) {
                moves.add(new Request<>(b.target, b.size, bits(rng, b.id, 0), b.id, 0, b));
            }
        }
        List<Request<Bug>> moved = settle(moves, occupied, false);
        for (Request<Bug> r : moved) {
            r.who.place = r.dest;
        }
        int[] after = new int[w * h];
        for (Bug b : bugs) {
            if (!b.dead) {
                after[b.place]++;
            }
        }
        List<Child> children = new ArrayList<>();
        int rounds = 0;
        for (Bug b : bugs) {
            for (int k = 0; k < b.spawns; k++) {
                children.add(new Child(b, k, bits(rng, b.id, 2 + 2L * k)));
                rounds = Math.max(rounds, b.tries);
            }
        }
        for (int t = 0; t < rounds; t++) {
            List<Request<Child>> tries = new ArrayList<>();
            for (Child c : children) {
                if (c.born < 0 && t < c.parent.tries) {
                    int dest = near(rng, c.parent, c.k, t);
                    if (dest != OUTSIDE) {
                        tries.add(new Request<>(dest, c.parent.size, c.bits, c.parent.id, c.k, c));
                    }
                }
            }
            List<Request<Child>> won = settle(tries, after, true);
            for (Request<Child> r : won) {
                r.who.born = r.dest;
                after[r.dest]++;
            }
        }
        List<Bug> next = new ArrayList<>();
        for (Bug b : bugs) {
            if (!b.dead) {
                next.add(b);
            }
        }
        long born = 0;
        for (Child c : children) { // parents in id order, then k: ids by (parent id, ordinal)
            if (c.born >= 0) {
                Bug a = c.parent;
                Bug child = new Bug(nextBug++, c.born);
                child.size = a.size;
                child.asked = a.asked;
                child.fromX = a.fromX;
                child.fromY = a.fromY;
                next.add(child);
                born++;
            }
        }
        for (Bug b : bugs) {
            b.target = -1;
            b.spawns = 0;
            b.radius = 0;
            b.tries = 0;
        }
        bugs = next;
        return new Report(dead, born, moved.size(), moves.size() - moved.size(), children.size() - born);
    }
}
