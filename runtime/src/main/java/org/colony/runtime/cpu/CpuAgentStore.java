package org.colony.runtime.cpu;

import java.util.Map;
import org.colony.runtime.ColonyException;
import org.colony.runtime.reduce.ColumnAccumulator;
import org.colony.runtime.ManageReport;
import org.colony.runtime.agents.PlaceIndex;
import org.colony.runtime.agents.PlaceWrites;
import org.colony.runtime.migration.Priority;
import org.colony.runtime.migration.Resolver;
import org.colony.runtime.random.RandomStream;
import org.colony.runtime.spi.AgentBlock;
import org.colony.runtime.spi.AgentStore;
import org.colony.runtime.spi.AgentView;
import org.colony.runtime.spi.AttributeInfo;
import org.colony.runtime.spi.Combine;
import org.colony.runtime.spi.Layout;
import org.colony.runtime.spi.ModelDescriptor;
import org.colony.runtime.spi.ModelInfo;
import org.colony.runtime.spi.Reduction;
import org.colony.runtime.spi.StepInfo;
import org.colony.runtime.storage.AgentColumns;
import org.colony.runtime.storage.BlockStorage;

/**
 * An agent collection on the CPU: columns by slot, live agents in id order, worked by the thread pool
 * in chunks of slots. {@link #manage} applies deaths, moves and births with data-parallel building
 * blocks (counting sort by place, priority resolution, stable compaction).
 */
final class CpuAgentStore implements AgentStore {

    private final ModelDescriptor descriptor;
    private final ModelInfo model;
    private final CpuPlaceStore places;
    private final WorkerPool pool;
    private final int capacity;
    private final Object[] shared;
    private final AgentColumns cols;
    private final AgentStore[] bound;
    private long nextId;
    private PlaceIndex index;
    private boolean closed;

