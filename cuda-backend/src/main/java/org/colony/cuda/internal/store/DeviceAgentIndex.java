package org.colony.cuda.internal.store;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.ArrayList;
import java.util.List;
import org.colony.cuda.internal.bind.Driver;
import org.colony.runtime.spi.Closeables;
import org.colony.cuda.internal.device.DeviceBuffer;
import org.colony.cuda.internal.launch.LaunchTimer;
import org.colony.cuda.tuning.CudaSwitches;
import org.colony.kernel.Layout;
import org.colony.runtime.grid.Region;

/**
 * The agents of one collection grouped by place on the device, as steps that iterate them read them: per place the
 * start of its agents in an order of slots ({@link #build}), rebuilt on first use after the agents changed. Also the
 * grouping that {@code manageAll} settles requests with ({@link #group}, {@link #grant}), the agents of other
 * partitions on a partition's halo (counted only, or as ghost rows in the slots past the live agents), and the
 * counts of agents on boxes of places that partitions exchange.
 *
 * <p>The places agents of this collection can be on or look at are the global indices {@code [keyBase, keyBase +
 * keys)}: the whole grid for one block, the partition's rows and its halo's for a partition cut along its last
 * dimensions. Arrays by place (the index by place, occupancy, grouped requests) cover that range alone, so the
 * per-place work of a partition shrinks with it; kernels reach them through pointers moved back by
 * {@code keyBase} entries ({@link #shifted}), indexed by global place as before.
 */
final class DeviceAgentIndex {

    private final AgentDevice device;
    private final DeviceAgentColumns columns;
    private final CudaPlaceStore places;
    private final int capacity;
    private final long keyBase;
    private final long keys;
    /**
     * The most requests {@link #settle} settles in one launch of one block ({@link CudaSwitches#ONE_BLOCK_GRANT}, read
     * when the index is made); beyond, grouping them by place costs less than one block's passes over them.
     */
    private final long oneBlockGrant = CudaSwitches.ONE_BLOCK_GRANT.whole();
    /**
     * The most places whose requests {@link #settle} settles in one block: it keeps 8 bytes a place (128 MB at this
     * many).
     */
    private static final long ONE_BLOCK_PLACES = 1L << 24;
    /** Whether requests for places that hold one agent at most are settled by atomics ({@link #settleByAtomics}). */
    private final boolean atomicGrant = CudaSwitches.ATOMIC_GRANT.on();
    /** The most places whose requests {@link #settleByAtomics} settles: it keeps 24 bytes a place (192 MB). */
    private static final long ATOMIC_PLACES = 1L << 23;
    private DeviceBuffer start;
    private DeviceBuffer order;
    private boolean indexed;
    /**
     * The agents per place for steps that only count them ({@link #counts}), in turns: the one built last, and the
     * other, which that build set to zero for the next.
     */
    private final DeviceBuffer[] counts = new DeviceBuffer[2];
    private int countsNow;
    private boolean counted;
    /** Whether {@code group.counts} is all zero (as the last grouping left it). */
    private boolean countsZero;
    /** Agents of other partitions on this one's halo, in the slots past the live agents (see {@link #ghostRows}). */
    private long ghosts;
    /**
     * Agents of other partitions on this one's halo counted only (see {@link #ghostCounts}): the halo boxes and, in
     * {@link #ghostCounts}, their numbers box after box; empty when there are none.
     */
    private List<Region> ghostBoxes = List.of();
    private DeviceBuffer ghostCounts;
    /** The agents the ghost boxes hold in all (an upper bound on the index entries they take). */
    private long ghostTotal;

    /**
     * @param range the global places {@code {keyBase, keys}} the agents can be on or look at ({@link #placeRange})
     */
    DeviceAgentIndex(AgentDevice device, DeviceAgentColumns columns, CudaPlaceStore places, int capacity,
            long[] range) {
        this.device = device;
        this.columns = columns;
        this.places = places;
        this.capacity = capacity;
        this.keyBase = range[0];
        this.keys = range[1];
        this.start = DeviceBuffer.zeroed(4 * (keys + 1));
        this.order = DeviceBuffer.pooled(4 * columns.slots());
    }

