package org.colony.tests.lang;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import org.colony.examples.TestBackend;
import org.colony.runtime.Config;
import org.colony.runtime.Places;
import org.colony.runtime.Simulation;

/** What the functional tests of the model language (and of agents) share: simulations and deterministic inputs. */
public final class Lang {

    /** Cells enough that the CPU backend splits a call between threads (its sequential limit is 2^15). */
    static final int PARALLEL_CELLS = 1 << 15;

    private Lang() {
    }

    /**
     * The backend the functional tests run on, read as the examples' tests read it ({@link TestBackend#name()}):
     * the CPU unless {@code -Dcolony.test.backend} names another.
     */
    public static String backend() {
        return TestBackend.name();
    }

    /** The backend's name as its messages give it: {@code CPU} or {@code CUDA}. */
    public static String backendName() {
        return backend().equals("cuda") ? "CUDA" : "CPU";
    }

    /**
     * Skips the calling test, saying why, unless it runs on the CPU backend: for what a test asserts of the CPU
     * backend alone.
     */
    public static void assumeCpu(String why) {
        org.junit.jupiter.api.Assumptions.assumeTrue(backend().equals("cpu"), () -> "on " + backend() + ": " + why);
    }

    /**
     * Runs {@code body} with the system property {@code name} set to {@code value} (a switch read when a collection is
     * made), then puts back what it was.
     */
    public static void withProperty(String name, String value, Runnable body) {
        String before = System.setProperty(name, value);
        try {
            body.run();
        } finally {
            if (before == null) {
                System.clearProperty(name);
            } else {
                System.setProperty(name, before);
            }
        }
    }

    /** A simulation on the tests' backend with the given thread count (for the CPU) and seed. */
    public static Simulation sim(int threads, long seed) {
        return Simulation.create(Config.defaults().withBackend(backend()).withThreads(threads).withSeed(seed));
    }

    /** A simulation on the tests' backend with the given thread count and the default seed. */
    public static Simulation sim(int threads) {
        return sim(threads, 42);
    }

    /** Doubles in [-scale, scale) from a fixed seed. */
    public static double[] doubles(int n, double scale, long seed) {
        SplittableRandom r = new SplittableRandom(seed);
        double[] v = new double[n];
        for (int i = 0; i < n; i++) {
            v[i] = r.nextDouble(-scale, scale);
        }
        return v;
    }

    /** Ints in [lo, hi) from a fixed seed. */
    public static int[] ints(int n, int lo, int hi, long seed) {
        SplittableRandom r = new SplittableRandom(seed);
        int[] v = new int[n];
        for (int i = 0; i < n; i++) {
            v[i] = r.nextInt(lo, hi);
        }
        return v;
    }

    /** Booleans, about half true, from a fixed seed. */
    public static boolean[] booleans(int n, long seed) {
        SplittableRandom r = new SplittableRandom(seed);
        boolean[] v = new boolean[n];
        for (int i = 0; i < n; i++) {
            v[i] = r.nextBoolean();
        }
        return v;
    }

    /** Every column of every attribute of a collection, in declaration order. */
    public static List<Object> columns(Places<?> places) {
        List<Object> out = new ArrayList<>();
        for (var a : places.model().attributes()) {
            for (int k = 0; k < a.columns(); k++) {
                out.add(places.getColumn(a.name(), k));
            }
        }
        return out;
    }

    /** Asserts that two lists of columns ({@link #columns}) hold the same bits. */
    public static void assertSameColumns(List<Object> expected, List<Object> actual, String what) {
        assertEquals(expected.size(), actual.size());
        for (int i = 0; i < expected.size(); i++) {
            Object e = expected.get(i);
            Object a = actual.get(i);
            if (e instanceof double[] d) {
                long[] eb = Arrays.stream(d).mapToLong(Double::doubleToRawLongBits).toArray();
                long[] ab = Arrays.stream((double[]) a).mapToLong(Double::doubleToRawLongBits).toArray();
                assertArrayEquals(eb, ab, what + ": column " + i);
            } else if (e instanceof int[] n) {
                assertArrayEquals(n, (int[]) a, what + ": column " + i);
            } else if (e instanceof long[] l) {
                assertArrayEquals(l, (long[]) a, what + ": column " + i);
            } else if (e instanceof boolean[] b) {
                assertArrayEquals(b, (boolean[]) a, what + ": column " + i);
            } else {
                throw new AssertionError("unexpected column type " + e.getClass());
            }
        }
    }
}
