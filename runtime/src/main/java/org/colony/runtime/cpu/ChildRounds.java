package org.colony.runtime.cpu;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.Arrays;
import java.util.List;
import java.util.function.LongToIntFunction;
import java.util.stream.IntStream;
import org.colony.ColonyException;
import org.colony.kernel.AgentBlock;
import org.colony.kernel.Layout;
import org.colony.kernel.RandomStream;
import org.colony.runtime.migration.BirthPlaces;
import org.colony.runtime.migration.Priority;
import org.colony.runtime.migration.Resolver;
import org.colony.runtime.spi.AgentPartition.Batch;
import org.colony.runtime.storage.AgentColumns;

/**
 * The births of one block's {@code manageAll} ({@link ManageRound}'s third step): the children the agents here (after
 * the moves) asked for, settled in birth rounds on the places they try, this block's and (through requests and
 * verdicts) other partitions'; the children born here to other partitions' parents; and, at the end, every child born
 * on this block's places with its id.
 */
final class ChildRounds {

    /** An empty list, shared. */
    private static final int[] NONE = new int[0];

    private final AgentColumns cols;
    private final Layout layout;
    private final int capacity;
    private final boolean bounded;
    private final RandomStream rng;
    private final int partitions;
    private final int self;
    private final String name;
    private final int ranked;
    private final LongToIntFunction owner;
    private final LongToIntFunction cell;
    /** The agents that stay here after the moves (alive or dead, arrivals included), in id order. */
    private final int[] members;
    private final int memberCount;

    private int[] parents;
    private int[] born;
    private int parentCount;
    private long births;
    private long birthsRefused;
    /** The children asked for here, in parent order then k: the parent (index in members), k, place, verdict. */
    private int[] childOf;
    private int[] childK;
    private long[] childDest;
    private boolean[] childWon;
    /** The place each child tries in the birth round under way ({@link AgentBlock#OUTSIDE}: none). */
    private long[] childTry;
    /** Agents per stored place after the moves, and the children born there in the rounds so far. */
    private int[] after;
    /** Per partition, the children asked for here that were born on its places. */
    private long[] bornAt;
    /** Whether a birth round ran (else {@link #settle} runs them on this block's places alone). */
    private boolean roundsRun;
    /** Per born child asked for here: its ordinal among its parent's born children. */
    private int[] childOrdinal;
    /** Per owner partition, the children trying its places this round (indices into the lists above). */
    private int[][] childrenTo;
    private boolean[][] birthVerdicts;
    private long[] admittedBirths;
    /** Children born here to other partitions' parents: slot, parent id (their id until compaction), ordinal. */
    private int[] foreignChildren = new int[0];
    private long[] foreignParents = new long[0];
    private long[] foreignOrdinals = new long[0];

    /**
     * @param ranked the model's {@code @Priority} attribute, or -1
     * @param owner the partition owning a global place
     * @param cell the storage cell of a global place this block owns
     * @param members the agents that stay here after the moves, in id order
     */
    ChildRounds(AgentColumns cols, Layout layout, int capacity, RandomStream rng, int partitions, int self, String name,
            int ranked, LongToIntFunction owner, LongToIntFunction cell, int[] members, int memberCount) {
        this.cols = cols;
        this.layout = layout;
        this.capacity = capacity;
        this.bounded = capacity < Integer.MAX_VALUE;
        this.rng = rng;
        this.partitions = partitions;
        this.self = self;
        this.name = name;
        this.ranked = ranked;
        this.owner = owner;
        this.cell = cell;
        this.members = members;
        this.memberCount = memberCount;
        listChildren();
    }

    private Object rankColumn() {
        return ranked < 0 ? null : cols.column(ranked);
    }

    long births() {
        return births;
    }

    long birthsRefused() {
        return birthsRefused;
    }