    /**
     * The global place indices {@code {first, count}} that the agents of a block with this layout can be on or
     * look at: its places and its halo's. They are contiguous where the halo leaves the grid across no wrapping edge
     * of a dimension the block covers only part of (the indices of the padded box run from its first corner to its
     * last); otherwise the whole grid.
     */
    static long[] placeRange(Layout layout, long cells) {
        int dims = layout.dims();
        int[] lo = new int[3];
        int[] hi = new int[3];
        int[] size = {layout.size0(), layout.size1(), layout.size2()};
        int[] origin = {layout.origin0(), layout.origin1(), layout.origin2()};
        int[] extent = {layout.extent0(), layout.extent1(), layout.extent2()};
        for (int d = 0; d < 3; d++) {
            int pad = d < dims ? layout.pad() : 0;
            lo[d] = origin[d] - pad;
            hi[d] = origin[d] + extent[d] + pad;
            if (origin[d] == 0 && extent[d] == size[d]) {
                // a halo across a wrapping edge repeats the block's own places along this dimension
                lo[d] = 0;
                hi[d] = size[d];
            }
            if (lo[d] < 0 || hi[d] > size[d]) {
                if (layout.wrap() && d < dims) {
                    return new long[] {0, cells};
                }
                lo[d] = Math.max(0, lo[d]);
                hi[d] = Math.min(size[d], hi[d]);
            }
        }
        long first = lo[0] + (long) size[0] * (lo[1] + (long) size[1] * lo[2]);
        long last = (hi[0] - 1) + (long) size[0] * ((hi[1] - 1) + (long) size[1] * (hi[2] - 1));
        return new long[] {first, last - first + 1};
    }

    /** The first global place of the range. */
    long keyBase() {
        return keyBase;
    }

    /** The places of the range. */
    long keys() {
        return keys;
    }

    /** Per place of the range, where its agents start in {@link #order} (one more entry: the end). */
    DeviceBuffer start() {
        return start;
    }

    /** The slots of the agents, place after place. */
    DeviceBuffer order() {
        return order;
    }

    /** The ghost rows in the slots past the live agents. */
    long ghosts() {
        return ghosts;
    }

    /** A device array by place, moved back by {@link #keyBase} entries of 4 bytes: indexed by global place. */
    long shifted(long pointer) {
        return pointer == 0 ? 0 : pointer - 4 * keyBase;
    }

    /** Notes that the agents changed: the index (and the counts) are built again on first use. */
    void invalidate() {
        indexed = false;
        counted = false;
    }

    /**
     * The number of agents per place, indexed by global place (a pointer moved back by {@link #keyBase}), as the index
     * would give them with the agents of other partitions counted on the halo: for steps that count the agents and read
     * nothing else of them (built on first use after a change). One launch: the histogram of the places into the
     * counts zeroed by the last build, which zeroes the other counts for the next.
     */
    long counts() {
        if (!counted) {
            LaunchTimer timer = device.context().timer();
            long started = timer.on() ? timer.start() : 0L;
            if (counts[0] == null) {
                counts[0] = DeviceBuffer.zeroed(4 * keys);
                counts[1] = DeviceBuffer.zeroed(4 * keys);
            }
            countsNow = 1 - countsNow;
            long into = counts[countsNow].pointer();
            long other = counts[1 - countsNow].pointer();
            long n = columns.count() + ghosts;
            device.run("colony_count_places", Math.max(n, keys), p -> p.add(columns.locations().pointer()).add(n)
                    .add(shifted(into)).add(other).add(keys));
            if (!ghostBoxes.isEmpty()) {
                ghostPass(into, 0L, 0L, true);
            }
            counted = true;
            if (timer.on()) {
                timer.stop(device.name() + " index by place (part of the step)", started);
            }
        }
        return shifted(counts[countsNow].pointer());
    }

    /** Groups the agents by place (built after each manageAll, on first use). */
    void build() {
        if (!indexed) {
            LaunchTimer timer = device.context().timer();
            long started = timer.on() ? timer.start() : 0L;
            long entries = Math.max(columns.slots(), columns.count() + ghosts + ghostTotal);
            if (order.bytes() < 4 * Math.max(1, entries)) {
                order.close();
                order = DeviceBuffer.pooled(4 * (entries + (entries > columns.slots() ? entries / 4 : 0)));
            }
            group(columns.locations().pointer(), columns.count() + ghosts, keys, start.pointer(), order.pointer(), true,
                    !ghostBoxes.isEmpty());
            indexed = true;
            if (timer.on()) {
                timer.stop(device.name() + " index by place (part of the step)", started);
            }
        }
    }

