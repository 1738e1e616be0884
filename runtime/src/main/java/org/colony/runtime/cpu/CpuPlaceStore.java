package org.colony.runtime.cpu;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.reflect.Array;
import java.util.Arrays;
import java.util.Set;
import java.util.concurrent.atomic.AtomicLong;
import org.colony.ColonyException;
import org.colony.kernel.AgentView;
import org.colony.kernel.AttributeInfo;
import org.colony.kernel.Call;
import org.colony.kernel.GraphRows;
import org.colony.kernel.Layout;
import org.colony.kernel.ModelDescriptor;
import org.colony.kernel.ModelInfo;
import org.colony.kernel.ScalarType;
import org.colony.kernel.StepInfo;
import org.colony.runtime.graph.Graph;
import org.colony.runtime.grid.Block;
import org.colony.runtime.grid.Grid;
import org.colony.runtime.grid.Region;
import org.colony.runtime.halo.WrapHalo;
import org.colony.runtime.reduce.ColumnAccumulator;
import org.colony.runtime.reduce.Extremes;
import org.colony.runtime.reduce.Reduction;
import org.colony.runtime.spi.AgentStore;
import org.colony.runtime.spi.PlaceBlock;
import org.colony.runtime.spi.StepFailure;
import org.colony.runtime.storage.BlockStorage;
import org.colony.runtime.storage.HostCopy;
import org.colony.runtime.tuning.RuntimeSwitches;

/**
 * A Places collection on the CPU: one block with a halo as wide as the model's reach, worked by the thread
 * pool in chunks of rows. The block covers the whole grid (and fills a wrapping halo itself), or is one
 * partition of a partitioned grid (and the runtime fills its halo by exchange).
 */
final class CpuPlaceStore implements PlaceBlock {

    /** Below this many cells a call runs as one chunk on the calling thread. */
    static final int SEQUENTIAL_CELLS = 1 << 15;

    private final ModelDescriptor descriptor;
    private final ModelInfo model;
    private final Grid grid;
    private final WorkerPool pool;
    private BlockStorage block;
    private final Object[] shared;
    private final boolean[] dirty;
    private final AgentStore[] bound;
    /** Whether the halo comes from exchange with other partitions rather than from this block. */
    private final boolean partition;
    private final HoldSettings settings;
    /** Whether this block's bit-sliced steps may run on booleans kept as bits between calls. */
    private final boolean bitStorage = RuntimeSwitches.BIT_STORAGE.on();
    /** Per step, whether its calls run on bits ({@link BitsBackoff}). */
    private final BitsBackoff backoff;
    /** Place steps held back to run together; null where this block never holds any. */
    private HeldSteps held;
    /** The graph whose vertices the places are; null for a grid. */
    private Graph graph;
    /** Whether the incoming columns of the agents the step under way writes are ready (until its finishCall). */
    private boolean incomingReady;
    private boolean closed;

    CpuPlaceStore(ModelDescriptor descriptor, Grid grid, WorkerPool pool, HoldSettings settings) {
        this(descriptor, grid, pool, layout(descriptor.info(), grid, descriptor.info().reach()), false, settings);
    }

    /** A block with the given layout; {@code partition}: its halo is filled by exchange. */
    CpuPlaceStore(ModelDescriptor descriptor, Grid grid, WorkerPool pool, Layout layout, boolean partition,
            HoldSettings settings) {
        this.descriptor = descriptor;
        this.model = descriptor.info();
        this.grid = grid;
        this.pool = pool;
        this.partition = partition;
        this.shared = BlockStorage.newShared(model);
        this.block = new BlockStorage(model, layout, shared);
        this.dirty = new boolean[model.attributes().size()];
        Arrays.fill(dirty, true);
        this.bound = new AgentStore[model.agentClasses().size()];
        this.settings = settings;
        this.held = HeldSteps.forBlock(descriptor, layout, partition, pool, settings);
        this.backoff = new BitsBackoff(model.steps().size());
    }

    /** The layout of a single block covering the whole grid, with a halo of {@code pad}. */
    static Layout layout(ModelInfo model, Grid grid, int pad) {
        return Block.whole(grid).layout(grid, pad);
    }

    /**
     * The block's storage, after the held steps have run, its columns holding every value (agents' kernels read them
     * from their threads).
     */
    BlockStorage block() {
        runHeld();
        block.toColumns();
        return block;
    }

    /** Runs the place steps held back, if any. */
    private void runHeld() {
        if (held != null && !held.isEmpty()) {
            block.toColumns();
            held.run(block);
        }
    }

    /** Runs the held steps and holds none from now on: agents live on these places and read them. */
    void stopHolding() {
        runHeld();
        held = null;
    }

