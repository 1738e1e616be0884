package org.colony.runtime.cpu;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.Arrays;
import org.colony.kernel.Layout;
import org.colony.runtime.grid.Region;

/**
 * Agents grouped by place with a stable counting sort over the storage cells of their places' block (halo
 * included): the agents on the place stored at {@code s} are {@code order[start[s]] .. order[start[s + 1] - 1]},
 * in slot (= id) order. Data-parallel in form (histogram, exclusive prefix sum, scatter), as the GPU backend
 * builds it.
 *
 * <p>Halo cells stand for places the block does not own. Off a grid that does not wrap they hold no agents. On
 * one block of a wrapping grid they repeat the slots of the far side ({@link #wrapped}). On a partition they
 * hold the numbers the neighbouring partitions sent ({@link #withHalo}); their entries in {@code order} are -1
 * until the caller fills them with the slots of the rows it received.
 */
public final class PlaceIndex {

    private final Layout layout;
    private final int[] start;
    private final int[] order;
    /** The working arrays of the build (per stored cell, and per agent at least), for the next build to reuse. */
    private final int[] counts;
    private final int[] cells;

    private PlaceIndex(Layout layout, int[] start, int[] order, int[] counts, int[] cells) {
        this.layout = layout;
        this.start = start;
        this.order = order;
        this.counts = counts;
        this.cells = cells;
    }

    /**
     * {@return per stored cell of {@code layout}, zero counts: those of {@code recycled} (an index no longer used,
     * or null) where they fit}
     */
    private static int[] counts(PlaceIndex recycled, Layout layout) {
        int stored = (int) layout.storedCells();
        if (recycled == null || recycled.counts.length != stored) {
            return new int[stored];
        }
        Arrays.fill(recycled.counts, 0);
        return recycled.counts;
    }

    /**
     * Groups {@code count} agents by their place; halo cells hold none.
     *
     * @param places global place index per slot, every place owned by the block
     * @param count live agents (slots {@code [0, count)})
     * @param layout the block
     */
    public static PlaceIndex owned(long[] places, int count, Layout layout) {
        return owned(places, count, layout, null);
    }

    /**
     * As {@link #owned(long[], int, Layout)}, reusing the arrays of {@code recycled} where they fit: an index no
     * longer used (or null), whose contents this one overwrites.
     */
    public static PlaceIndex owned(long[] places, int count, Layout layout, PlaceIndex recycled) {
        int[] counts = counts(recycled, layout);
        int[] cell = histogram(places, count, layout, counts, recycled);
        return scatter(layout, counts, cell, count, recycled);
    }

    /** As {@link #owned}, for one block covering a wrapping grid: each halo cell repeats its far-side place. */
    public static PlaceIndex wrapped(long[] places, int count, Layout layout) {
        return wrapped(places, count, layout, null);
    }

    /** As {@link #wrapped(long[], int, Layout)}, reusing the arrays of {@code recycled} (see {@link #owned}). */
    public static PlaceIndex wrapped(long[] places, int count, Layout layout, PlaceIndex recycled) {
        int[] counts = counts(recycled, layout);
        int[] cell = histogram(places, count, layout, counts, recycled);
        forEachHalo(layout, (s, far) -> counts[s] = counts[far]);
        PlaceIndex index = scatter(layout, counts, cell, count, recycled);
        forEachHalo(layout, (s, far) -> System.arraycopy(index.order, index.start[far], index.order, index.start[s],
                index.start[s + 1] - index.start[s]));
        return index;
    }

    /**
     * As {@link #owned}, with {@code halo[s]} agents on each halo cell {@code s} (owned cells' entries ignored):
     * their {@code order} entries are -1 until the caller fills them.
     */
    public static PlaceIndex withHalo(long[] places, int count, Layout layout, int[] halo) {
        return withHalo(places, count, layout, halo, null);
    }

    /** As {@link #withHalo(long[], int, Layout, int[])}, reusing the arrays of {@code recycled} (see {@link #owned}). */
    public static PlaceIndex withHalo(long[] places, int count, Layout layout, int[] halo, PlaceIndex recycled) {
        int[] counts = counts(recycled, layout);
        int[] cell = histogram(places, count, layout, counts, recycled);
        forEachHalo(layout, (s, far) -> counts[s] = halo[s]);
        return scatter(layout, counts, cell, count, recycled);
    }

    private static int[] histogram(long[] places, int count, Layout layout, int[] counts, PlaceIndex recycled) {
        // (the cells of a recycled index are reused while they hold the agents and not four times as many)
        boolean fits = recycled != null && recycled.cells.length >= count
                && (recycled.cells.length <= 1024 || count >= recycled.cells.length / 4);
        int[] cell = fits ? recycled.cells : new int[count + count / 4];
        int w = layout.size0();
        int h = layout.size1();
        for (int i = 0; i < count; i++) {
            long g = places[i];
            int x = (int) (g % w);
            int y = (int) (g / w % h);
            int z = (int) (g / w / h);
            int s = layout.storageIndex(x - layout.origin0(), y - layout.origin1(), z - layout.origin2());
            cell[i] = s;
            counts[s]++;
        }
        return cell;
    }