    /**
     * Lists the children asked for by the agents here after the moves (arrivals included) and, for birth round
     * {@code round}, the place each child not yet born tries: its parent's place or the place its parent named (round
     * 0 only), or the {@code round}-th place drawn around its parent's for a {@code spawnNear}. A place off the grid
     * fails that try at once; the others are requests to the partition owning the place.
     *
     * @return per partition (this one included), the requests for its places
     */
    public long[] birthRequests(int round) {
        roundsRun = true;
        int k = partitions;
        int[] perOwner = new int[k];
        for (int q = 0; q < childOf.length; q++) {
            childTry[q] = childWon[q] ? AgentBlock.OUTSIDE : candidate(q, round);
            if (childTry[q] != AgentBlock.OUTSIDE) {
                perOwner[owner.applyAsInt(childTry[q])]++;
            }
        }
        childrenTo = new int[k][];
        for (int o = 0; o < k; o++) {
            childrenTo[o] = new int[perOwner[o]];
        }
        int[] fill = new int[k];
        for (int q = 0; q < childOf.length; q++) {
            if (childTry[q] != AgentBlock.OUTSIDE) {
                int o = owner.applyAsInt(childTry[q]);
                childrenTo[o][fill[o]++] = q;
            }
        }
        birthVerdicts = new boolean[k][];
        admittedBirths = new long[k];
        long[] out = new long[k];
        for (int o = 0; o < k; o++) {
            out[o] = perOwner[o];
        }
        return out;
    }

    /**
     * {@return the most birth rounds a child asked for here needs where some child names a place (its tries, 1
     * without a spread), or 0 where every child is born on its parent's place after the moves (always this block's)}
     */
    public int birthTries() {
        return tries(true);
    }

    int tries(boolean namedOnly) {
        int[] spawns = cols.spawns();
        int[] spreads = cols.birthSpreads();
        long[] named = cols.birthPlaces();
        int tries = 0;
        for (int j = 0; j < memberCount; j++) {
            int p = members[j];
            if (spawns[p] > 0 && (!namedOnly || named[p] != -1 || spreads[p] != 0)) {
                tries = Math.max(tries, spreads[p] == 0 ? 1 : spreads[p] & 0xFFFF);
            }
        }
        return tries;
    }

    private void listChildren() {
        int[] spawns = cols.spawns();
        long c = 0;
        for (int j = 0; j < memberCount; j++) {
            c += spawns[members[j]];
        }
        if (c > AgentColumns.MAX_AGENTS) {
            throw new ColonyException(name + " agents ask for " + c + " children in one partition; the CPU backend "
                    + "holds at most " + AgentColumns.MAX_AGENTS);
        }
        int wanted = (int) c;
        childOf = new int[wanted];
        childK = new int[wanted];
        childDest = new long[wanted];
        childTry = new long[wanted];
        childWon = new boolean[wanted];
        bornAt = new long[partitions];
        int q = 0;
        for (int j = 0; j < memberCount; j++) {
            for (int i = 0; i < spawns[members[j]]; i++) {
                childOf[q] = j;
                childK[q++] = i;
            }
        }
    }

    /**
     * {@return the place child {@code q} tries in birth round {@code round}, or {@link AgentBlock#OUTSIDE} where it
     * tries none (off the grid, or no try left)}
     */
    private long candidate(int q, int round) {
        int p = members[childOf[q]];
        int spread = cols.birthSpreads()[p];
        long named = cols.birthPlaces()[p];
        if (spread == 0) {
            return round > 0 ? AgentBlock.OUTSIDE : named == -1 ? cols.locations()[p] : named;
        }
        int tries = spread & 0xFFFF;
        if (round >= tries) {
            return AgentBlock.OUTSIDE;
        }
        return BirthPlaces.near(rng, cols.ids()[p], cols.spawns()[p], childK[q], round, tries, spread >>> 16, named,
                layout);
    }

    /** {@return bytes of one birth request to another partition: place, priority, parent id, k and the rank} */
    public int birthRequestBytes() {
        return ranked < 0 ? 32 : 40;
    }

