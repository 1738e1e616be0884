package org.colony.runtime.cpu;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.Arrays;
import java.util.List;
import java.util.stream.IntStream;
import org.colony.ColonyException;
import org.colony.kernel.AgentBlock;
import org.colony.kernel.Layout;
import org.colony.kernel.RandomStream;
import org.colony.runtime.agents.ManageReport;
import org.colony.runtime.grid.Topology;
import org.colony.runtime.migration.BirthPlaces;
import org.colony.runtime.migration.Priority;
import org.colony.runtime.migration.Resolver;
import org.colony.runtime.spi.AgentPartition.Batch;
import org.colony.runtime.spi.AgentPartition.ManageStart;
import org.colony.runtime.storage.AgentColumns;

/**
 * One {@code manageAll} of the agents of one block, in the order {@code docs/agents.md} gives: deaths, moves
 * (settled by capacity and priority), births on the parents' places, compaction into id order. On a partition
 * the steps are called one by one, and moves to other partitions' places, the movers and the births by parent
 * travel between them; on one block covering the grid every move is local and the steps run back to back.
 * Either way a destination's requests are settled together by its owner, so the outcome is the same.
 */
public final class ManageRound {

    private final AgentColumns cols;
    private final Layout layout;
    private final int capacity;
    private final boolean bounded;
    private final RandomStream rng;
    private final Topology topology;
    private final int self;
    private final int n;
    private final String name;
    /** The model's {@code @Priority} attribute, or -1 where it has none. */
    private final int ranked;
    /** Bytes of one move request between partitions: destination and id, and the rank where there is one. */
    private final int requestBytes;

    private long deaths;
    private long outside;
    private long moves;
    private long refused;
    /** Requests by the partition owning the destination (this one included): agent slots and destinations. */
    private final int[][] who;
    private final long[][] dest;
    private final int[] requests;
    /** Per sending partition, whether each of its requests won. */
    private final boolean[][] verdicts;
    private final long[] admitted;
    /** Agents leaving, by slot, and per destination partition the slots of those leaving for it. */
    private boolean[] leaving;
    private final int[][] movers;
    private final int[] moverCount;
    /** Arriving agents: slots {@code [n, n + arrivals)}, one run in id order per batch. */
    private int arrivals;
    private int[] runs = new int[0];
    /** After births: live and dead agents that stay, in id order; parents with born children and how many. */
    private int[] members;
    private int memberCount;
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
    /** Whether a birth round ran (else {@link #settleBirths} runs them on this block's places alone). */
    private boolean roundsRun;
    /** Per born child asked for here: its ordinal among its parent's born children. */
    private int[] childOrdinal;
    /** Per owner partition, the children asked for on its places (indices into the lists above). */
    private int[][] childrenTo;
    private boolean[][] birthVerdicts;
    private long[] admittedBirths;
    /** Children born here to other partitions' parents: slot, parent id (their id until compaction), ordinal. */
    private int[] foreignChildren = new int[0];
    private long[] foreignParents = new long[0];
    private long[] foreignOrdinals = new long[0];

    /**
     * @param topology the partitions, or null when the block covers the whole grid
     * @param self this block's partition
     */
    public ManageRound(AgentColumns cols, Layout layout, int capacity, long seed, long epoch, Topology topology, int self,
            String name) {
        this.cols = cols;
        this.layout = layout;
        this.capacity = capacity;
        this.bounded = capacity < Integer.MAX_VALUE;
        this.rng = new RandomStream(seed, epoch);
        this.topology = topology;
        this.self = self;
        this.n = cols.count();
        this.name = name;
        this.ranked = cols.model().priority();
        this.requestBytes = ranked < 0 ? 16 : 24;
        int k = topology == null ? 1 : topology.partitions();
        this.who = new int[k][];
        this.dest = new long[k][];
        this.requests = new int[k];
        this.verdicts = new boolean[k][];
        this.admitted = new long[k];
        this.movers = new int[k][];
        this.moverCount = new int[k];
    }

    /**
     * {@return the manageAll of one block covering the grid, all steps at once; children's ids start at {@code nextId}}
     */
    public static ManageReport manage(AgentColumns cols, Layout layout, int capacity, long seed, long epoch, long nextId,
            String name) {
        ManageRound r = new ManageRound(cols, layout, capacity, seed, epoch, null, 0, name);
        ManageStart start = r.begin();
        if (start.badSpawnId() >= 0) {
            throw badSpawn(name, start.badSpawnId(), start.badSpawn());
        }
        r.resolve(List.of());
        r.settleBirths();
        return r.finish(nextId, List.of());
    }

