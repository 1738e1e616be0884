package org.colony.cuda.internal.store;

import java.lang.foreign.MemorySegment;
import java.util.Arrays;
import java.util.concurrent.atomic.LongAdder;
import org.colony.kernel.Layout;
import org.colony.kernel.ModelInfo;
import org.colony.runtime.agents.ManageReport;
import org.colony.runtime.grid.Topology;

/**
 * A partition's {@code manageAll} whose children may be born on other partitions' places, settled on the device with
 * the other partitions ({@link org.colony.runtime.spi.DeviceBirthRound}): deaths and this partition's own moves as one
 * block, then the birth rounds in step with the other partitions. Each round, every child's try is split by the
 * owner of its place: the tries for this partition's places are settled here with the requests the other
 * partitions' children sent for them, by the same rank as one block's ({@code @Priority}, random priority, then
 * (parent id, k)), and the others go as requests ({@code ChildRequest} in support.cu, one for every child asked for
 * here, so that the host knows every message's size from the round's start) to every other partition, whose
 * verdicts come back. A child born elsewhere takes room on its owner's place there and then ({@code
 * colony_child_admit}), not here. After the last round the compaction puts every child born of this partition's
 * agents after the survivors, in parent order, each on the place it was born on; {@link LocalBirths} numbers them as
 * where a partition settles its round alone, and those born on other partitions' places leave as rows (ids, places,
 * ordinals, attributes), to be merged into id order with the owner's agents ({@link RunMerge}). Every method that
 * works on the device makes the partition's device current first: the runtime calls some of them from its own thread,
 * one partition after another, where the partitions live on several GPUs.
 */
public final class CrossBirths {

    /** Bytes of one request for a place of another partition ({@code ChildRequest} in support.cu). */
    static final long REQUEST_BYTES = 32;

    /** The rounds settled this way so far in this JVM, by any partition. */
    private static final LongAdder SETTLED = new LongAdder();

    private final CudaAgentStore dev;
    private final Topology topology;
    private final int self;
    private final LocalBirths numbering;
    private final RunMerge merge;
    /** The rows of the children sent to another partition: ids, places, ordinals, attributes. */
    private final AgentRows rows;
    private DeviceManage.Settling settling;
    /** Per partition, its children asked for; this partition's are {@link #mine}. */
    private long[] wanted = new long[0];
    private long mine;
    /** Where the requests received from each partition go among the settling's requests (after this one's). */
    private long[] inAt = new long[0];
    private long out;
    private long requestsIn;
    private long verdictsIn;
    private long table;
    /**
     * Per partition, where this one's requests for its places are written, and where the verdicts on them are read:
     * this partition's own buffers (carried by the device transport), or, where the partitions share one memory, the
     * owner's room for them and the owner's verdicts ({@link #sendInto}, {@link #readFrom}); uploaded at the first
     * split, both in one piece: {@link #tables}.
     */
    private long[] outTo = new long[0];
    private long[] verdictsFrom = new long[0];
    private boolean tablesStale;
    /** On the device: {@link #outTo}, then {@link #verdictsFrom} (8 bytes a partition each). */
    private long tables;
    /** After {@link #end}: the children born here on each partition's places, their slots grouped by owner. */
    private long[] leaving = new long[0];
    /** The children born of this partition's agents in the round (after the survivors, wherever they were born). */
    private long born;
    private long leavingSlots;
    private long leavingRows;
    private long[] arriving = new long[0];
    private long arrivingRows;

    CrossBirths(CudaAgentStore dev, ModelInfo model, Topology topology, int self, LocalBirths numbering) {
        this.dev = dev;
        this.topology = topology;
        this.self = self;
        this.numbering = numbering;
        this.merge = new RunMerge(dev.device(), dev.columns(), dev.index());
        this.rows = AgentRows.ordered(model, dev.columns());
    }

    /** {@return the partitions' rounds settled this way so far in this JVM (one a partition and round)} */
    public static long settled() {
        return SETTLED.sum();
    }

