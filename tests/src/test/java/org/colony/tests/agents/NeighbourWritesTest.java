package org.colony.tests.agents;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import java.util.stream.LongStream;
import org.colony.runtime.Agents;
import org.colony.runtime.Placement;
import org.colony.runtime.Places;
import org.colony.runtime.Simulation;
import org.colony.runtime.agents.ManageReport;
import org.colony.runtime.grid.Grid;
import org.colony.tests.lang.Lang;
import org.colony.tests.partition.PartitionedAgentsTest;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Agents that write agents on neighbouring places: sums, minima, maxima and kills one and two cells away (across the
 * wrap of a torus, up to the edge of a grid that does not wrap, and across partition borders, where the writes into
 * the rows of other partitions' agents go back to their owners before they are applied) give, after every step, the
 * state a plain sequential computation from the state before the step gives, bit for bit, on every thread count and
 * partitioning. And the predators: several hunters bid for one beetle, the hungriest eats it, the others get
 * nothing, and the beetle and the hunters know what happened in their next step.
 */
public class NeighbourWritesTest {

    /** The taggers before a step, as the reference reads them. */
    private record Taggers(long[] ids, long[] places, int[] weight, double[] shade, boolean[] doomed, int[] heat,
            long[] low, double[] high, long[] tally, float[] cool) {

        static Taggers of(Agents<Tagger> t) {
            return new Taggers(t.ids(), t.locations(), t.getInt("weight"), t.getDouble("shade"),
                    t.getBoolean("doomed"), t.getInt("heat"), t.getLong("low"), t.getDouble("high"),
                    t.getLong("tally"), t.getFloat("cool"));
        }

        Taggers copy() {
            return new Taggers(ids, places, weight, shade, doomed, heat.clone(), low.clone(), high.clone(),
                    tally.clone(), cool.clone());
        }
    }

    /** A grid for the reference: the place at an offset, or -1 off a grid that does not wrap. */
    private record Plane(int w, int h, boolean wrap) {

        long at(long place, int dx, int dy) {
            int x = (int) (place % w) + dx;
            int y = (int) (place / w) + dy;
            if (!wrap && (x < 0 || x >= w || y < 0 || y >= h)) {
                return -1;
            }
            return Math.floorMod(x, w) + (long) w * Math.floorMod(y, h);
        }

        /** The agents on each place, in id (= index) order. */
        List<List<Integer>> byPlace(long[] places) {
            List<List<Integer>> out = new ArrayList<>(w * h);
            for (int g = 0; g < w * h; g++) {
                out.add(new ArrayList<>());
            }
            for (int i = 0; i < places.length; i++) {
                out.get((int) places[i]).add(i);
            }
            return out;
        }

        List<Integer> on(List<List<Integer>> byPlace, long place) {
            return place < 0 ? List.of() : byPlace.get((int) place);
        }
    }

    // ---- the rules, one writer at a time --------------------------------------------------------------------

    /** {@link Tagger#touch}: what the state {@code s} becomes; the taggers it kills are set in {@code dies}. */
    private static Taggers touch(Taggers s, Plane plane, boolean[] dies) {
        Taggers e = s.copy();
        List<List<Integer>> byPlace = plane.byPlace(s.places());
        for (int i = 0; i < s.ids().length; i++) {
            for (int dy = -1; dy <= 1; dy++) {
                for (int dx = -1; dx <= 1; dx++) {
                    if (dx == 0 && dy == 0) {
                        continue;
                    }
                    for (int j : plane.on(byPlace, plane.at(s.places()[i], dx, dy))) {
                        e.heat()[j] += s.weight()[i];
                        if (s.heat()[j] > 0) {
                            e.low()[j] = Math.min(e.low()[j], s.ids()[i] * 8 + dx + 3 * dy + 4);
                        }
                        e.high()[j] = Math.max(e.high()[j], s.shade()[i] * dy);
                        dies[j] |= s.doomed()[j] && s.weight()[j] < s.weight()[i];
                    }
                }
            }
            for (int j : plane.on(byPlace, s.places()[i])) {
                if (j != i) {
                    e.heat()[j] -= 1;
                }
            }
        }
        return e;
    }

    /** {@link Tagger#reach}. */
    private static Taggers reach(Taggers s, Plane plane, boolean[] dies) {
        Taggers e = s.copy();
        List<List<Integer>> byPlace = plane.byPlace(s.places());
        for (int i = 0; i < s.ids().length; i++) {
            for (int j : plane.on(byPlace, plane.at(s.places()[i], 2, 1))) {
                e.tally()[j] -= 3L * s.weight()[i];
                e.cool()[j] = Math.min(e.cool()[j], (float) s.shade()[i]);
            }
            for (int j : plane.on(byPlace, plane.at(s.places()[i], -2, 0))) {
                e.tally()[j] -= 3L * s.weight()[i];
                e.cool()[j] = Math.min(e.cool()[j], (float) s.shade()[i]);
                dies[j] |= s.doomed()[j];
            }
            for (int j : plane.on(byPlace, plane.at(s.places()[i], 0, -2))) {
                e.tally()[j]--;
            }
        }
        return e;
    }

    private static void assertTaggers(Taggers expected, Agents<Tagger> taggers, String what) {
        Taggers actual = Taggers.of(taggers);
        assertArrayEquals(expected.ids(), actual.ids(), what + ": ids");
        assertArrayEquals(expected.heat(), actual.heat(), what + ": heat");
        assertArrayEquals(expected.low(), actual.low(), what + ": low");
        assertArrayEquals(bits(expected.high()), bits(actual.high()), what + ": high, bit for bit");
        assertArrayEquals(expected.tally(), actual.tally(), what + ": tally");
        assertArrayEquals(bits(expected.cool()), bits(actual.cool()), what + ": cool, bit for bit");
    }

    private static long[] bits(double[] v) {
        return Arrays.stream(v).mapToLong(Double::doubleToRawLongBits).toArray();
    }

    private static long[] bits(float[] v) {
        long[] out = new long[v.length];
        for (int i = 0; i < v.length; i++) {
            out[i] = Float.floatToRawIntBits(v[i]);
        }
        return out;
    }

    /** The simulation of a case: one block of the tests' backend, or {@code partitions} of it. */
    private static Simulation sim(int threads, String partitions, long seed) {
        return partitions == null ? Lang.sim(threads, seed)
                : PartitionedAgentsTest.sim(new String[] {"--backend=" + Lang.backend()}, seed, threads, partitions);
    }

    private static Grid grid(int w, int h, boolean wrap) {
        return wrap ? Grid.of(w, h).wrap() : Grid.of(w, h);
    }

    /** Random weights, shades (with zeros of both signs), doom, and starting values of what the writes combine into. */
    private static void randomize(Agents<Tagger> taggers, long seed) {
        SplittableRandom r = new SplittableRandom(seed);
        int n = (int) taggers.size();
        int[] weight = new int[n];
        double[] shade = new double[n];
        boolean[] doomed = new boolean[n];
        int[] heat = new int[n];
        long[] low = new long[n];
        double[] high = new double[n];
        long[] tally = new long[n];
        float[] cool = new float[n];
        for (int i = 0; i < n; i++) {
            weight[i] = r.nextInt(-5, 10);
            shade[i] = switch (r.nextInt(6)) {
                case 0 -> 0.0;
                case 1 -> -0.0;
                default -> r.nextDouble(-1, 1) * Math.scalb(1.0, r.nextInt(-20, 20));
            };
            doomed[i] = r.nextInt(3) == 0;
            heat[i] = r.nextInt(-3, 4);
            low[i] = r.nextLong(0, 1L << 40);
            high[i] = r.nextInt(4) == 0 ? -0.0 : r.nextDouble(-2, 2);
            tally[i] = r.nextLong();
            cool[i] = r.nextInt(4) == 0 ? 0.0f : (float) r.nextDouble(-2, 2);
        }
        taggers.set("weight", weight);
        taggers.set("shade", shade);
        taggers.set("doomed", doomed);
        taggers.set("heat", heat);
        taggers.set("low", low);
        taggers.set("high", high);
        taggers.set("tally", tally);
        taggers.set("cool", cool);
    }

    @ParameterizedTest(name = "{3}x{4} wrap={2} threads={0} partitions={1}")
    @CsvSource({
        "1, , false, 23, 19",
        "3, , false, 23, 19",
        "1, , true, 23, 19",
        "3, , true, 23, 19",
        "1, , true, 4, 9",
        "3, , true, 128, 96",
        "3, , false, 128, 96",
        "1, 2, true, 23, 19",
        "2, 2, false, 23, 19",
        "1, 3, false, 23, 19",
        "2, 3, true, 23, 19",
        "1, 4, true, 23, 19",
        "2, 4, false, 23, 19",
        "1, 2x2, true, 23, 19",
        "2, 2x2, false, 23, 19",
        "1, 4x1, true, 23, 19",
        "1, 1x4, false, 23, 19",
        "1, 2x1, true, 4, 9",
        "1, 2x2, true, 4, 9",
        "2, 3x2, true, 128, 96"})
    void writesOfAgentsNextDoor_giveThePlainRulesState(int threads, String partitions, boolean wrap, int w, int h) {
        Plane plane = new Plane(w, h, wrap);
        try (Simulation sim = sim(threads, partitions, 31)) {
            Places<Field> field = sim.places(Field.class, grid(w, h, wrap));
            Agents<Tagger> taggers = sim.agents(Tagger.class, field,
                    Placement.at(WalkerReference.startPlaces(w * h * 3 / 4, w, h, w, 3, 7)));
            long kills = 0;
            for (int round = 0; round < 3; round++) {
                String at = "round " + round + ", ";
                randomize(taggers, 50 + round);
                boolean[] dies = new boolean[(int) taggers.size()];
                Taggers s = Taggers.of(taggers);
                taggers.callAll(Tagger::touch);
                assertTaggers(touch(s, plane, dies), taggers, at + "touch");
                s = Taggers.of(taggers);
                taggers.callAll(Tagger::reach);
                assertTaggers(reach(s, plane, dies), taggers, at + "reach");
                // again, with no write of their own between: the rows next door are sent again as the writes left them
                s = Taggers.of(taggers);
                taggers.callAll(Tagger::touch);
                assertTaggers(touch(s, plane, dies), taggers, at + "touch again");
                ManageReport report = taggers.manageAll();
                long[] ids = s.ids();
                long[] survivors = LongStream.range(0, ids.length).filter(i -> !dies[(int) i])
                        .map(i -> ids[(int) i]).toArray();
                assertEquals(ids.length - survivors.length, report.deaths(), at + "deaths");
                assertArrayEquals(survivors, taggers.ids(), at + "the survivors");
                kills += report.deaths();
                taggers.callAll(Tagger::warm);
                taggers.callAll(Tagger::touch); // rows written by the agents themselves, then next door
            }
            assertTrue(kills > 10, "kills: " + kills);
            if (partitions != null) {
                assertTrue(taggers.partitionTraffic().get("haloWrites") > 0, "writes went back to their owners");
            }
        }
    }

    // ---- the predators --------------------------------------------------------------------------------------

    private static long key(int hunger, long id) {
        return ((long) hunger << 32) + id + 1;
    }

    /** One round of hunting from the state before it, as the rules say; returns the beetles' expected deaths. */
    private static long hunt(Agents<Hunter> hunters, Agents<Beetle> beetles, Plane plane, String what) {
        long[] hunterAt = hunters.locations();
        long[] hunterIds = hunters.ids();
        int[] hunger = hunters.getInt("hunger");
        int[] meals = hunters.getInt("meals");
        long[] beetleAt = beetles.locations();
        long[] eatenBy = beetles.getLong("eatenBy");
        List<List<Integer>> byPlace = plane.byPlace(beetleAt);
        long[] bid = new long[hunterAt.length];
        for (int h = 0; h < hunterAt.length; h++) {
            for (int y = -1; y <= 1; y++) {
                for (int x = -1; x <= 1; x++) {
                    for (int b : plane.on(byPlace, plane.at(hunterAt[h], x, y))) {
                        if (bid[h] == 0) {
                            bid[h] = key(hunger[h], hunterIds[h]);
                            eatenBy[b] = Math.max(eatenBy[b], bid[h]);
                        }
                    }
                }
            }
        }
        hunters.callAll(Hunter::bid);
        assertArrayEquals(bid, hunters.getLong("bid"), what + ": bids");
        assertArrayEquals(eatenBy, beetles.getLong("eatenBy"), what + ": the greatest bid on each beetle");
        beetles.callAll(Beetle::notice);
        long[] caughtBy = new long[beetleAt.length];
        long eaten = 0;
        for (int b = 0; b < caughtBy.length; b++) {
            caughtBy[b] = eatenBy[b] == 0 ? -1 : (eatenBy[b] & 0xFFFFFFFFL) - 1;
            eaten += eatenBy[b] == 0 ? 0 : 1;
        }
        assertArrayEquals(caughtBy, beetles.getLong("caughtBy"), what + ": each beetle knows who won it");
        long wins = 0;
        for (int h = 0; h < hunterAt.length; h++) {
            boolean won = false;
            for (int y = -1; y <= 1; y++) {
                for (int x = -1; x <= 1; x++) {
                    for (int b : plane.on(byPlace, plane.at(hunterAt[h], x, y))) {
                        won |= bid[h] != 0 && eatenBy[b] == bid[h];
                    }
                }
            }
            wins += won ? 1 : 0;
            meals[h] += won ? 1 : 0;
            hunger[h] = won ? 0 : hunger[h] + 1;
        }
        hunters.callAll(Hunter::eat);
        assertArrayEquals(meals, hunters.getInt("meals"), what + ": meals");
        assertArrayEquals(hunger, hunters.getInt("hunger"), what + ": hunger");
        assertEquals(eaten, wins, what + ": one winner a beetle");
        return eaten;
    }

    @ParameterizedTest(name = "wrap={1} partitions={0}")
    @CsvSource({", true", ", false", "2, true", "3, false", "4, true", "2x2, false", "2x2, true"})
    void huntersBiddingForOneBeetle_theHungriestEatsIt_andEveryoneKnows(String partitions, boolean wrap) {
        int w = 29;
        int h = 23;
        Plane plane = new Plane(w, h, wrap);
        try (Simulation sim = sim(2, partitions, 37)) {
            Places<Field> field = sim.places(Field.class, grid(w, h, wrap));
            Agents<Hunter> hunters = sim.agents(Hunter.class, field,
                    Placement.at(WalkerReference.startPlaces(w * h / 3, w, h, w, 2, 3)));
            Agents<Beetle> beetles = sim.agents(Beetle.class, field,
                    Placement.at(WalkerReference.startPlaces(w * h / 2, w, h, w, 2, 4)));
            SplittableRandom r = new SplittableRandom(5);
            hunters.set("hunger", r.ints(hunters.size(), 0, 4).toArray());
            long eaten = 0;
            long contested = 0;
            for (int round = 0; round < 4; round++) {
                long bidders = contested(hunters, beetles, plane);
                contested += bidders;
                long dead = hunt(hunters, beetles, plane, "round " + round);
                assertEquals(dead, beetles.manageAll().deaths(), "round " + round + ": the beetles eaten die");
                eaten += dead;
                hunters.set("dx", r.ints(hunters.size(), -1, 2).toArray());
                hunters.set("dy", r.ints(hunters.size(), -1, 2).toArray());
                hunters.callAll(Hunter::go);
                hunters.manageAll();
            }
            assertTrue(eaten > 20, "beetles eaten: " + eaten);
            assertTrue(contested > 20, "beetles more than one hunter bid for: " + contested);
        }
    }

    /** The beetles more than one hunter is about to bid for (so that the test sees conflicts settled). */
    private static long contested(Agents<Hunter> hunters, Agents<Beetle> beetles, Plane plane) {
        long[] hunterAt = hunters.locations();
        List<List<Integer>> byPlace = plane.byPlace(beetles.locations());
        int[] bidders = new int[(int) beetles.size()];
        for (long at : hunterAt) {
            boolean found = false;
            for (int y = -1; y <= 1 && !found; y++) {
                for (int x = -1; x <= 1 && !found; x++) {
                    List<Integer> here = plane.on(byPlace, plane.at(at, x, y));
                    if (!here.isEmpty()) {
                        bidders[here.get(0)]++;
                        found = true;
                    }
                }
            }
        }
        return Arrays.stream(bidders).filter(n -> n > 1).count();
    }

    /**
     * Rounds of taggers and hunters on a torus and on a grid that does not wrap, for comparison across backends and
     * processes: the state after every round as printable lines.
     */
    public static List<String> rounds(String[] on, int threads, String partitions) {
        List<String> out = new ArrayList<>();
        for (boolean wrap : new boolean[] {true, false}) {
            try (Simulation sim = PartitionedAgentsTest.sim(on, 43, threads, partitions)) {
                Places<Field> field = sim.places(Field.class, grid(25, 21, wrap));
                Agents<Tagger> taggers = sim.agents(Tagger.class, field,
                        Placement.at(WalkerReference.startPlaces(25 * 21 * 3 / 4, 25, 21, 25, 3, 9)));
                Agents<Hunter> hunters = sim.agents(Hunter.class, field,
                        Placement.at(WalkerReference.startPlaces(25 * 21 / 3, 25, 21, 25, 2, 10)));
                Agents<Beetle> beetles = sim.agents(Beetle.class, field,
                        Placement.at(WalkerReference.startPlaces(25 * 21 / 2, 25, 21, 25, 2, 11)));
                SplittableRandom r = new SplittableRandom(12);
                hunters.set("hunger", r.ints(hunters.size(), 0, 4).toArray());
                for (int round = 0; round < 3; round++) {
                    randomize(taggers, 60 + round);
                    taggers.callAll(Tagger::touch);
                    taggers.callAll(Tagger::reach);
                    taggers.callAll(Tagger::touch);
                    out.add("taggers " + taggers.manageAll());
                    taggers.callAll(Tagger::warm);
                    hunters.callAll(Hunter::bid);
                    beetles.callAll(Beetle::notice);
                    hunters.callAll(Hunter::eat);
                    out.add("beetles " + beetles.manageAll());
                    hunters.set("dx", r.ints(hunters.size(), -1, 2).toArray());
                    hunters.set("dy", r.ints(hunters.size(), -1, 2).toArray());
                    hunters.callAll(Hunter::go);
                    out.add("hunters " + hunters.manageAll());
                }
                out.addAll(PartitionedAgentsTest.state(taggers));
                out.addAll(PartitionedAgentsTest.state(hunters));
                out.addAll(PartitionedAgentsTest.state(beetles));
            }
        }
        return out;
    }

    @ParameterizedTest(name = "partitions={0}")
    @CsvSource({"2", "3", "4", "2x2", "3x2"})
    void writesNextDoor_onPartitions_giveTheStateOfOneBlock(String partitions) {
        String[] cpu = {"--backend=cpu"};
        PartitionedAgentsTest.assertSame(rounds(cpu, 2, null), rounds(cpu, 2, partitions), "on " + partitions);
        PartitionedAgentsTest.assertSame(rounds(cpu, 2, null), rounds(cpu, 1, partitions), "1 thread, " + partitions);
    }
}
