package org.colony.cuda.internal.store;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.reflect.Array;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import org.colony.ColonyException;
import org.colony.cuda.internal.bind.CudaException;
import org.colony.cuda.internal.device.DeviceBuffer;
import org.colony.cuda.internal.device.DeviceErrors;
import org.colony.cuda.internal.launch.CudaContext;
import org.colony.cuda.internal.launch.Frames;
import org.colony.cuda.internal.launch.KernelParams;
import org.colony.cuda.internal.launch.ModelKernels;
import org.colony.cuda.internal.launch.PredicateCounter;
import org.colony.cuda.tuning.CudaSwitches;
import org.colony.kernel.AttributeInfo;
import org.colony.kernel.Call;
import org.colony.kernel.GraphRows;
import org.colony.kernel.Layout;
import org.colony.kernel.ModelDescriptor;
import org.colony.kernel.ModelInfo;
import org.colony.kernel.ScalarType;
import org.colony.kernel.SharedInfo;
import org.colony.kernel.StepInfo;
import org.colony.kernel.cuda.KernelParam;
import org.colony.runtime.graph.Graph;
import org.colony.runtime.grid.Block;
import org.colony.runtime.grid.Grid;
import org.colony.runtime.grid.Region;
import org.colony.runtime.reduce.Bins;
import org.colony.runtime.reduce.ColumnAccumulator;
import org.colony.runtime.reduce.Extremes;
import org.colony.runtime.reduce.Reduction;
import org.colony.runtime.spi.AgentStore;
import org.colony.runtime.spi.Closeables;
import org.colony.runtime.spi.PlaceBlock;

/**
 * A Places collection on one GPU: one device column per attribute (array attributes as one allocation of
 * element columns, {@code pitch} cells apart) over the block's padded cells, a second column for
 * double-buffered attributes, shared values in the model's constant memory. A step is one kernel launch
 * (through the context's launch recorder, which may replay a repeated tick as a CUDA graph), one thread per owned
 * cell; data moves to and from the host only when driver code reads or writes it.
 */
public final class CudaPlaceStore implements PlaceBlock {

    private static final int BLOCK_X = 32;
    private static final int BLOCK_Y = 8;

    private final CudaContext cx;
    private final ModelInfo model;
    private final Grid grid;
    private final ModelKernels kernels;
    private Layout layout;
    private long pitch;
    private DeviceBuffer[] current;
    private DeviceBuffer[] next;
    private final Object[] shared;
    private final boolean[] dirty;
    private final AgentStore[] bound;
    private final DeviceErrors errors;
    /** Copies of whole elements and single values between the columns and the driver. */
    private final PlaceTransfers transfers;
    /**
     * Rows per thread of row-marching kernels, when set (a tuning knob for benchmarks); else 0, chosen per grid. Read
     * before anything is allocated, so that a value the switch refuses leaves nothing behind.
     */
    private final int marchOverride = (int) CudaSwitches.MARCH.whole();
    private final boolean flatBlocks = CudaSwitches.FLAT_BLOCKS.on();
    private final PredicateCounter counter = new PredicateCounter();
    private final Arena arena = Arena.ofShared();
    private final KernelParams params;
    private boolean closed;
    /** Place steps held back to run several at a time; null where this block holds none. */
    private HeldPlaceSteps held;
    /** Whether the halo comes from exchange with other partitions rather than from this block. */
    private final boolean partition;
    /** A partition's stream of its own, for its held passes and its plain steps (null on a whole grid's block). */
    private final SideStream beside;
    private final ExchangeKernels exchange;
    /** The rows of the graph whose vertices the places are, in device memory; null for a grid. */
    private DeviceGraph graph;
    /** The booleans kept as bits between held bit-sliced passes; null where the block keeps bytes alone. */
    private BitColumns bits;

    /** Allocates the collection; the caller has checked that it fits. */
    public CudaPlaceStore(CudaContext cx, ModelDescriptor descriptor, Grid grid) {
        this(cx, descriptor, grid, Block.whole(grid).layout(grid, descriptor.info().reach()), false);
    }