    /** {@return the error for an agent asking for a negative number of children} */
    public static ColonyException badSpawn(String name, long id, int spawn) {
        return new ColonyException(name + " agent " + id + " asked for " + spawn + " children; spawn(n) needs n >= 0");
    }

    /** The storage cell of an owned place. */
    private int cell(long g) {
        int w = layout.size0();
        int h = layout.size1();
        return layout.storageIndex((int) (g % w) - layout.origin0(), (int) (g / w % h) - layout.origin1(),
                (int) (g / w / h) - layout.origin2());
    }

    private int owner(long g) {
        if (topology == null) {
            return 0;
        }
        int w = layout.size0();
        int h = layout.size1();
        return topology.owner((int) (g % w), (int) (g / w % h), (int) (g / w / h));
    }

    // ---- 1. deaths and requests ------------------------------------------------------------------

    /** Counts deaths and sorts the move requests by owner; changes nothing. */
    public ManageStart begin() {
        long[] ids = cols.ids();
        long[] loc = cols.locations();
        boolean[] killed = cols.killed();
        long[] targets = cols.targets();
        int[] spawns = cols.spawns();
        long wanted = 0;
        long badId = -1;
        int bad = 0;
        for (int i = 0; i < n; i++) {
            if (spawns[i] < 0 && badId < 0) {
                badId = ids[i];
                bad = spawns[i];
            }
            wanted += spawns[i];
            if (killed[i]) {
                deaths++;
            } else if (targets[i] == AgentBlock.OUTSIDE) {
                outside++;
            } else if (targets[i] >= 0 && targets[i] != loc[i]) {
                requests[owner(targets[i])]++;
            }
        }
        long survivors = n - deaths;
        if (badId < 0 && survivors + wanted > AgentColumns.MAX_AGENTS) {
            throw new ColonyException(name + " agents would number " + (survivors + wanted) + " after this manageAll"
                    + (topology == null ? "" : " in partition " + self) + "; the CPU backend holds at most "
                    + AgentColumns.MAX_AGENTS + (topology == null ? " per collection" : " per partition"));
        }
        for (int q = 0; q < requests.length; q++) {
            who[q] = new int[requests[q]];
            dest[q] = new long[requests[q]];
        }
        int[] fill = new int[requests.length];
        for (int i = 0; i < n; i++) {
            if (!killed[i] && targets[i] >= 0 && targets[i] != loc[i]) {
                int q = owner(targets[i]);
                who[q][fill[q]] = i;
                dest[q][fill[q]++] = targets[i];
            }
        }
        long[] remote = new long[requests.length];
        for (int q = 0; q < remote.length; q++) {
            remote[q] = q == self ? 0 : requests[q];
        }
        this.leaving = new boolean[n];
        return new ManageStart(deaths, survivors, wanted, outside, remote, badId, bad);
    }

    /**
     * {@return the column of the model's {@code @Priority} attribute as it is now (the columns grow with arrivals), or
     * null where it has none}
     */
    private Object rankColumn() {
        return ranked < 0 ? null : cols.column(ranked);
    }

    /** {@return bytes of one request {@link #packRequests} writes} */
    public int requestBytes() {
        return requestBytes;
    }

    /** Writes the requests to partition {@code to}: destination, id and, where the model ranks, the rank; 8 bytes each. */
    public void packRequests(int to, MemorySegment buffer) {
        long[] ids = cols.ids();
        Object rankColumn = rankColumn();
        for (int r = 0; r < requests[to]; r++) {
            long at = (long) requestBytes * r;
            buffer.set(ValueLayout.JAVA_LONG_UNALIGNED, at, dest[to][r]);
            buffer.set(ValueLayout.JAVA_LONG_UNALIGNED, at + 8, ids[who[to][r]]);
            if (rankColumn != null) {
                buffer.set(ValueLayout.JAVA_LONG_UNALIGNED, at + 16, Priority.rank(rankColumn, who[to][r]));
            }
        }
    }

    // ---- 2. moves ---------------------------------------------------------------------------------

