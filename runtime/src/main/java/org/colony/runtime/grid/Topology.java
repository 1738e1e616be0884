package org.colony.runtime.grid;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.colony.ColonyException;

/**
 * A grid cut into a box of partitions: {@code counts[d]} partitions along dimension d. Partition p has
 * the block index {@code (p % c0, p / c0 % c1, p / c0 / c1)}. Along each dimension block i starts at
 * {@code floor(size * i / count)}, so blocks differ in size by at most one cell, spread evenly: the
 * nominal block size is {@code ceil(size / count)} and an actual size is that or one less.
 *
 * <pre>{@code
 * Topology t = Topology.of(Grid.of(9000, 9000), 4);   // 1 x 4: four bands of rows
 * Topology u = Topology.of(Grid.of(9000, 9000), 2, 2); // the user's own 2 x 2
 * }</pre>
 *
 * <p>A one-dimensional grid may instead be cut into ranges of any lengths ({@link #ranges}): the vertices of a
 * partitioned graph, numbered partition by partition.
 */
public final class Topology {

    private final Grid grid;
    private final int[] counts;
    /** Where the ranges of {@link #ranges} start, one more entry (the grid's size); null for even blocks. */
    private final int[] starts;
    /**
     * Per dimension, the block that holds each cell along it ({@link #blockAlong}), where the grid is at most
     * {@value #BLOCK_TABLE_CELLS} cells along it; else null. Settling moves and births asks {@link #owner}
     * once a request, and the divisions of {@code blockAlong} were 7 percent of a CPU partition's tick (StupidModel).
     */
    private final int[][] blockOf;
    private static final int BLOCK_TABLE_CELLS = 1 << 20;

    private Topology(Grid grid, int[] counts) {
        this(grid, counts, null);
    }

    private Topology(Grid grid, int[] counts, int[] starts) {
        this.grid = grid;
        this.counts = counts;
        this.starts = starts;
        this.blockOf = new int[counts.length][];
        for (int d = 0; d < counts.length && starts == null; d++) {
            if (grid.size(d) <= BLOCK_TABLE_CELLS) {
                int[] of = new int[grid.size(d)];
                for (int c = 0; c < of.length; c++) {
                    of[c] = blockAlong(d, c);
                }
                blockOf[d] = of;
            }
        }
    }

    /**
     * {@return a one-dimensional grid cut into ranges: partition p owns the cells {@code starts[p]} to
     * {@code starts[p + 1] - 1}}
     *
     * @param grid a one-dimensional grid
     * @param starts the first cell of each partition, then the grid's size: from 0, never decreasing
     * @throws IllegalArgumentException if the grid has more dimensions or the starts do not cut it
     */
    public static Topology ranges(Grid grid, int[] starts) {
        if (grid.dimensions() != 1 || starts.length < 2 || starts[0] != 0
                || starts[starts.length - 1] != grid.size(0)) {
            throw new IllegalArgumentException("ranges " + Arrays.toString(starts) + " do not cut " + grid);
        }
        for (int p = 1; p < starts.length; p++) {
            if (starts[p] < starts[p - 1]) {
                throw new IllegalArgumentException("ranges " + Arrays.toString(starts) + " decrease");
            }
        }
        return new Topology(grid, new int[] {starts.length - 1}, starts.clone());
    }

    /**
     * {@return the topology of {@code partitions} partitions that cuts the least surface: of all factorisations of the
     * count over the grid's dimensions (none cutting a dimension into more parts than it has cells), the one whose cuts
     * cross the fewest cells; on a tie, the one that cuts the highest dimensions most, so that partitions are bands of
     * whole rows, whose halos are contiguous}
     *
     * @param grid the grid
     * @param partitions the number of partitions, 1 or more
     * @throws ColonyException if the count is not positive or the grid has too few cells to cut
     */
    public static Topology of(Grid grid, int partitions) {
        if (partitions < 1) {
            throw new ColonyException("partitions=" + partitions + " is not positive; use 1 or more");
        }
        int dims = grid.dimensions();
        int[] best = null;
        long bestCut = Long.MAX_VALUE;
        for (int[] c : factorisations(partitions, dims)) {
            if (!fits(grid, c)) {
                continue;
            }
            long cut = cut(grid, c);
            if (cut < bestCut || (cut == bestCut && higherFirst(c, best))) {
                best = c;
                bestCut = cut;
            }
        }
        if (best == null) {
            throw new ColonyException(cannotCut(grid, partitions));
        }
        return new Topology(grid, best);
    }