    /**
     * Allocates one block with the given layout; {@code partition}: the block is one partition of a partitioned
     * grid, and the runtime fills its halo by exchange.
     */
    public CudaPlaceStore(CudaContext cx, ModelDescriptor descriptor, Grid grid, Layout layout, boolean partition) {
        this.cx = cx;
        this.model = descriptor.info();
        this.grid = grid;
        this.kernels = cx.kernels(descriptor);
        this.errors = cx.errors();
        this.transfers = new PlaceTransfers(grid, errors);
        this.shared = new Object[model.shared().size()];
        for (int i = 0; i < shared.length; i++) {
            SharedInfo s = model.shared().get(i);
            shared[i] = s.type().newArray(Math.max(1, s.length()));
        }
        this.dirty = new boolean[model.attributes().size()];
        Arrays.fill(dirty, true);
        this.bound = new AgentStore[model.agentClasses().size()];
        this.creates = new PlaceCreations(model);
        this.params = new KernelParams(arena, Frames.BYTES, 256);
        this.exchange = new ExchangeKernels(cx, params, errors);
        this.partition = partition;
        this.beside = partition ? new SideStream() : null;
        cx.device().makeCurrent();
        allocate(layout);
        BitColumns stored = BitColumns.of(model, kernels, exchange, cx.holding().bitStorage(), partition);
        this.held = HeldPlaceSteps.forBlock(cx, model, kernels, errors, layout, partition, this::callAtOnce, shared,
                beside, this::prepareRemote, stored);
        this.bits = held == null ? null : stored;
    }

    /** Bytes of device memory a collection of {@code model} over {@code grid} needs. */
    public static long bytes(ModelInfo model, Grid grid) {
        return bytes(model, Block.whole(grid).layout(grid, model.reach()));
    }

    /** Bytes of device memory a block of {@code model} with layout {@code l} needs. */
    public static long bytes(ModelInfo model, Layout l) {
        long perCell = 0;
        for (AttributeInfo a : model.attributes()) {
            perCell += (long) a.type().bytes() * a.columns() * (a.doubleBuffered() ? 2 : 1);
        }
        return perCell * l.storedCells();
    }

    /** The block's columns laid out by {@code newLayout}: all of them, or, where one is refused, none. */
    private void allocate(Layout newLayout) {
        DeviceBuffer[][] columns = WiderHalo.columns(model, newLayout, kernels.anySwar());
        this.layout = newLayout;
        this.pitch = newLayout.storedCells();
        current = columns[0];
        next = columns[1];
    }

    /** The layout of the block. */
    public Layout layout() {
        return layout;
    }

    /** The element pitch of array attributes. */
    public long pitch() {
        return pitch;
    }

    /** The device address of an attribute's current column. */
    public long column(int attribute) {
        runHeld();
        bytesHere();
        return current[attribute].pointer();
    }

    /** Makes the byte columns current where the bits alone are, before anything reads or writes them. */
    private void bytesHere() {
        if (bits != null && bits.bitsAlone()) {
            cx.device().makeCurrent(); // (column() and stopHolding() come here with nothing held to run)
            bits.toBytes(model, layout, current, next, dirty, kernels.anySwar());
        }
    }

    @Override
    public ModelInfo model() {
        return model;
    }

    @Override
    public Grid grid() {
        return grid;
    }

    private void checkOpen() {
        if (closed) {
            throw new ColonyException("the places of " + model.modelClass().getSimpleName() + " are closed");
        }
        cx.device().makeCurrent();
        runHeld();
    }

    /** Runs the held steps and holds none from now on: agents live on these places and read them. */
    public void stopHolding() {
        if (held != null) {
            runHeld();
            bytesHere();
            if (beside != null) {
                cx.device().makeCurrent();
                beside.await(); // a partition's last pass may still read the spare columns and the module
            }
            held.close();
            held = null;
            if (bits != null) {
                bits.close();
                bits = null;
            }
        }
    }

    /** Runs the place steps held back, if any: before anything else touches the block. */
    private void runHeld() {
        if (held != null && !held.isEmpty()) {
            cx.device().makeCurrent();
            held.run(layout, current, next, dirty);
        }
    }

    /** Fills the wrapped halo of attributes about to be read on neighbouring places, where it is stale. */
    public void prepareRemote(Set<Integer> attributes) {
        if (partition) {
            return; // the runtime exchanges the halo before the call
        }
        for (int a : attributes) {
            if (dirty[a] && layout.wrap() && layout.pad() > 0) {
                AttributeInfo info = model.attributes().get(a);
                int size = info.type().bytes();
                for (int k = 0; k < info.columns(); k++) {
                    exchange.wrapFill(current[a].pointer() + (long) k * pitch * size, size, layout, pitch);
                }
            }
            dirty[a] = false;
        }
    }