    /**
     * Groups {@code n} keyed items into {@code buckets} (start of length buckets + 1, order of length n). With
     * {@code sorted}, items keep their id order inside a bucket (the agents-by-place index);
     * without, a bucket's order is whatever the scatter left, for {@code colony_grant}, which ranks requests by
     * priority itself.
     */
    void group(long keysAt, long n, long buckets, long startOut, long orderOut, boolean sorted) {
        group(keysAt, n, buckets, startOut, orderOut, sorted, false);
    }

    /** As above; with {@code ghostCounted}, the places of {@link #ghostBoxes} hold their counted agents too. */
    private void group(long keysAt, long n, long buckets, long startOut, long orderOut, boolean sorted,
            boolean ghostCounted) {
        // The counts are zero between groupings: the scatter counts every bucket back down to zero.
        long counts = device.gridScratch().get("group.counts", 4 * buckets);
        if (!countsZero) {
            device.fillBytes(counts, 4 * buckets, 0);
        }
        countsZero = false;
        device.run("colony_histogram", n, p -> p.add(keysAt).add(n).add(shifted(counts)));
        if (ghostCounted) {
            ghostPass(counts, startOut, orderOut, true);
        }
        device.scanner().scanOnDevice(counts, startOut, buckets, startOut + 4 * buckets, 0L);
        device.run("colony_scatter", n, p -> p.add(keysAt).add(n).add(shifted(startOut)).add(shifted(counts))
                .add(orderOut));
        if (ghostCounted) {
            ghostPass(counts, startOut, orderOut, false);
        }
        countsZero = true;
        if (sorted && !(keysAt == columns.locations().pointer() && capacity == 1)) {
            // (Agents by place with capacity 1: no bucket holds two, so there is nothing to sort.)
            // (By id while a round's compaction waits: the arrivals sit past the agents already here; else by slot.)
            long byId = columns.runs() != null ? columns.ids().pointer() : 0L;
            device.run("colony_sort_buckets", buckets, p -> p.add(startOut).add(orderOut).add(buckets).add(byId));
        }
    }

    /**
     * Settles {@code n} requests for places ({@code requests}: a global place each, -1 for none): per place, the first
     * {@code capacity - occupancy} in the order {@link #grant} ranks them win ({@code won}, written for the requests
     * only). With no capacity ({@code occupancy} 0) every request wins, marked in one launch. Where a place holds one
     * agent at most and the requests are few ({@link CudaSwitches#ONE_BLOCK_GRANT}),
     * one launch of one block finds each place's first without grouping the requests ({@code colony_grant_one});
     * where they are more, launches over the requests find it by atomics ({@link #settleByAtomics},
     * {@link CudaSwitches#ATOMIC_GRANT}); otherwise they are grouped by place into {@code bucketStart} and
     * {@code bucketOrder} and granted per bucket.
     */
    void settle(long requests, long n, long bucketStart, long bucketOrder, long occupancy, long won, long rank,
            long priority, long tie) {
        if (occupancy == 0L) {
            // (no capacity: every request wins, as the grant of a grouping gives them; one launch, no grouping)
            device.run("colony_grant_all", n, p -> p.add(requests).add(n).add(won));
            return;
        }
        if (capacity == 1 && priority != 0L && n <= oneBlockGrant && keys <= ONE_BLOCK_PLACES) {
            // (zero when first handed out; each launch leaves its entries zero again)
            long best = device.gridScratch().cleared("grant.best", 8 * keys) - 8 * keyBase;
            device.runOneBlock("colony_grant_one", p -> p.add(requests).add(n).add(shifted(occupancy)).add(won)
                    .add(rank).add(priority).add(tie).add(best));
            Settlements.oneBlock();
            return;
        }
        if (capacity == 1 && priority != 0L && atomicGrant && keys <= ATOMIC_PLACES) {
            settleByAtomics(requests, n, shifted(occupancy), won, rank, priority, tie);
            return;
        }
        group(requests, n, keys, bucketStart, bucketOrder, false);
        grant(bucketStart, bucketOrder, occupancy, won, rank, priority, tie);
    }