    /** Why no factorisation of {@code partitions} fits the grid, and the nearest counts that do. */
    private static String cannotCut(Grid grid, int partitions) {
        final int nearest = 1000; // how far to look for counts that fit
        String head = "partitions=" + partitions + " cannot cut the grid " + grid + " (" + grid.cells() + " places): ";
        if (partitions > grid.cells()) {
            return head + "every way of cutting it gives a partition no cells; use at most "
                    + Math.min(grid.cells(), Integer.MAX_VALUE) + " partitions";
        }
        // Fewer partitions than places, but each way of writing the count as a product over the dimensions
        // cuts some dimension into more parts than it has places (a prime count on a square grid, say).
        List<String> cuts = new ArrayList<>();
        for (int[] c : factorisations(partitions, grid.dimensions())) {
            cuts.add(shape(c));
        }
        String listed = cuts.size() <= 6 ? String.join(", ", cuts)
                : String.join(", ", cuts.subList(0, 6)) + " and " + (cuts.size() - 6) + " more";
        String why = isPrime(partitions)
                ? partitions + " is prime, so its only cuts are " + listed + ", and each"
                : "each of its cuts (" + listed + ")";
        int below = partitions - 1;
        while (below > 1 && partitions - below <= nearest && !cuttable(grid, below, 0)) {
            below--;
        }
        int above = partitions + 1;
        while (above <= grid.cells() && above - partitions <= nearest && !cuttable(grid, above, 0)) {
            above++;
        }
        boolean belowFits = cuttable(grid, below, 0);
        boolean aboveFits = above <= grid.cells() && above - partitions <= nearest && cuttable(grid, above, 0);
        String use = belowFits && aboveFits ? below + " or " + above + " partitions"
                : belowFits ? below + " partitions" : aboveFits ? above + " partitions" : "a count whose cuts fit";
        return head + why + " cuts some dimension into more parts than it has places; use " + use
                + ", or give the cut along each dimension (AxB)";
    }

    /** Whether {@code n} partitions factor over dimensions {@code d} on of the grid with no part empty. */
    private static boolean cuttable(Grid grid, long n, int d) {
        if (d == grid.dimensions() - 1) {
            return n <= grid.size(d);
        }
        for (long f = 1; f * f <= n; f++) {
            if (n % f == 0 && ((f <= grid.size(d) && cuttable(grid, n / f, d + 1))
                    || (n / f <= grid.size(d) && cuttable(grid, f, d + 1)))) {
                return true;
            }
        }
        return false;
    }

    private static boolean isPrime(int n) {
        if (n < 2) {
            return false;
        }
        for (long f = 2; f * f <= n; f++) {
            if (n % f == 0) {
                return false;
            }
        }
        return true;
    }

    private static String shape(int[] counts) {
        StringBuilder sb = new StringBuilder();
        for (int c : counts) {
            sb.append(sb.isEmpty() ? "" : "x").append(c);
        }
        return sb.toString();
    }

    /**
     * {@return the topology with the given number of partitions along each dimension (the user's override)}
     *
     * @param counts the partitions along each dimension, x first
     * @param grid the grid
     * @throws ColonyException if the counts do not match the grid's dimensions or cut a dimension into
     *     more parts than it has cells
     */
    public static Topology of(Grid grid, int... counts) {
        if (counts.length == 1 && grid.dimensions() > 1) {
            return of(grid, counts[0]);
        }
        if (counts.length != grid.dimensions()) {
            throw new ColonyException("partition counts " + Arrays.toString(counts) + " have " + counts.length
                    + " entries; the grid " + grid + " has " + grid.dimensions() + " dimensions");
        }
        for (int d = 0; d < counts.length; d++) {
            if (counts[d] < 1) {
                throw new ColonyException("partition count " + counts[d] + " along dimension " + d
                        + " is not positive");
            }
            if (counts[d] > grid.size(d)) {
                throw new ColonyException("partitions=" + counts[d] + " along dimension " + d + " is more than the "
                        + grid.size(d) + " places of the grid " + grid + " along it; use at most " + grid.size(d));
            }
        }
        long product = 1;
        for (int c : counts) {
            product *= c;
        }
        if (product > Integer.MAX_VALUE) {
            throw new ColonyException("partition counts " + Arrays.toString(counts) + " make more than 2^31 partitions");
        }
        return new Topology(grid, counts.clone());
    }

