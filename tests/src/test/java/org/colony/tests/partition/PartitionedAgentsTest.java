package org.colony.tests.partition;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;
import org.colony.ColonyException;
import org.colony.examples.braingrid.BrainGrid;
import org.colony.examples.stupid.Habitat;
import org.colony.examples.stupid.StupidModel;
import org.colony.examples.sugarscape.Ant;
import org.colony.examples.sugarscape.SugarCell;
import org.colony.examples.sugarscape.SugarScape;
import org.colony.examples.wolfsheep.WolfSheep;
import org.colony.kernel.AttributeInfo;
import org.colony.kernel.RandomStream;
import org.colony.runtime.Agents;
import org.colony.runtime.Config;
import org.colony.runtime.Placement;
import org.colony.runtime.Places;
import org.colony.runtime.Simulation;
import org.colony.runtime.agents.ManageReport;
import org.colony.runtime.grid.Grid;
import org.colony.runtime.migration.Priority;
import org.colony.tests.agents.Field;
import org.colony.tests.agents.Mote;
import org.colony.tests.agents.Patch;
import org.colony.tests.agents.Stone;
import org.colony.tests.agents.Walker;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * SugarScape and wolf-sheep cut into K partitions in one process give the state of the uncut grid, bit for bit:
 * agent ids, places and attributes, place attributes and every manageAll's report, on odd sizes, with the shape
 * chosen by Colony or forced, on 1 and 2 threads.
 */
public class PartitionedAgentsTest {

    /** The CPU backend, as the tests here run; the GPU tests run the same drivers with their own options. */
    static final String[] CPU = {"--backend=cpu"};

    static Simulation sim(long seed, int threads, String partitions) {
        return sim(CPU, seed, threads, partitions);
    }

    /** A simulation with the options {@code on} (the backend and its settings), cut into {@code partitions}. */
    public static Simulation sim(String[] on, long seed, int threads, String partitions) {
        List<String> args = new ArrayList<>(List.of(on));
        args.addAll(List.of("--threads=" + threads, "--seed=" + seed));
        if (partitions != null) {
            args.add("--partitions=" + partitions);
        }
        return Simulation.create(Config.fromArgs(args.toArray(String[]::new)));
    }

    /** Everything a collection holds, in its order, as printable lines: equal lists mean equal states. */
    public static List<String> state(Places<?> places) {
        List<String> out = new ArrayList<>();
        columns(places.model().attributes(), (name, k) -> places.getColumn(name, k), out);
        return out;
    }

    public static List<String> state(Agents<?> agents) {
        List<String> out = new ArrayList<>();
        out.add("ids " + Arrays.toString(agents.ids()));
        out.add("places " + Arrays.toString(agents.locations()));
        columns(agents.model().attributes(), (name, k) -> agents.getColumn(name, k), out);
        return out;
    }

    private interface Column {
        Object get(String name, int k);
    }

    private static void columns(List<AttributeInfo> attributes, Column column, List<String> out) {
        for (AttributeInfo a : attributes) {
            for (int k = 0; k < a.columns(); k++) {
                out.add(a.name() + "[" + k + "] " + text(column.get(a.name(), k)));
            }
        }
    }

    private static String text(Object array) {
        return switch (array) {
            case double[] d -> Arrays.toString(Arrays.stream(d).mapToLong(Double::doubleToRawLongBits)
                    .toArray());
            case float[] f -> {
                long[] bits = new long[f.length];
                for (int i = 0; i < f.length; i++) {
                    bits[i] = Float.floatToRawIntBits(f[i]);
                }
                yield Arrays.toString(bits);
            }
            case int[] a -> Arrays.toString(a);
            case long[] a -> Arrays.toString(a);
            case short[] a -> Arrays.toString(a);
            case byte[] a -> Arrays.toString(a);
            case boolean[] a -> Arrays.toString(a);
            default -> throw new IllegalArgumentException(array.getClass().toString());
        };
    }

    public static void assertSame(List<String> expected, List<String> actual, String what) {
        assertEquals(expected.size(), actual.size(), what);
        for (int i = 0; i < expected.size(); i++) {
            assertEquals(expected.get(i), actual.get(i), what);
        }
    }

    // ---- SugarScape ----------------------------------------------------------------------------

    /** The reports of every tick, then the final state of the ants and the landscape. */
    static List<String> sugarScape(int n, int steps, int threads, String partitions) {
        return sugarScape(CPU, n, steps, threads, partitions);
    }

