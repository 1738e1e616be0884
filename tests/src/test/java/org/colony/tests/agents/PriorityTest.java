package org.colony.tests.agents;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.SplittableRandom;
import java.util.TreeMap;
import org.colony.kernel.RandomStream;
import org.colony.runtime.Agents;
import org.colony.runtime.Placement;
import org.colony.runtime.Places;
import org.colony.runtime.Simulation;
import org.colony.runtime.agents.ManageReport;
import org.colony.runtime.grid.Grid;
import org.colony.runtime.migration.Priority;
import org.colony.tests.lang.Lang;
import org.colony.tests.partition.PartitionedAgentsTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * {@code @Priority}: requests for room go to the highest value of the agent's priority attribute, then to the seeded
 * random priority, then to the lower id; children rank by their parent's value. Checked against a plain sequential
 * program written from those rules, on 1 and 3 threads and on partitions, and on five bidders for one place.
 */
public class PriorityTest {

    /** Five bidders around the empty centre of a 5 x 5 grid, and the offset that leads each there. */
    private static final long[] AROUND = {7, 11, 13, 17, 18};
    private static final int[] TO_DX = {0, 1, -1, 0, -1};
    private static final int[] TO_DY = {1, 0, 0, -1, -1};

    @Test
    void theHighestBidWins_nanRanksLowest_negativeZeroEqualsZero() {
        // grades: bids NaN, 1.0 (grade 8), -0.0, 0.0, +Infinity
        int[] grade = {0, 8, 1, 2, 3};
        for (long seed = 1; seed <= 12; seed++) {
            for (int capacity = 1; capacity <= 4; capacity++) {
                long[] where = centre(seed, capacity, grade);
                // +Infinity (4), then 1.0 (1), then -0.0 and 0.0 (2, 3) tie and fall to the random priority, NaN last.
                List<Integer> winners = new ArrayList<>();
                for (int id = 0; id < 5; id++) {
                    if (where[id] == 12) {
                        winners.add(id);
                    }
                }
                assertEquals(capacity, winners.size(), "seed " + seed);
                assertTrue(winners.contains(4), "+Infinity wins: " + winners);
                if (capacity >= 2) {
                    assertTrue(winners.contains(1), "1.0 is second: " + winners);
                }
                if (capacity == 4) {
                    assertEquals(List.of(1, 2, 3, 4), winners, "NaN ranks below every number");
                }
            }
        }
    }

    @Test
    void equalBids_fallToTheRandomPriority_thenTheId() {
        int[] grade = {7, 7, 7, 7, 7};
        for (long seed = 1; seed <= 20; seed++) {
            long[] where = centre(seed, 1, grade);
            RandomStream rng = new RandomStream(seed, 0); // the first epoch: rate and go draw nothing
            int best = 0;
            for (int id = 1; id < 5; id++) {
                if (Priority.beats(Priority.move(rng, id), id, Priority.move(rng, best), best)) {
                    best = id;
                }
            }
            for (int id = 0; id < 5; id++) {
                assertEquals(id == best ? 12 : AROUND[id], where[id], "seed " + seed + " bidder " + id);
            }
        }
    }

    /** The places of the five bidders after they all ask for the centre. */
    private static long[] centre(long seed, int capacity, int[] grade) {
        try (Simulation sim = Lang.sim(1, seed)) {
            Places<Field> field = sim.places(Field.class, Grid.of(5, 5));
            Agents<Bidder> bidders = sim.agents(Bidder.class, field, Placement.at(AROUND), capacity);
            bidders.set("dx", TO_DX);
            bidders.set("dy", TO_DY);
            bidders.set("grade", grade);
            bidders.callAll(Bidder::rate);
            bidders.callAll(Bidder::go);
            ManageReport report = bidders.manageAll();
            assertEquals(capacity, report.moves());
            return bidders.locations();
        }
    }

