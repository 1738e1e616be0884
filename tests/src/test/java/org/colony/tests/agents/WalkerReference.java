package org.colony.tests.agents;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.TreeMap;
import java.util.function.ToIntFunction;
import org.colony.kernel.RandomStream;
import org.colony.runtime.Agents;
import org.colony.runtime.agents.ManageReport;

/**
 * Walkers (and the places they write) as a plain sequential program, written from the documented rules of
 * {@code Agent} and {@code Agents.manageAll} without the framework: deaths first; then moves, where a
 * destination's room is its capacity less the living agents on it now (movers included) and requests for
 * it are settled by a priority of 64 bits (draws 0 and 1 of the agent's {@code RandomStream(seed, epoch)},
 * epoch = manageAll's), higher first, lower id on ties; then births on the parent's place after its move
 * within the room left (child k of a parent has the priority of draws 2 + 2k and 3 + 2k, parent order on
 * ties), or on the place it named when it asked (a place off a non-wrapping grid refuses them); then survivors in
 * id order followed by the children in parent order with new ids.
 */
final class WalkerReference {

    /** A move that would leave a non-wrapping grid. */
    static final long OUTSIDE = -2;

    /** One walker: its attributes, its place and its intents. */
    static final class W {
        long id;
        long place;
        int dx;
        int dy;
        int tx;
        int ty;
        int energy;
        double value;
        long seen;
        int children;
        boolean doomed;
        int[] hist = new int[3];
        long target = -1;
        boolean dead;
        int spawns;
        /** Where the children are born: -1 on this walker's place after its move, else the place named. */
        long birthPlace = -1;
        /** Its ordinal among the children born with it in the last manageAll, -1 when it was not born there. */
        int ordinal = -1;
        /** For spawnNear: the radius and tries around birthPlace; 0 tries for a plain spawn. */
        int radius;
        int tries;

        W(long id, long place) {
            this.id = id;
            this.place = place;
        }

        /** A child: this walker's attributes on this walker's place, with a new id and no intents. */
        W child(long childId) {
            W c = new W(childId, place);
            c.dx = dx;
            c.dy = dy;
            c.tx = tx;
            c.ty = ty;
            c.energy = energy;
            c.value = value;
            c.seen = seen;
            c.children = children;
            c.doomed = doomed;
            c.hist = hist.clone();
            return c;
        }
    }

    final int w;
    final int h;
    final boolean wrap;
    final long seed;
    final int capacity;
    List<W> walkers = new ArrayList<>();
    long nextId;

    /**
     * @param places the walkers' start places, sorted: walker i starts on places[i] with id i
     */
    WalkerReference(int w, int h, boolean wrap, long seed, int capacity, long[] places) {
        this.w = w;
        this.h = h;
        this.wrap = wrap;
        this.seed = seed;
        this.capacity = capacity;
        for (long p : places) {
            walkers.add(new W(nextId++, p));
        }
    }

    int cells() {
        return w * h;
    }

    /** The global index of (x, y): wrapped on a torus, {@link #OUTSIDE} off a non-wrapping grid. */
    long index(long x, long y) {
        if (wrap) {
            return Math.floorMod(x, (long) w) + (long) w * Math.floorMod(y, (long) h);
        }
        return x < 0 || y < 0 || x >= w || y >= h ? OUTSIDE : x + (long) w * y;
    }

    // ---- the steps ----------------------------------------------------------------------

    void go() {
        for (W a : walkers) {
            a.target = index(a.place % w + a.dx, a.place / w + a.dy);
        }
    }

    void jump() {
        for (W a : walkers) {
            a.target = index(a.tx, a.ty);
        }
    }

    void wander(long epoch, int reach) {
        RandomStream rng = new RandomStream(seed, epoch);
        for (W a : walkers) {
            rng.reset(a.id);
            int dx = rng.uniformInt(2 * reach + 1) - reach;
            int dy = rng.uniformInt(2 * reach + 1) - reach;
            a.target = index(a.place % w + dx, a.place / w + dy);
        }
    }