    /** Notes that an attribute changed outside a place step. */
    public void markDirty(int attribute) {
        dirty[attribute] = true;
    }

    /** Whether the incoming columns of the agents the step under way writes are ready (until its finishCall). */
    private boolean incomingReady;
    /** The agents each place asked for in the last step that asked. */
    private final PlaceCreations creates;

    @Override
    public long[] takeCreated(int slot) {
        checkOpen();
        return creates.take(slot, layout, graph == null ? null : graph.vertexIds());
    }

    @Override
    public void call(Call call) {
        if (held != null && !partition && !closed) {
            cx.device().makeCurrent();
            int pad = held.torusPad(call.step()); // (a whole torus: its bit-sliced passes load as a grid's)
            if (pad > layout.pad() && pad <= Math.min(layout.extent0(), layout.extent1()) && canWiden(pad)) {
                try {
                    ensureReach(pad);
                } catch (CudaException e) { // (memory taken since canWiden looked): the passes load across the seams
                    if (!"CUDA_ERROR_OUT_OF_MEMORY".equals(e.error())) {
                        throw e;
                    }
                }
            }
            if (held.hold(call, layout, current, next, dirty)) {
                return;
            }
        }
        callAtOnce(call);
    }

    private void callAtOnce(Call call) {
        long begun = cx.timer().begin();
        launch(call, 0L);
        cx.timer().end(begun, model.modelClass().getSimpleName(), model.steps().get(call.step()));
    }

    @Override
    public long count(Call call) {
        checkOpen();
        long pointer = counter.cleared();
        long begun = cx.timer().begin();
        launch(call, pointer);
        cx.timer().end(begun, model.modelClass().getSimpleName(), model.steps().get(call.step()));
        return counter.read(errors);
    }

    private void launch(Call call, long count) {
        launchBox(call, count, null);
        finishCall(call.step());
    }

    @Override
    public int holds(List<Call> calls) {
        return held == null || !partition ? -1 : held.verdict(calls);
    }

    @Override
    public boolean canWiden(int reach) {
        checkOpen();
        long need = bytes(model, WiderHalo.of(layout, reach));
        return need + (need >> 3) < cx.device().freeMemory(); // the wider columns beside the old, with room to spare
    }

    @Override
    public void runHeld(List<Call> calls) {
        checkOpen();
        held.runPass(calls, layout, current, next, dirty);
    }

    @Override
    public void join() {
        if (beside != null && !closed) {
            cx.device().makeCurrent();
            beside.join();
        }
    }

    @Override
    public boolean splits() {
        return partition; // a graph's box runs the hubs among its rows (DeviceGraph.hubs(lo, hi))
    }

    @Override
    public void callBox(Call call, Region box) {
        long begun = cx.timer().begin();
        launchBox(call, 0L, box);
        cx.timer().end(begun, model.modelClass().getSimpleName(), model.steps().get(call.step()));
    }

    @Override
    public void finishCall(int step) {
        StepInfo s = model.steps().get(step);
        if (incomingReady) {
            IteratedAgents.applyIncoming(s, IteratedAgents.of(s, bound, model.modelClass().getSimpleName()));
            incomingReady = false;
        }
        IteratedAgents.changedBy(s, bound); // the step wrote or killed them: a host copy of them is stale
        if (bits != null) {
            bits.bytesWritten(s.writes());
        }
        for (int a : s.writes()) {
            if (s.buffers(a)) {
                DeviceBuffer t = current[a];
                current[a] = next[a];
                next[a] = t;
            }
            dirty[a] = true;
        }
    }

