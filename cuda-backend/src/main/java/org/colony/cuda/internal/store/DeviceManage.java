package org.colony.cuda.internal.store;

import java.util.Arrays;
import java.util.function.LongConsumer;
import org.colony.ColonyException;
import org.colony.cuda.internal.device.DeviceErrors;
import org.colony.cuda.internal.device.ScratchPool;
import org.colony.cuda.internal.launch.LaunchTimer;
import org.colony.cuda.tuning.CudaSwitches;
import org.colony.kernel.Layout;
import org.colony.runtime.agents.ManageReport;
import org.colony.runtime.agents.ManageRounds;
import org.colony.runtime.reduce.Bins;

/**
 * The {@code manageAll} of an agent collection on one block of the device, with the same rules as the CPU backend in
 * data-parallel form: counting by place with atomics (order-free), exclusive scans, a scatter into buckets followed
 * by a sort inside each bucket (so grouping is stable), priority sorts per destination for capacity conflicts, and a
 * gather into fresh columns for the stable compaction.
 */
final class DeviceManage {

    /**
     * The longs of one {@code manageAll}'s counts on the device: deaths, moves, moves refused, the widest spread of
     * children asked for, moves off the grid, movers, children asked for, the first agent asking for a negative number,
     * the parents whose children may not all be born though places have room ({@link #UNSURE}; {@code
     * colony_move_requests}, {@code colony_apply_moves}).
     */
    static final int COUNTS = 9;
    /**
     * Where the counts hold the parents whose children a place with room may still not take (a spawnNear, a place named
     * off the grid): where there are none and places have no capacity, every child asked for is born.
     */
    static final int UNSURE = 8;
    /**
     * Whether the children born are known without a read where every child asked for is born
     * ({@link CudaSwitches#BIRTHS_KNOWN}).
     */
    private static final boolean BIRTHS_KNOWN = CudaSwitches.BIRTHS_KNOWN.on();
    private static final int MOVED = 1;
    private static final int REFUSED = 2;
    private static final int OUTSIDE = 4;
    /** The grid scratch buffer of the parents' ids that stay on the device ({@link #parentsStay}). */
    private static final String PARENTS = "manage.bornParents";

    private final AgentDevice device;
    private final DeviceAgentColumns columns;
    private final DeviceAgentIndex index;
    private final int capacity;
    /** The counts of the last {@code manageAll}'s {@link Ahead}, or null. */
    private long[] aheadCounts;
    /** The parents' ids of the children the last {@code manageAll} listed, in their slots' order, or null. */
    private long[] bornParents;
    /**
     * Whether the parents' ids of the children a {@code manageAll} lists stay in device memory ({@link #parentsOnDevice})
     * rather than coming back with its counts ({@link #bornParents}).
     */
    private boolean parentsStay;
    /** The children born in the last {@code manageAll} whose parents' ids stayed on the device. */
    private long bornOnDevice;
    /** The counts the caller of the last {@link #end(Settling, int, LongConsumer)} added, read with the parents. */
    private long[] endCounts = new long[0];

    /**
     * What a {@code manageAll} counts before its first wait, of its agents as they stand then ({@link HistogramAhead}).
     *
     * @param column the column, over the agents' slots before the {@code manageAll}
     * @param bins the bins
     */
    record Ahead(DeviceColumn column, Bins bins) {
    }

    DeviceManage(AgentDevice device, DeviceAgentColumns columns, DeviceAgentIndex index, int capacity) {
        this.device = device;
        this.columns = columns;
        this.index = index;
        this.capacity = capacity;
    }

    /** Under {@code --profile}: ends the current phase of a call under {@code label} and starts the next. */
    private long phase(String label, long start) {
        LaunchTimer timer = device.context().timer();
        if (!timer.on()) {
            return 0L;
        }
        timer.stop(device.name() + ".manageAll: " + label, start);
        return timer.start();
    }