    @Override
    public void synchronize() {
        checkOpen();
        runHeld();
    }

    @Override
    public void bindAgents(int slot, AgentStore agents) {
        stopHolding();
        bound[slot] = agents;
    }

    @Override
    public void ensureReach(int reach) {
        runHeld();
        if (reach <= block.layout().pad()) {
            return;
        }
        Layout l = block.layout();
        BlockStorage wider = new BlockStorage(model, new Layout(l.dims(), l.size0(), l.size1(), l.size2(), l.origin0(),
                l.origin1(), l.origin2(), l.extent0(), l.extent1(), l.extent2(), reach, l.wrap()), shared);
        wider.copyOwned(block);
        if (graph != null) {
            wider.graph(graph.rows(wider.layout().base()));
        }
        block = wider;
        Arrays.fill(dirty, true);
        backoff.reset();
        if (held != null) {
            held = HeldSteps.forBlock(descriptor, wider.layout(), partition, pool, settings);
        }
    }

    @Override
    public void bindGraph(Graph graph) {
        this.graph = graph;
        block.graph(graph.rows(block.layout().base()));
    }

    @Override
    public void bindGraph(GraphRows rows) {
        block.graph(rows);
    }

    @Override
    public void gather(int attribute, int element, int[] cells, MemorySegment buffer, long offset) {
        checkOpen();
        HostCopy.gather(block.column(attribute, element), cells, buffer, offset,
                model.attributes().get(attribute).type());
    }

    /** Notes that an attribute changed outside a place step (agents wrote it). */
    void markDirty(int attribute) {
        dirty[attribute] = true;
    }

    /** Fills the halo of attributes about to be read on neighbouring places, where it is stale. */
    void prepareRemote(Set<Integer> attributes) {
        if (partition) {
            return; // the runtime exchanges the halo before the call
        }
        Layout l = block.layout();
        for (int a : attributes) {
            if (dirty[a] && l.wrap() && l.pad() > 0) {
                AttributeInfo info = model.attributes().get(a);
                for (int k = 0; k < info.columns(); k++) {
                    WrapHalo.fill(l, block.column(a, k));
                }
            }
            dirty[a] = false;
        }
    }

    private AgentView[] views(StepInfo s) {
        AgentView[] views = new AgentView[bound.length];
        for (int slot = 0; slot < bound.length; slot++) { // in slot order: s.iterates() has no fixed order
            if (!s.iterates().contains(slot)) {
                continue;
            }
            if (!(bound[slot] instanceof CpuAgentStore agents)) {
                // The runtime refuses such a step before it reaches a backend (ModelCollection.checkIterated).
                throw new IllegalStateException("slot=" + slot + " of " + model.modelClass().getSimpleName()
                        + " is iterated by step " + s.name() + " but not bound");
            }
            views[slot] = agents.view();
        }
        return views;
    }

    @Override
    public ModelInfo model() {
        return model;
    }

    @Override
    public Grid grid() {
        return grid;
    }

    @Override
    public void call(Call call) {
        StepInfo s = model.steps().get(call.step());
        if (held != null && !settings.profiling()) {
            checkOpen();
            if (held.hold(block, call)) {
                for (int a : s.writes()) {
                    dirty[a] = true;
                }
                return;
            }
        }
        runHeld();
        BlockStorage.BitOffer offer = block.offer(call.step());
        if (offer != null && onBits(s) && backoff.pays(call.step(), block.bitsHold(offer))
                && callOnBits(s, call, offer)) {
            return;
        }
        backoff.ran(call.step(), false);
        prepare(s, call);
        runChunks(s, (r0, r1, x0, x1) -> descriptor.run(block, r0, r1, x0, x1));
        finishCall(call.step());
    }

    /**
     * Whether a call of {@code s}, whose kernel offered to run on bits, does: one block of a 2-D grid (partitions
     * exchange their halos as columns), a plain place step, and {@link RuntimeSwitches#BIT_STORAGE} on.
     */
    private boolean onBits(StepInfo s) {
        return bitStorage && !partition && block.layout().dims() == 2 && graph == null && !s.predicate()
                && !s.boundaryOnly() && s.iterates().isEmpty() && s.creates().isEmpty();
    }

