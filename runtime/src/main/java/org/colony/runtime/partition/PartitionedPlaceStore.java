package org.colony.runtime.partition;

import java.lang.foreign.MemorySegment;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Consumer;
import org.colony.ColonyException;
import org.colony.kernel.AttributeInfo;
import org.colony.kernel.Call;
import org.colony.kernel.ModelInfo;
import org.colony.kernel.StepInfo;
import org.colony.runtime.cluster.Cluster;
import org.colony.runtime.grid.Grid;
import org.colony.runtime.grid.Region;
import org.colony.runtime.grid.Topology;
import org.colony.runtime.reduce.Extremes;
import org.colony.runtime.reduce.Reduction;
import org.colony.runtime.spi.AgentStore;
import org.colony.runtime.spi.Closeables;
import org.colony.runtime.spi.PlaceBlock;
import org.colony.runtime.spi.PlaceStore;
import org.colony.runtime.transport.Transport;

/**
 * Places cut into partitions, one block per partition: a grid cut into boxes ({@link PartitionedPlaces}), or a graph's
 * vertices cut into ranges of their partitions' numbering ({@link PartitionedGraphPlaces}). What the two share lives
 * here: the blocks of this rank, which attributes' halo (or ghost) copies are stale, the exchange that refreshes them
 * (packed and unpacked by the subclass), a step run whole or split into the cells that read no halo (while the halo is
 * in flight) and the rest, the agents bound to the blocks, and the calls every block answers alike.
 *
 * <p>The {@link PartitionedAgents} living on the places hold the index of their place in the store's own numbering (a
 * grid's linear index; a vertex's number in the partitions' numbering), and the driver sees it in the places'
 * numbering (a grid's linear index; the vertex's id): {@link #toInner} and {@link #toOuter} translate.
 */