    /**
     * Settles {@code n} requests where a place holds one agent at most without grouping them by place, in launches
     * over the requests only ({@code colony_best_open} .. {@code colony_best_clear}): per place, the open request that
     * ranks first wins, found by atomic maxima of the ranks, then the priorities, then the ties, on three 8-byte
     * entries a place (zero between settlings: the launches set them back). They are three thirds of one buffer whose
     * first is {@code colony_grant_one}'s entry a place.
     */
    private void settleByAtomics(long requests, long n, long occupancy, long won, long rank, long priority,
            long tie) {
        long best0 = device.gridScratch().cleared("grant.best", 24 * keys) - 8 * keyBase;
        long best1 = best0 + 8 * keys;
        long best2 = best1 + 8 * keys;
        device.run("colony_best_open", n, p -> p.add(requests).add(n).add(occupancy).add(won).add(rank).add(best0));
        device.run("colony_best_priority", n, p -> p.add(requests).add(n).add(won).add(rank).add(best0)
                .add(priority).add(best1));
        device.run("colony_best_tie", n, p -> p.add(requests).add(n).add(won).add(best0).add(priority).add(best1)
                .add(tie).add(best2));
        device.run("colony_best_won", n, p -> p.add(requests).add(n).add(won).add(best1).add(tie).add(best2));
        device.run("colony_best_clear", n, p -> p.add(requests).add(n).add(best2));
        Settlements.atomics();
    }

    /**
     * Settles grouped requests: per bucket, the first {@code capacity - occupancy} in order of the model's
     * {@code rank} (highest first; 0 for none), then of {@code priority} (highest first), then of {@code tie}
     * (lowest first) win; with no occupancy (no capacity) all win.
     */
    void grant(long bucketStart, long bucketOrder, long occupancy, long won, long rank, long priority, long tie) {
        device.run("colony_grant", keys, p -> p.add(bucketStart).add(bucketOrder).add(keys).addInt(capacity)
                .add(occupancy).add(won).add(rank).add(priority).add(tie));
    }

    /**
     * Gives the places of the ghost boxes their counts before the scan ({@code set}), or clears them and marks their
     * entries of the order after the scatter ({@code colony_ghost_counts}).
     */
    private void ghostPass(long counts, long startOut, long orderOut, boolean set) {
        Layout layout = places.layout();
        long at = 0;
        for (Region box : ghostBoxes) {
            int[] lo = box.lo();
            int[] hi = box.hi();
            long cellsIn = box.cells();
            long values = ghostCounts.pointer() + 4 * at;
            at += cellsIn;
            device.run("colony_ghost_counts", cellsIn, p -> p.add(shifted(counts)).add(shifted(startOut)).add(orderOut)
                    .add(values).addInt(lo[0]).addInt(lo[1]).addInt(lo[2]).addInt(hi[0] - lo[0]).addInt(hi[1] - lo[1])
                    .addInt(hi[2] - lo[2]).addInt(layout.origin0()).addInt(layout.origin1()).addInt(layout.origin2())
                    .addInt(layout.extent0()).addInt(layout.extent1()).addInt(layout.extent2())
                    .addInt(layout.size0()).addInt(layout.size1()).addInt(layout.size2()).addBoolean(layout.wrap())
                    .addBoolean(set));
        }
    }

    // ---- the agents of other partitions on the halo --------------------------------------------

    /** Notes that the slots past the live agents hold {@code n} ghost rows, and no agents are counted only. */
    void ghostRows(long n) {
        noGhosts();
        ghosts = n;
        invalidate();
    }

    /** Drops the agents of other partitions: slots and counts. */
    void noGhosts() {
        ghosts = 0;
        ghostBoxes = List.of();
        ghostTotal = 0;
    }

    /**
     * Counts the agents of other partitions on this one's halo into the agents-by-place index, without slots:
     * {@code counts} holds, per box of halo cells (local coordinates), the number on each cell in row order;
     * {@code total} is their sum. They stay until the next {@code manageAll} or call of this method or of
     * {@link #ghostRows}; a step reading them may count them, not iterate them.
     */
    void ghostCounts(List<Region> boxes, List<int[]> counts, long total) {
        long at = ghostCountsBuffer(boxes, total);
        for (int[] c : counts) {
            device.stage().upload(at, c);
            at += 4L * c.length;
        }
    }