    /**
     * Deaths, moves and births, then the compaction; one wait for the counts (and one for the children born), two
     * where moves are launched after the first. With {@code movesFirst} (the steps since the last {@code manageAll}
     * asked for moves, not children), the moves are launched before the requests' counts are read, so that moves
     * cost one wait; the device then refuses what the host would have refused before them
     * ({@code colony_apply_moves}), and children asked for after all are born after the moves as always.
     * With {@code ahead} (null: none), it also counts that histogram of the agents it keeps before its first wait,
     * their counts coming back with its own ({@link HistogramAhead}): {@link #aheadCounts} has them after it, or null
     * where children were asked for.
     */
    ManageReport manageAll(long seed, long epoch, boolean movesFirst, Ahead ahead) {
        return manageAll(seed, epoch, movesFirst, ahead, null);
    }

    /**
     * As {@link #manageAll(long, long, boolean, Ahead)}, for a partition that settles its round alone
     * ({@link LocalBirths}) where {@code known} is not null: its first counts are {@code known} (as the requests
     * count them, {@link #COUNTS} longs; the partition's round read them already), so there is no wait for them,
     * and {@link #bornParents} then has the parent's id of every child born, in the order of the children's slots
     * (a partition's children get their ids from all partitions' lists).
     */
    ManageReport manageAll(long seed, long epoch, boolean movesFirst, Ahead ahead, long[] known) {
        return endFinish(queueAll(seed, epoch, movesFirst, ahead, known));
    }

    /**
     * {@link #manageAll(long, long, boolean, Ahead, long[])} up to the read of the children born, which is queued
     * ({@link #endQueue}); {@link #endFinish} does the rest.
     */
    Settling queueAll(long seed, long epoch, boolean movesFirst, Ahead ahead, long[] known) {
        Settling s = begin(seed, epoch, movesFirst, ahead, known, -1);
        for (int round = 0; round < s.rounds; round++) {
            settleChildren(s);
            if (s.rounds > 1) {
                childRound(s, round + 1 < s.rounds ? round + 1 : -1, 0L);
            }
        }
        endQueue(s, 0, null);
        return s;
    }

    /**
     * A {@code manageAll} under way ({@link #begin}, the birth rounds, {@link #end}): its counts and scratch. With
     * {@code incoming} requests of other partitions' children for this one's places (a partition's round whose
     * children may be born on other partitions' places, {@link CrossBirths}), the settling's arrays hold this
     * partition's children's requests first, then those received, and every birth round takes the steps of
     * {@link CrossBirths#round}.
     */
    static final class Settling {
        final long seed;
        final long epoch;
        final boolean movesFirst;
        final Ahead ahead;
        final boolean listBorn;
        final long n;
        final long slotsBefore;
        final long stats;
        final long ranks;
        final long flags;
        final long offsets;
        final long[] first;
        final long wanted;
        /** The birth rounds to run. */
        int rounds;
        /** The room of the settling's arrays past this partition's children: requests received, or -1 (one block). */
        final long incoming;
        long phaseStart;
        long childParent;
        long childWon;
        long childRank;
        long childPlace;
        /** Each child's try this round (-1: none); with {@code incoming}, {@link #local} is what the settling reads. */
        long tries;
        /** This round's requests to settle: this partition's children's (for its own places), then those received. */
        long local;
        long priority;
        long tie;
        long rank;
        long roundWon;
        long occupied;
        long bucketStart;
        long bucketOrder;
        /** Where {@link #endQueue} queued the read of the children born and the caller's counts, or 0. */
        long bornRead;
        /** The counts the caller of {@link #endQueue} adds to that read, and the parents' ids it lists. */
        int endExtra;
        long bornListed;
        /** The children born, where {@link #endQueue} counted them already (none asked for, or one block). */
        long bornCounted;