    public static List<String> sugarScape(String[] on, int n, int steps, int threads, String partitions) {
        try (Simulation sim = sim(on, 42, threads, partitions)) {
            SugarScape m = new SugarScape(sim, n);
            List<String> out = new ArrayList<>();
            for (int t = 0; t < steps; t++) {
                m.tick();
                out.add("tick " + t + " moves " + m.lastMoves() + " deaths " + m.ants().lastReport());
            }
            if (partitions != null) {
                assertEquals(Config.Partitions.parse(partitions).count(), m.land().partitions());
            }
            out.addAll(state(m.ants()));
            out.addAll(state(m.land()));
            return out;
        }
    }

    @ParameterizedTest(name = "sugarscape n={0} partitions={1}")
    @CsvSource({"31, 1", "31, 2", "31, 3", "31, 4", "31, 6", "31, 3x2", "31, 1x5", "37, 5x1", "24, 2x2"})
    void sugarScape_partitioned_isBitIdenticalToOneBlock(int n, String partitions) {
        List<String> one = sugarScape(n, 60, 2, null);
        assertTrue(!one.get(0).startsWith("tick 0 moves ManageReport[deaths=0, births=0, moves=0,"), one.get(0));
        assertSame(one, sugarScape(n, 60, 2, partitions), "sugarscape " + n + " on " + partitions);
    }

    @ParameterizedTest(name = "sugarscape 1 thread vs 2, partitions={0}")
    @CsvSource({"4", "2x3"})
    void sugarScape_partitioned_doesNotDependOnThreads(String partitions) {
        assertSame(sugarScape(27, 40, 2, null), sugarScape(27, 40, 1, partitions), "1 thread, " + partitions);
    }

    // ---- wolf-sheep ----------------------------------------------------------------------------

    /** The reports of every manageAll, then the final state of sheep, wolves and grass. */
    static List<String> wolfSheep(int w, int h, int steps, int threads, String partitions) {
        return wolfSheep(CPU, w, h, steps, threads, partitions);
    }

    public static List<String> wolfSheep(String[] on, int w, int h, int steps, int threads, String partitions) {
        try (Simulation sim = sim(on, 7, threads, partitions)) {
            WolfSheep params = WolfSheep.defaults(w, h);
            WolfSheep.World world = params.start(sim, w, h);
            List<String> out = new ArrayList<>();
            for (int t = 0; t < steps; t++) {
                world.tick();
                out.add("tick " + t + " sheep " + world.sheep().lastReport() + " wolves " + world.wolves().lastReport());
            }
            out.addAll(state(world.sheep()));
            out.addAll(state(world.wolves()));
            out.addAll(state(world.grass()));
            return out;
        }
    }

    @ParameterizedTest(name = "wolf-sheep {0}x{1} partitions={2}")
    @CsvSource({"41, 33, 1", "41, 33, 2", "41, 33, 3", "41, 33, 4", "41, 33, 6", "41, 33, 3x2", "41, 33, 1x5",
        "41, 33, 2x1", "23, 23, 7x1"})
    void wolfSheep_partitioned_isBitIdenticalToOneBlock(int w, int h, String partitions) {
        List<String> one = wolfSheep(w, h, 150, 2, null);
        assertSame(one, wolfSheep(w, h, 150, 2, partitions), "wolf-sheep " + w + "x" + h + " on " + partitions);
    }

    @ParameterizedTest(name = "wolf-sheep 1 thread vs 2, partitions={0}")
    @CsvSource({"6", "1x3"})
    void wolfSheep_partitioned_doesNotDependOnThreads(String partitions) {
        assertSame(wolfSheep(35, 29, 100, 2, null), wolfSheep(35, 29, 100, 1, partitions), "1 thread, " + partitions);
    }