    /** Writes the birth requests for partition {@code to}'s places. */
    public void packBirthRequests(int to, MemorySegment buffer) {
        long[] ids = cols.ids();
        Object rankColumn = rankColumn();
        int bytes = birthRequestBytes();
        for (int r = 0; r < childrenTo[to].length; r++) {
            int q = childrenTo[to][r];
            int p = members[childOf[q]];
            long at = (long) bytes * r;
            buffer.set(ValueLayout.JAVA_LONG_UNALIGNED, at, childTry[q]);
            buffer.set(ValueLayout.JAVA_LONG_UNALIGNED, at + 8, Priority.child(rng, ids[p], childK[q]));
            buffer.set(ValueLayout.JAVA_LONG_UNALIGNED, at + 16, ids[p]);
            buffer.set(ValueLayout.JAVA_LONG_UNALIGNED, at + 24, childK[q]);
            if (rankColumn != null) {
                buffer.set(ValueLayout.JAVA_LONG_UNALIGNED, at + 32, Priority.rank(rankColumn, p));
            }
        }
    }

    /**
     * Settles the births on this block's places, asked for here and by other partitions ({@code incoming}): within
     * the room the agents here after the moves leave, by the parents' rank, then the children's priority, then the
     * lower parent id.
     */
    public void resolveBirths(List<Batch> incoming) {
        long[] ids = cols.ids();
        long[] loc = cols.locations();
        boolean[] killed = cols.killed();
        int[] local = childrenTo[self];
        long total = local.length;
        for (Batch b : incoming) {
            total += b.count();
        }
        if (total > AgentColumns.MAX_AGENTS) {
            throw new ColonyException(name + ": " + total + " children asked for on one partition's places");
        }
        int t = (int) total;
        boolean[] won = null;
        if (bounded && t > 0) {
            if (after == null) { // the agents on each place after the moves; children born are added round by round
                after = new int[(int) layout.storedCells()];
                for (int j = 0; j < memberCount; j++) {
                    if (!killed[members[j]]) {
                        after[cell.applyAsInt(loc[members[j]])]++;
                    }
                }
            }
            int[] room = after;
            long[] to = new long[t];
            Object rankColumn = rankColumn();
            long[] rank = rankColumn == null ? null : new long[t];
            long[] prio = new long[t];
            long[] parent = new long[t];
            for (int r = 0; r < local.length; r++) {
                int q = local[r];
                int p = members[childOf[q]];
                to[r] = childTry[q];
                if (rank != null) {
                    rank[r] = Priority.rank(rankColumn, p);
                }
                prio[r] = Priority.child(rng, ids[p], childK[q]);
                parent[r] = ids[p];
            }
            int at = local.length;
            int bytes = birthRequestBytes();
            for (Batch b : incoming) {
                for (int r = 0; r < b.count(); r++) {
                    long from = (long) bytes * r;
                    to[at] = b.buffer().get(ValueLayout.JAVA_LONG_UNALIGNED, from);
                    prio[at] = b.buffer().get(ValueLayout.JAVA_LONG_UNALIGNED, from + 8);
                    parent[at] = b.buffer().get(ValueLayout.JAVA_LONG_UNALIGNED, from + 16);
                    if (rank != null) {
                        rank[at] = b.buffer().get(ValueLayout.JAVA_LONG_UNALIGNED, from + 32);
                    }
                    at++;
                }
            }
            // A stable sort: children of one parent keep their order k on equal priorities.
            won = Resolver.resolve(to, rank, prio, parent, t, g -> capacity - room[cell.applyAsInt(g)]);
            for (int r = 0; r < t; r++) {
                if (won[r]) {
                    room[cell.applyAsInt(to[r])]++;
                }
            }
        }
        for (int r = 0; r < local.length; r++) {
            if (won == null || won[r]) {
                childWon[local[r]] = true;
                childDest[local[r]] = childTry[local[r]];
            }
        }
        int at = local.length;
        for (Batch b : incoming) {
            boolean[] v = new boolean[(int) b.count()];
            for (int r = 0; r < v.length; r++) {
                v[r] = won == null || won[at++];
                admittedBirths[b.partition()] += v[r] ? 1 : 0;
            }
            birthVerdicts[b.partition()] = v;
        }
    }