    /**
     * Begins the round as one block begins it (deaths, this partition's moves, its children's first tries), with
     * room for the requests of the other partitions' children ({@code wanted}); {@code start} is what the round
     * counted as it began, {@code rounds} the birth rounds every partition runs.
     */
    void begin(long seed, long epoch, DeviceRound.RoundStart start, long[] wanted, int rounds) {
        dev.device().checkOpen();
        SETTLED.increment();
        dev.round().settle(); // what a deferred round left is compacted first, as one block's rounds start in id order
        this.wanted = wanted.clone();
        int k = wanted.length;
        mine = wanted[self];
        inAt = new long[k];
        long incoming = 0;
        for (int p = 0; p < k; p++) {
            if (p != self) {
                inAt[p] = mine + incoming;
                incoming += wanted[p];
            }
        }
        // deaths, moves and refusals (none yet), birth rounds, moves off the grid, movers, children, no bad spawn, the
        // parents whose children may not be born (DeviceManage.COUNTS; the end reads its children born anyway)
        long[] known = {start.deaths(), 0, 0, rounds, start.outside(), start.localMovers(), mine, 0, start.unsure()};
        settling = dev.manage().begin(seed, epoch, false, null, known, incoming);
        settling.rounds = rounds;
        AgentDevice device = dev.device();
        if (mine > 0) {
            long m = mine;
            DeviceManage.Settling s = settling;
            device.run("colony_child_ties", m, p -> p.addInt((int) m).add(s.childParent).add(s.offsets)
                    .add(dev.columns().ids().pointer()).add(s.tie));
        }
        table = dev.round().ownerTable(topology);
        out = device.pool().get("cross.out", REQUEST_BYTES * k * Math.max(1, mine));
        requestsIn = device.pool().get("cross.in", REQUEST_BYTES * Math.max(1, incoming));
        verdictsIn = device.pool().get("cross.verdicts", (long) k * Math.max(1, mine));
        outTo = new long[k];
        verdictsFrom = new long[k];
        for (int q = 0; q < k; q++) {
            outTo[q] = out + REQUEST_BYTES * q * mine;
            verdictsFrom[q] = verdictsIn + q * mine;
        }
        tablesStale = true;
    }

    /**
     * Where the partitions share one memory: this partition's requests for partition q's places are written straight
     * into {@code into[q]} (q's room for them, {@link #receiveRequests}), for no transport to carry.
     */
    void sendInto(MemorySegment[] into) {
        for (int q = 0; q < into.length; q++) {
            if (into[q] != null) {
                outTo[q] = into[q].address();
            }
        }
        tablesStale = true;
    }

    /**
     * Where the partitions share one memory: the verdicts of partition q on this one's requests are read where q
     * leaves them, {@code from[q]} ({@link #verdictsTo} of q), for no transport to carry.
     */
    void readFrom(MemorySegment[] from) {
        for (int q = 0; q < from.length; q++) {
            if (from[q] != null) {
                verdictsFrom[q] = from[q].address();
            }
        }
        tablesStale = true;
    }

    /** Splits the round's tries by the owner of their places. */
    void split() {
        dev.device().checkOpen();
        if (mine == 0) {
            return;
        }
        DeviceManage.Settling s = settling;
        Layout layout = dev.index().layout();
        long m = mine;
        int k = wanted.length;
        AgentDevice device = dev.device();
        if (tablesStale) { // (one upload: both tables, one after the other)
            long[] both = Arrays.copyOf(outTo, 2 * k);
            System.arraycopy(verdictsFrom, 0, both, k, k);
            tables = device.pool().get("cross.tables", 8L * both.length);
            device.stage().upload(tables, both);
            tablesStale = false;
        }
        long into = tables;
        device.run("colony_child_split", m, p -> p.addInt((int) m).add(s.tries).add(s.local).add(into).addInt(k)
                .add(table).addInt(layout.size0()).addInt(layout.size1()).addInt(self).add(s.priority).add(s.tie)
                .add(s.rank));
    }

    /** This round's requests for partition {@code to}'s places: one for every child asked for here. */
    MemorySegment requestsTo(int to) {
        return DeviceSlices.device(outTo[to], REQUEST_BYTES * mine);
    }

    /** Room for the requests of each other partition's children (null where it has none). */
    MemorySegment[] receiveRequests() {
        MemorySegment[] in = new MemorySegment[wanted.length];
        for (int p = 0; p < wanted.length; p++) {
            if (p != self && wanted[p] > 0) {
                in[p] = DeviceSlices.device(requestsIn + REQUEST_BYTES * (inAt[p] - mine), REQUEST_BYTES * wanted[p]);
            }
        }
        return in;
    }