    /** Launches a step on the owned cells, or on the box {@code box} of them (local coordinates) where not null. */
    private void launchBox(Call call, long count, Region box) {
        checkOpen();
        bytesHere();
        int step = call.step();
        Object[] args = call.args();
        StepInfo info = model.steps().get(step);
        prepareRemote(info.remoteReads());
        KernelParams arguments = params.begin();
        int width = box == null ? layout.extent0() : box.hi()[0] - box.lo()[0];
        long rows = box == null ? layout.rows() : (long) (box.hi()[1] - box.lo()[1]) * (box.hi()[2] - box.lo()[2]);
        if (width <= 0 || rows <= 0) {
            return;
        }
        int march = kernels.marches(step) ? rowsPerThread(step, width, rows) : 1;
        Call seen = call.seenBy(info);
        if (box == null) {
            Frames.write(arguments.frame(), layout, seen.seed(), seen.epoch(), seen.time(), errors.pointer(),
                    layout.rows(), pitch, 0, march, kernels.who(step));
        } else {
            Frames.writeBox(arguments.frame(), layout, box.lo(), box.hi(), seen.seed(), seen.epoch(), seen.time(),
                    errors.pointer(), pitch, march, kernels.who(step));
        }
        CudaAgentStore[] iterated = IteratedAgents.of(info, bound, model.modelClass().getSimpleName());
        if ((!info.agentWrites().isEmpty() || !info.creates().isEmpty()) && !incomingReady) { // once per call
            IteratedAgents.prepareIncoming(info, iterated);
            for (int slot : info.creates()) {
                creates.prepare(slot, layout);
            }
            incomingReady = true;
        }
        DeviceGraph.Hubs hubs = null; // the step runs its hubs one warp each: those of the box
        for (KernelParam param : kernels.params(step)) {
            switch (param.kind()) {
                case FRAME -> { } // written above
                case COLUMN -> arguments.add(current[param.index()].pointer());
                case NEXT -> arguments.add(next[param.index()].pointer());
                case INDEX_START, INDEX_ORDER, INDEX_IDS, INDEX_PITCH, INDEXED_COLUMN ->
                        arguments.add(IteratedAgents.indexArgument(iterated[param.slot()], param));
                case INDEX_COUNTS -> arguments.add(IteratedAgents.countsArgument(iterated[param.slot()]));
                case INDEXED_INCOMING, INDEXED_KILLED ->
                        arguments.add(IteratedAgents.writeArgument(iterated[param.slot()], param));
                case CREATES -> arguments.add(creates.pointer(param.slot()));
                case COUNTER -> arguments.add(count);
                case GRAPH -> {
                    if (param.index() == KernelParam.GRAPH_HUBS) {
                        hubs = box == null ? graph.hubs() : graph.hubs(box.lo()[0], box.hi()[0]);
                        arguments.add(hubs.pointer());
                    } else {
                        arguments.add(graph.pointer(param.index()));
                    }
                }
                case EDGE -> arguments.add(graph.edgeArray(model, param));
                case ARGUMENT -> arguments.add(args[param.index()], info.params().get(param.index()).type());
                default -> throw new IllegalStateException(param + " is no parameter of a place kernel");
            }
        }
        long segments = (rows + march - 1L) / march;
        // one row (a 1-D grid, a graph's vertices): blocks of 256 threads along it, where 32 x 8 would leave 7 warps
        // of every block without a row
        boolean flat = flatBlocks && segments == 1 && !kernels.marches(step);
        int bx = flat ? BLOCK_X * BLOCK_Y : BLOCK_X;
        int by = flat ? 1 : BLOCK_Y;
        long columnsPerBlock = (long) bx * kernels.lanes(step);
        int gx = (int) ((width + columnsPerBlock - 1L) / columnsPerBlock);
        if (hubs != null && hubs.count() > 0) {
            int warps = bx * by / 32;
            gx += (hubs.count() + warps - 1) / warps; // one warp per hub, after the vertex-per-thread blocks
        }
        int gy = (int) Math.min(65535L, (segments + by - 1L) / by);
        String name = model.modelClass().getSimpleName() + "." + info.name();
        // A partition's whole step that touches nothing but its places runs beside the other partitions' (join()):
        // the kernels of two halves of a grid fill each other's last wave. Steps with agents, a count, a box or a
        // graph, and timed steps, stay on the context's stream.
        if (beside != null && box == null && count == 0L && graph == null && iterated.length == 0
                && info.agentWrites().isEmpty() && info.creates().isEmpty() && !cx.timer().on()) {
            beside.launch(cx, kernels.step(step), Math.max(1, gx), Math.max(1, gy), bx, by, 0, arguments, name);
        } else {
            cx.launch(kernels.step(step), Math.max(1, gx), Math.max(1, gy), 1, bx, by, 1, arguments, true, name);
        }
    }