    /** {@return the children asked for by partition {@code from} that are born on this block's places} */
    public long admittedBirths(int from) {
        return admittedBirths[from];
    }

    /** Writes whether each birth request of partition {@code to} won, a byte each. */
    public void packBirthVerdicts(int to, MemorySegment buffer) {
        boolean[] v = birthVerdicts[to];
        for (int r = 0; r < v.length; r++) {
            buffer.set(ValueLayout.JAVA_BYTE, r, v[r] ? (byte) 1 : (byte) 0);
        }
    }

    /** Takes the verdicts of partition {@code to} on this block's requests; returns how many children are born there. */
    public long takeBirthVerdicts(int to, MemorySegment verdicts) {
        long c = 0;
        for (int r = 0; r < childrenTo[to].length; r++) {
            if (verdicts.get(ValueLayout.JAVA_BYTE, r) != 0) {
                int q = childrenTo[to][r];
                childWon[q] = true;
                childDest[q] = childTry[q];
                bornAt[to]++;
                c++;
            }
        }
        return c;
    }

    /** {@return bytes of one child sent to the partition owning its place: its parent's row, the place, its ordinal} */
    public long childBytes() {
        return cols.rowBytes(true) + 16;
    }

    /** Writes the children born on partition {@code to}'s places: their parents' rows, then place and ordinal each. */
    public void packChildren(int to, MemorySegment buffer) {
        int c = (int) bornAt[to];
        int[] slots = new int[c];
        long[] place = new long[c];
        long[] ordinal = new long[c];
        c = 0;
        for (int q = 0; q < childOf.length; q++) {
            if (childWon[q] && owner.applyAsInt(childDest[q]) == to) {
                slots[c] = members[childOf[q]];
                place[c] = childDest[q];
                ordinal[c++] = childOrdinal[q];
            }
        }
        long at = cols.pack(slots, c, true, buffer, 0);
        for (int i = 0; i < c; i++) {
            buffer.set(ValueLayout.JAVA_LONG_UNALIGNED, at + 16L * i, place[i]);
            buffer.set(ValueLayout.JAVA_LONG_UNALIGNED, at + 16L * i + 8, ordinal[i]);
        }
    }

    /** Takes in children born here to another partition's parents, after every slot taken so far. */
    public void unpackChildren(Batch arriving) {
        int c = (int) arriving.count();
        long at = cols.rowBytes(true) * c;
        int first = cols.append(arriving.buffer(), 0, c);
        long[] loc = cols.locations();
        long[] ids = cols.ids();
        int[] spawns = cols.spawns();
        long[] birthPlaces = cols.birthPlaces();
        int from = foreignChildren.length;
        foreignChildren = Arrays.copyOf(foreignChildren, from + c);
        foreignParents = Arrays.copyOf(foreignParents, from + c);
        foreignOrdinals = Arrays.copyOf(foreignOrdinals, from + c);
        for (int i = 0; i < c; i++) {
            int slot = first + i;
            foreignChildren[from + i] = slot;
            foreignParents[from + i] = ids[slot];
            foreignOrdinals[from + i] = arriving.buffer().get(ValueLayout.JAVA_LONG_UNALIGNED, at + 16L * i + 8);
            loc[slot] = arriving.buffer().get(ValueLayout.JAVA_LONG_UNALIGNED, at + 16L * i);
            spawns[slot] = 0;
            birthPlaces[slot] = -1;
            cols.birthSpreads()[slot] = 0;
        }
    }

