package org.colony.cuda.internal.store;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.List;
import java.util.concurrent.atomic.LongAdder;
import org.colony.runtime.agents.ManageReport;
import org.colony.runtime.cpu.ChildIds;
import org.colony.runtime.spi.AgentPartition.Batch;

/**
 * A partition's {@code manageAll} settled by the partition alone on its device, where every child asked for is born
 * on the partition's own places and no agent moves to another partition's: deaths, moves, births and the compaction
 * run as one block runs them ({@link DeviceManage}), and only the children's ids need the other partitions. Those
 * follow (parent id, ordinal) over all partitions: this partition lists its (parent id, children born) pairs for
 * the others ({@link #pack}), and numbers its own children from theirs as the host's rounds do ({@link #finish},
 * {@link ChildIds}), writing the ids over those the compaction gave. Where the partitions share one device memory,
 * the parents' ids stay there ({@link DeviceManage#parentsStay}) and one kernel numbers the children from every
 * partition's ({@link #numberFrom}): no list is read, exchanged or uploaded. The settling stops where it would wait
 * for the children born (their read queued, {@link AgentDevice#queueStats}); the first question about them finishes
 * it ({@link #complete}), so that partitions of one device, settled in turn, wait once.
 */
public final class LocalBirths {

    /** The rounds settled so far in this JVM, by any partition. */
    private static final LongAdder SETTLED = new LongAdder();
    /** The partitions' rounds whose children were numbered on the device so far in this JVM. */
    private static final LongAdder NUMBERED = new LongAdder();

    private final CudaAgentStore dev;
    private ManageReport report;
    /** The parent's id of every child born here, in the children's slots' order (so in increasing order). */
    private long[] parents = new long[0];
    /** The distinct parents among {@link #parents}, in order, and their children born. */
    private long[] parentIds = new long[0];
    private long[] bornCounts = new long[0];
    /** The other partitions' parents' ids on the device, for the numbering ({@link #numberFrom}), or null. */
    private MemorySegment[] others;
    /**
     * The rest of a round queued up to the read of its children born ({@link #settle}, {@link #defer}), which the first
     * question about them runs ({@link #complete}); or null.
     */
    private Runnable queued;

    LocalBirths(CudaAgentStore dev) {
        this.dev = dev;
    }

    /** {@return the partitions' rounds settled alone so far in this JVM (one a partition and round)} */
    public static long settled() {
        return SETTLED.sum();
    }

    /** {@return the partitions' rounds whose children were numbered on the device so far in this JVM} */
    public static long numberedOnDevice() {
        return NUMBERED.sum();
    }

    /**
     * Settles the round on the device; {@code start} is what the partition's round counted as it began (no move
     * leaves the partition, no child is born elsewhere), which stand for the first counts one block waits for.
     */
    void settle(long seed, long epoch, DeviceRound.RoundStart start) {
        SETTLED.increment();
        dev.round().settle(); // what a deferred round left is compacted first: one block's rounds start in id order
        // deaths, moves and refusals (none yet), birth rounds (one: no spawnNear), moves off the grid, movers,
        // children asked for, no bad spawn, the parents whose children may not all be born: DeviceManage.COUNTS, as
        // colony_move_requests counts them
        long[] known = {start.deaths(), 0, 0, start.wanted() > 0 ? 1 : 0, start.outside(), start.localMovers(),
            start.wanted(), 0, start.unsure()};
        // Queued up to the read of the children born, which the first question about them waits for (complete): the
        // partitions of one device settle theirs one after another, and the first wait covers them all.
        DeviceManage.Settling s = dev.queueHere(seed, epoch, known);
        defer(() -> {
            ManageReport settled = dev.finishHere(s);
            dev.index().noGhosts();
            adopt(settled, dev.bornParents());
        });
    }

    /**
     * Leaves the rest of a round whose read of the children born is queued ({@link DeviceManage#endQueue}) to the
     * first question about them ({@link #complete}); {@code rest} ends by {@link #adopt}ing the round.
     */
    void defer(Runnable rest) {
        queued = rest;
    }

    /** Finishes the round {@link #settle} or {@link #defer} queued: the wait for its children born, the compaction. */
    void complete() {
        if (queued != null) {
            Runnable rest = queued;
            queued = null;
            rest.run();
        }
    }

    /**
     * Takes a round settled on the device in steps with the other partitions ({@link CrossBirths}): its report and the
     * parent's id of every child born of this partition's agents, in their slots' order, for their numbering.
     */
    void adopt(ManageReport settled, long[] bornParents) {
        report = settled;
        parents = bornParents == null ? new long[0] : bornParents;
        long[][] pairs = pairs(parents);
        parentIds = pairs[0];
        bornCounts = pairs[1];
    }

    /**
     * {@return the distinct parents of {@code parents} (each child's parent id, in increasing order) and their
     * children: {@code [parent ids, children born]}}
     */
    static long[][] pairs(long[] parents) {
        int distinct = 0;
        for (int i = 0; i < parents.length; i++) {
            distinct += i == 0 || parents[i] != parents[i - 1] ? 1 : 0;
        }
        long[] ids = new long[distinct];
        long[] born = new long[distinct];
        int j = -1;
        for (int i = 0; i < parents.length; i++) {
            if (i == 0 || parents[i] != parents[i - 1]) {
                ids[++j] = parents[i];
            }
            born[j]++;
        }
        return new long[][] {ids, born};
    }

    /**
     * {@return the children born here in the round settled whose parents' ids stayed on the device
     * ({@link DeviceManage#parentsStay}), as its {@code manageAll} counted them}
     */
    private long bornOnDevice() {
        return dev.manage().parentsStay() ? dev.manage().bornOnDevice() : 0;
    }