    void breed() {
        for (W a : walkers) {
            a.spawns += a.children;
            a.energy += 100;
            a.hist[2] = (int) a.id;
        }
    }

    void breedAt() {
        for (W a : walkers) {
            a.spawns += a.children;
            a.birthPlace = index(a.place % w - a.dy, a.place / w + a.dx);
            a.energy += 100;
        }
    }

    void breedNear() {
        for (W a : walkers) {
            a.spawns += a.children;
            a.birthPlace = a.place;
            a.radius = a.dx;
            a.tries = a.dy;
            a.energy += 100;
        }
    }

    /**
     * The place try {@code t} of child {@code k} of a spawnNear names: an offset in [-radius, radius] along x, then y,
     * from uniformInt draws of the parent's stream starting at draw 2 + 2 n + 4 (k tries + t).
     */
    long near(RandomStream rng, W a, int k, int t) {
        rng.reset(a.id);
        rng.skip(2 + 2L * a.spawns + 4L * ((long) k * a.tries + t));
        int dx = rng.uniformInt(2 * a.radius + 1) - a.radius;
        int dy = rng.uniformInt(2 * a.radius + 1) - a.radius;
        return index(a.birthPlace % w + dx, a.birthPlace / w + dy);
    }

    void remember() {
        for (W a : walkers) {
            a.seen = a.ordinal;
        }
    }

    void cull() {
        for (W a : walkers) {
            if (a.doomed) {
                a.dead = true;
            }
        }
    }

    void breedAndCull() {
        for (W a : walkers) {
            a.spawns += a.children;
            if (a.doomed) {
                a.dead = true;
            }
        }
    }

    void draw(long epoch) {
        RandomStream rng = new RandomStream(seed, epoch);
        for (W a : walkers) {
            rng.reset(a.id);
            a.value = rng.uniform();
            a.energy = rng.uniformInt(1000);
        }
    }

    void shift() {
        for (W a : walkers) {
            a.hist[2] = a.hist[1];
            a.hist[1] = a.hist[0];
            a.hist[0] = a.energy;
        }
    }

    // ---- manageAll ------------------------------------------------------------------------

    /** 64 bits from draws {@code first} and {@code first + 1} of instance {@code id}'s stream. */
    static long priority(RandomStream rng, long id, long first) {
        rng.reset(id);
        rng.skip(first);
        long hi = rng.nextInt() & 0xFFFF_FFFFL;
        long lo = rng.nextInt() & 0xFFFF_FFFFL;
        return hi << 32 | lo;
    }

    /** A request for room on a place: higher priority first, then the lower tie-breaking key. */
    private record Request(W who, long dest, long priority, long tie) {
    }

    /** Child k of a parent, asked for as the seq-th child of the manageAll (parents in id order, then k). */
    private record Child(W parent, int k, long priority, int seq) {
    }

    private static final Comparator<Request> ORDER = (a, b) -> {
        int c = Long.compareUnsigned(b.priority, a.priority);
        return c != 0 ? c : Long.compare(a.tie, b.tie);
    };

    /** Which requests win, given the room per place (no limit when the collection has none). */
    private List<Request> settle(List<Request> requests, int[] occupied) {
        if (capacity == Integer.MAX_VALUE) {
            return requests;
        }
        TreeMap<Long, List<Request>> byPlace = new TreeMap<>();
        for (Request r : requests) {
            byPlace.computeIfAbsent(r.dest, d -> new ArrayList<>()).add(r);
        }
        List<Request> won = new ArrayList<>();
        for (List<Request> group : byPlace.values()) {
            group.sort(ORDER);
            int room = capacity - occupied[(int) group.get(0).dest];
            won.addAll(group.subList(0, Math.max(0, Math.min(room, group.size()))));
        }
        return won;
    }

