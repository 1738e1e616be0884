package org.colony.runtime.cpu;

import java.lang.reflect.Array;
import java.util.Arrays;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.atomic.AtomicLong;
import org.colony.ColonyException;
import org.colony.kernel.AgentView;
import org.colony.kernel.AttributeInfo;
import org.colony.kernel.Call;
import org.colony.kernel.Combine;
import org.colony.kernel.Layout;
import org.colony.kernel.ModelDescriptor;
import org.colony.kernel.ModelInfo;
import org.colony.kernel.StepInfo;
import org.colony.runtime.agents.ManageReport;
import org.colony.runtime.reduce.ColumnAccumulator;
import org.colony.runtime.reduce.Extremes;
import org.colony.runtime.reduce.Reduction;
import org.colony.runtime.spi.AgentStore;
import org.colony.runtime.spi.StepFailure;
import org.colony.runtime.storage.AgentColumns;
import org.colony.runtime.storage.BlockStorage;

/**
 * An agent collection on the CPU: columns by slot, live agents in id order, worked by the thread pool
 * in chunks of slots. {@link #manage} applies deaths, moves and births with data-parallel building
 * blocks (counting sort by place, priority resolution, stable compaction; see {@link ManageRound}). The
 * agents of one partition of a partitioned grid are a {@link CpuAgentPartition}.
 */
class CpuAgentStore implements AgentStore {

    final ModelDescriptor descriptor;
    final ModelInfo model;
    final CpuPlaceStore places;
    final WorkerPool pool;
    final int capacity;
    private final Object[] shared;
    final AgentColumns cols;
    /** The working arrays of {@code manageAll}, reused from round to round. */
    final ManageScratch scratch = new ManageScratch();
    private final AgentStore[] bound;
    private long nextId;
    /** The agents grouped by the storage cell of their place; rebuilt after manageAll or a wider halo. */
    PlaceIndex index;
    /** The index before the agents last changed, whose arrays the next index reuses (null when none). */
    private PlaceIndex retired;
    private boolean closed;

    /** Agents with ids 0, 1, ... on the given places. */
    CpuAgentStore(ModelDescriptor descriptor, CpuPlaceStore places, WorkerPool pool, long[] initial, int capacity) {
        this(descriptor, places, pool, null, initial, capacity);
    }

    /** Agents with the given ids (increasing; null: 0, 1, ...) on the given places. */
    CpuAgentStore(ModelDescriptor descriptor, CpuPlaceStore places, WorkerPool pool, long[] initialIds,
            long[] initial, int capacity) {
        this.descriptor = descriptor;
        this.model = descriptor.info();
        this.places = places;
        places.stopHolding(); // agents read and write the places' columns directly
        this.pool = pool;
        this.capacity = capacity;
        this.shared = BlockStorage.newShared(model);
        int n = initial.length;
        this.cols = new AgentColumns(model, places.model(), Math.max(AgentColumns.MIN_SLOTS, n + n / 2), shared);
        long[] ids = cols.ids();
        long[] loc = cols.locations();
        for (int i = 0; i < n; i++) {
            ids[i] = initialIds == null ? i : initialIds[i];
            loc[i] = initial[i];
        }
        cols.count(n);
        this.nextId = n;
        this.bound = new AgentStore[model.agentClasses().size()];
    }

    @Override
    public ModelInfo model() {
        return model;
    }

    @Override
    public long size() {
        return cols.count();
    }

    @Override
    public void bindAgents(int slot, AgentStore agents) {
        bound[slot] = agents;
    }

    String name() {
        return model.modelClass().getSimpleName();
    }

    void checkOpen() {
        if (closed) {
            throw new ColonyException("the agents of " + name() + " are closed");
        }
    }

    // ---- the agents grouped by place, for iteration and place writes ------------------------

    PlaceIndex index() {
        Layout l = places.block().layout();
        if (index == null || !index.layout().equals(l)) {
            index = buildIndex(l, recycle());
        }
        return index;
    }