    private static List<int[]> factorisations(int n, int dims) {
        List<int[]> out = new ArrayList<>();
        factor(n, dims, 0, new int[dims], out);
        return out;
    }

    private static void factor(int rest, int dims, int d, int[] c, List<int[]> out) {
        if (d == dims - 1) {
            c[d] = rest;
            out.add(c.clone());
            return;
        }
        for (int f = 1; f <= rest; f++) {
            if (rest % f == 0) {
                c[d] = f;
                factor(rest / f, dims, d + 1, c, out);
            }
        }
    }

    private static boolean fits(Grid grid, int[] c) {
        for (int d = 0; d < c.length; d++) {
            if (c[d] > grid.size(d)) {
                return false;
            }
        }
        return true;
    }

    /** Cells on the cut faces: each cut along d crosses the product of the other sizes. */
    private static long cut(Grid grid, int[] c) {
        long total = 0;
        for (int d = 0; d < c.length; d++) {
            long cuts = grid.boundary() == Boundary.WRAP && c[d] > 1 ? c[d] : c[d] - 1;
            long face = 1;
            for (int e = 0; e < c.length; e++) {
                if (e != d) {
                    face *= grid.size(e);
                }
            }
            total += cuts * face;
        }
        return total;
    }

    private static boolean higherFirst(int[] c, int[] best) {
        for (int d = c.length - 1; d >= 0; d--) {
            if (c[d] != best[d]) {
                return c[d] > best[d];
            }
        }
        return false;
    }

    /** {@return the grid} */
    public Grid grid() {
        return grid;
    }

    /** {@return the number of dimensions} */
    public int dimensions() {
        return counts.length;
    }

    /**
     * {@return partitions along dimension {@code d} (1 past the grid's dimensions)}
     *
     * @param d the dimension, 0 for x
     */
    public int count(int d) {
        return d < counts.length ? counts[d] : 1;
    }

    /** {@return the partition counts, one per dimension} */
    public int[] counts() {
        return counts.clone();
    }

    /** {@return the number of partitions} */
    public int partitions() {
        int p = 1;
        for (int c : counts) {
            p *= c;
        }
        return p;
    }

    /**
     * {@return the nominal block size along {@code d}: the largest block's}
     *
     * @param d the dimension, 0 for x
     */
    public int nominal(int d) {
        if (starts != null && d == 0) {
            int widest = 0;
            for (int p = 0; p + 1 < starts.length; p++) {
                widest = Math.max(widest, starts[p + 1] - starts[p]);
            }
            return widest;
        }
        return (int) ((grid.size(d) + (long) count(d) - 1) / count(d));
    }

    /**
     * {@return the first cell along {@code d} of the blocks at block index {@code i}}
     *
     * @param d the dimension, 0 for x
     * @param i the block index along {@code d}, 0 to {@code count(d) - 1}
     */
    public int origin(int d, int i) {
        if (starts != null && d == 0) {
            return starts[i];
        }
        return (int) ((long) grid.size(d) * i / count(d));
    }

    /**
     * {@return the block index of partition {@code p}}
     *
     * @param p the partition, 0 to {@code partitions() - 1}
     */
    public int[] blockIndex(int p) {
        check(p);
        int[] index = new int[counts.length];
        int rest = p;
        for (int d = 0; d < counts.length; d++) {
            index[d] = rest % counts[d];
            rest /= counts[d];
        }
        return index;
    }

    /**
     * {@return the partition at a block index}
     *
     * @param blockIndex one index per dimension, x first
     */
    public int partition(int... blockIndex) {
        int p = 0;
        for (int d = counts.length - 1; d >= 0; d--) {
            p = p * counts[d] + blockIndex[d];
        }
        return p;
    }