    /**
     * Settles the births of the children asked for here, once every verdict is in (where only this block's places
     * were asked for, it settles them first); returns the number of parents with children born.
     */
    public long settle() {
        if (!roundsRun) {
            int tries = tries(false);
            for (int round = 0; round < tries; round++) {
                birthRequests(round);
                resolveBirths(List.of());
            }
        }
        if (childOf.length == 0) { // no child asked for: no parent, nothing to count per member
            childOrdinal = NONE;
            parents = NONE;
            born = NONE;
            return 0;
        }
        int[] bornOf = new int[memberCount];
        childOrdinal = new int[childOf.length];
        for (int q = 0; q < childOf.length; q++) {
            if (childWon[q]) {
                childOrdinal[q] = bornOf[childOf[q]]++;
            } else {
                birthsRefused++;
            }
        }
        parents = new int[memberCount];
        born = new int[memberCount];
        for (int j = 0; j < memberCount; j++) {
            if (bornOf[j] > 0) {
                parents[parentCount] = members[j];
                born[parentCount++] = bornOf[j];
                births += bornOf[j];
            }
        }
        return parentCount;
    }

    /** Writes (parent id, children born) for every parent here with children born, in id order. */
    public void packBirths(MemorySegment buffer) {
        long[] ids = cols.ids();
        for (int j = 0; j < parentCount; j++) {
            buffer.set(ValueLayout.JAVA_LONG_UNALIGNED, 16L * j, ids[parents[j]]);
            buffer.set(ValueLayout.JAVA_LONG_UNALIGNED, 16L * j + 8, born[j]);
        }
    }


    /** The children born on this block's places: their parents' slots (whose rows they copy), ids and places. */
    record Born(int[] slots, long[] ids, long[] places, int[] ordinals) {
    }

    /**
     * {@return the children born on this block's places in id order: those asked for here and those of other
     * partitions' parents, numbered from {@code nextId} by (parent id, ordinal) over all partitions ({@code others}:
     * the other partitions' parents and how many children each had born)}
     */
    Born born(long nextId, List<Batch> others) {
        long[] ids = cols.ids();
        long[] loc = cols.locations();
        long[] parentIds = new long[parentCount];
        long[] bornCounts = new long[parentCount];
        for (int j = 0; j < parentCount; j++) {
            parentIds[j] = ids[parents[j]];
            bornCounts[j] = born[j];
        }
        ChildIds childIds = ChildIds.of(parentIds, bornCounts, others, nextId);
        int here = foreignChildren.length;
        for (int q = 0; q < childOf.length; q++) {
            here += childWon[q] && owner.applyAsInt(childDest[q]) == self ? 1 : 0;
        }
        int[] childSlot = new int[here];
        long[] childId = new long[here];
        long[] childPlace = new long[here];
        int[] ordinal = new int[here];
        int c = 0;
        for (int q = 0; q < childOf.length; q++) {
            if (childWon[q] && owner.applyAsInt(childDest[q]) == self) {
                childSlot[c] = members[childOf[q]];
                childId[c] = childIds.of(ids[members[childOf[q]]], childOrdinal[q]);
                ordinal[c] = childOrdinal[q];
                childPlace[c++] = childDest[q];
            }
        }
        for (int i = 0; i < foreignChildren.length; i++) {
            childSlot[c] = foreignChildren[i];
            childId[c] = childIds.of(foreignParents[i], foreignOrdinals[i]);
            ordinal[c] = (int) foreignOrdinals[i];
            childPlace[c++] = loc[foreignChildren[i]];
        }
        if (foreignChildren.length == 0) { // asked for here in parent order, so in id order already
            return new Born(childSlot, childId, childPlace, ordinal);
        }
        int[] byId = IntStream.range(0, here).boxed().sorted((x, y) -> Long.compare(childId[x], childId[y]))
                .mapToInt(Integer::intValue).toArray();
        int[] slots = new int[here];
        long[] sortedIds = new long[here];
        long[] places = new long[here];
        int[] ordinals = new int[here];
        for (int i = 0; i < here; i++) {
            slots[i] = childSlot[byId[i]];
            sortedIds[i] = childId[byId[i]];
            places[i] = childPlace[byId[i]];
            ordinals[i] = ordinal[byId[i]];
        }
        return new Born(slots, sortedIds, places, ordinals);
    }
}