    /**
     * Runs a call on the bits the block keeps between calls ({@code BlockBits}), in chunks of whole rows; false (and
     * the step runs on the columns from then on) where the heap has no room for the bits.
     */
    private boolean callOnBits(StepInfo s, Call call, BlockStorage.BitOffer offer) {
        checkOpen();
        block.agents(views(s));
        block.prepare(call);
        try {
            block.beginBits(s, offer);
        } catch (OutOfMemoryError e) { // (a grid that just fits the heap as columns: a bit a cell more does not)
            block.dropBits();
            backoff.never(call.step());
            return false;
        }
        backoff.ran(call.step(), true);
        boolean done = false;
        try {
            Layout l = block.layout();
            runChunks(s, l.rows(), l.extent0(), true, (r0, r1, x0, x1) -> descriptor.run(block, r0, r1, x0, x1));
            done = true;
        } finally {
            block.endBits(s, done);
        }
        for (int a : s.writes()) {
            dirty[a] = true; // the columns' halos are refilled once the bits are unpacked
        }
        return true;
    }

    @Override
    public boolean splits() {
        return partition;
    }

    @Override
    public void callBox(Call call, Region box) {
        runHeld();
        StepInfo s = model.steps().get(call.step());
        prepare(s, call);
        int extent1 = block.layout().extent1();
        int[] lo = box.lo();
        int[] hi = box.hi();
        for (int z = lo[2]; z < hi[2]; z++) {
            int row0 = z * extent1 + lo[1];
            int rows = hi[1] - lo[1];
            runChunks(s, rows, hi[0] - lo[0], (r0, r1, x0, x1) -> descriptor.run(block, row0 + r0, row0 + r1,
                    lo[0] + x0, lo[0] + x1));
        }
    }

    @Override
    public long[] takeCreated(int slot) {
        return block.created(slot);
    }

    @Override
    public void finishCall(int step) {
        StepInfo s = model.steps().get(step);
        if (incomingReady) {
            CpuAgentStore.applyIncoming(s, bound);
            incomingReady = false;
        }
        for (int a : s.writes()) {
            if (s.buffers(a) && s.boundaryOnly()) {
                block.commitBoundary(a); // the step wrote the second column on the boundary alone
            } else if (s.buffers(a)) {
                block.swap(a);
            }
            dirty[a] = true;
        }
    }

    @Override
    public long count(Call call) {
        runHeld();
        StepInfo s = model.steps().get(call.step());
        prepare(s, call);
        AtomicLong total = new AtomicLong();
        runChunks(s, (r0, r1, x0, x1) -> total.addAndGet(descriptor.count(block, r0, r1, x0, x1)));
        return total.get();
    }

    private void prepare(StepInfo s, Call call) {
        checkOpen();
        block.toColumns();
        prepareRemote(s.remoteReads());
        block.agents(views(s));
        block.prepare(call);
        if (!incomingReady && (!s.agentWrites().isEmpty() || !s.creates().isEmpty())) { // once per call
            CpuAgentStore.prepareIncoming(s, bound);
            for (int slot : s.creates()) {
                block.prepareCreates(slot);
            }
            incomingReady = true;
        }
    }

    /** Work on a box of rows and x. */
    @FunctionalInterface
    interface Chunk {
        void run(int row0, int row1, int x0, int x1);
    }

    private void runChunks(StepInfo s, Chunk chunk) {
        Layout l = block.layout();
        runChunks(s, l.rows(), l.extent0(), false, chunk);
    }

    private void runChunks(StepInfo s, int rows, int width, Chunk chunk) {
        runChunks(s, rows, width, false, chunk);
    }

    /**
     * Runs {@code chunk} over rows {@code [0, rows)} and x {@code [0, width)} in parallel pieces; {@code wholeRows}:
     * pieces of whole rows only (a call on bits, whose threads would otherwise share words).
     */
    private void runChunks(StepInfo s, int rows, int width, boolean wholeRows, Chunk chunk) {
        if (rows <= 0 || width <= 0) {
            return;
        }
        long cells = (long) rows * width;
        int tasks = cells < SEQUENTIAL_CELLS ? 1 : (int) Math.min(pool.parallelism() * 4L, cells / (SEQUENTIAL_CELLS / 4));
        int rowParts = Math.min(rows, tasks);
        int xParts = rows >= tasks || wholeRows ? 1 : (tasks + rows - 1) / rows;
        try {
            pool.run(rowParts * xParts, i -> {
                int rp = i / xParts;
                int xp = i % xParts;
                int r0 = (int) ((long) rows * rp / rowParts);
                int r1 = (int) ((long) rows * (rp + 1) / rowParts);
                int x0 = (int) ((long) width * xp / xParts);
                int x1 = (int) ((long) width * (xp + 1) / xParts);
                chunk.run(r0, r1, x0, x1);
            });
        } catch (RuntimeException e) {
            throw StepFailure.of(descriptor, s, e);
        }
    }

    @Override
    public void read(int attribute, int element, Object target) {
        checkOpen();
        runHeld();
        Layout l = block.layout();
        Object column = block.column(attribute, element);
        forEachRow(l, (storage, global, length) -> System.arraycopy(column, storage, target, (int) global, length));
    }