        private Settling(long seed, long epoch, boolean movesFirst, Ahead ahead, boolean listBorn, long n,
                long slotsBefore, long stats, long ranks, long flags, long offsets, long[] first, long incoming) {
            this.seed = seed;
            this.epoch = epoch;
            this.movesFirst = movesFirst;
            this.ahead = ahead;
            this.listBorn = listBorn;
            this.n = n;
            this.slotsBefore = slotsBefore;
            this.stats = stats;
            this.ranks = ranks;
            this.flags = flags;
            this.offsets = offsets;
            this.first = first;
            this.wanted = first[6];
            this.incoming = incoming;
        }

        /** {@return the settling's requests: this partition's children's and those received} */
        long settled() {
            return wanted + Math.max(0, incoming);
        }
    }

    /**
     * The start of a {@code manageAll}: the requests counted, deaths and moves, and the children's first tries; the
     * birth rounds and {@link #end} follow. {@code incoming}: -1 for one block, else the requests of other partitions'
     * children this partition will settle each birth round (then the rounds always take their own arrays).
     */
    Settling begin(long seed, long epoch, boolean movesFirst, Ahead ahead, long[] known, long incoming) {
        boolean listBorn = known != null;
        device.checkOpen();
        columns.resetOrdinals();
        aheadCounts = null;
        bornParents = listBorn ? new long[0] : null;
        bornOnDevice = 0;
        long n = columns.count();
        long slotsBefore = columns.slots();
        long room = Math.max(1, n);
        ScratchPool pool = device.pool();
        int extra = ahead == null ? 0 : ahead.bins().counts();
        long stats = device.zeroed(pool, "manage.stats", 8L * (COUNTS + extra) + DeviceErrors.BYTES);
        long ranks = pool.get("manage.ranks", 4 * room);
        long flags = pool.get("manage.flags", 4 * room);
        long offsets = pool.get("manage.offsets", 4 * room);
        long phaseStart = device.context().timer().on() ? device.context().timer().start() : 0L;
        Requests r = requests(seed, epoch, n, stats);
        if (movesFirst) {
            moves(n, r.requests(), r.won(), r.occupancy(), r.priority(), r.rank(), r.bucketStart(), stats,
                    DeviceAgentColumns.MAX_AGENTS);
        }
        if (ahead != null) { // (moves change no attribute; the agents killed are left out: the compaction drops them)
            device.count(ahead.column(), ahead.bins(), stats + 8L * COUNTS, columns.killed().pointer());
        }
        long[] first = known != null ? known.clone() : device.checkedStats(stats, COUNTS + extra);
        if (ahead != null && first[6] == 0) {
            aheadCounts = Arrays.copyOfRange(first, COUNTS, COUNTS + extra);
        }
        Settling s = new Settling(seed, epoch, movesFirst, ahead, listBorn, n, slotsBefore, stats, ranks, flags,
                offsets, first, incoming);
        s.phaseStart = phase(movesFirst ? "1-2 requests and moves" : "1 requests", phaseStart);
        long movers = first[5];
        long wanted = first[6];
        refuse(n, first);
        if (wanted > 0) {
            device.scanner().scanOnDevice(columns.spawns().pointer(), offsets, n, 0L, 0L);
        }
        if (!movesFirst) {
            // 1-2. Moves requested, settled per destination by priority, applied.
            if (movers > 0) {
                moves(n, r.requests(), r.won(), r.occupancy(), r.priority(), r.rank(), r.bucketStart(), stats, -1L);
            }
            s.phaseStart = phase("2 moves", s.phaseStart);
        }
        // 3. Births: children of each parent in parent order, within the room left on its place.
        long childRoom = Math.max(1, wanted);
        s.childParent = pool.get("manage.childParent", 4 * childRoom);
        s.childWon = pool.get("manage.childWon", childRoom);
        s.childRank = pool.get("manage.childRank", 4 * childRoom);
        s.childPlace = pool.get("manage.childPlace", 8 * childRoom);
        s.rounds = wanted == 0 && incoming < 0 ? 0 : (int) first[3];
        if (wanted > 0 || incoming > 0) {
            children(s, r.rank());
        }
        return s;
    }