    /**
     * Settles the round's requests for this partition's places: its children's and those received (after them in the
     * settling's arrays); the received that won take their room here at once.
     */
    void settle() {
        dev.device().checkOpen();
        DeviceManage.Settling s = settling;
        AgentDevice device = dev.device();
        long incoming = s.settled() - mine;
        if (incoming > 0) { // (every sender's, one after another, as they came: one launch)
            long at = mine;
            device.run("colony_child_unpack", incoming, q -> q.addInt((int) incoming).add(requestsIn)
                    .add(s.local + 8 * at).add(s.priority == 0L ? 0L : s.priority + 8 * at).add(s.tie + 8 * at)
                    .add(s.rank == 0L ? 0L : s.rank + 8 * at).add(s.roundWon + at));
        }
        if (s.settled() == 0) {
            return;
        }
        dev.manage().settleChildren(s);
        if (incoming > 0 && s.occupied != 0L) {
            long occupied = dev.index().shifted(s.occupied);
            device.run("colony_child_admit", incoming, q -> q.addInt((int) incoming).add(s.local + 8 * mine)
                    .add(s.roundWon + mine).add(occupied));
        }
    }

    /** The verdicts on the requests received from partition {@code to}: one byte each, 1 where it won. */
    MemorySegment verdictsTo(int to) {
        return DeviceSlices.device(settling.roundWon + inAt[to], wanted[to]);
    }

    /** Room for the verdicts of each other partition on this one's requests (null where none are sent). */
    MemorySegment[] receiveVerdicts() {
        MemorySegment[] in = new MemorySegment[wanted.length];
        for (int q = 0; q < wanted.length; q++) {
            if (q != self && mine > 0) {
                in[q] = DeviceSlices.device(verdictsIn + q * mine, mine);
            }
        }
        return in;
    }

    /** Ends the round: the verdicts taken in, the children placed born, the next tries drawn ({@code next} -1: none). */
    void endRound(int next) {
        dev.device().checkOpen();
        if (mine == 0) {
            return;
        }
        DeviceManage.Settling s = settling;
        long m = mine;
        int k = wanted.length;
        long from = tables + 8L * k;
        dev.device().run("colony_child_verdicts", m, p -> p.addInt((int) m).add(s.tries).add(s.local).add(from)
                .addInt(k).addInt(self).add(s.roundWon));
        dev.manage().childRound(s, next, s.local);
    }

    /**
     * Ends the births: the compaction with every child born here, the parents' ids of the children for their
     * numbering ({@link LocalBirths}), and the children born on other partitions' places grouped by owner.
     */
    void end() {
        AgentDevice device = dev.device();
        device.checkOpen();
        DeviceManage.Settling s = settling;
        settling = null;
        int k = wanted.length;
        Layout layout = dev.index().layout();
        // The children born here on each other partition's places are counted before the compaction, and come back
        // in the wait that reads the children born and their parents (one wait, where there were three).
        // (its population is this partition's before the children born elsewhere leave and others' arrive: the
        // runtime sums the partitions' reports, where they cancel out)
        dev.manage().endQueue(s, k, perOwner -> device.run("colony_child_owners", s.wanted,
                p -> p.add(s.wanted).add(s.childWon).add(s.childPlace).add(table).addInt(layout.size0())
                        .addInt(layout.size1()).addInt(self).add(perOwner)));
        // (the wait is left to the first question about the children born: partitions of one device wait once)
        numbering.defer(() -> finish(s));
    }

    /** The rest of {@link #end} after the read of the children born it queued. */
    private void finish(DeviceManage.Settling s) {
        AgentDevice device = dev.device();
        device.checkOpen();
        Layout layout = dev.index().layout();
        ManageReport report = dev.manage().endFinish(s);
        leaving = dev.manage().endCounts();
        dev.managed();
        dev.index().noGhosts();
        numbering.adopt(report, dev.bornParents());
        DeviceAgentColumns columns = dev.columns();
        long births = report.births();
        born = births;
        long total = Arrays.stream(leaving).sum();
        if (births == 0 || total == 0) {
            return;
        }
        long first = columns.count() - births;
        long flags = device.pool().get("cross.flags", 4 * births);
        device.run("colony_emigrants", births, p -> p.add(births).add(columns.locations().pointer() + 8 * first)
                .add(columns.targets().pointer() + 8 * first).add(table).addInt(layout.size0())
                .addInt(layout.size1()).addInt(self).add(flags));
        long ranks = device.pool().get("cross.ranks", 4 * births);
        device.scanner().scanOnDevice(flags, ranks, births, 0L, 0L);
        long list = device.pool().get("cross.list", 4 * total);
        device.run("colony_pack_slots", births, p -> p.add(births).add(flags).add(ranks).add(list));
        // (slots counted from the first child: the rows are gathered from there)
        leavingSlots = OwnerGroups.group(device, "cross", list, total, leaving,
                columns.targets().pointer() + 8 * first, table, layout);
    }

    /** {@return per partition, the children born here on its places} */
    long[] leaving() {
        numbering.complete();
        return leaving.clone();
    }

