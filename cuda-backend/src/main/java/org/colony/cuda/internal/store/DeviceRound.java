package org.colony.cuda.internal.store;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.Arrays;
import org.colony.cuda.internal.bind.Driver;
import org.colony.cuda.internal.device.DeviceBuffer;
import org.colony.cuda.internal.device.DeviceErrors;
import org.colony.cuda.tuning.CudaSwitches;
import org.colony.kernel.Layout;
import org.colony.kernel.ModelInfo;
import org.colony.runtime.grid.Topology;

/**
 * The {@code manageAll} of one partition on the device: moves and deaths.
 *
 * <p>Requests, verdicts and movers stay in device memory, in buffers the runtime's device transport carries
 * between partitions: a request to another partition's place carries the mover's row (id, new place,
 * attributes); the owner settles it with its own requests and appends the winners, and the verdicts go back so
 * that the sender drops them. The host reads two sets of counts per round with moves (requests per partition,
 * then how many won), nothing else. The order is {@link #beginRound}, {@link #requestsTo} and
 * {@link #receiveRequests}, {@link #settleRound}, {@link #verdictsTo} and {@link #receiveVerdicts},
 * {@link #resolveRound}, {@link #finishRound}.
 *
 * <p>A round that only moves agents across leaves its compaction to the next round (SugarScape's deaths): the slots
 * of the agents that left lose their place (location -1) and the arrivals sit after the agents here, each
 * sender's in id order ("runs"). Until then the first {@code count} slots are not all agents and not in id order:
 * steps, place writes and halo counts skip the slots without a place, the index sorts its buckets by id, and
 * whatever reads or writes the columns from the host, or sends rows to another partition, compacts first
 * ({@link #settle}).
 */
final class DeviceRound {

    /** The counts of a round's start before the requests per partition ({@link DeviceManage#COUNTS}). */
    private static final int COUNTS = DeviceManage.COUNTS;
    /** Where the parents whose children may not all be born are counted ({@link DeviceManage#UNSURE}). */
    private static final int UNSURE = DeviceManage.UNSURE;

    /**
     * What the agents of a partition asked of {@code manageAll}, found on the device before anything changes:
     * deaths, moves dropped off a grid that does not wrap, children asked for, per partition the moves to places it
     * owns (0 for this one's own), the moves to this partition's own places, the parents whose children may be born
     * on another partition's places (a spawnNear, a place named there; {@link CrossBirths}) and the birth rounds the
     * children need, and the parents whose children may not all be born though places have room ({@code unsure}: a
     * spawnNear, a place named off the grid). Where a spawn asked for a negative number, or some child may be born
     * elsewhere while such births are to run on the host ({@link CudaSwitches#BIRTHS_ACROSS} off), the round runs on
     * the host: {@code requests} is null.
     */
    record RoundStart(long deaths, long outside, long wanted, boolean badSpawn, long[] requests, long localMovers,
            long elsewhere, int birthRounds, long unsure) {
    }

    /** The moves settled here: per sending partition how many of its requests won, and this partition's own moves. */
    record Resolved(long[] admitted, long moves, long refused) {
    }

    /**
     * Whether a partition's round that only moved agents across leaves its compaction to the next round
     * ({@link CudaSwitches#DEFER_COMPACTION}; off: every round compacts).
     */
    private static final boolean DEFER = CudaSwitches.DEFER_COMPACTION.on();
    /**
     * Whether a deferred round's finish is queued before the wait for its winners' counts
     * ({@link CudaSwitches#FINISH_AHEAD}; off: after it, for comparison).
     */
    private static final boolean AHEAD = CudaSwitches.FINISH_AHEAD.on();
    /**
     * Whether a round whose children are all born on this partition's places may stay on the device
     * ({@link CudaSwitches#BIRTHS_HERE}; off: every round with children runs on the host).
     */
    private static final boolean BIRTHS_HERE = CudaSwitches.BIRTHS_HERE.on();
    /**
     * Whether a round whose children may be born on other partitions' places may stay on the device
     * ({@link CudaSwitches#BIRTHS_ACROSS}; off: such rounds run on the host).
     */
    private static final boolean BIRTHS_ACROSS = CudaSwitches.BIRTHS_ACROSS.on();
    /** Whether a settling where every move wins is counted without a wait ({@link CudaSwitches#WINS_KNOWN}). */
    private static final boolean WINS_KNOWN = CudaSwitches.WINS_KNOWN.on();