    /**
     * Sets up the children's settling ({@code colony_child_requests}, the room on their places): where their
     * requests and ranks go, and the first try of each.
     */
    private void children(Settling s, long parentRank) {
        ScratchPool pool = device.pool();
        long keys = index.keys();
        Layout layout = index.layout();
        boolean bounded = capacity < Integer.MAX_VALUE;
        long wanted = s.wanted;
        long settled = Math.max(1, s.settled());
        boolean own = s.rounds > 1 || s.incoming >= 0;
        // With one round (one block) the requests are the places (children born where they asked); with more, or on
        // partitions, each round's requests are apart from the places of the children born so far.
        s.tries = own ? pool.get("children.requests", 8 * Math.max(1, wanted)) : s.childPlace;
        s.local = s.incoming >= 0 ? pool.get("children.local", 8 * settled) : s.tries;
        s.priority = bounded ? pool.get("children.priority", 8 * settled) : 0L;
        s.tie = pool.get("children.tie", 8 * settled);
        s.rank = parentRank == 0L ? 0L : pool.get("children.rank", 8 * settled);
        s.roundWon = own ? pool.get("children.roundWon", settled) : s.childWon;
        long n = s.n;
        if (wanted > 0) {
            long tries = s.tries;
            long priority = s.priority;
            long tie = s.tie;
            long rank = s.rank;
            device.run("colony_child_requests", wanted, p -> p.addInt((int) wanted).addInt((int) n).add(s.offsets)
                    .add(columns.spawns().pointer()).add(columns.locations().pointer())
                    .add(columns.birthPlaces().pointer()).add(columns.birthSpreads().pointer())
                    .add(columns.ids().pointer()).add(s.seed).add(s.epoch).add(s.childParent).add(tries).add(priority)
                    .add(tie).add(parentRank).add(rank).add(s.childWon).addInt(layout.size0()).addInt(layout.size1())
                    .addInt(layout.size2()).addInt(layout.dims()).addBoolean(layout.wrap()));
        }
        if (bounded) {
            long occupancy = device.zeroed(device.gridScratch(), "children.occupancy", 4 * keys);
            device.run("colony_occupancy", n, p -> p.add(n).add(columns.killed().pointer())
                    .add(columns.locations().pointer()).add(index.shifted(occupancy)));
            s.occupied = occupancy;
            s.bucketStart = device.gridScratch().get("children.bucketStart", 4 * (keys + 1));
            s.bucketOrder = pool.get("children.bucketOrder", 4 * settled);
        }
    }

    /** Settles the requests of a birth round within the room on this partition's places ({@link Settling#local}). */
    void settleChildren(Settling s) {
        index.settle(s.local, s.settled(), s.bucketStart, s.bucketOrder, s.occupied, s.roundWon, s.rank, s.priority,
                s.tie);
    }

    /**
     * Ends a birth round: the children it placed are born there, and the others draw their try for round {@code next}
     * (-1 after the last); {@code local}: the round's requests to this partition's own places where children may be
     * born on other partitions' (only those take room here), else 0.
     */
    void childRound(Settling s, int next, long local) {
        if (s.wanted == 0) {
            return;
        }
        Layout layout = index.layout();
        long wanted = s.wanted;
        long occ = s.occupied == 0L ? 0L : index.shifted(s.occupied);
        device.run("colony_child_round", wanted, p -> p.addInt((int) wanted).addInt(next).add(s.childParent)
                .add(s.offsets).add(columns.spawns().pointer()).add(columns.locations().pointer())
                .add(columns.birthPlaces().pointer()).add(columns.birthSpreads().pointer())
                .add(columns.ids().pointer()).add(s.seed).add(s.epoch).add(s.tries).add(s.roundWon).add(s.childWon)
                .add(s.childPlace).add(occ).addInt(layout.size0()).addInt(layout.size1())
                .addInt(layout.size2()).addInt(layout.dims()).addBoolean(layout.wrap()).add(local));
    }