    /**
     * {@return the block of partition {@code p}}
     *
     * @param p the partition, 0 to {@code partitions() - 1}
     */
    public Block block(int p) {
        int[] index = blockIndex(p);
        int[] origin = new int[3];
        int[] extent = {1, 1, 1};
        for (int d = 0; d < counts.length; d++) {
            origin[d] = origin(d, index[d]);
            extent[d] = origin(d, index[d] + 1) - origin[d];
        }
        return new Block(p, index, origin, extent);
    }

    /**
     * {@return the partition across direction {@code neighborId} of partition {@code p}, or -1 where that side is the
     * edge of a grid that does not wrap} On a wrapping grid cut once along a dimension, a partition is its own
     * neighbour across that dimension.
     *
     * @param neighborId the direction, a {@link Neighbors} id
     * @param p the partition, 0 to {@code partitions() - 1}
     */
    public int neighbor(int p, int neighborId) {
        int[] offset = Neighbors.offsets(neighborId, counts.length);
        int[] index = blockIndex(p);
        for (int d = 0; d < counts.length; d++) {
            int i = index[d] + offset[d];
            if (i < 0 || i >= counts[d]) {
                if (grid.boundary() != Boundary.WRAP) {
                    return -1;
                }
                i = Math.floorMod(i, counts[d]);
            }
            index[d] = i;
        }
        return partition(index);
    }

    /**
     * {@return the partition that owns a place}
     *
     * @param x the cell's x
     * @param y the cell's y; 0 on a 1-D grid
     * @param z the cell's z; 0 on a 1-D or 2-D grid
     */
    public int owner(int x, int y, int z) {
        if (starts != null) {
            // the last range starting at or before x (empty ranges start where the next does)
            int lo = 0;
            int hi = starts.length - 2;
            while (lo < hi) {
                int mid = (lo + hi + 1) >>> 1;
                if (starts[mid] <= x) {
                    lo = mid;
                } else {
                    hi = mid - 1;
                }
            }
            return lo;
        }
        // (no arrays: settling births and moves asks this once a request)
        int p = 0;
        for (int d = counts.length - 1; d >= 0; d--) {
            int c = d == 0 ? x : d == 1 ? y : z;
            int[] of = blockOf[d];
            p = p * counts[d] + (of != null && c >= 0 && c < of.length ? of[c] : blockAlong(d, c));
        }
        return p;
    }

    /** {@return the block index along {@code d} of the blocks that hold cell {@code c} along it} */
    private int blockAlong(int d, int c) {
        // the block i with origin(i) <= c < origin(i + 1): i = floor((c * count + count - 1) / size) ...
        int i = (int) (((long) c * counts[d] + counts[d] - 1) / grid.size(d));
        while (i > 0 && origin(d, i) > c) {
            i--;
        }
        while (i + 1 < counts[d] && origin(d, i + 1) <= c) {
            i++;
        }
        return i;
    }

    /**
     * Checks that agents reading places up to {@code reach} cells away fit the partitions: each partition's halo
     * holds that many cells of its neighbours, so a partition must be at least that wide along every cut dimension.
     *
     * @param reach the largest offset the agents read places at
     * @param agentModel the agents' model, for the message
     * @throws ColonyException naming the agent model and the narrowest partition
     */
    public void checkReach(int reach, String agentModel) {
        if (reach == 0) {
            return;
        }
        for (int p = 0; p < partitions(); p++) {
            Block b = block(p);
            for (int d = 0; d < dimensions(); d++) {
                if (count(d) > 1 && reach > b.extent()[d]) {
                    throw new ColonyException(agentModel + " reads places up to " + reach + " cells away, but partition "
                            + p + " of " + this + " is " + b.extent()[d] + (b.extent()[d] == 1 ? " cell" : " cells")
                            + " wide along dimension " + d + "; use fewer partitions along that dimension");
                }
            }
        }
    }

    private void check(int p) {
        if (p < 0 || p >= partitions()) {
            throw new ColonyException("partition " + p + " does not exist; there are " + partitions());
        }
    }

    @Override
    public String toString() {
        StringBuilder sb = new StringBuilder();
        for (int d = 0; d < counts.length; d++) {
            sb.append(d > 0 ? "x" : "").append(counts[d]);
        }
        return sb + " partitions of " + grid;
    }
}
