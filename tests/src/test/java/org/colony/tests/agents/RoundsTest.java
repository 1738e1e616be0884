package org.colony.tests.agents;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import org.colony.ColonyException;
import org.colony.runtime.Agents;
import org.colony.runtime.Placement;
import org.colony.runtime.Places;
import org.colony.runtime.Simulation;
import org.colony.runtime.agents.ManageReport;
import org.colony.runtime.grid.Grid;
import org.colony.tests.partition.PartitionedAgentsTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * {@code manageAll(retry, maxRounds)}: seekers move to the best free place near them, larger first, and those
 * refused try their next choice in further rounds, up to the bound; checked against a plain sequential program of
 * the same rounds, on threads and partitions.
 */
public class RoundsTest {

    private static final int W = 31;
    private static final int H = 27;

    @ParameterizedTest(name = "rounds={0} wrap={1} threads={2} partitions={3}")
    @CsvSource({"1, false, 1, ", "3, false, 1, ", "8, false, 2, ", "8, false, 1, 4", "8, false, 2, 3x2",
        "8, true, 1, ", "8, true, 2, 3x2"})
    void refusedSeekers_tryTheirNextChoice_untilNoneCanMove(int rounds, boolean wrap, int threads,
            String partitions) {
        List<String> colony = seekers(new String[] {"--backend=cpu"}, rounds, wrap, threads, partitions);
        PartitionedAgentsTest.assertSame(reference(rounds, wrap), colony, rounds + " rounds on " + partitions);
    }

    @Test
    void moreRounds_moveMoreSeekers_andTheBoundHolds() {
        List<String> one = reference(1, false);
        List<String> many = reference(8, false);
        long refusedOnce = refused(one.get(0));
        assertTrue(refusedOnce > 20, "seekers compete: " + one.get(0));
        assertTrue(refused(many.get(0)) < refusedOnce, "more rounds settle more: " + many.get(0));
        try (Simulation sim = PartitionedAgentsTest.sim(new String[] {"--backend=cpu"}, 1, 1, null)) {
            Places<Field> field = sim.places(Field.class, Grid.of(5, 5));
            Agents<Seeker> seekers = sim.agents(Seeker.class, field, Placement.at(0), 1);
            assertEquals("manageAll(retry, 0): maxRounds is at least 1 (one round is a plain manageAll)",
                    assertThrows(ColonyException.class, () -> seekers.manageAll(Seeker::reseek, 0)).getMessage());
        }
    }

    private static long refused(String reportLine) {
        String s = reportLine.substring(reportLine.indexOf("movesRefused=") + "movesRefused=".length());
        return Long.parseLong(s.substring(0, s.indexOf(',')));
    }

    /** Start places (one seeker a place, in the left half), sizes (all different) and the place values. */
    private static long[] start() {
        SplittableRandom r = new SplittableRandom(4);
        boolean[] taken = new boolean[W * H];
        List<Long> places = new ArrayList<>();
        while (places.size() < W * H / 5) {
            int g = r.nextInt(W / 2) + W * r.nextInt(H);
            if (!taken[g]) {
                taken[g] = true;
                places.add((long) g);
            }
        }
        return places.stream().mapToLong(Long::longValue).sorted().toArray();
    }

    private static double[] sizes(int n) {
        double[] s = new double[n];
        for (int i = 0; i < n; i++) {
            s[i] = (i * 7919L % n) + 0.5; // a permutation: all different
        }
        return s;
    }

    private static double[] values() {
        SplittableRandom r = new SplittableRandom(8);
        double[] v = new double[W * H];
        for (int g = 0; g < v.length; g++) {
            v[g] = r.nextInt(50);
        }
        return v;
    }

    /** Two ticks of seek and manageAll(reseek, rounds); the reports and the final places. */
    public static List<String> seekers(String[] on, int rounds, boolean wrap, int threads, String partitions) {
        try (Simulation sim = PartitionedAgentsTest.sim(on, 2, threads, partitions)) {
            Places<Field> field = sim.places(Field.class, wrap ? Grid.of(W, H).wrap() : Grid.of(W, H));
            field.set("dsum", values());
            long[] start = start();
            Agents<Seeker> seekers = sim.agents(Seeker.class, field, Placement.at(start), 1);
            seekers.set("size", sizes(start.length));
            List<String> out = new ArrayList<>();
            for (int tick = 0; tick < 2; tick++) {
                seekers.callAll(Seeker::seek);
                out.add(seekers.manageAll(Seeker::reseek, rounds).toString());
            }
            out.add("places " + Arrays.toString(seekers.locations()));
            return out;
        }
    }

    /** The same ticks as a plain sequential program of the documented rules. */
    static List<String> reference(int rounds, boolean wrap) {
        long[] place = start();
        int n = place.length;
        double[] size = sizes(n);
        double[] value = values();
        List<String> out = new ArrayList<>();
        for (int tick = 0; tick < 2; tick++) {
            boolean[] asking = new boolean[n];
            Arrays.fill(asking, true);
            long moves = 0;
            long refused = 0;
            for (int round = 0; round < rounds; round++) {
                int[] count = new int[W * H];
                for (long g : place) {
                    count[(int) g]++;
                }
                long[] want = new long[n];
                for (int i = 0; i < n; i++) {
                    want[i] = asking[i] ? pick(place[i], count, value, wrap) : -1;
                }
                // per place, the largest asker wins
                int[] winner = new int[W * H];
                Arrays.fill(winner, -1);
                for (int i = 0; i < n; i++) {
                    if (want[i] >= 0 && (winner[(int) want[i]] < 0 || size[i] > size[winner[(int) want[i]]])) {
                        winner[(int) want[i]] = i;
                    }
                }
                refused = 0;
                for (int i = 0; i < n; i++) {
                    if (want[i] < 0) {
                        asking[i] = false;
                    } else if (winner[(int) want[i]] == i) {
                        place[i] = want[i];
                        asking[i] = false;
                        moves++;
                    } else {
                        refused++;
                    }
                }
                if (refused == 0) {
                    break;
                }
            }
            out.add(new ManageReport(0, 0, moves, refused, 0, 0, n).toString());
        }
        out.add("places " + Arrays.toString(place));
        return out;
    }

    private static long pick(long g, int[] count, double[] value, boolean wrap) {
        int x = (int) (g % W);
        int y = (int) (g / W);
        double best = 0;
        boolean found = false;
        long to = -1;
        for (int dy = -2; dy <= 2; dy++) {
            for (int dx = -2; dx <= 2; dx++) {
                int nx = wrap ? Math.floorMod(x + dx, W) : x + dx;
                int ny = wrap ? Math.floorMod(y + dy, H) : y + dy;
                if ((dx != 0 || dy != 0) && nx >= 0 && ny >= 0 && nx < W && ny < H && count[nx + W * ny] == 0) {
                    double v = value[nx + W * ny];
                    if (!found || v > best) {
                        best = v;
                        to = nx + (long) W * ny;
                        found = true;
                    }
                }
            }
        }
        return to;
    }
}