    /**
     * The end of a {@code manageAll}: the children born, the stable compaction, the counts; with {@link #begin}'s
     * {@code known}, the parents' ids of the children born ({@link #bornParents}).
     */
    ManageReport end(Settling s) {
        return end(s, 0, null);
    }

    /**
     * As {@link #end(Settling)}; where the parents' ids are listed, {@code extra} more counts come back in the one wait
     * that reads the number of children born with their parents' ids ({@link #endCounts}): {@code count} is given
     * where they lie on the device ({@code extra} longs, zeroed) to add into before that wait, while the children's
     * places and ranks are as the birth rounds left them (before the compaction).
     */
    ManageReport end(Settling s, int extra, LongConsumer count) {
        endQueue(s, extra, count);
        return endFinish(s);
    }

    /**
     * The first half of {@link #end(Settling, int, LongConsumer)}: the children born counted; where the parents' ids
     * are listed, the read of the counts is queued without a wait ({@link AgentDevice#queueStats}), so that the
     * partitions of one device settle their rounds alone one after another and wait once; {@link #endFinish} reads it.
     */
    void endQueue(Settling s, int extra, LongConsumer count) {
        if (count != null && !s.listBorn) {
            throw new IllegalStateException("counts read with the parents of children born that are not listed");
        }
        ScratchPool pool = device.pool();
        long wanted = s.wanted;
        s.bornRead = 0;
        s.bornCounted = 0;
        s.endExtra = extra;
        endCounts = new long[extra];
        if (wanted > 0) {
            long flags = pool.get("children.flags", 4 * wanted);
            device.run("colony_flags", wanted, p -> p.add(wanted).add(s.childWon).addBoolean(false).add(flags));
            if (allBorn(s) && extra == 0 && (!s.listBorn || parentsStay)) {
                // Every child asked for is born (places without capacity, each child on its parent's place or one
                // named on the grid): the count is known, and nothing is read (the parents' ids stay on the device).
                device.scanner().scanOnDevice(flags, s.childRank, wanted, 0L, 0L);
                if (s.listBorn) {
                    long parents = device.gridScratch().get(PARENTS, 8 * wanted);
                    device.run("colony_born_parents", wanted, p -> p.addInt((int) wanted).add(s.childWon)
                            .add(s.childRank).add(s.childParent).add(columns.ids().pointer()).add(parents));
                    bornParents = null;
                    bornOnDevice = wanted;
                }
                s.bornCounted = wanted;
                CountReads.birthsKnown();
            } else if (s.listBorn) {
                // One read: the children born, the caller's counts and the parents' ids (as they are before the
                // compaction moves them), with room for every child asked for; where the parents' ids stay on the
                // device (grid scratch, which a shrinking population does not free), the counts only.
                long listed = parentsStay ? 0 : wanted;
                long read = pool.get("manage.bornRead", 8 * (1 + extra + listed));
                if (extra > 0) {
                    device.fillBytes(read + 8, 8L * extra, 0);
                }
                device.scanner().scanOnDevice(flags, s.childRank, wanted, 0L, read);
                long parents = parentsStay ? device.gridScratch().get(PARENTS, 8 * wanted) : read + 8 * (1 + extra);
                device.run("colony_born_parents", wanted, p -> p.addInt((int) wanted).add(s.childWon)
                        .add(s.childRank).add(s.childParent).add(columns.ids().pointer()).add(parents));
                if (count != null) {
                    count.accept(read + 8);
                }
                s.bornRead = read;
                s.bornListed = listed;
                device.queueStats(read, (int) (1 + extra + listed), false);
            } else {
                s.bornCounted = device.scanner().scan(flags, s.childRank, wanted);
            }
        }
    }