    /**
     * Rows per thread for a row-marching kernel: the kernel's own choice, lowered so that the threads still
     * make about two full waves on the device (small grids keep every multiprocessor busy).
     */
    private int rowsPerThread(int step, int width, long rows) {
        if (marchOverride > 0) {
            return marchOverride;
        }
        long threads = (long) width / kernels.lanes(step) * rows;
        long wave = (long) cx.device().multiprocessors() * 2048 * 2;
        return (int) Math.max(1, Math.min(kernels.rows(step), threads / wave));
    }

    // ---- transfers -------------------------------------------------------------------------

    @Override
    public void read(int attribute, int element, Object target) {
        checkOpen();
        bytesHere();
        transfers.read(current[attribute], model.attributes().get(attribute), layout, pitch, element, target);
    }

    @Override
    public void write(int attribute, int element, Object source) {
        checkOpen();
        bytesHere();
        if (bits != null) {
            bits.bytesWritten(Set.of(attribute));
        }
        transfers.write(current[attribute], model.attributes().get(attribute), layout, pitch, element, source);
        dirty[attribute] = true;
    }

    @Override
    public Object value(int attribute, int element, long index) {
        checkOpen();
        bytesHere();
        return transfers.value(current[attribute], model.attributes().get(attribute), layout, pitch, element, index);
    }

    @Override
    public void setShared(int index, Object values) {
        checkOpen();
        System.arraycopy(values, 0, shared[index], 0, Array.getLength(shared[index]));
        kernels.uploadShared(index, shared[index]);
        if (held != null) {
            held.sharedChanged(index);
        }
    }

    @Override
    public void getShared(int index, Object target) {
        System.arraycopy(shared[index], 0, target, 0, Array.getLength(shared[index]));
    }

    @Override
    public Reduction reduce(int attribute, int element) {
        AttributeInfo info = model.attributes().get(attribute);
        return partial(attribute, element).result(info.type(), model.modelClass().getSimpleName() + "." + info.name());
    }

    /** Reduces the owned cells of the element column on the device: only the partial's few words are downloaded. */
    @Override
    public ColumnAccumulator partial(int attribute, int element) {
        checkOpen();
        return owned(attribute, element).partial(cx, params, errors);
    }

    /** Counts the owned cells of the element column on the device: only the counts are downloaded. */
    @Override
    public long[] histogram(int attribute, int element, Bins bins) {
        checkOpen();
        return owned(attribute, element).histogram(cx, params, errors, bins);
    }

    /** Reduces the owned cells of the element column on the device: only the extremes are downloaded. */
    @Override
    public Extremes extremes(int attribute, int element) {
        checkOpen();
        return owned(attribute, element).extremes(cx, params, errors);
    }

    /** The owned cells of an element column, where the device holds them. */
    private DeviceColumn owned(int attribute, int element) {
        bytesHere();
        ScalarType type = model.attributes().get(attribute).type();
        long column = current[attribute].pointer() + (long) element * pitch * type.bytes();
        return new DeviceColumn(column, type, layout.rows(), layout.extent0(), layout.extent1(), layout.base(),
                layout.strideY(), layout.strideZ());
    }

    // ---- halo exchange between partitions ----------------------------------------------------

    @Override
    public MemorySegment buffer(long bytes) {
        checkOpen();
        return exchange.buffer(bytes);
    }

    @Override
    public void pack(int attribute, int element, Region region, MemorySegment buffer,
            long offset) {
        box("colony_pack_", attribute, element, region, buffer, offset);
    }

    @Override
    public void unpack(int attribute, int element, Region region, MemorySegment buffer,
            long offset) {
        box("colony_unpack_", attribute, element, region, buffer, offset);
        dirty[attribute] = false;
    }

    /** A block of the same device (one GPU's partitions, in one process): a halo is one kernel a column. */
    @Override
    public boolean copiesTo(PlaceBlock to) {
        return to instanceof CudaPlaceStore o && o.cx.device() == cx.device() && graph == null && o.graph == null;
    }

    @Override
    public void copyTo(int attribute, int element, Region region, PlaceBlock to, Region into) {
        checkOpen();
        CudaPlaceStore o = (CudaPlaceStore) to;
        o.checkOpen(); // (its halo is written: a partition's block keeps byte columns, whether or not it stores bits)
        int size = model.attributes().get(attribute).type().bytes();
        long target = o.current[attribute].pointer() + (long) element * o.pitch * size;
        if (bits != null && bits.onlyBits(attribute) && BitColumns.owned(region, layout)) {
            exchange.copyFromBits(bits.in(attribute), layout, pitch, region, target, o.layout, into);
        } else {
            bytesHere();
            exchange.copy(current[attribute].pointer() + (long) element * pitch * size, size, layout, pitch, region,
                    target, o.layout, into);
        }
        o.dirty[attribute] = false;
    }