    @ParameterizedTest(name = "capacity={0} wrap={1} threads={2} partitions={3}")
    @CsvSource({
        "1, false, 1, ",
        "1, true, 3, ",
        "2, false, 3, ",
        "1, false, 2, 4",
        "2, true, 2, 3x2",
        "3, false, 1, 5x1",
    })
    void crowdsOfBidders_matchTheSequentialRules(int capacity, boolean wrap, int threads, String partitions) {
        int w = 29;
        int h = 25;
        long seed = 5 + capacity;
        List<String> colony = bidders(new String[] {"--backend=cpu"}, w, h, wrap, capacity, true, threads, partitions);
        List<String> reference = new Reference(w, h, wrap, capacity, true, seed).run();
        PartitionedAgentsTest.assertSame(reference, colony, "bidders on " + partitions);
        List<String> still = bidders(new String[] {"--backend=cpu"}, w, h, wrap, capacity, false, threads, partitions);
        PartitionedAgentsTest.assertSame(new Reference(w, h, wrap, capacity, false, seed).run(), still,
                "bidders that only move, on " + partitions);
        assertTrue(colony.stream().anyMatch(l -> l.contains("movesRefused=") && !l.contains("movesRefused=0,")),
                "bidders compete for places: " + colony.subList(0, ROUNDS));
        assertTrue(colony.stream().anyMatch(l -> l.contains("birthsRefused=") && !l.contains("birthsRefused=0,")),
                "children compete for places: " + colony.subList(0, ROUNDS));
    }

    /** Rounds of bidders crowding, bidding, moving and breeding on a w x h field; reports and the end state. */
    public static List<String> bidders(String[] on, int w, int h, boolean wrap, int capacity, boolean breed,
            int threads, String partitions) {
        long seed = 5 + capacity;
        try (Simulation sim = PartitionedAgentsTest.sim(on, seed, threads, partitions)) {
            Places<Field> field = sim.places(Field.class, wrap ? Grid.of(w, h).wrap() : Grid.of(w, h));
            Agents<Bidder> bidders = sim.agents(Bidder.class, field, Placement.at(start(w, h, capacity)), capacity);
            List<String> out = new ArrayList<>();
            for (int round = 0; round < ROUNDS; round++) {
                int[][] in = inputs((int) bidders.size(), round, breed);
                bidders.set("dx", in[0]);
                bidders.set("dy", in[1]);
                bidders.set("children", in[2]);
                bidders.set("grade", in[3]);
                bidders.callAll(Bidder::rate);
                bidders.callAll(Bidder::go);
                bidders.callAll(Bidder::breed);
                out.add("round " + round + " " + bidders.manageAll());
            }
            out.add("ids " + Arrays.toString(bidders.ids()));
            out.add("places " + Arrays.toString(bidders.locations()));
            out.add("bids " + Arrays.toString(Arrays.stream(bidders.getDouble("bid"))
                    .mapToLong(Double::doubleToRawLongBits).toArray()));
            return out;
        }
    }

    private static final int ROUNDS = 4;

    /** A quarter as many bidders as places, crowded into the left half, up to {@code min(capacity, 3)} a place. */
    private static long[] start(int w, int h, int capacity) {
        SplittableRandom r = new SplittableRandom(17);
        int[] count = new int[w * h];
        long[] places = new long[w * h / 4];
        for (int i = 0; i < places.length; i++) {
            int g;
            do {
                g = r.nextInt(w / 2) + w * r.nextInt(h);
            } while (count[g] >= Math.min(capacity, 3));
            count[g]++;
            places[i] = g;
        }
        Arrays.sort(places);
        return places;
    }

    /** Per bidder of round {@code round}: dx, dy in [-2, 2], children (a quarter breed 1-3, if any), grades 0-9. */
    private static int[][] inputs(int n, int round, boolean breed) {
        SplittableRandom r = new SplittableRandom(100 + round);
        int[][] in = new int[4][n];
        for (int i = 0; i < n; i++) {
            in[0][i] = r.nextInt(-2, 3);
            in[1][i] = r.nextInt(-2, 3);
            in[2][i] = r.nextInt(4) == 0 ? r.nextInt(1, 4) : 0;
            in[3][i] = r.nextInt(10);
            if (!breed) {
                in[2][i] = 0;
            }
        }
        return in;
    }

    /** The bidders as a plain sequential program, written from the documented rules without the framework. */
    private static final class Reference {

        /** One bidder. */
        private static final class B {
            long id;
            long place;
            double bid;
            int children;
            long target = -1;
            int spawns;
        }

        private record Request(B who, long dest, double bid, long priority, long tie) {
        }

        /** Higher bid first (NaN lowest, -0.0 as 0.0), then higher random priority, then the lower tie. */
        private static final Comparator<Request> ORDER = (a, b) -> {
            int c = compareBids(b.bid, a.bid);
            if (c != 0) {
                return c;
            }
            c = Long.compareUnsigned(b.priority, a.priority);
            return c != 0 ? c : Long.compare(a.tie, b.tie);
        };