    /**
     * Whether every child asked for in {@code s} is born: places without capacity, and no parent whose children may
     * miss a place ({@link #UNSURE}).
     */
    private boolean allBorn(Settling s) {
        return BIRTHS_KNOWN && capacity == Integer.MAX_VALUE && s.first.length > UNSURE && s.first[UNSURE] == 0;
    }

    /** The rest of {@link #end(Settling, int, LongConsumer)} after {@link #endQueue}: one wait where it queued a read. */
    ManageReport endFinish(Settling s) {
        ScratchPool pool = device.pool();
        long n = s.n;
        long wanted = s.wanted;
        long deaths = s.first[0];
        long movers = s.first[5];
        long births = s.bornCounted;
        if (s.bornRead != 0) {
            int extra = s.endExtra;
            long[] got = device.readStats(s.bornRead, (int) (1 + extra + s.bornListed));
            s.bornRead = 0;
            births = got[0];
            endCounts = Arrays.copyOfRange(got, 1, 1 + extra);
            bornParents = parentsStay ? null : Arrays.copyOfRange(got, 1 + extra, 1 + extra + (int) births);
            bornOnDevice = parentsStay ? births : 0;
        }
        long phaseStart = phase("3 births", s.phaseStart);
        // 4. Stable compaction: survivors, then the children in parent order; nothing to do when no agent
        // died and none was born.
        if (deaths > 0 || births > 0) {
            device.run("colony_flags", n, p -> p.add(n).add(columns.killed().pointer()).addBoolean(true).add(s.flags));
            long survivors = n - deaths;
            long total = survivors + births;
            device.scanner().scanOnDevice(s.flags, s.ranks, n, 0L, 0L);
            long map = pool.get("manage.map", 4 * Math.max(1, total));
            device.run("colony_compaction_map", n, p -> p.add(n).add(columns.killed().pointer()).add(s.ranks)
                    .add(map));
            if (wanted > 0) {
                device.run("colony_children_map", wanted, p -> p.addInt((int) wanted).add(s.childWon)
                        .add(s.childRank).add(s.childParent).addInt((int) survivors).add(map));
            }
            columns.compact(map, survivors, births, total);
            if (births > 0) { // each child on the place it was born on: its parent's, or the one its parent named
                device.run("colony_children_places", wanted, p -> p.addInt((int) wanted).add(s.childWon)
                        .add(s.childRank).add(s.childPlace).addInt((int) survivors).add(columns.locations().pointer())
                        .add(s.childParent).add(s.offsets).add(columns.ordinals().pointer()));
                columns.ordinalsWritten();
            }
            index.invalidate();
        } else {
            // Killed flags are all zero already; move targets (set even where an agent asked for its own place) are
            // cleared (by the moves, where they came first), and so are the children asked for where every one of
            // them was refused.
            if (!s.movesFirst) {
                device.fillLong(columns.targets().pointer(), columns.slots(), -1);
            }
            if (wanted > 0) {
                device.fillBytes(columns.spawns().pointer(), 4 * columns.slots(), 0);
            }
            if (movers > 0) {
                index.invalidate();
            }
        }
        phaseStart = phase(columns.slots() == s.slotsBefore ? "4 compaction" : "4 compaction, columns reallocated",
                phaseStart);
        // Moves won and refused are counted on the device; with no move after the first read (none, or all of them
        // before it), that read holds every count, and the host need not wait for the births and the compaction
        // (which cannot fail) before it launches the next step.
        boolean settled = s.movesFirst || movers == 0;
        long[] counts = settled ? s.first : device.checkedStats(s.stats, COUNTS);
        if (columns.slots() < s.slotsBefore) {
            // The columns shrank with the population: the scratch buffers sized for the old one go too (they
            // come back at the new size when needed), so memory follows the live agents.
            pool.close();
        }
        phase("5 statistics", phaseStart);
        return new ManageReport(counts[0], births, counts[MOVED], counts[REFUSED], wanted - births, counts[OUTSIDE],
                columns.count());
    }