    /** {@return the rows of the graph these places are on (for the kernels of agents on its vertices)} */
    DeviceGraph graph() {
        if (graph == null) {
            throw new IllegalStateException(model.modelClass().getSimpleName() + " places are not on a graph");
        }
        return graph;
    }

    @Override
    public void gather(int attribute, int element, int[] cells, MemorySegment buffer, long offset) {
        checkOpen();
        bytesHere();
        int size = model.attributes().get(attribute).type().bytes();
        exchange.gather(current[attribute].pointer() + (long) element * pitch * size, size, cells, buffer, offset);
    }

    private void box(String kernel, int attribute, int element, Region region,
            MemorySegment buffer, long offset) {
        checkOpen();
        boolean into = kernel.equals("colony_unpack_"); // (writes the halo alone: bits or not, the bytes hold it)
        if (!into && bits != null && bits.onlyBits(attribute) && BitColumns.owned(region, layout)) {
            exchange.packFromBits(bits.in(attribute), layout, pitch, region, buffer, offset);
            return;
        } else if (!into) {
            bytesHere();
        }
        int size = model.attributes().get(attribute).type().bytes();
        exchange.box(kernel, current[attribute].pointer() + (long) element * pitch * size, size, layout, pitch, region,
                buffer, offset);
    }

    /** The context the block lives in. */
    public CudaContext context() {
        return cx;
    }

    @Override
    public void bindAgents(int slot, AgentStore agents) {
        stopHolding();
        bound[slot] = agents;
    }

    @Override
    public void ensureReach(int reach) {
        checkOpen();
        bytesHere();
        if (reach <= layout.pad()) {
            return;
        }
        if (graph != null) { // the rows name storage indices, which a wider halo would move
            throw new ColonyException("places on a graph have no grid neighbours to reach");
        }
        List<DeviceBuffer> old = columnBuffers();
        Layout from = layout;
        DeviceBuffer[] owned = current;
        allocate(WiderHalo.of(from, reach)); // (all the wider columns, or none: the block as it was)
        WiderHalo.copyOwned(model, exchange, from, owned, layout, current); // (kernels: a failure fails the run)
        Closeables.closeAll(old);
        Arrays.fill(dirty, true);
    }

    @Override
    public long bytes() {
        long b = 0;
        for (int a = 0; a < current.length; a++) {
            b += (current[a] == null ? 0 : current[a].bytes()) + (next[a] == null ? 0 : next[a].bytes());
        }
        return b + (graph == null ? 0 : graph.bytes()) + (held == null ? 0 : held.bytes())
                + (bits == null ? 0 : bits.bytes());
    }

    /** Each attribute's column, then its second where it is double-buffered. */
    private List<DeviceBuffer> columnBuffers() {
        List<DeviceBuffer> all = new ArrayList<>();
        for (int a = 0; a < current.length; a++) {
            all.add(current[a]);
            all.add(next[a]);
        }
        return all;
    }

    /** Waits for the device and reports any failure of a step. */
    public void check() {
        errors.check();
    }

    @Override
    public void synchronize() {
        checkOpen();
        errors.check();
    }

    @Override
    public void bindGraph(Graph edges) {
        bindGraph(edges.rows(layout.base()));
    }

    @Override
    public void bindGraph(GraphRows rows) {
        checkOpen();
        graph = DeviceGraph.onDevice(rows, (int) CudaSwitches.HUB_DEGREE.whole(), cx.device(),
                model.modelClass().getSimpleName());
    }

    @Override
    public void close() {
        if (!closed) {
            cx.device().makeCurrentToRelease();
            closed = true;
            List<AutoCloseable> all = new ArrayList<>();
            if (beside != null) {
                all.add(beside); // first: its last kernel may still read the columns
            }
            all.addAll(columnBuffers());
            all.addAll(exchange.buffers());
            if (graph != null) {
                all.add(graph);
            }
            all.add(counter);
            all.add(creates);
            if (held != null) {
                all.add(held); // what it holds is lost with the block: nothing can read it now
            }
            all.add(bits);
            all.add(arena);
            Closeables.closeAll(all);
        }
    }
}
