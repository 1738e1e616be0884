package org.colony.tests.lang;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;

import java.util.SplittableRandom;
import org.colony.runtime.Config;
import org.colony.runtime.Places;
import org.colony.runtime.Simulation;
import org.colony.runtime.grid.Grid;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The steps of {@link SwarCell}, which the CUDA backend runs in their SWAR form (four cells in the byte lanes of a
 * word), against the same statements as plain Java, bit for bit: on rows of 1 to 131 cells (words only partly
 * owned, rows that start at every alignment), absent and wrapping boundaries, and cut into partitions whose boxes
 * start anywhere in a word. On the CPU backend this checks the reference; with {@code -Dcolony.test.backend=cuda}
 * it checks the SWAR kernels.
 */
class SwarFormTest {

    @ParameterizedTest(name = "{0}x{1} wrap={2} partitions={3}")
    @CsvSource({
        "13, 7, false, ",
        "13, 7, true, ",
        "1, 5, false, ",
        "1, 5, true, ",
        "37, 3, false, ",
        "37, 3, true, ",
        "2, 9, true, ",
        "130, 9, false, ",
        "131, 17, true, 3x2",
        "61, 40, false, 2",
    })
    void swarSteps_matchPlainJavaBitForBit(int nx, int ny, boolean wrap, String partitions) {
        int cells = nx * ny;
        SplittableRandom r = new SplittableRandom(cells * 31L + (wrap ? 1 : 0));
        boolean[] alive = new boolean[cells];
        boolean[] mark = new boolean[cells];
        byte[] state = new byte[cells];
        for (int c = 0; c < cells; c++) {
            alive[c] = r.nextInt(5) < 2;
            mark[c] = r.nextBoolean();
            state[c] = (byte) r.nextInt(256);
        }
        String before = System.getProperty("colony.partitions.split");
        if (partitions != null) {
            // Interior and border boxes launched apart, so a box's first cell sits anywhere in a word.
            System.setProperty("colony.partitions.split", "always");
        }
        try (Simulation sim = partitions == null ? Lang.sim(2)
                : Simulation.create(Config.fromArgs("--backend=" + Lang.backend(), "--threads=2", "--seed=42",
                        "--partitions=" + partitions))) {
            Grid grid = wrap ? Grid.of(nx, ny).wrap() : Grid.of(nx, ny);
            Places<SwarCell> places = sim.places(SwarCell.class, grid);
            places.set("alive", alive);
            places.set("mark", mark);
            places.set("state", state);
            Reference ref = new Reference(nx, ny, wrap, alive, mark, state);
            for (int round = 0; round < 6; round++) {
                boolean flip = round % 3 == 1;
                places.callAll(SwarCell::life, flip);
                ref.life(flip);
                check(places, ref, "round " + round + " life");
                places.callAll(SwarCell::fade);
                ref.fade();
                check(places, ref, "round " + round + " fade");
            }
        } finally {
            if (before == null) {
                System.clearProperty("colony.partitions.split");
            } else {
                System.setProperty("colony.partitions.split", before);
            }
        }
    }

    private static void check(Places<SwarCell> places, Reference ref, String at) {
        assertArrayEquals(ref.alive, places.getBoolean("alive"), at + ": alive");
        assertArrayEquals(ref.mark, places.getBoolean("mark"), at + ": mark");
        assertArrayEquals(ref.state, places.getByte("state"), at + ": state");
    }

    /** The steps of {@link SwarCell} as a plain sequential program over {@code [x + nx * y]}. */
    private static final class Reference {
        final int nx;
        final int ny;
        final boolean wrap;
        boolean[] alive;
        boolean[] mark;
        byte[] state;

        Reference(int nx, int ny, boolean wrap, boolean[] alive, boolean[] mark, byte[] state) {
            this.nx = nx;
            this.ny = ny;
            this.wrap = wrap;
            this.alive = alive.clone();
            this.mark = mark.clone();
            this.state = state.clone();
        }

        /** The index of the cell at (x, y), or -1 outside a grid that does not wrap. */
        int at(int x, int y) {
            if (wrap) {
                return Math.floorMod(x, nx) + nx * Math.floorMod(y, ny);
            }
            return x < 0 || y < 0 || x >= nx || y >= ny ? -1 : x + nx * y;
        }

        boolean alive(boolean[] a, int x, int y) {
            int i = at(x, y);
            return i >= 0 && a[i];
        }

        byte state(byte[] s, int x, int y) {
            int i = at(x, y);
            return i < 0 ? 0 : s[i];
        }

        void life(boolean flip) {
            boolean[] a0 = alive.clone();
            boolean[] a = alive;
            for (int y = 0; y < ny; y++) {
                for (int x = 0; x < nx; x++) {
                    int c = x + nx * y;
                    int count = 0;
                    for (int dy = -1; dy <= 1; dy++) {
                        for (int dx = -1; dx <= 1; dx++) {
                            count += (dx != 0 || dy != 0) && alive(a0, x + dx, y + dy) ? 1 : 0;
                        }
                    }
                    int weighted = (count + 1) * 3 + (mark[c] ? 10 : 0) - (alive(a0, x + 1, y) ? 1 : 0);
                    boolean lonely = count < 2;
                    boolean crowded = count > 3;
                    int k = 0;
                    k += alive(a0, x, y - 1) ? 0 : 1;
                    byte b = (byte) (k + 5);
                    k = b & 6 | count;
                    a[c] = count == 3 || (a0[c] && !lonely && !crowded);
                    mark[c] = flip ^ (weighted >= 20 ? crowded : weighted != 7 && mark[c]);
                    state[c] = (byte) (crowded ? 200 : k <= 4 ? weighted : 4 * k);
                }
            }
        }

        void fade() {
            boolean[] a0 = alive.clone();
            boolean[] m0 = mark.clone();
            byte[] s0 = state.clone();
            for (int y = 0; y < ny; y++) {
                for (int x = 0; x < nx; x++) {
                    int c = x + nx * y;
                    byte e2 = state(s0, x + 2, y);
                    byte w = state(s0, x - 1, y);
                    byte n = state(s0, x, y - 1);
                    boolean hot = e2 > 50 || w <= -3 || n == s0[c];
                    int heat = (hot ? 4 : 0) + (alive(a0, x + 2, y) ? 2 : 0) + (alive(m0, x + 1, y + 2) ? 1 : 0);
                    state[c] = (byte) (hot ? heat * 30 : s0[c] >= 0 ? 7 : 9);
                    alive[c] = heat >= 5 && heat != 6 || !a0[c] & m0[c];
                    mark[c] = w < n ^ !(state[c] > -100);
                }
            }
        }
    }
}