    /** The rows of the children born here on partition {@code to}'s places (packed at the first call, after the ids). */
    MemorySegment emigrants(int to) {
        numbering.complete();
        dev.device().checkOpen();
        if (leavingRows == 0L) {
            pack();
        }
        long at = leavingRows;
        for (int q = 0; q < to; q++) {
            at += rowBytes(leaving[q]);
        }
        return DeviceSlices.device(at, rowBytes(leaving[to]));
    }

    /** Room for the children each partition sends here ({@code counts}). */
    MemorySegment[] receive(long[] counts) {
        dev.device().checkOpen();
        arriving = counts.clone();
        long[] bytes = Arrays.stream(counts).map(this::rowBytes).toArray();
        arrivingRows = dev.device().pool().get("cross.arrivals", Math.max(16, Arrays.stream(bytes).sum()));
        MemorySegment[] in = DeviceSlices.pieces(arrivingRows, bytes);
        for (int p = 0; p < in.length; p++) {
            in[p] = counts[p] > 0 ? in[p] : null;
        }
        return in;
    }

    /**
     * The children that left are dropped and those received taken in: after this partition's agents, a run per
     * sender (each in id order), merged into id order by one compaction, their ordinals with them.
     */
    void settleEmigrants() {
        numbering.complete();
        dev.device().checkOpen();
        DeviceAgentColumns columns = dev.columns();
        AgentDevice device = dev.device();
        long left = Arrays.stream(leaving).sum();
        long received = Arrays.stream(arriving).sum();
        if (left == 0 && received == 0) {
            reset();
            return;
        }
        long n = columns.count();
        long first = n - born;
        if (left > 0) {
            long list = leavingSlots;
            long killed = columns.killed().pointer() + first;
            device.run("colony_mark_left", left, p -> p.add(list).add(left).add(0L).add(killed).add(0L));
        }
        columns.ensureSlots(n + received);
        int[] bounds = new int[2 + (int) Arrays.stream(arriving).filter(c -> c > 0).count()];
        bounds[1] = (int) n;
        int run = 1;
        if (received > 0) {
            device.fillBytes(columns.killed().pointer() + n, received, 0);
            RowCopies copies = new RowCopies(device, "cross.arriveTable");
            long from = arrivingRows;
            long to = n;
            for (long c : arriving) {
                if (c == 0) {
                    continue;
                }
                rows.scatter(copies, from, to, c, columns.ids(), columns.locations(), columns.ordinals());
                to += c;
                from += rowBytes(c);
                bounds[++run] = (int) to;
            }
            copies.launch();
        }
        long total = n - left + received;
        long map = merge.mergeMap(bounds, total, true);
        // (the ordinals go through the map too: the compaction leaves them to the births)
        long ordinals = device.pool().get("cross.ordinals", 4 * Math.max(1, total));
        device.gather(columns.ordinals().pointer(), ordinals, map, total, columns.slots(), total, 1, 4);
        columns.compact(map, total, 0, total);
        new RowCopies(device, "cross.ordinalsTable").add(ordinals, columns.ordinals().pointer(), 0L, total, total,
                columns.slots(), 1, 4).launch();
        columns.ordinalsWritten();
        dev.index().noGhosts();
        dev.index().invalidate();
        reset();
    }

    private void reset() {
        born = 0;
        leaving = new long[0];
        arriving = new long[0];
        leavingRows = 0L;
        arrivingRows = 0L;
    }

    /** Gathers the rows of the children leaving, owner after owner: ids, places, ordinals, attributes. */
    private void pack() {
        DeviceAgentColumns columns = dev.columns();
        long total = Arrays.stream(leaving).sum();
        long bytes = 0;
        for (long c : leaving) {
            bytes += rowBytes(c);
        }
        leavingRows = dev.device().pool().get("cross.out.rows", Math.max(16, bytes));
        long first = columns.count() - born;
        RowCopies copies = new RowCopies(dev.device(), "cross.rowsTable");
        long at = 0;
        long into = leavingRows;
        for (long c : leaving) {
            if (c == 0) {
                continue;
            }
            rows.gather(copies, into, first, leavingSlots + 4 * at, c, columns.ids(), columns.locations(),
                    columns.ordinals());
            at += c;
            into += rowBytes(c);
        }
        copies.launch();
        if (at != total) {
            throw new IllegalStateException("children leaving: " + at + " rows for " + total);
        }
    }

    /** Bytes of {@code c} rows of children sent to another partition. */
    private long rowBytes(long c) {
        return rows.bytes(c);
    }
}
