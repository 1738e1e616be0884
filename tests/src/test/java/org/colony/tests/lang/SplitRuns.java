package org.colony.tests.lang;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import org.colony.runtime.Places;
import org.colony.runtime.Simulation;
import org.colony.runtime.grid.Grid;

/**
 * Runs the steps of {@link SplitCell}, {@link SplitRod} and {@link SplitCube} that the processor splits between
 * interior and boundary, or their twins that it does not, on a fresh grid of a simulation, and gives every column
 * as raw bits: the split and the plain kernels must agree on every one.
 */
public final class SplitRuns {

    /** Rounds of steps each run calls. */
    static final int ROUNDS = 6;

    private SplitRuns() {
    }

    /** What the split steps (or, for {@code twin}, their twins) of {@link SplitCell} leave after {@link #ROUNDS}. */
    public static List<long[]> cell(Simulation sim, Grid grid, boolean twin) {
        Places<SplitCell> p = sim.places(SplitCell.class, grid);
        int cells = (int) grid.cells();
        p.set("v", Lang.doubles(cells, 10, 11));
        p.set("n", Lang.ints(cells, -1000, 1000, 12));
        String plain = twin ? "Plain" : "";
        for (int t = 0; t < ROUNDS; t++) {
            p.callAll("heat" + plain, 0.2, 100.0, t < ROUNDS - 2);
            p.callAll("wide" + plain, t % 2 == 0 ? 0.25 : -0.5);
            p.callAll("mark" + plain, 3 + t);
            p.callAll("after" + plain, 0.5);
            sim.step();
        }
        return List.of(bits(p.getDouble("v")), bits(p.getInt("n")), bits(p.getInt("marks")));
    }

    /** The same for {@link SplitRod} on a rod of {@code n} cells. */
    public static List<long[]> rod(Simulation sim, Grid grid, boolean twin) {
        Places<SplitRod> p = sim.places(SplitRod.class, grid);
        p.set("u", Lang.doubles((int) grid.cells(), 10, 13));
        for (int t = 0; t < ROUNDS; t++) {
            p.callAll(twin ? "diffusePlain" : "diffuse", 0.3);
            sim.step();
        }
        return List.of(bits(p.getDouble("u")));
    }

    /** The same for {@link SplitCube}. */
    public static List<long[]> cube(Simulation sim, Grid grid, boolean twin) {
        Places<SplitCube> p = sim.places(SplitCube.class, grid);
        double[] start = Lang.doubles((int) grid.cells(), 10, 14);
        float[] u = new float[start.length];
        for (int i = 0; i < u.length; i++) {
            u[i] = (float) start[i];
        }
        p.set("u", u);
        for (int t = 0; t < ROUNDS; t++) {
            p.callAll(twin ? "diffusePlain" : "diffuse", 0.125f);
            sim.step();
        }
        float[] end = p.getFloat("u");
        long[] out = new long[end.length];
        for (int i = 0; i < end.length; i++) {
            out[i] = Float.floatToRawIntBits(end[i]);
        }
        return List.of(out);
    }

    /** Asserts that two runs left the same bits in every column. */
    public static void assertSameBits(List<long[]> expected, List<long[]> actual, String what) {
        assertEquals(expected.size(), actual.size(), what);
        for (int c = 0; c < expected.size(); c++) {
            assertArrayEquals(expected.get(c), actual.get(c), what + ", column " + c);
        }
    }

    private static long[] bits(double[] values) {
        long[] out = new long[values.length];
        for (int i = 0; i < values.length; i++) {
            out[i] = Double.doubleToRawLongBits(values[i]);
        }
        return out;
    }

    private static long[] bits(int[] values) {
        long[] out = new long[values.length];
        for (int i = 0; i < values.length; i++) {
            out[i] = values[i];
        }
        return out;
    }

    /** The names of the methods of a generated class, or none where the class does not exist. */
    static List<String> methods(String className) {
        List<String> names = new ArrayList<>();
        try {
            for (var m : Class.forName(className).getDeclaredMethods()) {
                names.add(m.getName());
            }
        } catch (ClassNotFoundException e) {
            return names;
        }
        return names;
    }
}