public abstract sealed class PartitionedPlaceStore implements PlaceStore
        permits PartitionedPlaces, PartitionedGraphPlaces {

    /**
     * An exchange between two partitions: its host (or device) buffers, null on the side another rank holds (and on
     * both sides of a link whose blocks copy straight into each other's halo).
     */
    interface Link {
        /** {@return the sender's buffer, or null} */
        MemorySegment out();

        /** {@return the receiver's buffer, or null} */
        MemorySegment in();
    }

    final ModelInfo model;
    final Grid grid;
    final Transport transport;
    final Cluster cluster;
    /** The blocks by partition; null where another rank owns the partition. */
    final PlaceBlock[] blocks;
    /** The blocks of this rank, in partition order ({@link #made}). */
    PlaceBlock[] mine;
    /** By attribute, whether the copies on the halos are stale. */
    final boolean[] dirty;
    private final long[] exchangedBytes;
    private final long[] exchanges;
    /** The agent collections bound to the places' steps, by slot (null where none is). */
    private final PartitionedAgents[] boundAgents;
    private boolean closed;
    /**
     * Place steps held back to run as one pass on every block ({@link PlaceBlock#holds}), in order: they run, their
     * halos exchanged as wide as they reach together, before anything else touches the places.
     */
    private List<Call> held = new ArrayList<>();
    /** Whether steps may be held: not once agents live on the places. */
    private boolean holding = true;
    /** By halo width, whether every block could widen its halo to it ({@link #widens}). */
    private final Map<Integer, Boolean> widenable = new HashMap<>();
    /** Where ranks are processes: by the steps of a pass, what all ranks' blocks say of it ({@link #verdict}). */
    private final Map<List<Integer>, Integer> agreedVerdicts = new HashMap<>();

    PartitionedPlaceStore(ModelInfo model, Grid grid, int partitions, Transport transport, Cluster cluster) {
        this.model = model;
        this.grid = grid;
        this.transport = transport;
        this.cluster = cluster;
        cluster.checkPartitions(partitions);
        this.blocks = new PlaceBlock[partitions];
        this.dirty = new boolean[model.attributes().size()];
        Arrays.fill(dirty, true);
        this.exchangedBytes = new long[dirty.length];
        this.exchanges = new long[dirty.length];
        this.boundAgents = new PartitionedAgents[model.agentClasses().size()];
    }

    /** Notes the blocks this rank made, once it has made them all. */
    final void made() {
        List<PlaceBlock> own = new ArrayList<>();
        for (PlaceBlock b : blocks) {
            if (b != null) {
                own.add(b);
            }
        }
        this.mine = own.toArray(new PlaceBlock[0]);
    }

    // ---- what a grid and a graph do their own way -----------------------------------------------------------------

    /** {@return how the places are cut: which partition owns each place index} */
    public abstract Topology topology();

    /** {@return the width of the blocks' halo of neighbouring cells now: 0 on a graph, whose ghosts hold no agents} */
    public abstract int pad();

    /** {@return the store's place indices of places given as the driver sees them (maybe the same array)} */
    public abstract long[] toInner(long[] places);

    /** {@return the places as the driver sees them of the store's place indices (maybe the same array)} */
    public abstract long[] toOuter(long[] places);

    /** {@return the exchanges between partitions} */
    abstract List<? extends Link> links();

    /** {@return the sends and the receives of an exchange of the {@code due} attributes, packed} */
    abstract List<List<Transport.Message>> pack(TreeSet<Integer> due);

    /**
     * Counts {@code bytes} of attribute {@code attribute} as sent between partitions.
     *
     * @param attribute the attribute's ordinal
     * @param bytes the bytes packed for one link
     */
    final void sent(int attribute, long bytes) {
        exchangedBytes[attribute] += bytes;
    }

    /** Copies the received values of the {@code due} attributes onto the halos. */
    abstract void unpack(TreeSet<Integer> due);

    /** {@return whether a step that reads the halo runs split, its interior while the halo is in flight} */
    abstract boolean splitWanted();

    /** {@return partition {@code p}'s places that read no halo, as one box, or null where none do} */
    abstract Region interior(int p);

    /** {@return partition {@code p}'s places outside {@link #interior}, as boxes} */
    abstract List<Region> border(int p);

    // ---- shared ---------------------------------------------------------------------------------------------------

    /** The blocks, by partition (after the held steps ran): null where another rank owns the partition. */
    public List<PlaceBlock> blocks() {
        if (!closed) {
            runHeld();
        }
        return Arrays.asList(blocks);
    }

    /** The processes the partitions are spread over. */
    public Cluster cluster() {
        return cluster;
    }

    @Override
    public ModelInfo model() {
        return model;
    }

    @Override
    public Grid grid() {
        return grid;
    }

    /**
     * {@return the bytes of an attribute sent between partitions so far}
     *
     * @param attribute the attribute's ordinal
     */
    public long exchangedBytes(int attribute) {
        return exchangedBytes[attribute];
    }

    /**
     * {@return how many times an attribute was exchanged}
     *
     * @param attribute the attribute's ordinal
     */
    public long exchanges(int attribute) {
        return exchanges[attribute];
    }

    /** Notes that agents wrote attribute {@code attribute} of their places: the copies on halos are stale. */
    public void markDirty(int attribute) {
        dirty[attribute] = true;
    }

    /** Fills the halos (or ghosts) of those of {@code attributes} that are stale, in one exchange. */
    public void prepareRemote(Set<Integer> attributes) {
        checkOpen();
        TreeSet<Integer> due = due(attributes);
        if (due.isEmpty()) {
            return;
        }
        if (!links().isEmpty()) {
            List<List<Transport.Message>> messages = pack(due);
            transport.exchange(messages.get(0), messages.get(1));
            unpack(due);
        }
        clean(due);
    }

    private TreeSet<Integer> due(Set<Integer> attributes) {
        TreeSet<Integer> due = new TreeSet<>();
        for (int a : attributes) {
            if (dirty[a]) {
                due.add(a);
            }
        }
        return due;
    }

    private void clean(TreeSet<Integer> due) {
        for (int a : due) {
            exchanges[a]++;
            dirty[a] = false;
        }
    }

    /** Columns in a buffer start at multiples of 8 bytes, so a GPU reads every type aligned. */
    static long align(long offset) {
        return (offset + 7) & ~7L;
    }

    /** {@return the bytes per place of every attribute, and the columns of them all: what a link's buffer holds} */
    final long[] perPlace() {
        long perCell = 0;
        int columns = 0;
        for (AttributeInfo a : model.attributes()) {
            perCell += (long) a.type().bytes() * a.columns();
            columns += a.columns();
        }
        return new long[] {perCell, columns};
    }

    /** {@return the places of the agents the last step asked for, as the driver numbers places} */
    @Override
    public long[] takeCreated(int slot) {
        return toOuter(Spread.created(cluster, blocks, slot));
    }

    @Override
    public void call(Call call) {
        if (hold(call)) {
            return;
        }
        callNow(call);
    }

    /**
     * Holds a call where every block runs it in a held pass, running the held calls first where it does not join their
     * pass, and after it where the pass is full.
     *
     * @return whether the call is held (or ran in a pass)
     */
    private boolean hold(Call call) {
        if (!holding || closed || mine.length == 0 || widestHalo() == 0) {
            return false;
        }
        List<Call> with = new ArrayList<>(held);
        with.add(call);
        int verdict = verdict(with);
        if (verdict < 0 && !held.isEmpty()) {
            runHeld();
            with = List.of(call);
            verdict = verdict(with);
        }
        if (verdict < 0) {
            return false;
        }
        held = new ArrayList<>(with);
        if (verdict > 0) {
            runHeld();
        }
        return true;
    }

    /**
     * {@return whether every block of every rank can widen its halo to {@code halo}} Asked once a width, of every rank
     * at the same call (the calls are the same on every rank), so that all take the same decision.
     */
    private boolean widens(int halo) {
        return widenable.computeIfAbsent(halo, h -> {
            long refusing = 0;
            for (PlaceBlock b : mine) {
                refusing += b.canWiden(h) ? 0 : 1;
            }
            return cluster.sum(refusing) == 0;
        });
    }

    /** {@return what the blocks say of a pass of {@code calls}: -1 where any cannot run it or its halo is too wide} */
    private int verdict(List<Call> calls) {
        int halo = 0;
        for (Call c : calls) {
            halo += model.steps().get(c.step()).reach();
        }
        if (halo > widestHalo() || halo > pad() && !widens(halo)) {
            return -1;
        }
        if (!cluster.distributed()) {
            return blocksVerdict(calls);
        }
        // A block's answer may follow from its device (the shared memory a GPU gives a pass's tile), and ranks on
        // different devices must still run the same passes: the ranks agree on the least answer, once per sequence
        // of steps (every rank asks at the same calls).
        List<Integer> steps = new ArrayList<>(calls.size());
        for (Call c : calls) {
            steps.add(c.step());
        }
        return agreedVerdicts.computeIfAbsent(steps, k -> (int) -cluster.max(-blocksVerdict(calls)));
    }

    /** A timed call is never held on a GPU: the verdicts the ranks agreed on are asked again. */
    @Override
    public void profilingChanged() {
        agreedVerdicts.clear();
    }

    /** {@return the least of what this rank's blocks say of a pass of {@code calls}} */
    private int blocksVerdict(List<Call> calls) {
        int verdict = 1;
        for (PlaceBlock b : mine) {
            verdict = Math.min(verdict, b.holds(calls));
            if (verdict < 0) {
                break; // (on the CPU, at the first block)
            }
        }
        return verdict;
    }

    /**
     * Runs the held calls: one alone as any call, several as one pass on every block after an exchange of every stale
     * attribute's halo as wide as the steps reach together (widened first where it is narrower).
     */
    private void runHeld() {
        if (held.isEmpty()) {
            return;
        }
        List<Call> calls = held;
        held = new ArrayList<>();
        if (calls.size() == 1) {
            callNow(calls.get(0));
            return;
        }
        int halo = 0;
        for (Call c : calls) {
            halo += model.steps().get(c.step()).reach();
        }
        if (halo > pad()) {
            ensureReach(halo);
        }
        TreeSet<Integer> all = new TreeSet<>();
        for (int a = 0; a < dirty.length; a++) {
            all.add(a);
        }
        prepareRemote(all);
        onEveryBlock(b -> b.runHeld(calls));
        for (Call c : calls) {
            for (int a : model.steps().get(c.step()).writes()) {
                dirty[a] = true;
            }
        }
    }

    /**
     * Gives {@code work} to every block of this rank, which may run it beside the others' (a GPU's partitions), then
     * joins every block ({@link PlaceBlock#join}), each even where the work or a join before it failed; throws what
     * the work threw, or else the first failure of a join, with the later ones suppressed.
     */
    private void onEveryBlock(Consumer<PlaceBlock> work) {
        RuntimeException first = null;
        try {
            for (PlaceBlock b : mine) {
                work.accept(b);
            }
        } catch (RuntimeException e) {
            first = e;
        }
        for (PlaceBlock b : mine) {
            try {
                b.join();
            } catch (RuntimeException e) {
                if (first == null) {
                    first = e;
                } else {
                    first.addSuppressed(e);
                }
            }
        }
        if (first != null) {
            throw first;
        }
    }

    /**
     * {@return the widest halo the blocks may have: what the narrowest partition holds along a cut dimension of a grid
     * (along any dimension of a torus, where a partition spanning one is its own neighbour), 0 on a graph (whose blocks
     * run no held passes)}
     */
    abstract int widestHalo();

    private void callNow(Call call) {
        checkOpen();
        StepInfo s = model.steps().get(call.step());
        TreeSet<Integer> due = due(s.remoteReads());
        if (!due.isEmpty() && !links().isEmpty() && splitWanted() && splits()) {
            callSplit(call, due);
        } else {
            prepareRemote(s.remoteReads());
            onEveryBlock(b -> b.call(call));
        }
        for (int a : s.writes()) {
            dirty[a] = true;
        }
        for (int slot : s.agentWrites().keySet()) {
            boundAgents[slot].attributesChanged(); // the places wrote their agents: rows on the halos are stale
        }
    }

    /** Runs every block's interior while the halo is in flight, and its border after it has landed. */
    private void callSplit(Call call, TreeSet<Integer> due) {
        List<List<Transport.Message>> messages = pack(due);
        Runnable finish = transport.start(messages.get(0), messages.get(1));
        for (int p = 0; p < blocks.length; p++) {
            Region inside = blocks[p] == null ? null : interior(p);
            if (inside != null) {
                blocks[p].callBox(call, inside);
            }
        }
        finish.run();
        unpack(due);
        clean(due);
        for (int p = 0; p < blocks.length; p++) {
            if (blocks[p] == null) {
                continue;
            }
            for (Region box : border(p)) {
                blocks[p].callBox(call, box);
            }
            blocks[p].finishCall(call.step());
        }
    }

    private boolean splits() {
        for (PlaceBlock b : mine) {
            if (!b.splits()) {
                return false;
            }
        }
        return true;
    }

    @Override
    public long count(Call call) {
        checkOpen();
        StepInfo s = model.steps().get(call.step());
        prepareRemote(s.remoteReads());
        long total = 0;
        for (PlaceBlock b : mine) {
            total += b.count(call);
        }
        for (int a : s.writes()) {
            dirty[a] = true;
        }
        return cluster.sum(total);
    }

    @Override
    public void setShared(int index, Object values) {
        checkOpen();
        for (PlaceBlock b : mine) {
            b.setShared(index, values);
        }
    }

    @Override
    public void getShared(int index, Object target) {
        checkNotClosed(); // host values: no held step runs, so that one rank alone may ask
        mine[0].getShared(index, target);
    }

    @Override
    public Reduction reduce(int attribute, int element) {
        checkOpen();
        AttributeInfo info = model.attributes().get(attribute);
        return Spread.partials(cluster, mine, attribute, element).result(info.type(),
                model.modelClass().getSimpleName() + "." + info.name());
    }

    @Override
    public Extremes extremes(int attribute, int element) {
        checkOpen();
        return Spread.partials(cluster, mine, attribute, element).extremes(model.attributes().get(attribute).type());
    }

    /** Runs the held steps and holds none from now on: agents live on these places and read them. */
    void stopHolding() {
        checkOpen();
        holding = false;
    }

    /** Binds each block to the agents of its partition of a collection on these places. */
    @Override
    public void bindAgents(int slot, AgentStore agents) {
        checkOpen();
        holding = false; // agents read the places between steps
        boundAgents[slot] = PartitionedAgents.bindTo(this, blocks, slot, agents);
    }

    @Override
    public void synchronize() {
        checkOpen();
        for (PlaceBlock b : mine) {
            b.synchronize();
        }
    }

    @Override
    public long bytes() {
        long total = 0;
        for (PlaceBlock b : mine) {
            total += b.bytes();
        }
        if (!transport.deviceMemory()) {
            for (Link l : links()) {
                boolean one = l.out() != null && l.out().equals(l.in()); // the sender packs into the receive
                total += (l.out() == null || one ? 0 : l.out().byteSize()) + (l.in() == null ? 0 : l.in().byteSize());
            }
        }
        return cluster.sum(total);
    }

    /** Refuses a closed store, and runs the held steps: before anything else touches the places. */
    final void checkOpen() {
        checkNotClosed();
        runHeld();
    }

    private void checkNotClosed() {
        if (closed) {
            throw new ColonyException("the places of " + model.modelClass().getSimpleName() + " are closed");
        }
    }

    @Override
    public void close() {
        if (!closed) {
            closed = true;
            Closeables.closeAll(blocks);
        }
    }
}