    /** Drops the index, the agents having changed; its arrays serve the next one. */
    void dropIndex() {
        if (index != null) {
            retired = index;
        }
        index = null;
    }

    /** {@return an index no longer used, whose arrays a new index may take over (null when none); forgets it} */
    PlaceIndex recycle() {
        PlaceIndex old = index != null ? index : retired;
        retired = null;
        return old;
    }

    /** The index of one block covering the grid: a wrapping grid's halo repeats the far side. */
    PlaceIndex buildIndex(Layout l, PlaceIndex recycled) {
        return l.wrap() && l.pad() > 0 ? PlaceIndex.wrapped(cols.locations(), cols.count(), l, recycled)
                : PlaceIndex.owned(cols.locations(), cols.count(), l, recycled);
    }

    @Override
    public long[] ids() {
        long[] out = new long[cols.count()];
        System.arraycopy(cols.ids(), 0, out, 0, out.length);
        return out;
    }

    /** The agent view kernels iterate (ids by slot, not a copy). */
    AgentView view() {
        index();
        return new AgentView() {
            @Override
            public int[] start() {
                return index.start();
            }

            @Override
            public int[] order() {
                return index.order();
            }

            @Override
            public Object column(int attribute) {
                return cols.column(attribute);
            }

            @Override
            public long[] ids() {
                return cols.ids();
            }

            @Override
            public Object incoming(int attribute) {
                return cols.incoming(attribute);
            }

            @Override
            public boolean[] killed() {
                return cols.killed();
            }
        };
    }

    @Override
    public long[] takeCreated(int slot) {
        return cols.created(slot);
    }

    /** Makes the incoming columns of the agents a step writes ready (see {@link AgentColumns#prepareIncoming}). */
    static void prepareIncoming(StepInfo s, AgentStore[] bound) {
        for (var slot : s.agentWrites().entrySet()) {
            AgentColumns target = ((CpuAgentStore) bound[slot.getKey()]).cols;
            for (var w : slot.getValue().entrySet()) {
                target.prepareIncoming(w.getKey(), w.getValue());
            }
        }
    }

    /** Combines the writes a step made to other agents into their columns, as it ends. */
    static void applyIncoming(StepInfo s, AgentStore[] bound) {
        for (var slot : s.agentWrites().entrySet()) {
            AgentColumns target = ((CpuAgentStore) bound[slot.getKey()]).cols;
            for (var w : slot.getValue().entrySet()) {
                target.applyIncoming(w.getKey(), w.getValue());
            }
        }
    }

    AgentView[] views(StepInfo s) {
        AgentView[] views = new AgentView[bound.length];
        for (int slot = 0; slot < bound.length; slot++) { // in slot order: s.iterates() has no fixed order
            if (!s.iterates().contains(slot)) {
                continue;
            }
            if (!(bound[slot] instanceof CpuAgentStore other)) {
                // The runtime refuses such a step before it reaches a backend (ModelCollection.checkIterated).
                throw new IllegalStateException("slot=" + slot + " of " + name() + " is iterated by step " + s.name()
                        + " but not bound");
            }
            views[slot] = other.view();
        }
        return views;
    }

    // ---- steps ------------------------------------------------------------------------------

    @Override
    public void call(Call call) {
        call(call, true);
    }

    /**
     * Runs a step; with {@code apply}, applies what it wrote into agents as it ends, else leaves that to
     * {@link #applyIncoming(StepInfo, AgentStore[])} (a partition's ghost rows send theirs to their owners first).
     */
    void call(Call call, boolean apply) {
        StepInfo s = model.steps().get(call.step());
        prepare(s, call);
        prepareIncoming(s, bound);
        for (int slot : s.creates()) {
            cols.prepareCreates(slot);
        }
        run(s, (from, to) -> descriptor.runAgents(cols, from, to));
        for (int a : s.writes()) {
            if (s.buffers(a)) {
                cols.swap(a);
            }
        }
        if (apply) {
            applyIncoming(s, bound);
        }
        applyPlaceWrites(s);
    }