    private final AgentDevice device;
    private final DeviceAgentColumns columns;
    private final DeviceAgentIndex index;
    private final CudaPlaceStore places;
    private final int capacity;
    private final MoverRows rows;
    private final RunMerge merge;
    /** Scratch of the round under way: the local requests (-1 where none) and the living agents per place. */
    private long ownRequests;
    private long occupancy;
    /** The round's moves to this partition's own places. */
    private long localMovers;
    /** Per partition, the moves to its places; the slots of those agents, partition after partition. */
    private long[] sentCounts = new long[0];
    private long sentSlots;
    /** The rows sent with the requests, partition after partition ({@link #rowsBytes} each). */
    private long sentRows;
    /** Per partition, the requests received from it, and where their rows are. */
    private long[] receivedCounts = new long[0];
    private long receivedRows;
    /** The room for requests in {@link #ownRequests}: this partition's, then those received. */
    private long requestsRoom;
    /** Per request received (sender after sender), whether it won; valid after {@link #settleRound}. */
    private long receivedWon;
    /** The deaths beginRound counted (they stay in their slots until a compaction). */
    private long deathsCounted;
    /** The statistics settleRound left on the device for resolveRound to read; 0 when it settled nothing. */
    private long settledStats;
    /**
     * The runs a deferred finish that resolveRound queued before its wait leaves (finishRound takes them and only
     * counts); null when none was queued.
     */
    private int[] finishedAhead;
    private long admittedTotal;
    /** Per partition, one byte per request sent to it: 1 where it won; 0 when no verdicts came (all won). */
    private long verdicts;
    /**
     * Whether rounds may still leave their compaction to the next: not once a round that sends agents away found one
     * waiting (it compacts first, so deferring saves nothing where every round sends, as where agents only move).
     */
    private boolean deferring = DEFER;
    /** Per coordinate, its block's share of the partition number (see {@code ownerOf} in support.cu). */
    private DeviceBuffer ownerTable;

    DeviceRound(AgentDevice device, ModelInfo model, DeviceAgentColumns columns, DeviceAgentIndex index,
            CudaPlaceStore places, int capacity) {
        this.device = device;
        this.columns = columns;
        this.index = index;
        this.places = places;
        this.capacity = capacity;
        this.rows = new MoverRows(device, model, columns);
        this.merge = new RunMerge(device, columns, index);
    }

    /** Bytes of {@code c} rows sent between partitions. */
    long rowsBytes(long c) {
        return rows.bytes(c);
    }

    /** {@return the table of the owners of the places on the device ({@code ownerOf} in support.cu)} */
    long ownerTable(Topology topology) {
        if (ownerTable == null) {
            Layout layout = places.layout();
            int[] owners = new int[layout.size0() + layout.size1() + layout.size2()];
            for (int x = 0; x < layout.size0(); x++) {
                owners[x] = topology.owner(x, 0, 0);
            }
            // y's and z's entries are their shares on top of x's: less the owner of the origin, which x's entry of 0
            // already holds (not 0 where leading ranges of a graph's numbering are empty)
            int origin = topology.owner(0, 0, 0);
            for (int y = 0; y < layout.size1(); y++) {
                owners[layout.size0() + y] = topology.owner(0, y, 0) - origin;
            }
            for (int z = 0; z < layout.size2(); z++) {
                owners[layout.size0() + layout.size1() + z] = topology.owner(0, 0, z) - origin;
            }
            DeviceBuffer table = DeviceBuffer.zeroed(4L * owners.length);
            try (Arena arena = Arena.ofConfined()) {
                MemorySegment host = arena.allocate(4L * owners.length, 4);
                MemorySegment.copy(owners, 0, host, ValueLayout.JAVA_INT, 0, owners.length);
                Driver.copyToDevice(table.pointer(), host, 4L * owners.length);
            }
            ownerTable = table;
        }
        return ownerTable.pointer();
    }