    /**
     * {@return the parents' ids of the children the last {@code manageAll} listed, in their slots' order; null where
     * none were listed or they stayed on the device ({@link #parentsOnDevice})}
     */
    long[] bornParents() {
        return bornParents;
    }

    /**
     * Keeps the parents' ids of the children a {@code manageAll} lists in device memory from now on ({@code stay}),
     * where the children are numbered there ({@link LocalBirths}), or reads them back with the counts.
     */
    void parentsStay(boolean stay) {
        parentsStay = stay;
    }

    /** {@return whether the parents' ids of the children listed stay in device memory ({@link #parentsStay})} */
    boolean parentsStay() {
        return parentsStay;
    }

    /**
     * {@return the device address of the parents' ids of the children the last {@code manageAll} listed, where they
     * stayed there ({@link #parentsStay}): {@link #bornOnDevice} of them, in increasing order}
     */
    long parentsOnDevice() {
        return device.gridScratch().get(PARENTS, 8 * Math.max(1, bornOnDevice));
    }

    /** {@return how many children the last {@code manageAll} listed with their parents' ids on the device} */
    long bornOnDevice() {
        return bornOnDevice;
    }

    /** {@return the counts the caller of the last {@link #end(Settling, int, LongConsumer)} added on the device} */
    long[] endCounts() {
        return endCounts.clone();
    }

    /**
     * {@return the counts of the {@link Ahead} the last {@code manageAll} counted over the agents it kept, or null
     * where it counted none or children were asked for in it (their values are not among those counted)}
     */
    long[] aheadCounts() {
        return aheadCounts;
    }

    /**
     * A {@code manageAll} where no agent can have died or asked for children (the steps since the last one asked for
     * moves at most), launched without a wait: the moves requested, settled and applied, their counts left in
     * {@code stats} ({@link #COUNTS} longs, as {@link #manageAll}'s) for the caller to read with those of later rounds.
     */
    void movesOnly(long seed, long epoch, long stats) {
        device.checkOpen();
        columns.resetOrdinals();
        long n = columns.count();
        Requests r = requests(seed, epoch, n, stats);
        moves(n, r.requests(), r.won(), r.occupancy(), r.priority(), r.rank(), r.bucketStart(), stats,
                DeviceAgentColumns.MAX_AGENTS);
        index.invalidate();
    }

    /** {@return zeroed room on the device for the counts of {@code rounds} rounds of {@link #movesOnly}, in order} */
    long roundsCounts(int rounds) {
        return device.zeroed(device.pool(), "rounds.stats", 8L * COUNTS * rounds + DeviceErrors.BYTES);
    }

    /** {@return where round {@code r} (from 1) of the counts {@link #roundsCounts} made are} */
    static long round(long counts, int r) {
        return counts + 8L * COUNTS * (r - 1);
    }

    /** {@return where the moves round {@code r} refused are counted: a retry step's gate ({@code Frames.gate})} */
    static long refused(long counts, int r) {
        return round(counts, r) + 8L * REFUSED;
    }

    /**
     * Waits for the counts of {@code rounds} rounds of {@link #movesOnly}, round r of which ran where round r - 1
     * refused some move (the rounds after one that refused none moved nothing): their moves and moves off the grid
     * summed, the moves the last round refused, and how many rounds ran.
     */
    ManageRounds readRounds(long counts, int rounds) {
        long[] st = device.checkedStats(counts, COUNTS * rounds);
        int ran = 1;
        long moves = 0;
        long outside = 0;
        for (int r = 0; r < rounds; r++) {
            moves += st[COUNTS * r + MOVED];
            outside += st[COUNTS * r + OUTSIDE];
            ran += r > 0 && st[COUNTS * (r - 1) + REFUSED] > 0 ? 1 : 0;
        }
        long refused = st[COUNTS * (rounds - 1) + REFUSED];
        return new ManageRounds(new ManageReport(0, 0, moves, refused, 0, outside, columns.count()), ran);
    }