    @Override
    public void write(int attribute, int element, Object source) {
        checkOpen();
        runHeld();
        Layout l = block.layout();
        Object column = block.column(attribute, element);
        forEachRow(l, (storage, global, length) -> System.arraycopy(source, (int) global, column, storage, length));
        dirty[attribute] = true;
    }

    /** A run of owned cells of one row: where it is stored, its global index, its length. */
    @FunctionalInterface
    interface Row {
        void accept(int storage, long global, int length);
    }

    private void forEachRow(Layout l, Row row) {
        for (int r = 0; r < l.rows(); r++) {
            int ly = r % l.extent1();
            int lz = r / l.extent1();
            long global = grid.index(l.origin0(), l.origin1() + ly, l.origin2() + lz);
            row.accept(l.storageIndex(0, ly, lz), global, l.extent0());
        }
    }

    @Override
    public Object value(int attribute, int element, long index) {
        checkOpen();
        runHeld();
        Layout l = block.layout();
        int x = (int) (index % grid.size(0));
        long rest = index / grid.size(0);
        int y = (int) (rest % grid.size(1));
        int z = (int) (rest / grid.size(1));
        return Array.get(block.column(attribute, element),
                l.storageIndex(x - l.origin0(), y - l.origin1(), z - l.origin2()));
    }

    @Override
    public void setShared(int index, Object values) {
        checkOpen();
        runHeld();
        System.arraycopy(values, 0, shared[index], 0, Array.getLength(shared[index]));
    }

    @Override
    public void getShared(int index, Object target) {
        checkOpen();
        System.arraycopy(shared[index], 0, target, 0, Array.getLength(shared[index]));
    }

    @Override
    public Reduction reduce(int attribute, int element) {
        AttributeInfo info = model.attributes().get(attribute);
        return partial(attribute, element).result(info.type(), model.modelClass().getSimpleName() + "." + info.name());
    }

    @Override
    public Extremes extremes(int attribute, int element) {
        return partial(attribute, element).extremes(model.attributes().get(attribute).type());
    }

    @Override
    public ColumnAccumulator partial(int attribute, int element) {
        checkOpen();
        runHeld();
        Layout l = block.layout();
        Object column = block.column(attribute, element);
        int rows = l.rows();
        int tasks = (long) rows * l.extent0() < SEQUENTIAL_CELLS ? 1 : Math.min(rows, pool.parallelism() * 4);
        ColumnAccumulator[] parts = new ColumnAccumulator[tasks];
        pool.run(tasks, i -> {
            ColumnAccumulator acc = new ColumnAccumulator();
            for (int r = (int) ((long) rows * i / tasks); r < (int) ((long) rows * (i + 1) / tasks); r++) {
                int start = l.storageIndex(0, r % l.extent1(), r / l.extent1());
                acc.addRow(column, start, start + l.extent0());
            }
            parts[i] = acc;
        });
        ColumnAccumulator total = parts[0];
        for (int i = 1; i < tasks; i++) {
            total.merge(parts[i]);
        }
        return total;
    }

    // ---- halo exchange -----------------------------------------------------------------------

    @Override
    public Layout layout() {
        return block.layout();
    }

    @Override
    public MemorySegment buffer(long bytes) {
        return Arena.ofAuto().allocate(Math.max(1, bytes), 8);
    }

    @Override
    public void pack(int attribute, int element, Region region, MemorySegment buffer, long offset) {
        checkOpen();
        runHeld();
        Object column = block.column(attribute, element);
        ScalarType type = model.attributes().get(attribute).type();
        long[] at = {offset};
        region.forEachRun(block.layout(), (storage, length) -> {
            HostCopy.toSegment(column, storage, buffer, at[0], length, type);
            at[0] += (long) length * type.bytes();
        });
    }

    @Override
    public void unpack(int attribute, int element, Region region, MemorySegment buffer,
            long offset) {
        checkOpen();
        runHeld();
        Object column = block.column(attribute, element);
        ScalarType type = model.attributes().get(attribute).type();
        long[] at = {offset};
        region.forEachRun(block.layout(), (storage, length) -> {
            HostCopy.fromSegment(buffer, at[0], column, storage, length, type);
            at[0] += (long) length * type.bytes();
        });
    }

    @Override
    public long bytes() {
        return BlockStorage.bytes(model, block.layout());
    }

    private void checkOpen() {
        if (closed) {
            throw new ColonyException("the places of " + model.modelClass().getSimpleName() + " are closed");
        }
    }

    @Override
    public void close() {
        closed = true;
        held = null; // nothing can read what they would compute
    }
}