    /**
     * The counts' kernel of a round's start that {@link #queueRound} launched and {@link #beginRound} reads: over
     * {@code n} agents (as many as the columns held), its statistics and the movers' flags for the ranks.
     */
    private record Queued(long n, long slots, long stats, long remote, long rank, long table) {
    }

    /** What {@link #queueRound} launched, until {@link #beginRound} reads it; null when nothing is queued. */
    private Queued queued;

    /**
     * Launches the kernel of a round's counts and queues their read ({@link #beginRound} takes them) without waiting
     * for it: partitions of one device queue theirs one after another, and the host waits once.
     */
    void queueRound(Topology topology, int self) {
        device.checkOpen();
        long n = columns.count();
        int partitions = topology.partitions();
        // Room on this partition's places is the capacity less its living agents there: none when it has none.
        occupancy = capacity < Integer.MAX_VALUE
                ? device.zeroed(device.gridScratch(), "round.occupancy", 4 * index.keys()) : 0L;
        localMovers = 0;
        sentCounts = new long[partitions];
        receivedCounts = new long[partitions];
        admittedTotal = 0;
        verdicts = 0;
        requestsRoom = 0;
        deathsCounted = 0;
        settledStats = 0;
        finishedAhead = null;
        if (n == 0) {
            queued = new Queued(0, columns.slots(), 0, 0, 0, 0);
            return;
        }
        // stats 0-8 as manageAll's (COUNTS), then per partition the requests to its places (0 for this one)
        long stats = device.zeroed(device.pool(), "round.stats", 8L * (COUNTS + partitions) + DeviceErrors.BYTES);
        // (with room for the requests received after them, see settleRound)
        requestsRoom = n + Math.max(4096, n / 16);
        ownRequests = device.pool().get("round.requests", 8 * requestsRoom);
        long requests = ownRequests;
        long occupied = occupancy;
        long remote = device.pool().get("round.remote", 4 * n);
        long rank = device.pool().get("round.rank", 4 * n);
        Layout layout = places.layout();
        long table = ownerTable(topology);
        device.run("colony_partition_requests", n, p -> p.add(n).add(columns.killed().pointer())
                .add(columns.targets().pointer()).add(columns.locations().pointer()).add(requests)
                .add(index.shifted(occupied)).add(columns.spawns().pointer()).add(stats).add(remote).add(table)
                .addInt(layout.size0()).addInt(layout.size1()).addInt(self).add(stats + 8L * COUNTS)
                .add(columns.birthPlaces().pointer()).add(columns.birthSpreads().pointer()));
        device.queueStats(stats, COUNTS + partitions, true); // (partitions of one device: their reads wait once)
        queued = new Queued(n, columns.slots(), stats, remote, rank, table);
    }

    /**
     * Starts a partition's {@code manageAll} on the device: deaths, requests, and those to other partitions'
     * places grouped by owner with the movers' rows ({@link #requestsTo}). One wait, for the counts; where
     * {@link #queueRound} launched their kernel already, only the wait.
     */
    RoundStart beginRound(Topology topology, int self) {
        device.checkOpen();
        Queued q = queued;
        queued = null;
        if (q == null || q.n() != columns.count() || q.slots() != columns.slots()) {
            queueRound(topology, self);
            q = queued;
            queued = null;
        }
        int partitions = topology.partitions();
        long n = q.n();
        if (n == 0) {
            return new RoundStart(0, 0, 0, false, new long[partitions], 0, 0, 0, 0);
        }
        long stats = q.stats();
        long remote = q.remote();
        long rank = q.rank();
        long table = q.table();
        long[] st = device.checkedStats(stats, COUNTS + partitions);
        if (st[7] != 0 || st[6] != 0 && (!BIRTHS_HERE || st[3] != 0 && !BIRTHS_ACROSS)) {
            return new RoundStart(st[0], st[4], st[6], st[7] != 0, null, 0, st[3], (int) st[1], st[UNSURE]);
        }
        System.arraycopy(st, COUNTS, sentCounts, 0, partitions);
        long sentTotal = 0;
        for (long c : sentCounts) {
            sentTotal += c;
        }
        if (sentTotal > 0 && columns.runs() != null) {
            // Requests to others carry rows in slot order, which the owner takes for id order: what the last round
            // left is compacted first (and, as its compaction fell to a round that sends, the next does not wait).
            deferring = false;
            settle();
            return beginRound(topology, self);
        }
        localMovers = st[5] - sentTotal;
        deathsCounted = st[0];
        if (sentTotal > 0) {
            // (ranked only now: a round without moves elsewhere, such as one of deaths only, needs no scan)
            device.scanner().scanOnDevice(remote, rank, n, 0L, 0L);
            stageRequests(n, sentTotal, remote, rank, table);
        }
        return new RoundStart(st[0], st[4], st[6], false, sentCounts.clone(), localMovers, st[3], (int) st[1],
                st[UNSURE]);
    }