    /**
     * The scratch of a {@code manageAll}'s moves: per slot the request (-1: none) and whether it won; per place the
     * living agents (where places have a capacity, else 0) and where its bucket starts; per slot the random priority
     * and the model's rank of the request (0 where there is no capacity, or no {@code @Priority}).
     */
    private record Requests(long requests, long won, long occupancy, long priority, long rank, long bucketStart) {
    }

    /**
     * Counts deaths, move requests, the children asked for and the first agent asking for a negative number of them
     * (stats 0, 5, 6, 7; refusals happen before anything changes), with, where places have a capacity, the requests'
     * random priorities and the model's ranks of the agents' slots, for the moves and the children alike (moves
     * change no attribute).
     */
    private Requests requests(long seed, long epoch, long n, long stats) {
        boolean bounded = capacity < Integer.MAX_VALUE;
        long room = Math.max(1, n);
        long keys = index.keys();
        ScratchPool pool = device.pool();
        ScratchPool gridScratch = device.gridScratch();
        long requests = pool.get("manage.requests", 8 * room);
        long won = pool.get("manage.won", room);
        long occupancy = bounded ? device.zeroed(gridScratch, "manage.occupancy", 4 * keys) : 0L;
        long priority = bounded ? pool.get("manage.priority", 8 * room) : 0L;
        // (the grouping's room only where places have a capacity: otherwise every request wins, grouped or not)
        long bucketStart = bounded ? gridScratch.get("manage.bucketStart", 4 * (keys + 1)) : 0L;
        long rank = bounded ? columns.rankBuffer(n, "manage.rank") : 0L;
        long rankColumn = rank == 0L ? 0L : columns.rankColumn();
        int rankType = columns.rankType();
        device.run("colony_move_requests", n, p -> p.add(n).add(columns.killed().pointer())
                .add(columns.targets().pointer()).add(columns.locations().pointer()).add(requests)
                .add(index.shifted(occupancy)).add(columns.spawns().pointer()).add(columns.birthSpreads().pointer())
                .add(stats).add(seed).add(epoch).add(columns.ids().pointer()).add(priority).add(rankColumn)
                .addInt(rankType).add(rank).add(columns.birthPlaces().pointer()));
        return new Requests(requests, won, occupancy, priority, rank, bucketStart);
    }

    /** Throws for what the counts of the requests refuse: a negative number of children, too many agents. */
    private void refuse(long n, long[] first) {
        if (first[7] != 0) {
            long slot = n - first[7];
            throw new ColonyException(device.name() + " agent " + AgentDevice.readLong(columns.ids().pointer(), slot)
                    + " asked for " + AgentDevice.readInt(columns.spawns().pointer(), slot)
                    + " children; spawn(n) needs n >= 0");
        }
        long after = n - first[0] + first[6];
        if (after > DeviceAgentColumns.MAX_AGENTS) {
            throw new ColonyException(device.name() + " agents would number " + after
                    + " after this manageAll; the CUDA backend holds at most " + DeviceAgentColumns.MAX_AGENTS
                    + " per collection");
        }
    }

    /**
     * The moves requested, settled per destination by the priorities {@code colony_move_requests} drew, and applied;
     * {@code limit}: as {@code colony_apply_moves} takes it (-1 where the host has checked the counts already, and
     * then the targets are left to be cleared with the other requests).
     */
    private void moves(long n, long requests, long won, long occupancy, long priority, long rank, long bucketStart,
            long stats, long limit) {
        long bucketOrder = occupancy == 0L ? 0L : device.pool().get("manage.bucketOrder", 4 * Math.max(1, n));
        index.settle(requests, n, bucketStart, bucketOrder, occupancy, won, rank, priority, columns.ids().pointer());
        long targets = limit >= 0 ? columns.targets().pointer() : 0L;
        device.run("colony_apply_moves", n, p -> p.add(n).add(requests).add(won)
                .add(columns.locations().pointer()).add(stats).add(limit).add(targets));
    }
}