    /**
     * As {@link #ghostCounts}, with the counts written straight into device memory (by the transport): returns the
     * memory of each box's counts, in order. {@code bound}: at most this many agents on them in all.
     */
    MemorySegment[] receiveGhostCounts(List<Region> boxes, long bound) {
        return DeviceSlices.pieces(ghostCountsBuffer(boxes, bound), DeviceSlices.countBytes(boxes));
    }

    /** The counts last given for {@code boxes} (by either method above), copied to the host, box after box. */
    List<int[]> ghostCountsOnHost(List<Region> boxes) {
        device.checkOpen();
        List<int[]> out = new ArrayList<>();
        long cellsIn = DeviceSlices.cells(boxes);
        if (cellsIn == 0) {
            boxes.forEach(b -> out.add(new int[0]));
            return out;
        }
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment host = arena.allocate(4 * cellsIn, 4);
            Driver.copyToHost(host, ghostCounts.pointer(), 4 * cellsIn);
            device.waited();
            long at = 0;
            for (Region b : boxes) {
                int[] c = new int[(int) Math.max(0, b.cells())];
                MemorySegment.copy(host, ValueLayout.JAVA_INT, at, c, 0, c.length);
                at += 4L * c.length;
                out.add(c);
            }
        }
        return out;
    }

    /** Makes room for the counts of {@code boxes} and marks them as the ghosts counted; returns its address. */
    private long ghostCountsBuffer(List<Region> boxes, long total) {
        device.checkOpen();
        long cellsIn = DeviceSlices.cells(boxes);
        if (ghostCounts == null || ghostCounts.bytes() < 4 * cellsIn) {
            if (ghostCounts != null) {
                ghostCounts.close();
            }
            ghostCounts = DeviceBuffer.pooled(Math.max(64, 4 * cellsIn + cellsIn));
        }
        ghostBoxes = List.copyOf(boxes);
        ghostTotal = total;
        ghosts = 0;
        invalidate();
        return ghostCounts.pointer();
    }

    // ---- counts of agents on boxes of places ----------------------------------------------------

    /**
     * The number of agents on each owned cell of every region (local coordinates), 4 bytes each in row order, region
     * after region: one pass over the agents per region and one copy to the host for them all.
     */
    MemorySegment countsIn(List<Region> regions) {
        long cellsIn = DeviceSlices.cells(regions);
        MemorySegment host = Arena.ofAuto().allocate(Math.max(4, 4 * cellsIn), 8);
        long out = countsOnDevice(regions);
        if (cellsIn > 0) {
            Driver.copyToHost(host, out, 4 * cellsIn);
            device.waited();
        }
        return host;
    }

    /**
     * As {@link #countsIn}, left on the device: the address of the counts, region after region (valid until the
     * next call), without waiting.
     */
    long countsOnDevice(List<Region> regions) {
        device.checkOpen();
        long cellsIn = DeviceSlices.cells(regions);
        long out = device.zeroed(device.pool(), "halo.counts", 4 * Math.max(1, cellsIn));
        Layout layout = places.layout();
        long n = columns.count();
        long at = 0;
        for (Region region : regions) {
            int[] lo = region.lo();
            int[] hi = region.hi();
            long into = out + 4 * at;
            at += Math.max(0, region.cells());
            if (n > 0 && region.cells() > 0) {
                device.run("colony_box_counts", n, p -> p.add(columns.locations().pointer()).add(n)
                        .addInt(layout.size0()).addInt(layout.size1()).addInt(layout.origin0()).addInt(layout.origin1())
                        .addInt(layout.origin2()).addInt(lo[0]).addInt(lo[1]).addInt(lo[2]).addInt(hi[0] - lo[0])
                        .addInt(hi[1] - lo[1]).addInt(hi[2] - lo[2]).add(into));
            }
        }
        return out;
    }

    /** Bytes the counts by place hold (none until a step only counts the agents). */
    long countsBytes() {
        return counts[0] == null ? 0 : counts[0].bytes() + counts[1].bytes();
    }

    /** Frees the index and the ghost counts. */
    void close() {
        Closeables.closeAll(start, order, ghostCounts, counts[0], counts[1]);
    }

    /** {@return the layout of the places the agents live on} */
    Layout layout() {
        return places.layout();
    }
}
