package org.colony.tests.agents;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.colony.runtime.Agents;
import org.colony.runtime.Placement;
import org.colony.runtime.Places;
import org.colony.runtime.Simulation;
import org.colony.runtime.agents.ManageReport;
import org.colony.runtime.grid.Grid;
import org.colony.tests.partition.PartitionedAgentsTest;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Agents that sum into {@code float} and {@code double} attributes of the agents on their place ({@link Grazer#share},
 * {@link Heater#warm}): each target ends with the value the step left plus its contributions added from 0 in the
 * writers' id order (each writer's in the order it made them), bit for bit as a plain sequential computation, on 1, 2
 * and 3 threads, on partitions of the grid, wrapping or not, while grazers breed, die, kill each other and move.
 */
public class FloatSumsTest {

    private static final String[] CPU = {"--backend=cpu"};
    private static final int ROUNDS = 8;

    /** A grid of {@code w x h} places with {@code grazers} grazers and {@code heaters} heaters placed at random. */
    public record Size(int w, int h, int grazers, int heaters) {

        /** A few agents a place on a small grid: one chunk of work on the CPU, several places to a partition. */
        public static final Size SMALL = new Size(11, 9, 320, 150);
        /** Enough agents (past 8,192) for the CPU's workers to take several chunks of places each. */
        public static final Size LARGE = new Size(61, 47, 9000, 3000);

        int places() {
            return w * h;
        }
    }

    /** The grazers before a step, in id order, and per place the indices of those on it, in id order. */
    private record Herd(long[] ids, long[] places, double[] energy, float[] warmth, int[][] here) {
        static Herd of(Agents<Grazer> grazers, Size size) {
            long[] places = grazers.locations();
            int[] count = new int[size.places()];
            for (long p : places) {
                count[(int) p]++;
            }
            int[][] here = new int[size.places()][];
            for (int g = 0; g < here.length; g++) {
                here[g] = new int[count[g]];
                count[g] = 0;
            }
            for (int i = 0; i < places.length; i++) {
                here[(int) places[i]][count[(int) places[i]]++] = i;
            }
            return new Herd(grazers.ids(), places, grazers.getDouble("energy"), grazers.getFloat("warmth"), here);
        }

        int size() {
            return ids.length;
        }

        int[] on(long place) {
            return here[(int) place];
        }
    }

    /** As {@link #rounds(String[], int, String, boolean, Size)} on the small grid. */
    public static List<String> rounds(String[] on, int threads, String partitions, boolean wrap) {
        return rounds(on, threads, partitions, wrap, Size.SMALL);
    }

    /**
     * Rounds of warming, sharing and managing the grazers on {@code on}, each step checked against the plain
     * computation; then the reports and the final state of grazers, heaters and pastures, for comparison across
     * backends.
     */
    public static List<String> rounds(String[] on, int threads, String partitions, boolean wrap, Size size) {
        try (Simulation sim = PartitionedAgentsTest.sim(on, 31, threads, partitions)) {
            Grid grid = wrap ? Grid.of(size.w(), size.h()).wrap() : Grid.of(size.w(), size.h());
            Places<Pasture> land = sim.places(Pasture.class, grid);
            Agents<Grazer> grazers = sim.agents(Grazer.class, land, Placement.random(size.grazers()));
            Agents<Heater> heaters = sim.agents(Heater.class, land, Placement.random(size.heaters()));
            SplittableRandom r = new SplittableRandom(5);
            grazers.set("energy", r.doubles(grazers.size(), 0.2, 2.6).toArray());
            float[] warmth = new float[(int) grazers.size()];
            for (int i = 0; i < warmth.length; i++) {
                warmth[i] = (float) r.nextDouble(0, 30);
            }
            grazers.set("warmth", warmth);
            float[] heat = new float[(int) heaters.size()];
            for (int i = 0; i < heat.length; i++) {
                heat[i] = (float) r.nextDouble(0, 9);
            }
            heaters.set("heat", heat);
            List<String> out = new ArrayList<>();
            int killedByOthers = 0;
            long births = 0;
            for (int round = 0; round < ROUNDS; round++) {
                int n = (int) grazers.size();
                grazers.set("dx", r.ints(n, -1, 2).toArray());
                grazers.set("dy", r.ints(n, -1, 2).toArray());
                grazers.callAll(Grazer::crowd);
                warm(grazers, heaters, size);
                land.set("given", new double[size.places()]);
                int[] expected = share(grazers, land, size, round);
                ManageReport report = grazers.manageAll();
                assertEquals(expected[0], report.deaths(), "deaths, round " + round);
                assertEquals(expected[1], report.births(), "births, round " + round);
                killedByOthers += expected[2];
                births += report.births();
                out.add("round " + round + " " + report);
            }
            assertTrue(killedByOthers > 0, "grazers killed by others: " + killedByOthers);
            assertTrue(births > 10, "births: " + births);
            out.addAll(PartitionedAgentsTest.state(grazers));
            out.addAll(PartitionedAgentsTest.state(heaters));
            out.addAll(PartitionedAgentsTest.state(land));
            return out;
        }
    }

    /** Heaters warm the grazers on their places: heat into warmth, heat / 100 into energy, in heater id order. */
    private static void warm(Agents<Grazer> grazers, Agents<Heater> heaters, Size size) {
        Herd s = Herd.of(grazers, size);
        long[] at = heaters.locations();
        float[] heat = heaters.getFloat("heat");
        heaters.callAll(Heater::warm);
        double[] inEnergy = new double[s.size()];
        float[] inWarmth = new float[s.size()];
        for (int h = 0; h < at.length; h++) { // writers in id order
            for (int i : s.on(at[h])) {
                inWarmth[i] += heat[h];
                inEnergy[i] += heat[h] * 0.01;
            }
        }
        double[] energy = new double[s.size()];
        float[] warmth = new float[s.size()];
        for (int i = 0; i < s.size(); i++) {
            energy[i] = s.energy()[i] + inEnergy[i];
            warmth[i] = s.warmth()[i] + inWarmth[i];
        }
        assertArrayEquals(energy, grazers.getDouble("energy"), "energy after warm");
        assertArrayEquals(warmth, grazers.getFloat("warmth"), "warmth after warm");
    }

    /**
     * Grazers share: checks energy, warmth and the pastures' {@code given} against {@link Grazer#share}'s rules
     * computed in id order; returns the deaths and births the next {@code manageAll} must see and the grazers killed
     * by others alone.
     */
    private static int[] share(Agents<Grazer> grazers, Places<Pasture> land, Size size, int round) {
        Herd s = Herd.of(grazers, size);
        grazers.callAll(Grazer::share);
        int n = s.size();
        double[] inEnergy = new double[n];
        float[] inWarmth = new float[n];
        double[] energy = new double[n];
        float[] warmth = new float[n];
        double[] given = new double[size.places()];
        boolean[] dies = new boolean[n];
        boolean[] killed = new boolean[n];
        int spawns = 0;
        for (int i = 0; i < n; i++) { // writers in id order, each target in id order
            int g = (int) s.places()[i];
            int here = s.on(g).length;
            double part = s.energy()[i] * 0.125 / here;
            for (int o : s.on(g)) {
                if (o != i) {
                    inEnergy[o] += part;
                    inWarmth[o] += (float) (part * 0.5) + 0.1f;
                    inEnergy[o] += -(part * 0.25);
                    killed[o] |= s.warmth()[o] > 40 && s.warmth()[i] > s.warmth()[o];
                }
            }
            energy[i] = s.energy()[i] - part * 0.75 * (here - 1);
            warmth[i] = s.warmth()[i] * 0.9f;
            given[g] += part * (here - 1);
            if (energy[i] < 0.3) {
                dies[i] = true;
            } else if (energy[i] > 2) {
                energy[i] = energy[i] * 0.5;
                spawns++;
            }
        }
        int deaths = 0;
        int byOthers = 0;
        for (int i = 0; i < n; i++) {
            energy[i] += inEnergy[i];
            warmth[i] += inWarmth[i];
            deaths += dies[i] || killed[i] ? 1 : 0;
            byOthers += killed[i] && !dies[i] ? 1 : 0;
        }
        assertArrayEquals(energy, grazers.getDouble("energy"), "energy after share, round " + round);
        assertArrayEquals(warmth, grazers.getFloat("warmth"), "warmth after share, round " + round);
        assertArrayEquals(given, land.getDouble("given"), "given after share, round " + round);
        return new int[] {deaths, spawns, byOthers};
    }

    @ParameterizedTest(name = "threads={0}, partitions={1}, wrap={2}")
    @CsvSource({"1, , false", "2, , false", "3, , true", "1, 2, false", "2, 3, true", "3, 2x2, false",
            "2, 4x1, true", "1, 2x2, true"})
    void floatingPointSumsIntoAgentsHere_addInWriterIdOrder_onEveryThreadCountAndPartitioning(int threads,
            String partitions, boolean wrap) {
        PartitionedAgentsTest.assertSame(rounds(CPU, 1, null, wrap), rounds(CPU, threads, partitions, wrap),
                "threads=" + threads + " partitions=" + partitions + " wrap=" + wrap);
    }

    @ParameterizedTest(name = "threads={0}, partitions={1}")
    @CsvSource({"3, ", "2, 2"})
    void manyAgents_runInChunksOfPlacesOnSeveralThreads_andAddInWriterIdOrder(int threads, String partitions) {
        PartitionedAgentsTest.assertSame(rounds(CPU, 1, null, true, Size.LARGE),
                rounds(CPU, threads, partitions, true, Size.LARGE), "threads=" + threads + " partitions=" + partitions);
    }
}