    ManageReport manage(long epoch) {
        RandomStream rng = new RandomStream(seed, epoch);
        long deaths = walkers.stream().filter(a -> a.dead).count();
        int[] occupied = new int[cells()];
        for (W a : walkers) {
            if (!a.dead) {
                occupied[(int) a.place]++;
            }
        }
        long outside = 0;
        List<Request> moves = new ArrayList<>();
        for (W a : walkers) {
            if (a.dead) {
                continue;
            }
            if (a.target == OUTSIDE) {
                outside++;
            } else if (a.target >= 0 && a.target != a.place) {
                moves.add(new Request(a, a.target, priority(rng, a.id, 0), a.id));
            }
        }
        List<Request> moved = settle(moves, occupied);
        for (Request r : moved) {
            r.who.place = r.dest;
        }
        int[] after = new int[cells()];
        for (W a : walkers) {
            if (!a.dead) {
                after[(int) a.place]++;
            }
        }
        // Births in rounds: round t, every child not yet born tries its place for round t (its parent's or the one
        // named, in round 0; the t-th drawn for a spawnNear with more than t tries), settled within the room left.
        List<Child> children = new ArrayList<>();
        int rounds = 0;
        for (W a : walkers) {
            for (int k = 0; k < a.spawns; k++) {
                children.add(new Child(a, k, priority(rng, a.id, 2 + 2L * k), children.size()));
                rounds = Math.max(rounds, a.tries == 0 ? 1 : a.tries);
            }
        }
        long[] bornOn = new long[children.size()];
        Arrays.fill(bornOn, -1);
        for (int t = 0; t < rounds; t++) {
            List<Request> tries = new ArrayList<>();
            for (Child c : children) {
                W a = c.parent;
                if (bornOn[c.seq] >= 0 || t >= Math.max(1, a.tries)) {
                    continue;
                }
                long dest = a.tries > 0 ? near(rng, a, c.k, t) : a.birthPlace == -1 ? a.place : a.birthPlace;
                if (dest != OUTSIDE) {
                    tries.add(new Request(a, dest, c.priority, c.seq));
                }
            }
            for (Request r : settle(tries, after)) {
                bornOn[(int) r.tie] = r.dest;
                after[(int) r.dest]++;
            }
        }
        List<Request> born = new ArrayList<>();
        for (Child c : children) {
            if (bornOn[c.seq] >= 0) {
                born.add(new Request(c.parent, bornOn[c.seq], c.priority, c.seq));
            }
        }
        List<W> next = new ArrayList<>();
        for (W a : walkers) {
            if (!a.dead) {
                next.add(a);
            }
            a.ordinal = -1;
            a.target = -1;
            a.spawns = 0;
            a.birthPlace = -1;
            a.tries = 0;
            a.radius = 0;
        }
        Map<W, Integer> siblings = new IdentityHashMap<>();
        for (Request r : born) {
            W c = r.who.child(nextId++);
            c.place = r.dest;
            c.ordinal = siblings.merge(r.who, 1, Integer::sum) - 1;
            next.add(c);
        }
        walkers = next;
        return new ManageReport(deaths, born.size(), moved.size(), moves.size() - moved.size(),
                children.size() - born.size(), outside, next.size());
    }

    // ---- the driver's side ------------------------------------------------------------------

    /** Random attributes from a fixed seed: offsets in [-reach, reach], targets in [lo, hi), energies, values. */
    void randomize(long inputs, int reach, int lo, int hi) {
        SplittableRandom r = new SplittableRandom(inputs);
        for (W a : walkers) {
            a.dx = r.nextInt(-reach, reach + 1);
            a.dy = r.nextInt(-reach, reach + 1);
            a.tx = r.nextInt(lo, hi);
            a.ty = r.nextInt(lo, hi);
            a.energy = r.nextInt(-1000, 1000);
            a.value = r.nextDouble(-1, 1) * Math.scalb(1.0, r.nextInt(-30, 30));
            a.children = r.nextInt(4) == 0 ? r.nextInt(1, 4) : 0;
            a.doomed = r.nextInt(3) == 0;
            for (int k = 0; k < 3; k++) {
                a.hist[k] = r.nextInt(-50, 50);
            }
        }
    }