    /** Groups the {@code sentTotal} requests to other partitions by owner and gathers the movers' rows for each. */
    private void stageRequests(long n, long sentTotal, long remote, long rank, long table) {
        long list = device.pool().get("round.list", 4 * sentTotal);
        device.run("colony_pack_slots", n, p -> p.add(n).add(remote).add(rank).add(list));
        sentSlots = OwnerGroups.group(device, "round", list, sentTotal, sentCounts, columns.targets().pointer(), table,
                places.layout());
        long bytes = 0;
        for (long c : sentCounts) {
            bytes += rowsBytes(c);
        }
        sentRows = device.pool().get("round.out", bytes);
        rows.pack(sentCounts, sentSlots, sentRows);
    }

    /** The requests to partition {@code to}'s places with the movers' rows (after {@link #beginRound}). */
    MemorySegment requestsTo(int to) {
        long at = sentRows;
        for (int q = 0; q < to; q++) {
            at += rowsBytes(sentCounts[q]);
        }
        return DeviceSlices.device(at, rowsBytes(sentCounts[to]));
    }

    /** Room for the requests with rows that each partition sends ({@code counts}; empty where it sends none). */
    MemorySegment[] receiveRequests(long[] counts) {
        device.checkOpen();
        receivedCounts = counts.clone();
        long[] bytes = Arrays.stream(counts).map(this::rowsBytes).toArray();
        receivedRows = device.pool().get("round.in", Math.max(16, Arrays.stream(bytes).sum()));
        return DeviceSlices.pieces(receivedRows, bytes);
    }

    /**
     * Settles every move to this partition's places, its own and those received ({@link #receiveRequests}), by
     * capacity and priority as one block does, and moves its own winners; nothing waits (see {@link #resolveRound}).
     */
    void settleRound(long seed, long epoch) {
        device.checkOpen();
        long n = columns.count();
        int senders = receivedCounts.length;
        long receivedTotal = received();
        long total = n + receivedTotal;
        settledStats = 0;
        if (total == 0 || (receivedTotal == 0 && localMovers == 0)) {
            // Nothing asks for a place here: no grouping of requests over the places (as one block skips it).
            return;
        }
        // This partition's requests come first, then those received, sender after sender (the settling does not
        // depend on their order): the received ones go after this partition's own requests, where beginRound left
        // room, and their ids after the agents' ids, where finishRound keeps them.
        columns.ensureSlots(total);
        long req = total <= requestsRoom ? ownRequests : device.pool().get("round.allRequests", 8 * total);
        if (req != ownRequests && n > 0) {
            Driver.copyOnDevice(req, ownRequests, 8 * n);
        }
        long who = columns.ids().pointer();
        rows.unpackRequests(receivedCounts, receivedRows, req, who, n);
        // stats 0-7: colony_apply_moves' moves and refusals where manageAll's counts have them (a layout of its own,
        // not DeviceManage.COUNTS: nothing here counts children); 8 .. 8 + k: per sender, its requests that won; then
        // the verdicts
        long head = 8L * (8 + senders);
        long stats = device.pool().get("round.won", head + total);
        long won = stats + head;
        device.fillBytes(stats, head, 0);
        if (capacity < Integer.MAX_VALUE) {
            long rank = columns.ranks(total, "round.priorityRank");
            long priority = device.pool().get("round.priority", 8 * total);
            device.run("colony_move_priorities", total, p -> p.add(total).add(seed).add(epoch).add(who).add(req)
                    .add(priority));
            long bucketStart = device.gridScratch().get("round.bucketStart", 4 * (index.keys() + 1));
            long bucketOrder = device.pool().get("round.bucketOrder", 4 * total);
            index.settle(req, total, bucketStart, bucketOrder, occupancy, won, rank, priority, who);
        } else {
            device.fillBytes(won, total, 1);
        }
        if (n > 0) {
            device.run("colony_apply_moves", n, p -> p.add(n).add(req).add(won).add(columns.locations().pointer())
                    .add(stats).add(-1L).add(0L));
        }
        receivedWon = won + n;
        settledStats = stats;
        if (!winsKnown()) {
            // Per sender, its requests that won; where every move wins, resolveRound knows them without a read.
            long at = n;
            for (int sender = 0; sender < senders; sender++) {
                long c = receivedCounts[sender];
                if (c > 0) {
                    long from = won + at;
                    long into = stats + 8L * (8 + sender);
                    device.run("colony_count_set", c, p -> p.add(c).add(from).add(into));
                    at += c;
                }
            }
            device.queueStats(stats, 8 + senders, false); // (read by resolveRound, after the verdicts)
        }
        index.invalidate();
    }