        private static int compareBids(double x, double y) {
            if (Double.isNaN(x) || Double.isNaN(y)) {
                return Double.isNaN(x) == Double.isNaN(y) ? 0 : Double.isNaN(x) ? -1 : 1;
            }
            return x < y ? -1 : x > y ? 1 : 0;
        }

        private final int w;
        private final int h;
        private final boolean wrap;
        private final int capacity;
        private final boolean breed;
        private final long seed;
        private List<B> all = new ArrayList<>();
        private long nextId;

        Reference(int w, int h, boolean wrap, int capacity, boolean breed, long seed) {
            this.w = w;
            this.h = h;
            this.wrap = wrap;
            this.capacity = capacity;
            this.breed = breed;
            this.seed = seed;
            for (long g : start(w, h, capacity)) {
                B b = new B();
                b.id = nextId++;
                b.place = g;
                all.add(b);
            }
        }

        List<String> run() {
            List<String> out = new ArrayList<>();
            long epoch = 0; // only manageAll draws: epochs 0, 1, ...
            for (int round = 0; round < ROUNDS; round++) {
                int[][] in = inputs(all.size(), round, breed);
                for (int i = 0; i < all.size(); i++) {
                    B b = all.get(i);
                    int grade = in[3][i];
                    b.bid = grade == 0 ? Double.NaN : grade == 1 ? -0.0 : grade == 2 ? 0.0
                            : grade == 3 ? Double.POSITIVE_INFINITY : grade == 4 ? Double.NEGATIVE_INFINITY
                            : grade * 0.5 - 3;
                    b.target = target(b.place, in[0][i], in[1][i]);
                    b.children = in[2][i];
                    b.spawns = in[2][i];
                }
                out.add("round " + round + " " + manage(new RandomStream(seed, epoch++)));
            }
            out.add("ids " + Arrays.toString(all.stream().mapToLong(b -> b.id).toArray()));
            out.add("places " + Arrays.toString(all.stream().mapToLong(b -> b.place).toArray()));
            out.add("bids " + Arrays.toString(all.stream().mapToLong(b -> Double.doubleToRawLongBits(b.bid))
                    .toArray()));
            return out;
        }

        /** The place (dx, dy) away, wrapped on a torus; -2 off a grid that does not wrap. */
        private long target(long place, int dx, int dy) {
            long x = place % w + dx;
            long y = place / w + dy;
            if (wrap) {
                x = Math.floorMod(x, w);
                y = Math.floorMod(y, h);
            } else if (x < 0 || y < 0 || x >= w || y >= h) {
                return -2;
            }
            return x + w * y;
        }

        private ManageReport manage(RandomStream rng) {
            int[] occupied = new int[w * h];
            for (B b : all) {
                occupied[(int) b.place]++;
            }
            long outside = 0;
            List<Request> moves = new ArrayList<>();
            for (B b : all) {
                if (b.target == -2) {
                    outside++;
                } else if (b.target != b.place) {
                    moves.add(new Request(b, b.target, b.bid, priority(rng, b.id, 0), b.id));
                }
            }
            List<Request> moved = settle(moves, occupied);
            for (Request r : moved) {
                r.who.place = r.dest;
            }
            int[] after = new int[w * h];
            for (B b : all) {
                after[(int) b.place]++;
            }
            List<Request> births = new ArrayList<>();
            for (B b : all) {
                for (int k = 0; k < b.spawns; k++) {
                    births.add(new Request(b, b.place, b.bid, priority(rng, b.id, 2 + 2L * k), births.size()));
                }
            }
            List<Request> born = new ArrayList<>(settle(births, after));
            born.sort(Comparator.comparingLong(Request::tie));
            for (Request r : born) {
                B c = new B();
                c.id = nextId++;
                c.place = r.who.place;
                c.bid = r.who.bid;
                c.children = r.who.children;
                all.add(c);
            }
            return new ManageReport(0, born.size(), moved.size(), moves.size() - moved.size(),
                    births.size() - born.size(), outside, all.size());
        }

        private List<Request> settle(List<Request> requests, int[] occupied) {
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

        private static long priority(RandomStream rng, long id, long first) {
            rng.reset(id);
            rng.skip(first);
            long hi = rng.nextInt() & 0xFFFF_FFFFL;
            long lo = rng.nextInt() & 0xFFFF_FFFFL;
            return hi << 32 | lo;
        }
    }
}