    /** Applies what step {@code step} wrote into agents (after {@code call(call, false)}). */
    void applyIncoming(int step) {
        checkOpen();
        applyIncoming(model.steps().get(step), bound);
    }

    @Override
    public long count(Call call) {
        StepInfo s = model.steps().get(call.step());
        prepare(s, call);
        AtomicLong total = new AtomicLong();
        run(s, (from, to) -> total.addAndGet(descriptor.countAgents(cols, from, to)));
        return total.get();
    }

    private void prepare(StepInfo s, Call call) {
        checkOpen();
        for (Map.Entry<Integer, Combine> w : new TreeMap<>(s.placeWrites()).entrySet()) {
            if (w.getValue() == Combine.SET && capacity > 1) {
                String attr = places.model().attributes().get(w.getKey()).name();
                throw new ColonyException("step " + name() + "." + s.name() + " (" + s.source() + ") writes place()."
                        + attr + " with a plain assignment, which needs at most one " + name() + " per place, but "
                        + "this collection allows " + (capacity == Integer.MAX_VALUE ? "any number" : capacity)
                        + "; create it with capacity 1, or write with +=, Math.min or Math.max");
            }
            cols.resetContribution(w.getKey());
        }
        places.prepareRemote(s.placeRemoteReads());
        cols.prepare(places.block(), views(s), s.byPlace() ? view() : null, call);
    }

    /** {@return the tasks that share work on {@code n} slots} */
    private int slotTasks(int n) {
        return n < CpuPlaceStore.SEQUENTIAL_CELLS / 4 ? 1 : Math.min(pool.parallelism() * 4, n / 2048);
    }

    /** Work on a range of slots. */
    @FunctionalInterface
    interface Range {
        void run(int from, int to);
    }

    /**
     * Runs a step's kernel over the agents' slots in chunks, or, for a step that runs place by place ({@link
     * StepInfo#byPlace}), over the block's owned places in chunks: a place's agents are run by one thread in id order.
     */
    private void run(StepInfo s, Range range) {
        int agents = cols.count();
        int n = s.byPlace() ? (int) places.block().layout().ownedCells() : agents;
        int parts = Math.max(1, Math.min(slotTasks(agents), n));
        try {
            pool.run(parts, i -> range.run((int) ((long) n * i / parts), (int) ((long) n * (i + 1) / parts)));
        } catch (RuntimeException e) {
            throw StepFailure.of(descriptor, s, e);
        }
    }

    private void applyPlaceWrites(StepInfo s) {
        if (s.placeWrites().isEmpty()) {
            return;
        }
        // The work is proportional to the agents, taken in slot (= id) order: on one thread in one pass. With
        // capacity 1 (a place has at most one agent) the tasks share out the slots; otherwise each thread goes
        // through every slot and applies the agents on its own share of the block's places.
        int n = cols.count();
        boolean own = capacity == 1;
        int tasks = pool.parallelism() == 1 || slotTasks(n) <= 1 ? 1 : own ? slotTasks(n) : pool.parallelism();
        Layout l = places.block().layout();
        long[] locations = cols.locations();
        long lo = l.origin0() + (long) l.size0() * (l.origin1() + (long) l.size1() * l.origin2());
        long hi = l.origin0() + l.extent0() + (long) l.size0() * (l.origin1() + l.extent1() - 1
                + (long) l.size1() * (l.origin2() + l.extent2() - 1));
        for (Map.Entry<Integer, Combine> w : s.placeWrites().entrySet()) {
            int attr = w.getKey();
            Combine op = w.getValue();
            AttributeInfo info = places.model().attributes().get(attr);
            for (int k = 0; k < info.columns(); k++) {
                Object column = places.block().column(attr, k);
                Object contribution = info.isArray() ? ((Object[]) cols.contribution(attr))[k] : cols.contribution(attr);
                boolean[] written = info.isArray() ? ((boolean[][]) cols.contributed(attr))[k]
                        : (boolean[]) cols.contributed(attr);
                try {
                    pool.run(tasks, t -> {
                        if (own || tasks == 1) {
                            PlaceWrites.apply(op, column, contribution, written, locations, l,
                                    (int) ((long) n * t / tasks), (int) ((long) n * (t + 1) / tasks), lo, hi);
                        } else {
                            PlaceWrites.apply(op, column, contribution, written, locations, l, 0, n,
                                    lo + (hi - lo) * t / tasks, lo + (hi - lo) * (t + 1) / tasks);
                        }
                    });
                } catch (RuntimeException e) {
                    String what = name() + "." + s.name() + " (" + s.source() + "): place attribute " + info.name();
                    throw e instanceof ColonyException c ? c : new ColonyException(what + ": " + e, e);
                }
            }
            places.markDirty(attr);
        }
    }