    /**
     * The counts of what {@link #settleRound} settled, after the verdicts came ({@link #receiveVerdicts}): one wait.
     * A round whose finish will be deferred (no deaths, nothing waiting from an earlier round) queues that finish
     * first, so the device works on while the host waits; {@link #finishRound} then only counts. Where places have
     * no capacity every move wins: the counts are known without the wait ({@link CudaSwitches#WINS_KNOWN}).
     */
    Resolved resolveRound() {
        device.checkOpen();
        int senders = receivedCounts.length;
        if (settledStats == 0) {
            return new Resolved(new long[senders], 0, 0);
        }
        if (AHEAD && deferring && deathsCounted == 0 && columns.runs() == null) {
            device.context().fenceQueued(); // (every partition's queued read gets its event first: none waits for it)
            finishedAhead = arrive(columns.count(), true);
        }
        if (winsKnown()) {
            // colony_apply_moves moves every local request (localMovers: colony_partition_requests counts a mover where
            // it asks for a place, and leaves those of other partitions out) and every request received wins (settleRound
            // filled its verdicts with 1)
            settledStats = 0;
            admittedTotal = received();
            CountReads.known();
            return new Resolved(receivedCounts.clone(), localMovers, 0);
        }
        // (the settling kernels cannot fail: beginRound checked the steps)
        long[] st = device.readStats(settledStats, 8 + senders);
        settledStats = 0;
        long[] admitted = Arrays.copyOfRange(st, 8, 8 + senders);
        admittedTotal = 0;
        for (long a : admitted) {
            admittedTotal += a;
        }
        return new Resolved(admitted, st[1], st[2]);
    }

    /** One byte per request received from partition {@code to}: 1 where it won (after {@link #settleRound}). */
    MemorySegment verdictsTo(int to) {
        long at = receivedWon;
        for (int sender = 0; sender < to; sender++) {
            at += receivedCounts[sender];
        }
        return DeviceSlices.device(at, receivedCounts[to]);
    }

    /** Room for the verdicts on this partition's requests, from each partition (empty where it sent none). */
    MemorySegment[] receiveVerdicts() {
        device.checkOpen();
        verdicts = device.pool().get("round.verdicts", Math.max(16, Arrays.stream(sentCounts).sum()));
        return DeviceSlices.pieces(verdicts, sentCounts);
    }