    /** Settles every request for this block's places, its own and {@code incoming}; moves its own winners. */
    public void resolve(List<Batch> incoming) {
        int local = requests[self];
        long total = local;
        for (Batch b : incoming) {
            total += b.count();
        }
        if (total > Integer.MAX_VALUE - 8) {
            throw new ColonyException(name + ": " + total + " moves to one partition's places in one manageAll");
        }
        int t = (int) total;
        long[] ids = cols.ids();
        long[] loc = cols.locations();
        long[] to = new long[t];
        long[] id = new long[t];
        Object rankColumn = rankColumn();
        long[] rank = rankColumn == null ? null : new long[t];
        System.arraycopy(dest[self], 0, to, 0, local);
        for (int r = 0; r < local; r++) {
            id[r] = ids[who[self][r]];
            if (rank != null) {
                rank[r] = Priority.rank(rankColumn, who[self][r]);
            }
        }
        int at = local;
        for (Batch b : incoming) {
            for (int r = 0; r < b.count(); r++) {
                long from = (long) requestBytes * r;
                to[at] = b.buffer().get(ValueLayout.JAVA_LONG_UNALIGNED, from);
                id[at] = b.buffer().get(ValueLayout.JAVA_LONG_UNALIGNED, from + 8);
                if (rank != null) {
                    rank[at] = b.buffer().get(ValueLayout.JAVA_LONG_UNALIGNED, from + 16);
                }
                at++;
            }
        }
        boolean[] won = null;
        if (bounded && t > 0) {
            int[] occupancy = new int[(int) layout.storedCells()];
            boolean[] killed = cols.killed();
            for (int i = 0; i < n; i++) {
                if (!killed[i]) {
                    occupancy[cell(loc[i])]++;
                }
            }
            long[] prio = new long[t];
            for (int r = 0; r < t; r++) {
                prio[r] = Priority.move(rng, id[r]);
            }
            won = Resolver.resolve(to, rank, prio, id, t, g -> capacity - occupancy[cell(g)]);
        }
        for (int r = 0; r < local; r++) {
            if (won == null || won[r]) {
                loc[who[self][r]] = to[r];
                moves++;
            } else {
                refused++;
            }
        }
        at = local;
        for (Batch b : incoming) {
            boolean[] v = new boolean[(int) b.count()];
            for (int r = 0; r < v.length; r++) {
                v[r] = won == null || won[at++];
                admitted[b.partition()] += v[r] ? 1 : 0;
            }
            verdicts[b.partition()] = v;
        }
    }

    public long admitted(int from) {
        return admitted[from];
    }

    public void packVerdicts(int to, MemorySegment buffer) {
        boolean[] v = verdicts[to];
        for (int r = 0; r < v.length; r++) {
            buffer.set(ValueLayout.JAVA_BYTE, r, v[r] ? (byte) 1 : (byte) 0);
        }
    }

    /** Marks the agents whose moves to partition {@code to} won as leaving; all of them with null verdicts. */
    public long leave(int to, MemorySegment won) {
        long[] loc = cols.locations();
        int[] m = new int[requests[to]];
        int c = 0;
        for (int r = 0; r < requests[to]; r++) {
            if (won == null || won.get(ValueLayout.JAVA_BYTE, r) != 0) {
                int i = who[to][r];
                leaving[i] = true;
                loc[i] = dest[to][r];
                m[c++] = i;
                moves++;
            } else {
                refused++;
            }
        }
        movers[to] = m;
        moverCount[to] = c;
        return c;
    }

    public void packMovers(int to, MemorySegment buffer) {
        cols.pack(movers[to], moverCount[to], true, buffer, 0);
    }

    /** Takes in arriving agents, after the slots of the agents here and of earlier arrivals. */
    public void unpackMovers(Batch arriving) {
        int c = (int) arriving.count();
        int first = cols.append(arriving.buffer(), 0, c);
        runs = Arrays.copyOf(runs, runs.length + 2);
        runs[runs.length - 2] = first;
        runs[runs.length - 1] = first + c;
        arrivals += c;
    }

    // ---- 3. births --------------------------------------------------------------------------------