    // ---- manageAll ---------------------------------------------------------------------------

    @Override
    public ManageReport manage(long seed, long epoch) {
        checkOpen();
        ManageReport r = ManageRound.manage(cols, places.block().layout(), capacity, seed, epoch, nextId, name(),
                scratch);
        nextId += r.births();
        dropIndex();
        return r;
    }

    @Override
    public void add(long[] ids, long[] places, Object[] values) {
        checkOpen();
        cols.add(ids, places, values);
        if (ids.length > 0) {
            nextId = Math.max(nextId, ids[ids.length - 1] + 1);
        }
        dropIndex();
    }

    @Override
    public void restore(long[] ids, long[] places, int[] ordinals, Object[] values, long nextId) {
        checkOpen();
        cols.count(0);
        cols.add(ids, places, values);
        System.arraycopy(ordinals, 0, cols.ordinals(), 0, ordinals.length);
        this.nextId = nextId;
        dropIndex();
    }

    @Override
    public int[] ordinals() {
        checkOpen();
        return Arrays.copyOf(cols.ordinals(), cols.count());
    }

    // ---- attributes ------------------------------------------------------------------------

    @Override
    public void read(int attribute, int element, Object target) {
        checkOpen();
        System.arraycopy(cols.column(attribute, element), 0, target, 0, cols.count());
    }

    @Override
    public void write(int attribute, int element, Object source) {
        checkOpen();
        System.arraycopy(source, 0, cols.column(attribute, element), 0, cols.count());
    }

    @Override
    public long[] places() {
        long[] out = new long[cols.count()];
        System.arraycopy(cols.locations(), 0, out, 0, out.length);
        return out;
    }

    @Override
    public Reduction reduce(int attribute, int element) {
        AttributeInfo info = model.attributes().get(attribute);
        return partial(attribute, element).result(info.type(), name() + "." + info.name());
    }

    @Override
    public Extremes extremes(int attribute, int element) {
        return partial(attribute, element).extremes(model.attributes().get(attribute).type());
    }

    /** The partial reduction of one element column. */
    public ColumnAccumulator partial(int attribute, int element) {
        checkOpen();
        Object column = cols.column(attribute, element);
        int n = cols.count();
        int tasks = n < CpuPlaceStore.SEQUENTIAL_CELLS ? 1 : pool.parallelism() * 4;
        ColumnAccumulator[] parts = new ColumnAccumulator[tasks];
        pool.run(tasks, i -> {
            ColumnAccumulator acc = new ColumnAccumulator();
            acc.addRow(column, (int) ((long) n * i / tasks), (int) ((long) n * (i + 1) / tasks));
            parts[i] = acc;
        });
        ColumnAccumulator total = parts[0];
        for (int i = 1; i < tasks; i++) {
            total.merge(parts[i]);
        }
        return total;
    }

    @Override
    public void setShared(int index, Object values) {
        checkOpen();
        System.arraycopy(values, 0, shared[index], 0, Array.getLength(shared[index]));
    }

    @Override
    public long bytes() {
        return cols.bytes() + (index == null ? 0 : index.bytes());
    }

    @Override
    public void close() {
        closed = true;
    }
}