    /** {@return how many parents had children born here in the round settled} */
    long parents() {
        complete();
        return parentIds.length;
    }

    /**
     * {@return the parents' ids of the children born here in the round settled, one a child in increasing order, in
     * device memory; null where they came back to the host ({@link DeviceManage#parentsStay})}
     */
    MemorySegment parentsOnDevice() {
        complete();
        return dev.manage().parentsStay() ? DeviceSlices.device(dev.manage().parentsOnDevice(), 8 * bornOnDevice())
                : null;
    }

    /**
     * Numbers the children born here, at {@link #finish}, from the other partitions' parents' ids where they lie on
     * the same device ({@link #parentsOnDevice} of each), rather than from their lists.
     *
     * @param lists per partition, its parents' ids on the device; null for this one
     */
    void numberFrom(MemorySegment[] lists) {
        complete();
        if (!dev.manage().parentsStay()) {
            throw new IllegalStateException("the parents' ids of the children are not on the device");
        }
        others = lists.clone();
    }

    /** Writes (parent id, children born) for every parent here with children born, in id order. */
    void pack(MemorySegment buffer) {
        complete();
        for (int j = 0; j < parentIds.length; j++) { // (straight into the buffer: no array of the pairs first)
            buffer.set(ValueLayout.JAVA_LONG_UNALIGNED, 16L * j, parentIds[j]);
            buffer.set(ValueLayout.JAVA_LONG_UNALIGNED, 16L * j + 8, bornCounts[j]);
        }
    }

    /**
     * Gives the children born here their ids: from {@code nextId} by (parent id, ordinal) over all partitions, the
     * others' (parent id, children born) lists in {@code others}; returns this partition's report.
     */
    ManageReport finish(long nextId, List<Batch> others) {
        complete();
        dev.device().checkOpen(); // (its device current: another partition's complete may have run on this thread)
        if (this.others != null) {
            numberOnDevice(nextId);
        } else if (bornOnDevice() > 0) {
            throw new IllegalStateException("the children born have no numbering: their parents' "
                    + "ids are on the device and no other partition's were given");
        }
        int n = parents.length;
        if (n > 0) {
            long[] ids = ids(parents, parentIds, bornCounts, nextId, others);
            long first = dev.columns().count() - n; // the children follow the survivors
            dev.device().stage().upload(dev.columns().ids().pointer() + 8 * first, ids); // (queued: no wait)
        }
        ManageReport r = report;
        report = null;
        this.others = null;
        parents = new long[0];
        parentIds = new long[0];
        bornCounts = new long[0];
        return r;
    }

    /**
     * Gives the children born here their ids on the device: child i (in the slots' order, its parent's id the i-th of
     * {@link #parentsOnDevice}) gets {@code nextId + i} plus, for every other partition, the number of its children
     * whose parents' ids are below, which is its place in (parent id, ordinal) order over all partitions, as
     * {@link ChildIds} numbers them. Queued, without a wait.
     */
    private void numberOnDevice(long nextId) {
        NUMBERED.increment();
        long n = bornOnDevice();
        if (n == 0) {
            return;
        }
        long[] table = new long[Math.max(6, 2 * others.length)]; // (the address and length of each other list)
        int longs = 0;
        for (MemorySegment list : others) {
            if (list != null && list.byteSize() > 0) {
                table[longs++] = list.address();
                table[longs++] = list.byteSize() / 8;
            }
        }
        int lists = longs / 2;
        long parentIds = dev.manage().parentsOnDevice();
        long first = dev.columns().count() - n; // the children follow the survivors
        long ids = dev.columns().ids().pointer() + 8 * first;
        if (lists <= 3) { // (the lists in the kernel's parameters: a graph's node copies fewer bytes a tick)
            dev.device().run("colony_number_children_few", n, p -> p.add(n).add(parentIds).add(nextId).add(ids)
                    .add(table[0]).add(table[1]).add(table[2]).add(table[3]).add(table[4]).add(table[5]));
        } else {
            dev.device().runWithTable("colony_number_children", n, 1, table, longs, p -> p.addInt(lists).add(n)
                    .add(parentIds).add(nextId).add(ids));
        }
    }

    /**
     * {@return the ids of the children whose parents' ids are {@code parents} (one a child, in increasing order: a
     * partition's children in their slots' order), numbered from {@code nextId} by (parent id, ordinal) over these and
     * the other partitions' children, {@code others} holding each other partition's (parent id, children born) pairs}
     */
    static long[] ids(long[] parents, long nextId, List<Batch> others) {
        long[][] pairs = pairs(parents);
        return ids(parents, pairs[0], pairs[1], nextId, others);
    }

    /** As {@link #ids(long[], long, List)}, with the pairs {@link #pairs} made of {@code parents}. */
    private static long[] ids(long[] parents, long[] parentIds, long[] bornCounts, long nextId, List<Batch> others) {
        long[] inOrder = ChildIds.inOrder(parents, others, nextId); // (one pass, where every list is in id order)
        if (inOrder != null) {
            return inOrder;
        }
        ChildIds numbering = ChildIds.of(parentIds, bornCounts, others, nextId);
        long[] ids = new long[parents.length];
        long ordinal = 0;
        for (int i = 0; i < parents.length; i++) {
            ordinal = i > 0 && parents[i] == parents[i - 1] ? ordinal + 1 : 0;
            ids[i] = numbering.of(parents[i], ordinal);
        }
        return ids;
    }
}
