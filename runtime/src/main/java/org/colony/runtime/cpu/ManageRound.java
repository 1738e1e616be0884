package org.colony.runtime.cpu;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.Arrays;
import java.util.List;
import org.colony.ColonyException;
import org.colony.kernel.AgentBlock;
import org.colony.kernel.Layout;
import org.colony.kernel.RandomStream;
import org.colony.runtime.agents.ManageReport;
import org.colony.runtime.grid.Topology;
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
    /** After the moves: live and dead agents that stay, in id order (arrivals included). */
    private int[] members;
    private int memberCount;
    /** The births, once listed. */
    private ChildRounds children;
    /** The store's working arrays, reused from round to round. */
    private final ManageScratch scratch;

    /**
     * @param topology the partitions, or null when the block covers the whole grid
     * @param self this block's partition
     */
    public ManageRound(AgentColumns cols, Layout layout, int capacity, long seed, long epoch, Topology topology, int self,
            String name) {
        this(cols, layout, capacity, seed, epoch, topology, self, name, new ManageScratch());
    }

    /**
     * @param topology the partitions, or null when the block covers the whole grid
     * @param self this block's partition
     * @param scratch the store's working arrays (one round at a time)
     */
    ManageRound(AgentColumns cols, Layout layout, int capacity, long seed, long epoch, Topology topology, int self,
            String name, ManageScratch scratch) {
        this.cols = cols;
        this.scratch = scratch;
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
        scratch.partitions(k);
        scratch.population(n);
    }

    /**
     * {@return the manageAll of one block covering the grid, all steps at once; children's ids start at {@code nextId}}
     */
    public static ManageReport manage(AgentColumns cols, Layout layout, int capacity, long seed, long epoch, long nextId,
            String name) {
        return manage(cols, layout, capacity, seed, epoch, nextId, name, new ManageScratch());
    }

    /** {@link #manage(AgentColumns, Layout, int, long, long, long, String)} with the store's working arrays. */
    static ManageReport manage(AgentColumns cols, Layout layout, int capacity, long seed, long epoch, long nextId,
            String name, ManageScratch scratch) {
        ManageRound r = new ManageRound(cols, layout, capacity, seed, epoch, null, 0, name, scratch);
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
        // each mover's owner once, where there are partitions (the second pass reads it); one block keeps no array
        int[] ownerOf = topology == null ? null : scratch.owners(n);
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
                int q = owner(targets[i]);
                if (ownerOf != null) {
                    ownerOf[i] = q;
                }
                requests[q]++;
            }
        }
        long survivors = n - deaths;
        if (badId < 0 && survivors + wanted > AgentColumns.MAX_AGENTS) {
            throw new ColonyException(name + " agents would number " + (survivors + wanted) + " after this manageAll"
                    + (topology == null ? "" : " in partition " + self) + "; the CPU backend holds at most "
                    + AgentColumns.MAX_AGENTS + (topology == null ? " per collection" : " per partition"));
        }
        for (int q = 0; q < requests.length; q++) {
            who[q] = scratch.who(q, requests[q]);
            dest[q] = scratch.dest(q, requests[q]);
        }
        int[] fill = new int[requests.length];
        for (int i = 0; i < n; i++) {
            if (!killed[i] && targets[i] >= 0 && targets[i] != loc[i]) {
                int q = ownerOf == null ? 0 : ownerOf[i];
                who[q][fill[q]] = i;
                dest[q][fill[q]++] = targets[i];
            }
        }
        long[] remote = new long[requests.length];
        for (int q = 0; q < remote.length; q++) {
            remote[q] = q == self ? 0 : requests[q];
        }
        this.leaving = scratch.leaving(n);
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
        long[] to = scratch.to(t);
        long[] id = scratch.id(t);
        Object rankColumn = rankColumn();
        long[] rank = rankColumn == null ? null : scratch.rank(t);
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
            int[] occupancy = scratch.occupancy((int) layout.storedCells());
            boolean[] killed = cols.killed();
            for (int i = 0; i < n; i++) {
                if (!killed[i]) {
                    occupancy[cell(loc[i])]++;
                }
            }
            long[] prio = scratch.priority(t);
            for (int r = 0; r < t; r++) {
                prio[r] = Priority.move(rng, id[r]);
            }
            won = Resolver.resolve(to, rank, prio, id, t, g -> capacity - occupancy[cell(g)], scratch.keys(t),
                    scratch.won(t));
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

    // ---- 3. births (ChildRounds) ----------------------------------------------------------------

    /** The births of this round, listed on first use (after the moves and arrivals). */
    private ChildRounds children() {
        if (children == null) {
            members = merge(cols.ids());
            children = new ChildRounds(cols, layout, capacity, rng, requests.length, self, name, ranked, this::owner,
                    this::cell, members, memberCount);
        }
        return children;
    }

    /** See {@link ChildRounds#birthRequests}. */
    public long[] birthRequests(int round) {
        return children().birthRequests(round);
    }

    /** See {@link ChildRounds#birthTries}. */
    public int birthTries() {
        return children().birthTries();
    }

    public int birthRequestBytes() {
        return children().birthRequestBytes();
    }

    public void packBirthRequests(int to, MemorySegment buffer) {
        children().packBirthRequests(to, buffer);
    }

    public void resolveBirths(List<Batch> incoming) {
        children().resolveBirths(incoming);
    }

    public long admittedBirths(int from) {
        return children().admittedBirths(from);
    }

    public void packBirthVerdicts(int to, MemorySegment buffer) {
        children().packBirthVerdicts(to, buffer);
    }

    public long takeBirthVerdicts(int to, MemorySegment verdicts) {
        return children().takeBirthVerdicts(to, verdicts);
    }

    public long childBytes() {
        return children().childBytes();
    }

    public void packChildren(int to, MemorySegment buffer) {
        children().packChildren(to, buffer);
    }

    public void unpackChildren(Batch arriving) {
        children().unpackChildren(arriving);
    }

    /** Settles the births; returns the number of parents with children born (see {@link ChildRounds#settle}). */
    public long settleBirths() {
        return children().settle();
    }

    public void packBirths(MemorySegment buffer) {
        children().packBirths(buffer);
    }

    /** The agents that stay here (alive or dead, leavers excluded) and those arriving, merged into id order. */
    private int[] merge(long[] ids) {
        int[] out = scratch.members(n + arrivals);
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

    // ---- 4. compaction ----------------------------------------------------------------------------

    /**
     * Compacts into id order: the agents that stay, then the children born on this block's places, whose ids start at
     * {@code nextId} and follow (parent id, ordinal) over all partitions ({@code others}: the other partitions'
     * parents and how many children each has born).
     */
    public ManageReport finish(long nextId, List<Batch> others) {
        boolean[] killed = cols.killed();
        ChildRounds.Born born = children().born(nextId, others);
        int here = born.slots().length;
        int survivors = 0;
        for (int j = 0; j < memberCount; j++) {
            if (!killed[members[j]]) {
                survivors++;
            }
        }
        int count = survivors + here;
        int[] keep = scratch.keep(count);
        int c = 0;
        for (int j = 0; j < memberCount; j++) {
            if (!killed[members[j]]) {
                keep[c++] = members[j];
            }
        }
        System.arraycopy(born.slots(), 0, keep, c, here);
        // The slots stay within twice the live agents (above MIN_SLOTS): they grow by half when births overflow
        // them, and shrink to 1.5 times the population when fewer than half are live.
        int slots = cols.slots();
        if (count > slots) {
            slots = (int) Math.min(AgentColumns.MAX_AGENTS, Math.max(count, slots + (long) slots / 2));
        } else if (slots > AgentColumns.MIN_SLOTS && count < slots / 2) {
            slots = Math.max(AgentColumns.MIN_SLOTS, count + count / 2);
        }
        cols.rebuild(keep, count, slots);
        System.arraycopy(born.ids(), 0, cols.ids(), survivors, here);
        System.arraycopy(born.places(), 0, cols.locations(), survivors, here);
        System.arraycopy(born.ordinals(), 0, cols.ordinals(), survivors, here);
        ChildRounds ch = children();
        return new ManageReport(deaths, ch.births(), moves, refused, ch.birthsRefused(), outside, count);
    }
}