    /**
     * Lists the children asked for by the agents here after the moves (arrivals included) and, for birth round
     * {@code round}, the place each child not yet born tries: its parent's place or the place its parent named (round
     * 0 only), or the {@code round}-th place drawn around its parent's for a {@code spawnNear}. A place off the grid
     * fails that try at once; the others are requests to the partition owning the place.
     *
     * @return per partition (this one included), the requests for its places
     */
    public long[] birthRequests(int round) {
        if (childOf == null) {
            listChildren();
        }
        roundsRun = true;
        int k = requests.length;
        int[] perOwner = new int[k];
        for (int q = 0; q < childOf.length; q++) {
            childTry[q] = childWon[q] ? AgentBlock.OUTSIDE : candidate(q, round);
            if (childTry[q] != AgentBlock.OUTSIDE) {
                perOwner[owner(childTry[q])]++;
            }
        }
        childrenTo = new int[k][];
        for (int o = 0; o < k; o++) {
            childrenTo[o] = new int[perOwner[o]];
        }
        int[] fill = new int[k];
        for (int q = 0; q < childOf.length; q++) {
            if (childTry[q] != AgentBlock.OUTSIDE) {
                int o = owner(childTry[q]);
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

    private int tries(boolean namedOnly) {
        if (childOf == null) {
            listChildren();
        }
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
        members = merge(cols.ids());
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
        bornAt = new long[requests.length];
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
                        after[cell(loc[members[j]])]++;
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
            won = Resolver.resolve(to, rank, prio, parent, t, g -> capacity - room[cell(g)]);
            for (int r = 0; r < t; r++) {
                if (won[r]) {
                    room[cell(to[r])]++;
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
            if (childWon[q] && owner(childDest[q]) == to) {
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
    public long settleBirths() {
        if (!roundsRun) {
            int tries = tries(false);
            for (int round = 0; round < tries; round++) {
                birthRequests(round);
                resolveBirths(List.of());
            }
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

    /** The ids of children: after {@code nextId}, by parent id (over all partitions), then ordinal. */
    private static final class ChildIds {
        private final long[] parentIds;
        private final long[] before;

        ChildIds(long[] parentIds, long[] bornCounts, long nextId) {
            int[] order = IntStream.range(0, parentIds.length).toArray();
            boolean sorted = true;
            for (int i = 1; i < parentIds.length && sorted; i++) {
                sorted = parentIds[i - 1] < parentIds[i];
            }
            if (!sorted) {
                order = IntStream.range(0, parentIds.length).boxed()
                        .sorted((x, y) -> Long.compare(parentIds[x], parentIds[y])).mapToInt(Integer::intValue).toArray();
            }
            this.parentIds = new long[order.length];
            this.before = new long[order.length];
            long sum = nextId;
            for (int i = 0; i < order.length; i++) {
                this.parentIds[i] = parentIds[order[i]];
                this.before[i] = sum;
                sum += bornCounts[order[i]];
            }
        }

        long of(long parent, long ordinal) {
            int i = Arrays.binarySearch(parentIds, parent);
            if (i < 0) {
                throw new IllegalStateException("no births listed for parent " + parent);
            }
            return before[i] + ordinal;
        }
    }

    /** The agents that stay here (alive or dead, leavers excluded) and those arriving, merged into id order. */
    private int[] merge(long[] ids) {
        int[] out = new int[n + arrivals];
        if (arrivals == 0) {
            int c = 0;
            for (int i = 0; i < n; i++) {
                if (!leaving[i]) {
                    out[c++] = i;
                }
            }
            memberCount = c;
            return out;
        }
        int[] heads = new int[runs.length / 2 + 1];
        int[] ends = new int[heads.length];
        for (int r = 0; r < runs.length / 2; r++) {
            heads[r] = runs[2 * r];
            ends[r] = runs[2 * r + 1];
        }
        int local = heads.length - 1;
        heads[local] = 0;
        ends[local] = n;
        int c = 0;
        while (true) {
            while (heads[local] < n && leaving[heads[local]]) {
                heads[local]++;
            }
            int best = -1;
            for (int r = 0; r < heads.length; r++) {
                if (heads[r] < ends[r] && (best < 0 || ids[heads[r]] < ids[heads[best]])) {
                    best = r;
                }
            }
            if (best < 0) {
                break;
            }
            out[c++] = heads[best]++;
        }
        memberCount = c;
        return out;
    }

    public void packBirths(MemorySegment buffer) {
        long[] ids = cols.ids();
        for (int j = 0; j < parentCount; j++) {
            buffer.set(ValueLayout.JAVA_LONG_UNALIGNED, 16L * j, ids[parents[j]]);
            buffer.set(ValueLayout.JAVA_LONG_UNALIGNED, 16L * j + 8, born[j]);
        }
    }

    // ---- 4. compaction ----------------------------------------------------------------------------

    /**
     * Compacts into id order: the agents that stay, then the children born on this block's places, whose ids start at
     * {@code nextId} and follow (parent id, ordinal) over all partitions ({@code others}: the other partitions'
     * parents and how many children each has born).
     */
    public ManageReport finish(long nextId, List<Batch> others) {
        long[] ids = cols.ids();
        long[] loc = cols.locations();
        boolean[] killed = cols.killed();
        // Every parent with children born, of every partition, in id order, with the ids its children start at.
        int total = parentCount;
        for (Batch b : others) {
            total += (int) b.count();
        }
        long[] parentIds = new long[total];
        long[] bornCounts = new long[total];
        int t = 0;
        for (int j = 0; j < parentCount; j++) {
            parentIds[t] = ids[parents[j]];
            bornCounts[t++] = born[j];
        }
        for (Batch b : others) {
            for (int r = 0; r < b.count(); r++) {
                parentIds[t] = b.buffer().get(ValueLayout.JAVA_LONG_UNALIGNED, 16L * r);
                bornCounts[t++] = b.buffer().get(ValueLayout.JAVA_LONG_UNALIGNED, 16L * r + 8);
            }
        }
        ChildIds childIds = new ChildIds(parentIds, bornCounts, nextId);
        int survivors = 0;
        for (int j = 0; j < memberCount; j++) {
            if (!killed[members[j]]) {
                survivors++;
            }
        }
        // The children born here: those asked for here on this block's places, and those of other partitions.
        int here = foreignChildren.length;
        for (int q = 0; q < childOf.length; q++) {
            here += childWon[q] && owner(childDest[q]) == self ? 1 : 0;
        }
        int[] childSlot = new int[here];
        long[] childId = new long[here];
        long[] childPlace = new long[here];
        int c = 0;
        for (int q = 0; q < childOf.length; q++) {
            if (childWon[q] && owner(childDest[q]) == self) {
                childSlot[c] = members[childOf[q]];
                childId[c] = childIds.of(ids[members[childOf[q]]], childOrdinal[q]);
                childPlace[c++] = childDest[q];
            }
        }
        for (int i = 0; i < foreignChildren.length; i++) {
            childSlot[c] = foreignChildren[i];
            childId[c] = childIds.of(foreignParents[i], foreignOrdinals[i]);
            childPlace[c++] = loc[foreignChildren[i]];
        }
        int[] byId = new int[here];
        for (int i = 0; i < here; i++) {
            byId[i] = i;
        }
        if (foreignChildren.length > 0) { // the children of other partitions' parents fall among these in id order
            byId = IntStream.range(0, here).boxed().sorted((x, y) -> Long.compare(childId[x], childId[y]))
                    .mapToInt(Integer::intValue).toArray();
        }
        int count = survivors + here;
        int[] keep = new int[count];
        c = 0;
        for (int j = 0; j < memberCount; j++) {
            if (!killed[members[j]]) {
                keep[c++] = members[j];
            }
        }
        for (int i = 0; i < here; i++) {
            keep[c++] = childSlot[byId[i]];
        }
        // The slots stay within twice the live agents (above MIN_SLOTS): they grow by half when births overflow
        // them, and shrink to 1.5 times the population when fewer than half are live.
        int slots = cols.slots();
        if (count > slots) {
            slots = (int) Math.min(AgentColumns.MAX_AGENTS, Math.max(count, slots + (long) slots / 2));
        } else if (slots > AgentColumns.MIN_SLOTS && count < slots / 2) {
            slots = Math.max(AgentColumns.MIN_SLOTS, count + count / 2);
        }
        cols.rebuild(keep, count, slots);
        long[] newIds = cols.ids();
        long[] newPlaces = cols.locations();
        for (int i = 0; i < here; i++) {
            newIds[survivors + i] = childId[byId[i]];
            newPlaces[survivors + i] = childPlace[byId[i]];
        }
        return new ManageReport(deaths, births, moves, refused, birthsRefused, outside, count);
    }
}