    CpuAgentStore(ModelDescriptor descriptor, CpuPlaceStore places, WorkerPool pool, long[] initial, int capacity) {
        this.descriptor = descriptor;
        this.model = descriptor.info();
        this.places = places;
        this.pool = pool;
        this.capacity = capacity;
        this.shared = BlockStorage.newShared(model);
        int n = initial.length;
        this.cols = new AgentColumns(model, places.model(), Math.max(AgentColumns.MIN_SLOTS, n + n / 2), shared);
        long[] ids = cols.ids();
        long[] loc = cols.locations();
        for (int i = 0; i < n; i++) {
            ids[i] = i;
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

    private String name() {
        return model.modelClass().getSimpleName();
    }

    private void checkOpen() {
        if (closed) {
            throw new ColonyException("the agents of " + name() + " are closed");
        }
    }

    // ---- the agents grouped by place, for iteration and place writes ------------------------

    PlaceIndex index() {
        if (index == null) {
            index = PlaceIndex.build(cols.locations(), cols.count(), (int) places.grid().cells());
        }
        return index;
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
        };
    }

    AgentView[] views(StepInfo s) {
        AgentView[] views = new AgentView[bound.length];
        for (int slot = 0; slot < bound.length; slot++) { // in slot order: s.iterates() has no fixed order
            if (!s.iterates().contains(slot)) {
                continue;
            }
            if (!(bound[slot] instanceof CpuAgentStore other)) {
                throw new ColonyException("step " + name() + "." + s.name() + " iterates "
                        + model.agentClasses().get(slot).getSimpleName() + " agents, but no collection of them lives on "
                        + "these places; create it with sim.agents(" + model.agentClasses().get(slot).getSimpleName()
                        + ".class, places, ...)");
            }
            views[slot] = other.view();
        }
        return views;
    }

    // ---- steps ------------------------------------------------------------------------------

    @Override
    public void call(int step, Object[] args, long seed, long epoch, long time) {
        StepInfo s = model.steps().get(step);
        prepare(s, seed, epoch, time);
        run(s, (from, to) -> descriptor.runAgents(step, cols, from, to, args));
        for (int a : s.writes()) {
            if (s.buffers(a)) {
                cols.swap(a);
            }
        }
        applyPlaceWrites(s);
    }

    @Override
    public long count(int step, Object[] args, long seed, long epoch, long time) {
        StepInfo s = model.steps().get(step);
        prepare(s, seed, epoch, time);
        java.util.concurrent.atomic.AtomicLong total = new java.util.concurrent.atomic.AtomicLong();
        run(s, (from, to) -> total.addAndGet(descriptor.countAgents(step, cols, from, to, args)));
        return total.get();
    }

    private void prepare(StepInfo s, long seed, long epoch, long time) {
        checkOpen();
        for (Map.Entry<Integer, Combine> w : new java.util.TreeMap<>(s.placeWrites()).entrySet()) {
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
        cols.prepare(places.block(), views(s), seed, epoch, time);
    }

    /** Work on a range of slots. */
    @FunctionalInterface
    interface Range {
        void run(int from, int to);
    }

    private void run(StepInfo s, Range range) {
        int n = cols.count();
        int tasks = n < CpuPlaceStore.SEQUENTIAL_CELLS / 4 ? 1 : Math.min(pool.parallelism() * 4, n / 2048);
        int parts = Math.max(1, tasks);
        try {
            pool.run(parts, i -> range.run((int) ((long) n * i / parts), (int) ((long) n * (i + 1) / parts)));
        } catch (ColonyException e) {
            throw new ColonyException("step " + name() + "." + s.name() + " (" + s.source() + ") failed: "
                    + e.getMessage(), e);
        } catch (RuntimeException e) {
            throw new ColonyException("step " + name() + "." + s.name() + " (" + s.source() + ") failed: " + e, e);
        }
    }

    private void applyPlaceWrites(StepInfo s) {
        if (s.placeWrites().isEmpty()) {
            return;
        }
        PlaceIndex idx = index();
        Layout layout = places.block().layout();
        int cells = (int) places.grid().cells();
        for (Map.Entry<Integer, Combine> w : s.placeWrites().entrySet()) {
            int attr = w.getKey();
            AttributeInfo info = places.model().attributes().get(attr);
            String what = name() + "." + s.name() + " (" + s.source() + "): place attribute " + info.name();
            for (int k = 0; k < info.columns(); k++) {
                Object column = places.block().column(attr, k);
                Object contribution = info.isArray() ? ((Object[]) cols.contribution(attr))[k] : cols.contribution(attr);
                boolean[] written = info.isArray() ? ((boolean[][]) cols.contributed(attr))[k]
                        : (boolean[]) cols.contributed(attr);
                int tasks = cells < CpuPlaceStore.SEQUENTIAL_CELLS ? 1 : pool.parallelism() * 4;
                try {
                    pool.run(tasks, t -> PlaceWrites.apply(w.getValue(), column, contribution, written, idx, layout,
                            (int) ((long) cells * t / tasks), (int) ((long) cells * (t + 1) / tasks), what));
                } catch (RuntimeException e) {
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
        int n = cols.count();
        long[] ids = cols.ids();
        long[] loc = cols.locations();
        boolean[] killed = cols.killed();
        long[] targets = cols.targets();
        int[] spawns = cols.spawns();
        int cells = (int) places.grid().cells();
        boolean bounded = capacity < Integer.MAX_VALUE;
        RandomStream rng = new RandomStream(seed, epoch);

        // 1. Deaths.
        long deaths = 0;
        for (int i = 0; i < n; i++) {
            if (killed[i]) {
                deaths++;
            }
        }
        // Births asked for: checked before anything changes, so a refused manageAll leaves the agents as they were.
        long wanted = 0;
        for (int i = 0; i < n; i++) {
            if (spawns[i] < 0) {
                throw new ColonyException(name() + " agent " + ids[i] + " asked for " + spawns[i]
                        + " children; spawn(n) needs n >= 0");
            }
            wanted += spawns[i];
        }
        long survivors = n - deaths;
        if (survivors + wanted > AgentColumns.MAX_AGENTS) {
            throw new ColonyException(name() + " agents would number " + (survivors + wanted) + " after this manageAll; "
                    + "the CPU backend holds at most " + AgentColumns.MAX_AGENTS + " per collection");
        }
        // 2. Moves: a destination's room is its capacity less the living agents on it now, movers included.
        int[] occupancy = bounded ? new int[cells] : null;
        if (bounded) {
            for (int i = 0; i < n; i++) {
                if (!killed[i]) {
                    occupancy[(int) loc[i]]++;
                }
            }
        }
        long outside = 0;
        int requests = 0;
        for (int i = 0; i < n; i++) {
            if (killed[i]) {
                continue;
            }
            if (targets[i] == AgentBlock.OUTSIDE) {
                outside++;
            } else if (targets[i] >= 0 && targets[i] != loc[i]) {
                requests++;
            }
        }
        long moves = 0;
        long refused = 0;
        if (requests > 0) {
            int[] who = new int[requests];
            long[] dest = new long[requests];
            long[] prio = new long[requests];
            long[] id = new long[requests];
            int r = 0;
            for (int i = 0; i < n; i++) {
                if (!killed[i] && targets[i] >= 0 && targets[i] != loc[i]) {
                    who[r] = i;
                    dest[r] = targets[i];
                    id[r] = ids[i];
                    prio[r] = bounded ? Priority.move(rng, ids[i]) : 0;
                    r++;
                }
            }
            boolean[] won = bounded ? Resolver.resolve(dest, prio, id, requests, g -> capacity - occupancy[(int) g])
                    : null;
            for (int q = 0; q < requests; q++) {
                if (won == null || won[q]) {
                    loc[who[q]] = dest[q];
                    moves++;
                } else {
                    refused++;
                }
            }
        }
        // 3. Births on the parent's place (after its move), within the room left there.
        int[] parents = new int[(int) wanted];
        int births = 0;
        long birthsRefused = 0;
        if (wanted > 0) {
            int c = 0;
            for (int i = 0; i < n; i++) {
                for (int k = 0; k < spawns[i]; k++) {
                    parents[c++] = i;
                }
            }
            if (bounded) {
                int[] after = new int[cells];
                for (int i = 0; i < n; i++) {
                    if (!killed[i]) {
                        after[(int) loc[i]]++;
                    }
                }
                long[] dest = new long[c];
                long[] prio = new long[c];
                long[] seq = new long[c];
                int k = 0;
                for (int q = 0; q < c; q++) {
                    int p = parents[q];
                    k = (q > 0 && parents[q - 1] == p) ? k + 1 : 0;
                    dest[q] = loc[p];
                    prio[q] = Priority.child(rng, ids[p], k);
                    seq[q] = q;
                }
                boolean[] won = Resolver.resolve(dest, prio, seq, c, g -> capacity - after[(int) g]);
                int w = 0;
                for (int q = 0; q < c; q++) {
                    if (won[q]) {
                        parents[w++] = parents[q];
                    } else {
                        birthsRefused++;
                    }
                }
                births = w;
            } else {
                births = c;
            }
        }
        // 4. Stable compaction: survivors in id order, then children in parent order.
        int count = (int) survivors + births;
        int[] keep = new int[count];
        int j = 0;
        for (int i = 0; i < n; i++) {
            if (!killed[i]) {
                keep[j++] = i;
            }
        }
        System.arraycopy(parents, 0, keep, j, births);
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
        for (int b = (int) survivors; b < count; b++) {
            newIds[b] = nextId++;
        }
        index = null;
        return new ManageReport(deaths, births, moves, refused, birthsRefused, outside, count);
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
        AttributeInfo info = model.attributes().get(attribute);
        return total.result(info.type(), name() + "." + info.name());
    }

    @Override
    public void setShared(int index, Object values) {
        checkOpen();
        System.arraycopy(values, 0, shared[index], 0, java.lang.reflect.Array.getLength(shared[index]));
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