    private static PlaceIndex scatter(Layout layout, int[] counts, int[] cell, int count, PlaceIndex recycled) {
        int stored = counts.length;
        int[] start = recycled != null && recycled.start.length == stored + 1 ? recycled.start : new int[stored + 1];
        start[0] = 0;
        for (int s = 0; s < stored; s++) {
            start[s + 1] = start[s] + counts[s];
        }
        int[] order = recycled != null && recycled.order.length == start[stored] ? recycled.order
                : new int[start[stored]];
        if (order.length > count) {
            Arrays.fill(order, -1);
        }
        int[] cursor = counts; // reused: the counts are in start now
        System.arraycopy(start, 0, cursor, 0, stored);
        for (int i = 0; i < count; i++) {
            order[cursor[cell[i]]++] = i;
        }
        return new PlaceIndex(layout, start, order, counts, cell);
    }

    /** A halo cell and the owned cell it repeats on one block covering a wrapping grid. */
    @FunctionalInterface
    private interface HaloCell {
        void accept(int storage, int farSide);
    }

    /** Every halo cell of the layout, in storage order, with the owned cell it stands for on a wrapping grid. */
    private static void forEachHalo(Layout l, HaloCell cell) {
        int p0 = l.pad();
        int p1 = l.dims() >= 2 ? l.pad() : 0;
        int p2 = l.dims() >= 3 ? l.pad() : 0;
        for (int z = -p2; z < l.extent2() + p2; z++) {
            boolean zOwned = z >= 0 && z < l.extent2();
            for (int y = -p1; y < l.extent1() + p1; y++) {
                boolean rowOwned = zOwned && y >= 0 && y < l.extent1();
                for (int x = -p0; x < l.extent0() + p0; x++) {
                    if (rowOwned && x == 0) {
                        x = l.extent0() - 1; // skip the owned run
                        continue;
                    }
                    cell.accept(l.storageIndex(x, y, z), l.storageIndex(Math.floorMod(x, l.extent0()),
                            Math.floorMod(y, l.extent1()), Math.floorMod(z, l.extent2())));
                }
            }
        }
    }

    /** {@return the layout the index was built for} */
    public Layout layout() {
        return layout;
    }

    /** {@return where each stored cell's agents start in {@link #order()}; length stored cells + 1} */
    public int[] start() {
        return start;
    }

    /** {@return slots grouped by place} */
    public int[] order() {
        return order;
    }

    /** {@return the number of agents on the place stored at {@code s}} */
    public int count(int s) {
        return start[s + 1] - start[s];
    }

    /** {@return bytes held} */
    public long bytes() {
        return 4L * (start.length + order.length);
    }

    // ---- a partition's halo ----------------------------------------------------------------------

    /** Writes the number of agents on each cell of {@code region} into {@code buffer}, 4 bytes each. */
    public void packCounts(Region region, MemorySegment buffer, long offset) {
        long[] at = {offset};
        region.forEachRun(layout, (s, length) -> {
            for (int i = 0; i < length; i++) {
                buffer.set(ValueLayout.JAVA_INT_UNALIGNED, at[0], count(s + i));
                at[0] += 4;
            }
        });
    }

    /**
     * Reads the numbers of agents on the cells of {@code region} from {@code buffer} into {@code halo} (per stored
     * cell of {@code l}; a new array when {@code halo} is null or of another layout).
     *
     * @return the array read into
     */
    public static int[] unpackCounts(int[] halo, Layout l, Region region, MemorySegment buffer, long offset) {
        int[] counts = halo(halo, l);
        long[] at = {offset};
        region.forEachRun(l, (s, length) -> {
            for (int i = 0; i < length; i++) {
                counts[s + i] = buffer.get(ValueLayout.JAVA_INT_UNALIGNED, at[0]);
                at[0] += 4;
            }
        });
        return counts;
    }

    /** {@return {@code halo} when it covers the stored cells of {@code l}, else an empty array that does} */
    public static int[] halo(int[] halo, Layout l) {
        return halo != null && halo.length == l.storedCells() ? halo : new int[(int) l.storedCells()];
    }

    /** {@return the agents on the cells of {@code region}} */
    public long agentsIn(Region region) {
        long[] n = {0};
        region.forEachRun(layout, (s, length) -> n[0] += start[s + length] - start[s]);
        return n[0];
    }

    /** {@return the slots of the agents on {@code region}'s cells, cell by cell} */
    public int[] slotsIn(Region region) {
        int[] slots = new int[(int) agentsIn(region)];
        int[] at = {0};
        region.forEachRun(layout, (s, length) -> {
            int n = start[s + length] - start[s];
            System.arraycopy(order, start[s], slots, at[0], n);
            at[0] += n;
        });
        return slots;
    }

    /**
     * Gives the halo entries (those still -1) consecutive slots from {@code first}, cell by cell: where the rows of
     * the agents next door go.
     *
     * @return the slot past the last one given
     */
    public int giveGhostSlots(int first) {
        int next = first;
        for (int k = 0; k < order.length; k++) {
            if (order[k] < 0) {
                order[k] = next++;
            }
        }
        return next;
    }
}