    /**
     * Finishes a partition's {@code manageAll} on the device, without waiting for it: the agents whose moves won
     * elsewhere ({@code left} of them: all those asked for when no verdicts came) and the dead are dropped, the
     * arrivals that won are taken in, and everything is compacted into id order; in a round without deaths that
     * follows a compacted one, the compaction waits for the next round (see above).
     */
    void finishRound(long deaths, long left) {
        device.checkOpen();
        long receivedTotal = received();
        long n = columns.count();
        long survivors = n - columns.gone() - deaths - left;
        // A round that only moved agents across, with nothing left over from an earlier one, need not compact:
        // the agents that left keep their slots without a place until the next round's compaction, and the
        // arrivals follow as runs of their own (steps, place writes, counts and the index pass over the empty
        // slots; whatever reads the columns from the host compacts first, see settle). resolveRound may have
        // queued that on the device already, before its wait; then only the host's counts are left.
        boolean ahead = finishedAhead != null;
        boolean defer = ahead || deferring && deaths == 0 && columns.runs() == null && (left > 0 || receivedTotal > 0);
        int[] bounds = ahead ? finishedAhead : arrive(n, defer);
        finishedAhead = null;
        if (defer) {
            long gone = left + (receivedTotal - admittedTotal);
            // (nothing left or arrived, as a round queued ahead may find: the agents are in id order as they stand)
            columns.hold(n + receivedTotal, gone, gone == 0 && bounds.length == 2 ? null : bounds);
        } else if (survivors == n && receivedTotal == 0 && columns.runs() == null) {
            device.fillLong(columns.targets().pointer(), columns.slots(), -1);
        } else {
            // The runs in id order: the agents here (one run, or the runs a deferred round left), then each
            // sender's requests; the killed (dead, gone, lost) are dropped.
            long total = survivors + admittedTotal;
            columns.compact(merge.mergeMap(bounds, total, true), total, 0, total);
            index.invalidate();
        }
        endRound();
    }

    /**
     * Whether every move settled here wins, so that what {@link #settleRound} counts is known without reading it: places
     * without a capacity ({@link CudaSwitches#WINS_KNOWN}).
     */
    private boolean winsKnown() {
        return WINS_KNOWN && capacity == Integer.MAX_VALUE;
    }

    /** The requests received this round, from every sender. */
    private long received() {
        long r = 0;
        for (long c : receivedCounts) {
            r += c;
        }
        return r;
    }

    private void endRound() {
        sentCounts = new long[0];
        receivedCounts = new long[0];
        index.noGhosts();
        index.invalidate();
    }

    /**
     * Marks the agents that left (killed; with {@code defer}, without a place too) and puts the requests received
     * after the {@code n} slots, the losers marked dead; returns the bounds of the runs in id order that the slots
     * hold then. With {@code defer} that ends the round's work on the device: the slots stay as they are (see
     * finishRound, which takes the arrivals into the count).
     */
    private int[] arrive(long n, boolean defer) {
        long receivedTotal = received();
        columns.ensureSlots(n + receivedTotal);
        long at = 0;
        for (long sent : sentCounts) {
            if (sent > 0) {
                long list = sentSlots + 4 * at;
                long won = verdicts == 0 ? 0L : verdicts + at;
                long placed = defer ? columns.locations().pointer() : 0L;
                device.run("colony_mark_left", sent, p -> p.add(list).add(sent).add(won).add(columns.killed().pointer())
                        .add(placed));
                at += sent;
            }
        }
        int[] before = columns.runs() == null ? new int[] {0, (int) n} : columns.runs();
        int[] bounds = Arrays.copyOf(before, before.length + receivedCounts.length);
        int runCount = before.length - 1;
        if (receivedTotal > 0) {
            // The requests received, winners and losers, go after the agents here; the losers are marked dead.
            runCount = rows.unpackArrivals(receivedCounts, receivedRows, n, bounds, runCount);
            long won = receivedWon;
            long lost = columns.killed().pointer() + n;
            long receivedNow = receivedTotal;
            long placed = defer ? columns.locations().pointer() + 8 * n : 0L;
            device.run("colony_lost", receivedNow, p -> p.add(receivedNow).add(won).add(lost).add(placed));
        }
        int[] out = Arrays.copyOf(bounds, runCount + 1);
        if (defer) {
            if (receivedTotal > 0) {
                device.fillBytes(columns.spawns().pointer() + 4 * n, 4 * receivedTotal, 0);
            }
            device.fillLong(columns.targets().pointer(), columns.slots(), -1);
        }
        return out;
    }

    /**
     * Compacts what a deferred round left ({@link #finishRound}): the slots without an agent go, the runs merge
     * into id order, and the deaths, moves and children asked for since stay with their agents. Called before
     * anything reads the columns from the host.
     */
    void settle() {
        merge.settle();
    }

    /** Frees the owner table. */
    void close() {
        if (ownerTable != null) {
            ownerTable.close();
        }
    }
}
