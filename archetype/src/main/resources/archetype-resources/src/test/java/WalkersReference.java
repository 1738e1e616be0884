package ${package};

import java.util.Arrays;
import org.colony.kernel.RandomStream;

/**
 * The model as a plain sequential program, written from its rules and Colony's documented rules for random draws,
 * without the framework. Each random number is a draw of {@code RandomStream(seed, epoch)} reset to the instance
 * (the walker's id): the epoch counts the simulation's random calls, one for the placement, one for each call of a
 * step that draws ({@link Walker#walk}) and one for each {@code manageAll}; {@link Field#spread} draws nothing and
 * does not count.
 */
final class WalkersReference {

    final int width;
    final int height;
    final long seed;
    final Walkers p;
    final double[] scent;
    /** Each walker's cell (global index x + width * y), in id order. */
    final long[] where;
    final int[] followed;
    long epoch;

    WalkersReference(int width, int height, long seed, Walkers p) {
        this.width = width;
        this.height = height;
        this.seed = seed;
        this.p = p;
        scent = new double[width * height];
        followed = new int[p.walkers()];
        // Placement.random(n): walker i draws its cell with uniformInt; ids then follow the cells' order.
        RandomStream rng = new RandomStream(seed, epoch++);
        where = new long[p.walkers()];
        for (int i = 0; i < where.length; i++) {
            rng.reset(i);
            where[i] = rng.uniformInt(width * height);
        }
        Arrays.sort(where);
    }

    /** One time step, as {@link Walkers.World#tick}. */
    void tick() {
        RandomStream rng = new RandomStream(seed, epoch++);
        long[] to = new long[where.length];
        for (int i = 0; i < where.length; i++) {
            rng.reset(i);
            int x = (int) (where[i] % width);
            int y = (int) (where[i] / width);
            int dx = 0;
            int dy = 0;
            if (rng.uniform() < p.follow()) {
                double best = -1;
                for (int k = 0; k < 4; k++) {
                    int ox = k == 0 ? 1 : k == 1 ? -1 : 0;
                    int oy = k == 2 ? 1 : k == 3 ? -1 : 0;
                    double there = scent[cell(x + ox, y + oy)];
                    if (there > best) {
                        best = there;
                        dx = ox;
                        dy = oy;
                    }
                }
                followed[i]++;
            } else {
                int k = rng.uniformInt(4);
                dx = k == 0 ? 1 : k == 1 ? -1 : 0;
                dy = k == 2 ? 1 : k == 3 ? -1 : 0;
            }
            to[i] = cell(x + dx, y + dy);
        }
        // manageAll: no deaths, no births, no capacity, so every move happens and the order stays; it is a random
        // call all the same.
        epoch++;
        System.arraycopy(to, 0, where, 0, where.length);
        int[] count = new int[scent.length];
        for (long c : where) {
            count[(int) c]++;
        }
        double[] next = new double[scent.length];
        for (int y = 0; y < height; y++) {
            for (int x = 0; x < width; x++) {
                double here = scent[cell(x, y)];
                double e = scent[cell(x + 1, y)];
                double w = scent[cell(x - 1, y)];
                double n = scent[cell(x, y - 1)];
                double s = scent[cell(x, y + 1)];
                double mixed = here + p.rate() * (e + w + n + s - 4 * here);
                next[cell(x, y)] = (1 - p.decay()) * mixed + p.deposit() * count[cell(x, y)];
            }
        }
        System.arraycopy(next, 0, scent, 0, scent.length);
    }

    /** The global index of (x, y) on the wrapping grid. */
    private int cell(int x, int y) {
        return Math.floorMod(x, width) + width * Math.floorMod(y, height);
    }
}