    /** The population after every tick, then the final state of bugs, predators and habitat. */
    public static List<String> stupidModel(String[] on, int w, int h, int steps, int threads, String partitions) {
        Path habitat;
        try {
            habitat = Files.createTempFile("habitat", ".data");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        try (Simulation sim = sim(on, 5, threads, partitions)) {
            Habitat.write(habitat, w, h, 5);
            StupidModel m = new StupidModel(sim, w, h, habitat, StupidModel.Parameters.of(w * h / 8, w * h / 80));
            List<String> out = new ArrayList<>();
            for (int t = 0; t < steps && !m.finished(); t++) {
                m.tick();
                out.add("tick " + t + " bugs " + m.population() + " " + m.bugs().lastReport());
            }
            out.addAll(state(m.bugs()));
            out.addAll(state(m.predators()));
            out.addAll(state(m.cells()));
            return out;
        } finally {
            try {
                Files.deleteIfExists(habitat);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
    }

    @ParameterizedTest(name = "stupidmodel {0}x{1} partitions={2}")
    @CsvSource({"48, 32, 2", "48, 32, 3", "48, 32, 4", "48, 32, 2x2", "37, 29, 1x3", "37, 29, 5x1"})
    void stupidModel_partitioned_isBitIdenticalToOneBlock(int w, int h, String partitions) {
        List<String> one = stupidModel(CPU, w, h, 80, 2, null);
        assertSame(one, stupidModel(CPU, w, h, 80, 2, partitions), "stupidmodel " + w + "x" + h + " on " + partitions);
    }

    /** The statistics after every tick, then the final state of the growing ends and the neurons. */
    public static List<String> brainGrid(String[] on, int size, int steps, int threads, String partitions) {
        try (Simulation sim = sim(on, 9, threads, partitions)) {
            BrainGrid m = new BrainGrid(sim, size, BrainGrid.Parameters.defaults());
            List<String> out = new ArrayList<>();
            for (int t = 0; t < steps; t++) {
                m.tick();
                out.add("tick " + t + " " + m.stats());
            }
            out.addAll(state(m.ends()));
            out.addAll(state(m.cells()));
            return out;
        }
    }

    @ParameterizedTest(name = "braingrid {0}x{0} partitions={1}")
    @CsvSource({"30, 2", "30, 3", "30, 4", "30, 2x2", "27, 1x3"})
    void brainGrid_partitioned_isBitIdenticalToOneBlock(int size, String partitions) {
        List<String> one = brainGrid(CPU, size, 50, 2, null);
        assertSame(one, brainGrid(CPU, size, 50, 2, partitions), "braingrid " + size + " on " + partitions);
    }

    // ---- walkers: conflicts, long moves, births and neighbours across borders --------------------

    /** Random driver inputs for every walker: offsets in [-reach, reach], targets in [lo, hi), children, deaths. */
    public static void randomize(Agents<Walker> walkers, long seed, int reach, int lo, int hi) {
        SplittableRandom r = new SplittableRandom(seed);
        int n = (int) walkers.size();
        int[][] ints = new int[8][n];
        double[] value = new double[n];
        boolean[] doomed = new boolean[n];
        for (int i = 0; i < n; i++) {
            ints[0][i] = r.nextInt(-reach, reach + 1);
            ints[1][i] = r.nextInt(-reach, reach + 1);
            ints[2][i] = r.nextInt(lo, hi);
            ints[3][i] = r.nextInt(lo, hi);
            ints[4][i] = r.nextInt(-1000, 1000);
            ints[5][i] = r.nextInt(4) == 0 ? r.nextInt(1, 4) : 0;
            ints[6][i] = r.nextInt(-50, 50);
            ints[7][i] = r.nextInt(-50, 50);
            value[i] = r.nextDouble(-1, 1) * Math.scalb(1.0, r.nextInt(-30, 30));
            doomed[i] = r.nextInt(3) == 0;
        }
        walkers.set("dx", ints[0]);
        walkers.set("dy", ints[1]);
        walkers.set("tx", ints[2]);
        walkers.set("ty", ints[3]);
        walkers.set("energy", ints[4]);
        walkers.set("children", ints[5]);
        walkers.set("hist", 0, ints[6]);
        walkers.set("hist", 1, ints[7]);
        walkers.set("value", value);
        walkers.set("doomed", doomed);
    }

    /** Start places crowded into the left {@code width} columns, at most {@code perPlace} a place, sorted. */
    static long[] crowd(int n, int w, int h, int width, int perPlace, long seed) {
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

    /** A script of walker rounds: what each round calls before its manageAll. */
    public enum Script {
        /** migrate by up to 3 cells, crossing one or more borders. */
        CROWD("go"),
        /** moveTo anywhere, a fifth of the targets off the grid. */
        JUMP("jump"),
        /** move, breed and die in one manageAll: children are born where the parent moved to. */
        BREED("go", "breed", "cull"),
        /** children of parents that die in the same step. */
        BREED_AND_CULL("breedAndCull"),
        /** children on places their parents name, up to 3 cells away, often in another partition. */
        BREED_AT("go", "breedAt", "cull"),
        /** children spread around their parents (radius dx, dy tries; both made small and positive), over borders. */
        BREED_NEAR("spread", "go", "breedNear", "cull"),
        /** children spread around their parents over borders, nobody moving (on GPUs: birth rounds on the devices). */
        NEAR("spread", "breedNear", "cull"),
        /** children on places their parents name in other partitions, nobody moving. */
        AT("breedAt", "cull");

        final String[] steps;

        Script(String... steps) {
            this.steps = steps;
        }
    }

    /** The reports of every round and the final state of walkers and field. */
    static List<String> walkers(Script script, int w, int h, boolean wrap, int capacity, String partitions) {
        return walkers(CPU, script, w, h, wrap, capacity, partitions);
    }

    public static List<String> walkers(String[] on, Script script, int w, int h, boolean wrap, int capacity,
            String partitions) {
        long[] start = crowd(w * h / 3, w, h, w / 2, Math.min(capacity, 3), 5);
        try (Simulation sim = sim(on, 11 + capacity, 2, partitions)) {
            Places<Field> field = sim.places(Field.class, wrap ? Grid.of(w, h).wrap() : Grid.of(w, h));
            Agents<Walker> walkers = sim.agents(Walker.class, field, Placement.at(start), capacity);
            List<String> out = new ArrayList<>();
            for (int round = 0; round < 4; round++) {
                randomize(walkers, 100 + round, 3, -w / 5, w + w / 5);
                for (String step : script.steps) {
                    walkers.callAll(step);
                }
                out.add("round " + round + " " + walkers.manageAll());
                walkers.callAll("add");
            }
            out.addAll(state(walkers));
            out.addAll(state(field));
            if (partitions != null) {
                out.add("traffic " + (walkers.partitionTraffic().get("manageAll") > 0));
            }
            return out;
        }
    }

    @ParameterizedTest(name = "{0} capacity={3} wrap={2} partitions={4}")
    @CsvSource({
        "CROWD, 29, 1, false, 4",
        "CROWD, 29, 1, true, 3x2",
        "CROWD, 29, 2, false, 1x5",
        "CROWD, 29, 2147483647, true, 6",
        "JUMP, 29, 2147483647, false, 4",
        "JUMP, 29, 2, true, 2x3",
        "BREED, 29, 2147483647, false, 6",
        "BREED, 29, 2, true, 4",
        "BREED, 29, 3, false, 5x1",
        "BREED_AND_CULL, 29, 2, false, 3x3",
        "BREED_AND_CULL, 29, 2147483647, true, 2",
        "BREED_AT, 29, 2147483647, false, 4",
        "BREED_AT, 29, 1, true, 3x2",
        "BREED_AT, 29, 2, false, 2",
        "BREED_AT, 29, 3, true, 1x3",
        "BREED_NEAR, 29, 1, false, 4",
        "BREED_NEAR, 29, 1, true, 3x2",
        "BREED_NEAR, 29, 2147483647, true, 2",
        "BREED_NEAR, 29, 2, false, 5x1",
        "NEAR, 29, 1, true, 3x2",
        "NEAR, 29, 2, false, 4",
        "AT, 29, 1, false, 2x2",
    })
    void walkers_acrossPartitionBorders_giveTheReportsAndStateOfOneBlock(Script script, int n, int capacity,
            boolean wrap, String partitions) {
        List<String> one = walkers(script, n, n - 4, wrap, capacity, null);
        List<String> cut = walkers(script, n, n - 4, wrap, capacity, partitions);
        assertEquals("traffic true", cut.remove(cut.size() - 1), "agents crossed partitions");
        assertSame(one, cut, script + " on " + partitions);
    }

    /**
     * Five walkers around the centre of a 5 x 5 grid cut into five columns ask for it from three partitions; the
     * owner of the centre settles them by priority exactly as one block does, whatever the ids say.
     */
    @Test
    void aCapacityConflictAcrossBorders_isWonByTheHighestPriority_asOnOneBlock() {
        long[] start = {7, 11, 13, 17, 18};
        int[] dx = {0, 1, -1, 0, -1};
        int[] dy = {1, 0, 0, -1, -1};
        Set<Integer> winners = new HashSet<>();
        for (long seed = 1; seed <= 30; seed++) {
            for (int capacity = 1; capacity <= 2; capacity++) {
                ManageReport expected = null;
                long[] expectedPlaces = null;
                for (String partitions : new String[] {null, "5x1", "5x5"}) {
                    try (Simulation sim = sim(seed, 1, partitions)) {
                        Places<Field> field = sim.places(Field.class, Grid.of(5, 5));
                        Agents<Walker> walkers = sim.agents(Walker.class, field, Placement.at(start), capacity);
                        walkers.set("dx", dx);
                        walkers.set("dy", dy);
                        walkers.callAll("go");
                        RandomStream rng = new RandomStream(seed, sim.epoch());
                        long[] priority = new long[5];
                        for (int id = 0; id < 5; id++) {
                            priority[id] = Priority.move(rng, id);
                        }
                        Integer[] order = {0, 1, 2, 3, 4};
                        Arrays.sort(order, (a, b) -> a.equals(b) ? 0
                                : Priority.beats(priority[a], a, priority[b], b) ? -1 : 1);
                        ManageReport report = walkers.manageAll();
                        assertEquals(new ManageReport(0, 0, capacity, 5 - capacity, 0, 0, 5), report);
                        long[] where = walkers.locations();
                        for (int r = 0; r < 5; r++) {
                            assertEquals(r < capacity ? 12 : start[order[r]], where[order[r]],
                                    "seed " + seed + " walker " + order[r] + " on " + partitions);
                        }
                        if (expected == null) {
                            expected = report;
                            expectedPlaces = where;
                        } else {
                            assertEquals(expected, report);
                            assertEquals(Arrays.toString(expectedPlaces), Arrays.toString(where));
                        }
                        if (capacity == 1) {
                            winners.add(order[0]);
                        }
                    }
                }
            }
        }
        assertTrue(winners.size() >= 4, "the priority, not the id or the partition, picks the winner: " + winners);
    }

    /**
     * Children get the ids one block gives: the next id plus their rank in (parent id, k) order over all
     * partitions; each child copies its parent (hist[2] = the parent's id) and starts on its place.
     */
    @ParameterizedTest(name = "partitions={0}")
    @CsvSource({"1", "3", "2x2", "1x6"})
    void births_inEveryPartition_getIdsInParentOrder(String partitions) {
        int w = 24;
        int h = 18;
        long[] start = crowd(150, w, h, w, 1, 3);
        try (Simulation sim = sim(9, 2, partitions)) {
            Places<Field> field = sim.places(Field.class, Grid.of(w, h));
            Agents<Walker> walkers = sim.agents(Walker.class, field, Placement.at(start));
            long next = walkers.size();
            for (int round = 0; round < 3; round++) {
                randomize(walkers, 40 + round, 2, 0, w);
                walkers.callAll("go");
                walkers.callAll("breed");
                long[] parents = walkers.ids();
                int[] children = walkers.getInt("children");
                ManageReport r = walkers.manageAll();
                long expectedBirths = Arrays.stream(children).asLongStream().sum();
                assertEquals(expectedBirths, r.births());
                long[] ids = walkers.ids();
                long[] where = walkers.locations();
                int[] parentOf = walkers.getInt("hist", 2);
                Map<Long, Long> place = new HashMap<>();
                for (int i = 0; i < ids.length; i++) {
                    place.put(ids[i], where[i]);
                }
                // The children, in id order, are the parents' children in parent order.
                int c = (int) (ids.length - expectedBirths);
                for (int p = 0; p < parents.length; p++) {
                    for (int k = 0; k < children[p]; k++, c++) {
                        assertEquals(next++, ids[c], "id of child " + k + " of " + parents[p]);
                        assertEquals(parents[p], parentOf[c], "parent of " + ids[c]);
                        assertEquals(place.get(parents[p]), where[c], "place of " + ids[c]);
                    }
                }
                assertEquals(ids.length, c);
            }
        }
    }

    /** What walkers and stones see next door (agentsAt, agentCountAt) and what places count (census). */
    static List<String> neighbours(boolean wrap, String partitions) {
        return neighbours(CPU, wrap, partitions);
    }

    public static List<String> neighbours(String[] on, boolean wrap, String partitions) {
        int w = 23;
        int h = 19;
        try (Simulation sim = sim(on, 13, 2, partitions)) {
            Places<Field> field = sim.places(Field.class, wrap ? Grid.of(w, h).wrap() : Grid.of(w, h));
            Agents<Walker> walkers = sim.agents(Walker.class, field, Placement.random(300));
            Agents<Stone> stones = sim.agents(Stone.class, field, Placement.random(120));
            List<String> out = new ArrayList<>();
            for (int round = 0; round < 3; round++) {
                randomize(walkers, 7 + round, 2, 0, w);
                stones.callAll("grow", round + 1);
                walkers.callAll("add");
                walkers.callAll("look");
                walkers.callAll("shift");
                walkers.callAll("look"); // energy changed: the rows next door are sent again
                walkers.callAll("sense");
                field.callAll("census");
                walkers.callAll("go");
                out.add("round " + round + " " + walkers.manageAll());
            }
            out.addAll(state(walkers));
            out.addAll(state(stones));
            out.addAll(state(field));
            if (partitions != null) {
                assertTrue(walkers.partitionTraffic().get("haloRows") > 0, "walkers' rows go next door");
                assertEquals(0L, stones.partitionTraffic().get("haloRows"), "stones are only counted next door");
                assertTrue(stones.partitionTraffic().get("haloCounts") > 0, "stones are counted next door");
            }
            return out;
        }
    }

    @ParameterizedTest(name = "wrap={0} partitions={1}")
    @CsvSource({"false, 4", "true, 4", "false, 3x2", "true, 2x3", "true, 1x2", "true, 2x1", "false, 23x1"})
    void agentsNextDoor_inAnotherPartition_areSeenAsOnOneBlock(boolean wrap, String partitions) {
        assertSame(neighbours(wrap, null), neighbours(wrap, partitions), "neighbours on " + partitions);
    }

    @Test
    void sugarScape_sendsCountsNextDoor_neverRows() {
        try (Simulation sim = sim(1, 2, "4")) {
            SugarScape m = new SugarScape(sim, 30);
            for (int t = 0; t < 5; t++) {
                m.tick();
            }
            var traffic = m.ants().partitionTraffic();
            assertTrue(traffic.get("haloCounts") > 0, traffic.toString());
            assertEquals(0L, traffic.get("haloRows"), traffic.toString());
            assertTrue(traffic.get("manageAll") > 0, traffic.toString());
        }
    }

    @ParameterizedTest(name = "interior and border run apart, partitions={0}")
    @CsvSource({"4", "3x2"})
    void placeStepsSplitIntoInteriorAndBorder_leaveTheAgentsAsOnOneBlock(String partitions) {
        String before = System.getProperty("colony.partitions.split");
        List<String> cut;
        System.setProperty("colony.partitions.split", "always");
        try {
            cut = sugarScape(31, 40, 2, partitions);
        } finally {
            if (before == null) {
                System.clearProperty("colony.partitions.split");
            } else {
                System.setProperty("colony.partitions.split", before);
            }
        }
        assertSame(sugarScape(31, 40, 2, null), cut, "split steps on " + partitions);
    }

    /** Motes read nothing next door: no halo at all, yet they crowd, add to places, breed and die across borders. */
    static List<String> motes(String partitions) {
        return motes(CPU, partitions);
    }

    public static List<String> motes(String[] on, String partitions) {
        try (Simulation sim = sim(on, 3, 2, partitions)) {
            Places<Patch> patches = sim.places(Patch.class, Grid.of(17, 13));
            Agents<Mote> motes = sim.agents(Mote.class, patches, Placement.random(400), 3);
            List<String> out = new ArrayList<>();
            for (int round = 0; round < 4; round++) {
                motes.callAll("crowd");
                motes.callAll("visit");
                motes.callAll("breed", round % 2 + 1);
                out.add("breed " + motes.manageAll());
                motes.callAll("cull", 3);
                out.add("cull " + motes.manageAll());
            }
            out.add("energy sum " + motes.sumLong("energy") + " checksum " + motes.checksum());
            out.addAll(state(motes));
            out.addAll(state(patches));
            if (partitions != null) {
                assertEquals(0L, motes.partitionTraffic().get("haloCounts"));
            }
            return out;
        }
    }

    @ParameterizedTest(name = "partitions={0}")
    @CsvSource({"2", "6", "17x1"})
    void agentsThatReadNothingNextDoor_needNoHalo(String partitions) {
        assertSame(motes(null), motes(partitions), "motes on " + partitions);
    }

    @Test
    void agentsReachingFurtherThanAPartitionIsWide_areRefusedInOneLine() {
        try (Simulation sim = sim(1, 1, "5x1")) {
            var land = sim.places(SugarCell.class, Grid.of(10, 10));
            String message = assertThrows(ColonyException.class, () -> sim.agents(
                    Ant.class, land, Placement.random(10), 1)).getMessage();
            assertEquals("Ant reads places up to 3 cells away, but partition 0 of 5x1 partitions of 10x10 is 2 cells "
                    + "wide along dimension 0; use fewer partitions along that dimension", message);
        }
    }
}