    /** Copies every attribute of the reference walkers into the collection (same ids, same order). */
    void load(Agents<Walker> agents) {
        int n = walkers.size();
        assertEquals(n, agents.size());
        agents.set("dx", ints(a -> a.dx));
        agents.set("dy", ints(a -> a.dy));
        agents.set("tx", ints(a -> a.tx));
        agents.set("ty", ints(a -> a.ty));
        agents.set("energy", ints(a -> a.energy));
        agents.set("children", ints(a -> a.children));
        double[] value = new double[n];
        long[] seen = new long[n];
        boolean[] doomed = new boolean[n];
        for (int i = 0; i < n; i++) {
            value[i] = walkers.get(i).value;
            seen[i] = walkers.get(i).seen;
            doomed[i] = walkers.get(i).doomed;
        }
        agents.set("value", value);
        agents.set("seen", seen);
        agents.set("doomed", doomed);
        for (int k = 0; k < 3; k++) {
            int e = k;
            agents.set("hist", k, ints(a -> a.hist[e]));
        }
    }

    private int[] ints(ToIntFunction<W> f) {
        return walkers.stream().mapToInt(f).toArray();
    }

    /** Asserts that the collection holds exactly the reference walkers: ids, places and every attribute. */
    void assertSame(Agents<Walker> agents, String when) {
        int n = walkers.size();
        assertEquals(n, agents.size(), "population " + when);
        assertArrayEquals(walkers.stream().mapToLong(a -> a.id).toArray(), agents.ids(), "ids " + when);
        assertArrayEquals(walkers.stream().mapToLong(a -> a.place).toArray(), agents.locations(), "places " + when);
        assertArrayEquals(ints(a -> a.dx), agents.getInt("dx"), "dx " + when);
        assertArrayEquals(ints(a -> a.dy), agents.getInt("dy"), "dy " + when);
        assertArrayEquals(ints(a -> a.tx), agents.getInt("tx"), "tx " + when);
        assertArrayEquals(ints(a -> a.ty), agents.getInt("ty"), "ty " + when);
        assertArrayEquals(ints(a -> a.energy), agents.getInt("energy"), "energy " + when);
        assertArrayEquals(ints(a -> a.children), agents.getInt("children"), "children " + when);
        assertArrayEquals(walkers.stream().mapToDouble(a -> a.value).toArray(), agents.getDouble("value"), 0.0,
                "value " + when);
        assertArrayEquals(walkers.stream().mapToLong(a -> a.seen).toArray(), agents.getLong("seen"), "seen " + when);
        boolean[] doomed = new boolean[n];
        for (int i = 0; i < n; i++) {
            doomed[i] = walkers.get(i).doomed;
        }
        assertArrayEquals(doomed, agents.getBoolean("doomed"), "doomed " + when);
        for (int k = 0; k < 3; k++) {
            int e = k;
            assertArrayEquals(ints(a -> a.hist[e]), agents.getInt("hist", k), "hist[" + k + "] " + when);
        }
    }

    /** Walkers per place. */
    int[] occupancy() {
        int[] c = new int[cells()];
        for (W a : walkers) {
            c[(int) a.place]++;
        }
        return c;
    }

    /**
     * {@code n} start places, sorted, inside the columns {@code [0, width)} of a {@code w x h} grid, at most
     * {@code perPlace} on any place.
     */
    static long[] startPlaces(int n, int w, int h, int width, int perPlace, long seed) {
        SplittableRandom r = new SplittableRandom(seed);
        int[] count = new int[w * h];
        long[] places = new long[n];
        for (int i = 0; i < n; i++) {
            int g;
            do {
                g = r.nextInt(width) + w * r.nextInt(h);
            } while (count[g] >= perPlace);
            count[g]++;
            places[i] = g;
        }
        Arrays.sort(places);
        return places;
    }
}
