package org.colony.cuda.internal;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import org.colony.ColonyException;
import org.colony.kernel.AttributeInfo;
import org.colony.kernel.Call;
import org.colony.kernel.Combine;
import org.colony.kernel.ModelDescriptor;
import org.colony.kernel.ModelInfo;
import org.colony.kernel.ParamInfo;
import org.colony.kernel.SharedInfo;
import org.colony.kernel.StepInfo;
import org.colony.runtime.agents.ManageReport;
import org.colony.runtime.reduce.ColumnAccumulator;
import org.colony.runtime.reduce.Reduction;
import org.colony.runtime.spi.AgentStore;
import org.colony.runtime.spi.ModelRegistry;
import org.colony.runtime.storage.HostCopy;

/**
 * An agent collection on one GPU: columns by slot, live agents in id order in the first slots, as on the
 * CPU. Steps are one thread per agent. {@code manageAll} runs on the device with the same rules as the CPU
 * backend, in data-parallel form: counting by place with atomics (order-free), exclusive scans, a scatter
 * into buckets followed by a sort inside each bucket (so grouping is stable), priority sorts per
 * destination for capacity conflicts, and a gather into fresh columns for the stable compaction.
 */
public final class CudaAgentStore implements AgentStore {

    /** The most agents one collection holds on the GPU. */
    public static final long MAX_AGENTS = Integer.MAX_VALUE - 8L;
    private static final int MIN_SLOTS = 1024;

    private final CudaContext cx;
    private final ModelInfo model;
    private final ModelInfo placeModel;
    private final CudaPlaceStore places;
    private final ModelKernels kernels;
    private final int capacity;
    private final long cells;
    /**
     * The places agents of this collection can be on or look at are the global indices {@code [keyBase, keyBase +
     * keys)}: the whole grid for one block, the partition's rows and its halo's for a partition cut along its last
     * dimensions. Arrays by place (the index by place, occupancy, grouped requests) cover that range alone, so the
     * per-place work of a partition shrinks with it; kernels reach them through pointers moved back by
     * {@code keyBase} entries ({@link #shifted}), indexed by global place as before.
     */
    private final long keyBase;
    private final long keys;
    private final Object[] shared;
    private final AgentStore[] bound;
    private final Arena arena = Arena.ofShared();
    private final KernelParams params;
    private final KernelParams support;
    private final DeviceErrors errors;
    private final DeviceBuffer counter = DeviceBuffer.zeroed(8);
    /** Scratch sized by the agents, released when the columns shrink with the population. */
    private final ScratchPool pool = new ScratchPool();
    /** Scratch sized by the grid (per-place counts, bucket starts, scan totals), kept while the collection lives. */
    private final ScratchPool gridScratch = new ScratchPool();
    /** Buffers the size of a column, by bytes, that a compaction gathers into ({@link #inPlace}). */
    private final Map<Long, DeviceBuffer> spares = new java.util.HashMap<>();
    /** Whether {@code group.counts} is all zero (as the last grouping left it). */
    private boolean countsZero;
    private final DeviceScan scanner;
    private long slots;
    private long count;
    /** Agents of other partitions on this one's halo, in the slots past the live agents (see {@link #ghosts}). */
    private long ghosts;
    /**
     * Agents of other partitions on this one's halo counted only (see {@link #ghostCounts}): the halo boxes and, in
     * {@link #ghostCounts}, their numbers box after box; empty when there are none.
     */
    private List<org.colony.runtime.grid.Region> ghostBoxes = List.of();
    private DeviceBuffer ghostCounts;
    /** Page-locked memory the uploads of a partition's rounds go through without waiting (made on first use). */
    private UploadStage stage;
    /** The agents the ghost boxes hold in all (an upper bound on the index entries they take). */
    private long ghostTotal;
    private long nextId;
    private DeviceBuffer[] current;
    private DeviceBuffer[] next;
    private DeviceBuffer ids;
    private DeviceBuffer locations;
    private DeviceBuffer killed;
    private DeviceBuffer targets;
    private DeviceBuffer spawns;
    private final DeviceBuffer[] contribution;
    private final DeviceBuffer[] contributed;
    private DeviceBuffer start;
    private DeviceBuffer order;
    private boolean indexed;
    private boolean closed;

    /** Creates the collection with agents at the given global place indices (ids 0, 1, ...). */
    public CudaAgentStore(CudaContext cx, ModelDescriptor descriptor, CudaPlaceStore places, long[] initial,
            int capacity) {
        this(cx, descriptor, places, null, initial, capacity);
    }

    /**
     * Creates the collection with agents of the given ids (increasing; null: 0, 1, ...) at the given global place
     * indices.
     */
    CudaAgentStore(CudaContext cx, ModelDescriptor descriptor, CudaPlaceStore places, long[] initialIds,
            long[] initial, int capacity) {
        this.cx = cx;
        this.model = descriptor.info();
        this.placeModel = places.model();
        this.places = places;
        this.kernels = cx.kernels(model);
        this.errors = cx.errors();
        this.capacity = capacity;
        this.cells = places.grid().cells();
        long[] range = placeRange(places.layout(), cells);
        this.keyBase = range[0];
        this.keys = range[1];
        this.shared = new Object[model.shared().size()];
        for (int i = 0; i < shared.length; i++) {
            SharedInfo s = model.shared().get(i);
            shared[i] = s.type().newArray(Math.max(1, s.length()));
        }
        this.bound = new AgentStore[model.agentClasses().size()];
        this.params = new KernelParams(arena, Frames.BYTES, 512);
        this.support = new KernelParams(arena, Frames.BYTES, 32);
        this.scanner = new DeviceScan(cx, arena, gridScratch);
        this.contribution = new DeviceBuffer[placeModel.attributes().size()];
        this.contributed = new DeviceBuffer[placeModel.attributes().size()];
        int n = initial.length;
        allocate(Math.max(MIN_SLOTS, n + n / 2L));
        try (Arena a = Arena.ofConfined()) {
            MemorySegment loc = a.allocate(8L * Math.max(1, n));
            MemorySegment id = a.allocate(8L * Math.max(1, n));
            for (int i = 0; i < n; i++) {
                loc.setAtIndex(ValueLayout.JAVA_LONG, i, initial[i]);
                id.setAtIndex(ValueLayout.JAVA_LONG, i, initialIds == null ? i : initialIds[i]);
            }
            if (n > 0) {
                Driver.copyToDevice(locations.pointer(), loc, 8L * n);
                Driver.copyToDevice(ids.pointer(), id, 8L * n);
            }
        }
        this.count = n;
        this.nextId = initialIds == null || n == 0 ? n : initialIds[n - 1] + 1;
        this.start = DeviceBuffer.zeroed(4 * (keys + 1));
        this.order = DeviceBuffer.pooled(4 * slots);
    }

    /** The agents of one partition of a partitioned grid, on {@code block}'s device. */
    public static org.colony.runtime.spi.AgentPartition partition(CudaContext cx, ModelDescriptor descriptor,
            CudaPlaceStore block, long[] ids, long[] places, int capacity,
            org.colony.runtime.grid.Topology topology, int partition) {
        return new CudaAgentPartition(cx, descriptor, block, ids, places, capacity, topology, partition);
    }

    /** Bytes of device memory per slot. */
    public static long bytesPerSlot(ModelInfo model) {
        long b = 8 + 8 + 1 + 8 + 4 + 4;
        for (AttributeInfo a : model.attributes()) {
            b += (long) a.type().bytes() * a.columns() * (a.doubleBuffered() ? 2 : 1);
        }
        return b;
    }

    private void allocate(long n) {
        closeSpares(); // sized for the old slots
        slots = n;
        int a = model.attributes().size();
        current = new DeviceBuffer[a];
        next = new DeviceBuffer[a];
        for (int i = 0; i < a; i++) {
            AttributeInfo info = model.attributes().get(i);
            long bytes = (long) info.type().bytes() * info.columns() * n;
            current[i] = DeviceBuffer.pooled(bytes);
            if (info.doubleBuffered()) {
                next[i] = DeviceBuffer.pooled(bytes);
            }
        }
        ids = DeviceBuffer.pooled(8 * n);
        locations = DeviceBuffer.pooled(8 * n);
        killed = DeviceBuffer.pooled(n);
        targets = DeviceBuffer.pooled(8 * n);
        spawns = DeviceBuffer.pooled(4 * n);
        fillLong(targets.pointer(), n, -1);
        for (int p = 0; p < contribution.length; p++) {
            if (contribution[p] != null) {
                contribution[p].close();
                contributed[p].close();
                contribution[p] = null;
                contributed[p] = null;
            }
        }
    }

    @Override
    public ModelInfo model() {
        return model;
    }

    @Override
    public long size() {
        return count - gone;
    }

    private String name() {
        return model.modelClass().getSimpleName();
    }

    private void checkOpen() {
        if (closed) {
            throw new ColonyException("the agents of " + name() + " are closed");
        }
        cx.device().makeCurrent();
    }

    // ---- support kernels --------------------------------------------------------------------

    private void run(String kernel, long items, Consumer<KernelParams> args) {
        KernelParams p = support.begin();
        args.accept(p);
        cx.launch(cx.support().function(kernel), Grids.blocks(items), 1, 1, Grids.THREADS, 1, 1, p, false, kernel);
    }

    private void runWithFrame(String kernel, long items, int who, Consumer<KernelParams> args) {
        KernelParams p = support.begin();
        Frames.write(p.frame(), places.layout(), 0, 0, 0, errors.pointer(), count, slots, places.pitch(), who);
        args.accept(p);
        cx.launch(cx.support().function(kernel), Grids.blocks(items), 1, 1, Grids.THREADS, 1, 1, p, true, kernel);
    }

    private void fillLong(long pointer, long n, long value) {
        run("colony_fill_long", n, p -> p.add(pointer).add(n).add(value));
    }

    /**
     * Groups {@code n} keyed items into {@code buckets} (start of length buckets + 1, order of length n). With
     * {@code sorted}, items keep their id order inside a bucket (the agents-by-place index);
     * without, a bucket's order is whatever the scatter left, for {@code colony_grant}, which ranks requests by
     * priority itself.
     */
    private void group(long keys, long n, long buckets, long startOut, long orderOut, boolean sorted) {
        group(keys, n, buckets, startOut, orderOut, sorted, false);
    }

    /** As above; with {@code ghostCounted}, the places of {@link #ghostBoxes} hold their counted agents too. */
    private void group(long keys, long n, long buckets, long startOut, long orderOut, boolean sorted,
            boolean ghostCounted) {
        // The counts are zero between groupings: the scatter counts every bucket back down to zero.
        long counts = gridScratch.get("group.counts", 4 * buckets);
        if (!countsZero) {
            Driver.memset8(counts, (byte) 0, 4 * buckets);
        }
        countsZero = false;
        run("colony_histogram", n, p -> p.add(keys).add(n).add(shifted(counts)));
        if (ghostCounted) {
            ghostPass(counts, startOut, orderOut, true);
        }
        scanner.scanOnDevice(counts, startOut, buckets, startOut + 4 * buckets, 0L);
        run("colony_scatter", n, p -> p.add(keys).add(n).add(shifted(startOut)).add(shifted(counts)).add(orderOut));
        if (ghostCounted) {
            ghostPass(counts, startOut, orderOut, false);
        }
        countsZero = true;
        if (sorted && !(keys == locations.pointer() && capacity == 1)) {
            // (Agents by place with capacity 1: no bucket holds two, so there is nothing to sort.)
            // (By id while a round's compaction waits: the arrivals sit past the agents already here; else by slot.)
            long byId = runs != null ? ids.pointer() : 0L;
            run("colony_sort_buckets", buckets, p -> p.add(startOut).add(orderOut).add(buckets).add(byId));
        }
    }

    /**
     * Settles grouped requests: per bucket, the first {@code capacity - occupancy} in priority order (highest
     * first, then lowest {@code tie}) win; with no occupancy (no capacity) all win.
     */
    private void grant(long bucketStart, long bucketOrder, long occupancy, long won, long priority, long tie) {
        run("colony_grant", keys, p -> p.add(bucketStart).add(bucketOrder).add(keys).addInt(capacity).add(occupancy)
                .add(won).add(priority).add(tie));
    }

    /**
     * Gives the places of the ghost boxes their counts before the scan ({@code set}), or clears them and marks their
     * entries of the order after the scatter ({@code colony_ghost_counts}).
     */
    private void ghostPass(long counts, long startOut, long orderOut, boolean set) {
        org.colony.kernel.Layout l = places.layout();
        long at = 0;
        for (org.colony.runtime.grid.Region box : ghostBoxes) {
            int[] lo = box.lo();
            int[] hi = box.hi();
            long cellsIn = box.cells();
            long values = ghostCounts.pointer() + 4 * at;
            at += cellsIn;
            run("colony_ghost_counts", cellsIn, p -> p.add(shifted(counts)).add(shifted(startOut)).add(orderOut)
                    .add(values).addInt(lo[0]).addInt(lo[1]).addInt(lo[2]).addInt(hi[0] - lo[0]).addInt(hi[1] - lo[1])
                    .addInt(hi[2] - lo[2]).addInt(l.origin0()).addInt(l.origin1()).addInt(l.origin2())
                    .addInt(l.extent0()).addInt(l.extent1()).addInt(l.extent2()).addInt(l.size0()).addInt(l.size1())
                    .addInt(l.size2()).addBoolean(l.wrap()).addBoolean(set));
        }
    }

    /** A device array by place, moved back by {@link #keyBase} entries of 4 bytes: indexed by global place. */
    private long shifted(long pointer) {
        return pointer == 0 ? 0 : pointer - 4 * keyBase;
    }

    /**
     * The global place indices {@code {first, count}} that the agents of a block with this layout can be on or
     * look at: its places and its halo's. They are contiguous where the halo leaves the grid across no wrapping edge
     * of a dimension the block covers only part of (the indices of the padded box run from its first corner to its
     * last); otherwise the whole grid.
     */
    static long[] placeRange(org.colony.kernel.Layout l, long cells) {
        int dims = l.dims();
        int[] lo = new int[3];
        int[] hi = new int[3];
        int[] size = {l.size0(), l.size1(), l.size2()};
        int[] origin = {l.origin0(), l.origin1(), l.origin2()};
        int[] extent = {l.extent0(), l.extent1(), l.extent2()};
        for (int d = 0; d < 3; d++) {
            int pad = d < dims ? l.pad() : 0;
            lo[d] = origin[d] - pad;
            hi[d] = origin[d] + extent[d] + pad;
            if (origin[d] == 0 && extent[d] == size[d]) {
                // a halo across a wrapping edge repeats the block's own places along this dimension
                lo[d] = 0;
                hi[d] = size[d];
            }
            if (lo[d] < 0 || hi[d] > size[d]) {
                if (l.wrap() && d < dims) {
                    return new long[] {0, cells};
                }
                lo[d] = Math.max(0, lo[d]);
                hi[d] = Math.min(size[d], hi[d]);
            }
        }
        long first = lo[0] + (long) size[0] * (lo[1] + (long) size[1] * lo[2]);
        long last = (hi[0] - 1) + (long) size[0] * ((hi[1] - 1) + (long) size[1] * (hi[2] - 1));
        return new long[] {first, last - first + 1};
    }

    /** Groups the agents by place (built after each manageAll, on first use). */
    private void index() {
        if (!indexed) {
            LaunchTimer timer = cx.timer();
            long t = timer.on() ? timer.start() : 0L;
            long entries = Math.max(slots, count + ghosts + ghostTotal);
            if (order.bytes() < 4 * Math.max(1, entries)) {
                order.close();
                order = DeviceBuffer.pooled(4 * (entries + (entries > slots ? entries / 4 : 0)));
            }
            group(locations.pointer(), count + ghosts, keys, start.pointer(), order.pointer(), true,
                    !ghostBoxes.isEmpty());
            indexed = true;
            if (timer.on()) {
                timer.stop(name() + " index by place (part of the step)", t);
            }
        }
    }

    /** Under {@code --profile}: ends the current phase of a call under {@code label} and starts the next. */
    private long phase(String label, long start) {
        LaunchTimer timer = cx.timer();
        if (!timer.on()) {
            return 0L;
        }
        timer.stop(name() + ".manageAll: " + label, start);
        return timer.start();
    }

    /** The parameters a kernel iterating this collection takes: index, ids, pitch, columns. */
    void indexParams(KernelParams p) {
        index();
        p.add(shifted(start.pointer())).add(order.pointer()).add(ids.pointer()).add(slots);
        for (DeviceBuffer c : current) {
            p.add(c.pointer());
        }
    }

    /** The same parameters for an agent class with no collection here (never read by the kernel). */
    static void absentIndexParams(KernelParams p, Class<?> agentClass) {
        p.add(0L).add(0L).add(0L).add(0L);
        for (int i = 0; i < ModelRegistry.descriptor(agentClass).info().attributes().size(); i++) {
            p.add(0L);
        }
    }

    // ---- steps ------------------------------------------------------------------------------

    @Override
    public void call(Call call) {
        checkOpen(); // this device's context is current before its timer records anything
        LaunchTimer timer = cx.timer();
        long start = timer.on() ? timer.start() : 0L;
        launch(call, 0L);
        if (timer.on()) {
            timer.stop(name() + "." + model.steps().get(call.step()).name(), start);
        }
    }

    @Override
    public long count(Call call) {
        checkOpen();
        counter.clear();
        LaunchTimer timer = cx.timer();
        long start = timer.on() ? timer.start() : 0L;
        launch(call, counter.pointer());
        if (timer.on()) {
            timer.stop(name() + "." + model.steps().get(call.step()).name(), start);
        }
        try (Arena a = Arena.ofConfined()) {
            MemorySegment c = a.allocate(8);
            counter.download(c, 0, 8);
            errors.check();
            return c.get(ValueLayout.JAVA_LONG, 0);
        }
    }

    private void launch(Call call, long countPointer) {
        checkOpen();
        int step = call.step();
        Object[] args = call.args();
        StepInfo s = model.steps().get(step);
        for (Map.Entry<Integer, Combine> w : s.placeWrites().entrySet()) {
            if (w.getValue() == Combine.SET && capacity > 1) {
                String attr = placeModel.attributes().get(w.getKey()).name();
                throw new ColonyException("step " + name() + "." + s.name() + " (" + s.source() + ") writes place()."
                        + attr + " with a plain assignment, which needs at most one " + name() + " per place, but "
                        + "this collection allows " + (capacity == Integer.MAX_VALUE ? "any number" : capacity)
                        + "; create it with capacity 1, or write with +=, Math.min or Math.max");
            }
            prepareContribution(w.getKey(), w.getValue());
        }
        places.prepareRemote(s.placeRemoteReads());
        KernelParams p = params.begin();
        Call seen = call.seenBy(s);
        Frames.write(p.frame(), places.layout(), seen.seed(), seen.epoch(), seen.time(),
                errors.pointer(), count, slots, places.pitch(), kernels.who(step));
        for (int a = 0; a < current.length; a++) {
            p.add(current[a].pointer());
            if (next[a] != null) {
                p.add(next[a].pointer());
            }
        }
        p.add(ids.pointer()).add(locations.pointer()).add(killed.pointer()).add(targets.pointer()).add(spawns.pointer());
        for (int a = 0; a < placeModel.attributes().size(); a++) {
            p.add(places.column(a));
        }
        for (int a = 0; a < placeModel.attributes().size(); a++) {
            p.add(contribution[a] == null ? 0L : contribution[a].pointer());
            p.add(contributed[a] == null ? 0L : contributed[a].pointer());
        }
        for (int slot = 0; slot < bound.length; slot++) {
            if (bound[slot] instanceof CudaAgentStore other && s.iterates().contains(slot)) {
                other.indexParams(p);
            } else if (s.iterates().contains(slot)) {
                String other = model.agentClasses().get(slot).getSimpleName();
                throw new ColonyException("step " + name() + "." + s.name() + " iterates " + other + " agents, but no "
                        + "collection of them lives on these places; create it with sim.agents(" + other
                        + ".class, places, ...)");
            } else {
                // The step never reads this class's agents-per-place index: do not rebuild it.
                absentIndexParams(p, model.agentClasses().get(slot));
            }
        }
        if (s.predicate()) {
            p.add(countPointer);
        }
        for (int i = 0; i < args.length; i++) {
            ParamInfo param = s.params().get(i);
            p.add(args[i], param.type());
        }
        if (count > 0) {
            cx.launch(kernels.step(step), Grids.blocks(count), 1, 1, Grids.THREADS, 1, 1, p, true,
                    name() + "." + s.name());
        }
        for (int a : s.writes()) {
            if (s.buffers(a)) {
                DeviceBuffer t = current[a];
                current[a] = next[a];
                next[a] = t;
            }
        }
        applyPlaceWrites(step, s);
    }

    private void prepareContribution(int attr, Combine op) {
        AttributeInfo info = placeModel.attributes().get(attr);
        long n = slots * info.columns();
        if (contribution[attr] == null) {
            contribution[attr] = DeviceBuffer.pooled(n * info.type().bytes());
            contributed[attr] = DeviceBuffer.pooled(n);
        } else {
            boolean floating = info.type() == org.colony.kernel.ScalarType.DOUBLE
                    || info.type() == org.colony.kernel.ScalarType.FLOAT;
            if (!floating) { // floating-point sums are filled with -0.0 below
                Driver.memset8(contribution[attr].pointer(), (byte) 0, contribution[attr].bytes());
            }
            Driver.memset8(contributed[attr].pointer(), (byte) 0, contributed[attr].bytes());
        }
        // Floating-point sums start at -0.0, the identity of addition: a place's -0.0 survives agents adding nothing.
        if (info.type() == org.colony.kernel.ScalarType.DOUBLE) {
            fillLong(contribution[attr].pointer(), n, Long.MIN_VALUE);
        } else if (info.type() == org.colony.kernel.ScalarType.FLOAT) {
            Driver.memset32(contribution[attr].pointer(), Integer.MIN_VALUE, n);
        }
    }

    private void applyPlaceWrites(int step, StepInfo s) {
        if (s.placeWrites().isEmpty() || count == 0) {
            return;
        }
        // With capacity 1 a place has at most one agent: each agent writes its own place, no index needed.
        boolean own = capacity == 1;
        if (!own) {
            index();
        }
        for (Map.Entry<Integer, Combine> w : s.placeWrites().entrySet()) {
            int attr = w.getKey();
            AttributeInfo info = placeModel.attributes().get(attr);
            String kernel = "colony_apply_" + (own ? "own_" : "") + w.getValue().name().toLowerCase(java.util.Locale.ROOT)
                    + "_" + info.type().javaName();
            int line = Integer.parseInt(s.source().substring(s.source().lastIndexOf(':') + 1));
            int size = info.type().bytes();
            for (int k = 0; k < info.columns(); k++) {
                long col = places.column(attr) + (long) k * places.pitch() * size;
                long con = contribution[attr].pointer() + (long) k * slots * size;
                long wrote = contributed[attr].pointer() + (long) k * slots;
                if (own) {
                    runWithFrame(kernel, count, kernels.who(step), p -> p.add(col).add(con).add(wrote)
                            .add(locations.pointer()).add(count));
                } else {
                    runWithFrame(kernel, keys, kernels.who(step), p -> p.add(col).add(con).add(wrote)
                            .add(start.pointer()).add(order.pointer()).add(keys).add(keyBase).addInt(line));
                }
            }
            places.markDirty(attr);
        }
    }

    // ---- manageAll ---------------------------------------------------------------------------

    @Override
    public ManageReport manage(long seed, long epoch) {
        checkOpen();
        LaunchTimer timer = cx.timer();
        long start = timer.on() ? timer.start() : 0L;
        ManageReport report = manageAll(seed, epoch);
        if (timer.on()) {
            timer.stop(name() + ".manageAll", start);
        }
        return report;
    }

    private ManageReport manageAll(long seed, long epoch) {
        checkOpen();
        long n = count;
        long slotsBefore = slots;
        boolean bounded = capacity < Integer.MAX_VALUE;
        long m = Math.max(1, n);
        long stats = pool.zeroed("manage.stats", 8 * 8 + DeviceErrors.BYTES);
        long requests = pool.get("manage.requests", 8 * m);
        long won = pool.get("manage.won", m);
        long occupancy = bounded ? gridScratch.zeroed("manage.occupancy", 4 * keys) : 0L;
        long priority = bounded ? pool.get("manage.priority", 8 * m) : 0L;
        long ranks = pool.get("manage.ranks", 4 * m);
        long flags = pool.get("manage.flags", 4 * m);
        long offsets = pool.get("manage.offsets", 4 * m);
        long bucketStart = gridScratch.get("manage.bucketStart", 4 * (keys + 1));
        // One wait for the device: deaths, move requests, the children asked for and the first agent asking for
        // a negative number of them (stats 0, 5, 6, 7); refusals happen before anything changes.
        long t = cx.timer().on() ? cx.timer().start() : 0L;
        run("colony_move_requests", n, p -> p.add(n).add(killed.pointer()).add(targets.pointer())
                .add(locations.pointer()).add(requests).add(shifted(occupancy)).add(spawns.pointer()).add(stats));
        long[] first = checkedStats(stats, 8);
        t = phase("1 requests", t);
        if (first[7] != 0) {
            long slot = n - first[7];
            throw new ColonyException(name() + " agent " + readLong(ids.pointer(), slot) + " asked for "
                    + readInt(spawns.pointer(), slot) + " children; spawn(n) needs n >= 0");
        }
        long deaths = first[0];
        long movers = first[5];
        long wanted = first[6];
        if (n - deaths + wanted > MAX_AGENTS) {
            throw new ColonyException(name() + " agents would number " + (n - deaths + wanted)
                    + " after this manageAll; the CUDA backend holds at most " + MAX_AGENTS + " per collection");
        }
        if (wanted > 0) {
            scanner.scanOnDevice(spawns.pointer(), offsets, n, 0L, 0L);
        }
        // 1-2. Moves requested, settled per destination by priority, applied.
        if (movers > 0) {
            if (bounded) {
                run("colony_move_priorities", n, p -> p.add(n).add(seed).add(epoch).add(ids.pointer()).add(requests)
                        .add(priority));
            }
            long bucketOrder = pool.get("manage.bucketOrder", 4 * m);
            group(requests, n, keys, bucketStart, bucketOrder, false);
            grant(bucketStart, bucketOrder, occupancy, won, priority, ids.pointer());
            run("colony_apply_moves", n, p -> p.add(n).add(requests).add(won).add(locations.pointer()).add(stats));
        }
        t = phase("2 moves", t);
        // 3. Births: children of each parent in parent order, within the room left on its place.
        long w = Math.max(1, wanted);
        long childParent = pool.get("manage.childParent", 4 * w);
        long childWon = pool.get("manage.childWon", w);
        long childRank = pool.get("manage.childRank", 4 * w);
        long births = wanted == 0 ? 0 : children(seed, epoch, n, wanted, bounded, offsets, childParent, childWon,
                childRank);
        t = phase("3 births", t);
        // 4. Stable compaction: survivors, then the children in parent order; nothing to do when no agent
        // died and none was born.
        if (deaths > 0 || births > 0) {
            run("colony_flags", n, p -> p.add(n).add(killed.pointer()).addBoolean(true).add(flags));
            long survivors = n - deaths;
            long total = survivors + births;
            scanner.scanOnDevice(flags, ranks, n, 0L, 0L);
            long map = pool.get("manage.map", 4 * Math.max(1, total));
            run("colony_compaction_map", n, p -> p.add(n).add(killed.pointer()).add(ranks).add(map));
            if (wanted > 0) {
                run("colony_children_map", wanted, p -> p.addInt((int) wanted).add(childWon).add(childRank)
                        .add(childParent).addInt((int) survivors).add(map));
            }
            compact(map, survivors, births, total);
        } else {
            // Killed flags and spawn counts are all zero already; move targets (set even where an agent asked
            // for its own place) are cleared.
            fillLong(targets.pointer(), slots, -1);
            if (movers > 0) {
                indexed = false;
            }
        }
        t = phase(slots == slotsBefore ? "4 compaction" : "4 compaction, columns reallocated", t);
        // Moves won and refused are counted on the device; with no move and no child asked for, the first read
        // holds every count and the host need not wait for the compaction (which cannot fail) before it launches
        // the next step.
        boolean settled = movers == 0 && wanted == 0;
        long[] st = settled ? new long[] {deaths, 0, 0, 0, first[4], 0, 0, 0} : checkedStats(stats, 8);
        if (slots < slotsBefore) {
            // The columns shrank with the population: the scratch buffers sized for the old one go too (they
            // come back at the new size when needed), so memory follows the live agents.
            pool.close();
        }
        phase("5 statistics", t);
        return new ManageReport(st[0], births, st[1], st[2], wanted - births, st[4], count);
    }

    private static long readLong(long pointer, long index) {
        try (Arena a = Arena.ofConfined()) {
            MemorySegment v = a.allocate(8);
            Driver.copyToHost(v, pointer + 8 * index, 8);
            return v.get(ValueLayout.JAVA_LONG, 0);
        }
    }

    private static int readInt(long pointer, long index) {
        try (Arena a = Arena.ofConfined()) {
            MemorySegment v = a.allocate(4);
            Driver.copyToHost(v, pointer + 4 * index, 4);
            return v.get(ValueLayout.JAVA_INT, 0);
        }
    }

    /** Waits for the device and reads the first {@code n} statistics. */
    private long[] readStats(long stats, int n) {
        return readStats(stats, n, false);
    }

    /**
     * As {@link #readStats(long, int)}, and throws if a kernel failed: the error record, copied after the statistics
     * (room for {@link DeviceErrors#BYTES} more), comes back with them, so checking costs no second wait.
     */
    private long[] checkedStats(long stats, int n) {
        return readStats(stats, n, true);
    }

    private long[] readStats(long stats, int n, boolean checked) {
        long[] st = new long[n];
        long bytes = 8L * n + (checked ? DeviceErrors.BYTES : 0);
        try (Arena a = Arena.ofConfined()) {
            if (checked) {
                errors.copyTo(stats + 8L * n);
            }
            MemorySegment host = a.allocate(bytes);
            Driver.copyToHost(host, stats, bytes);
            waited();
            for (int i = 0; i < st.length; i++) {
                st[i] = host.getAtIndex(ValueLayout.JAVA_LONG, i);
            }
            if (checked) {
                errors.check(host.asSlice(8L * n, DeviceErrors.BYTES));
            }
        }
        return st;
    }

    /** Settles the children's room; returns how many are born, with their ranks among the born. */
    private long children(long seed, long epoch, long n, long wanted, boolean bounded, long offsets, long childParent,
            long childWon, long childRank) {
        long requests = pool.get("children.requests", 8 * wanted);
        long priority = bounded ? pool.get("children.priority", 8 * wanted) : 0L;
        long tie = pool.get("children.tie", 8 * wanted);
        long flags = pool.get("children.flags", 4 * wanted);
        run("colony_child_requests", wanted, p -> p.addInt((int) wanted).addInt((int) n).add(offsets)
                .add(spawns.pointer()).add(locations.pointer()).add(ids.pointer()).add(seed).add(epoch)
                .add(childParent).add(requests).add(priority).add(tie));
        long occupancy = 0L;
        if (bounded) {
            occupancy = gridScratch.zeroed("children.occupancy", 4 * keys);
            long occ = occupancy;
            run("colony_occupancy", n, p -> p.add(n).add(killed.pointer()).add(locations.pointer()).add(shifted(occ)));
        }
        long occupied = occupancy;
        long bucketStart = gridScratch.get("children.bucketStart", 4 * (keys + 1));
        long bucketOrder = pool.get("children.bucketOrder", 4 * wanted);
        group(requests, wanted, keys, bucketStart, bucketOrder, false);
        grant(bucketStart, bucketOrder, occupied, childWon, priority, tie);
        run("colony_flags", wanted, p -> p.add(wanted).add(childWon).addBoolean(false).add(flags));
        return scanner.scan(flags, childRank, wanted);
    }

    /**
     * Rebuilds every column from {@code map} (new slot to old slot) and gives children their ids. Columns are
     * gathered into a scratch buffer and copied back, so the slots are reallocated only when the population
     * outgrows them or falls below half of them.
     */
    private void compact(long map, long survivors, long births, long total) {
        long newSlots = slots;
        if (total > slots) {
            newSlots = Math.min(MAX_AGENTS, Math.max(total, slots + slots / 2));
        } else if (slots > MIN_SLOTS && total < slots / 2) {
            newSlots = Math.max(MIN_SLOTS, total + total / 2);
        }
        if (newSlots == slots) {
            for (int a = 0; a < current.length; a++) {
                AttributeInfo info = model.attributes().get(a);
                current[a] = inPlace(current[a], map, total, info.columns(), info.type().bytes());
            }
            ids = inPlace(ids, map, total, 1, 8);
            locations = inPlace(locations, map, total, 1, 8);
            Driver.memset8(killed.pointer(), (byte) 0, slots);
            Driver.memset8(spawns.pointer(), (byte) 0, 4 * slots);
            fillLong(targets.pointer(), slots, -1);
        } else {
            DeviceBuffer[] oldCurrent = current;
            DeviceBuffer[] oldNext = next;
            DeviceBuffer[] old = {ids, locations, killed, targets, spawns};
            long oldSlots = slots;
            allocate(newSlots);
            try {
                for (int a = 0; a < current.length; a++) {
                    AttributeInfo info = model.attributes().get(a);
                    gather(oldCurrent[a].pointer(), current[a].pointer(), map, total, oldSlots, newSlots, info.columns(),
                            info.type().bytes());
                }
                gather(old[0].pointer(), ids.pointer(), map, total, oldSlots, newSlots, 1, 8);
                gather(old[1].pointer(), locations.pointer(), map, total, oldSlots, newSlots, 1, 8);
            } finally {
                free(oldCurrent, oldNext, old);
            }
        }
        if (births > 0) {
            long first = nextId;
            run("colony_child_ids", births, p -> p.add(ids.pointer()).addInt((int) survivors).addInt((int) births)
                    .add(first));
        }
        nextId += births;
        count = total;
        gone = 0;
        runs = null;
        indexed = false;
    }

    /**
     * Gathers a column through {@code map} into a spare buffer of its size, which becomes the column; the old column
     * becomes the spare for the next column of that size (no copy back).
     */
    private DeviceBuffer inPlace(DeviceBuffer column, long map, long n, int columns, int size) {
        if (n == 0) {
            return column;
        }
        DeviceBuffer spare = spares.remove(column.bytes());
        if (spare == null) {
            spare = DeviceBuffer.pooled(column.bytes());
        }
        gather(column.pointer(), spare.pointer(), map, n, slots, slots, columns, size);
        spares.put(column.bytes(), column);
        return spare;
    }

    private void closeSpares() {
        for (DeviceBuffer b : spares.values()) {
            b.close();
        }
        spares.clear();
    }

    private void gather(long src, long dst, long map, long n, long srcPitch, long dstPitch, int columns, int size) {
        if (n == 0) {
            return;
        }
        run("colony_gather_" + size, n, p -> p.add(src).add(dst).add(map).add(n).add(srcPitch).add(dstPitch)
                .addInt(columns));
    }

    /**
     * Column copies gathered into one launch of {@code colony_copy_rows} (their table uploaded without waiting):
     * {@link #add} them, then {@link #launch}.
     */
    private final class RowCopies {
        private final String table;
        private long[] entries = new long[8 * 8];
        private int count;
        private long most;

        /** @param table the name of the table's scratch buffer, one per call site (queued tables stay untouched) */
        RowCopies(String table) {
            this.table = table;
        }

        /**
         * Adds the copy of {@code n} rows of {@code columns} elements of {@code size} bytes: row j of {@code dst} from
         * row {@code map[j]} of {@code src} (j where {@code map} is 0), column c at {@code c * pitch} elements.
         */
        RowCopies add(long src, long dst, long map, long n, long srcPitch, long dstPitch, int columns, int size) {
            if (n == 0) {
                return this;
            }
            if (8 * (count + 1) > entries.length) {
                entries = java.util.Arrays.copyOf(entries, 2 * entries.length);
            }
            int at = 8 * count++;
            entries[at] = src;
            entries[at + 1] = dst;
            entries[at + 2] = map;
            entries[at + 3] = n;
            entries[at + 4] = srcPitch;
            entries[at + 5] = dstPitch;
            entries[at + 6] = columns;
            entries[at + 7] = size;
            most = Math.max(most, n);
            return this;
        }

        void launch() {
            if (count == 0) {
                return;
            }
            long bytes = 64L * count;
            long onDevice = pool.get(table, bytes);
            stage().upload(onDevice, MemorySegment.ofArray(entries), 0, bytes);
            KernelParams p = support.begin();
            p.add(onDevice);
            cx.launch(cx.support().function("colony_copy_rows"), Grids.blocks(most), count, 1, Grids.THREADS, 1, 1, p,
                    false, "colony_copy_rows");
        }
    }

    // ---- the agents of a partition: staged through host memory -------------------------------

    /** The slots past the live agents hold {@code ghosts} agents of other partitions, grouped with the live ones. */
    long liveAndGhosts() {
        return count + ghosts;
    }

    /**
     * Copies the live agents into {@code cols} (which takes their number): ids, places, every attribute, and the
     * deaths, moves and children the steps asked for.
     */
    void save(org.colony.runtime.storage.AgentColumns cols) {
        checkOpen();
        settle();
        int n = (int) count;
        cols.reserve(n);
        cols.count(n);
        if (n == 0) {
            return;
        }
        try (Arena a = Arena.ofConfined()) {
            MemorySegment host = a.allocate(8L * n);
            ids.download(host, 0, 8L * n);
            MemorySegment.copy(host, ValueLayout.JAVA_LONG, 0, cols.ids(), 0, n);
            locations.download(host, 0, 8L * n);
            MemorySegment.copy(host, ValueLayout.JAVA_LONG, 0, cols.locations(), 0, n);
            targets.download(host, 0, 8L * n);
            MemorySegment.copy(host, ValueLayout.JAVA_LONG, 0, cols.targets(), 0, n);
            spawns.download(host, 0, 4L * n);
            MemorySegment.copy(host, ValueLayout.JAVA_INT, 0, cols.spawns(), 0, n);
            killed.download(host, 0, n);
            HostCopy.fromSegment(host, 0, cols.killed(), 0, n, org.colony.kernel.ScalarType.BOOLEAN);
            for (int at = 0; at < current.length; at++) {
                AttributeInfo info = model.attributes().get(at);
                int size = info.type().bytes();
                for (int k = 0; k < info.columns(); k++) {
                    MemorySegment col = a.allocate((long) size * n);
                    current[at].download(col, (long) k * slots * size, col.byteSize());
                    HostCopy.fromSegment(col, 0, cols.column(at, k), 0, n, info.type());
                }
            }
            errors.check();
        }
    }

    /**
     * Replaces the agents by the live agents of {@code cols}, with no deaths, moves or children asked for and no
     * ghosts; the columns grow or shrink with the population as {@code manageAll} makes them.
     */
    void load(org.colony.runtime.storage.AgentColumns cols) {
        checkOpen();
        long n = cols.count();
        if (n > slots || (slots > MIN_SLOTS && n < slots / 2)) {
            freeColumns();
            allocate(Math.max(MIN_SLOTS, n + n / 2));
            pool.close();
        } else {
            Driver.memset8(killed.pointer(), (byte) 0, slots);
            Driver.memset8(spawns.pointer(), (byte) 0, 4 * slots);
            fillLong(targets.pointer(), slots, -1);
        }
        if (n > 0) {
            upload(cols, 0, n, slots);
        }
        count = n;
        gone = 0;
        runs = null;
        noGhosts();
        indexed = false;
    }

    /** Copies ids, places and attributes of {@code cols}' slots {@code [0, n)} into slots {@code [at, at + n)}. */
    private void upload(org.colony.runtime.storage.AgentColumns cols, long at, long n, long pitch) {
        try (Arena a = Arena.ofConfined()) {
            MemorySegment host = a.allocate(8L * n);
            MemorySegment.copy(cols.ids(), 0, host, ValueLayout.JAVA_LONG, 0, (int) n);
            Driver.copyToDevice(ids.pointer() + 8 * at, host, 8L * n);
            MemorySegment.copy(cols.locations(), 0, host, ValueLayout.JAVA_LONG, 0, (int) n);
            Driver.copyToDevice(locations.pointer() + 8 * at, host, 8L * n);
            for (int i = 0; i < current.length; i++) {
                AttributeInfo info = model.attributes().get(i);
                int size = info.type().bytes();
                for (int k = 0; k < info.columns(); k++) {
                    MemorySegment col = a.allocate((long) size * n);
                    HostCopy.toSegment(cols.column(i, k), 0, col, 0, (int) n, info.type());
                    Driver.copyToDevice(current[i].pointer() + ((long) k * pitch + at) * size, col, col.byteSize());
                }
            }
        }
    }

    /**
     * Puts the agents of other partitions on this one's halo into the slots past the live agents, where the
     * agents-by-place index finds them: {@code places[i]} (global place indices, none owned here) and, unless
     * {@code rows} is null, ids and attributes packed column by column as {@code AgentColumns.pack} writes them.
     * They stay until the next {@code manageAll} or call of this method; steps run on the live agents only.
     */
    void ghosts(long[] places, int n, MemorySegment rows) {
        checkOpen();
        ensureSlots(count + n);
        if (n > 0) {
            try (Arena a = Arena.ofConfined()) {
                MemorySegment host = a.allocate(8L * n);
                MemorySegment.copy(places, 0, host, ValueLayout.JAVA_LONG, 0, n);
                Driver.copyToDevice(locations.pointer() + 8 * count, host, 8L * n);
            }
            if (rows != null) {
                long at = 0;
                Driver.copyToDevice(ids.pointer() + 8 * count, rows.asSlice(at, 8L * n), 8L * n);
                at += 8L * n;
                for (int i = 0; i < current.length; i++) {
                    AttributeInfo info = model.attributes().get(i);
                    long bytes = (long) info.type().bytes() * n;
                    for (int k = 0; k < info.columns(); k++) {
                        Driver.copyToDevice(current[i].pointer() + ((long) k * slots + count) * info.type().bytes(),
                                rows.asSlice(at, bytes), bytes);
                        at += bytes;
                    }
                }
            }
        }
        noGhosts();
        ghosts = n;
        indexed = false;
    }

    // ---- the manageAll of one partition on the device: moves and deaths ------------------------
    //
    // Requests, verdicts and movers stay in device memory, in buffers the runtime's device transport carries
    // between partitions: a request to another partition's place carries the mover's row (id, new place,
    // attributes); the owner settles it with its own requests and appends the winners, and the verdicts go back so
    // that the sender drops them. The host reads two sets of counts per round with moves (requests per partition,
    // then how many won), nothing else.
    //
    // A round that only moves agents across leaves its compaction to the next round (SugarScape's deaths): the slots
    // of the agents that left lose their place (location -1) and the arrivals sit after the agents here, each
    // sender's in id order ("runs"). Until then the first `count` slots are not all agents and not in id order:
    // steps, place writes and halo counts skip the slots without a place, the index sorts its buckets by id, and
    // whatever reads or writes the columns from the host, or sends rows to another partition, compacts first
    // (settle).

    /**
     * What the agents of a partition asked of {@code manageAll}, found on the device before anything changes:
     * deaths, moves dropped off a grid that does not wrap, children asked for (the round then runs on the host:
     * {@code requests} is null), and per partition the moves to places it owns (0 for this one's own).
     */
    record RoundStart(long deaths, long outside, long wanted, boolean badSpawn, long[] requests) {
    }

    /** The moves settled here: per sending partition how many of its requests won, and this partition's own moves. */
    record Resolved(long[] admitted, long moves, long refused) {
    }

    /**
     * Where the columns of {@code c} rows sent between partitions start, in bytes: ids, new places, then each
     * attribute's element columns (element after element), every column 16-byte aligned; the last entry is the
     * size of the whole.
     */
    private long[] rowLayout(long c) {
        long[] at = new long[current.length + 3];
        at[1] = align(8 * c);
        at[2] = at[1] + align(8 * c);
        for (int a = 0; a < current.length; a++) {
            AttributeInfo info = model.attributes().get(a);
            at[a + 3] = at[a + 2] + align((long) info.type().bytes() * info.columns() * c);
        }
        return at;
    }

    /** Bytes of {@code c} rows sent between partitions. */
    long rowsBytes(long c) {
        return c == 0 ? 0 : rowLayout(c)[current.length + 2];
    }

    private static long align(long bytes) {
        return (bytes + 15) & ~15L;
    }

    /** Scratch of the round under way: the local requests (-1 where none) and the living agents per place. */
    private long roundRequests;
    private long roundOccupancy;
    /** The round's moves to this partition's own places. */
    private long roundLocalMovers;
    /** Per partition, the moves to its places; the slots of those agents, partition after partition. */
    private long[] roundOut = new long[0];
    private long roundSlots;
    /** The rows sent with the requests, partition after partition ({@link #rowsBytes} each). */
    private long roundRows;
    /** Per partition, the requests received from it, and where their rows are. */
    private long[] roundIn = new long[0];
    private long roundInRows;
    /** The room for requests in {@link #roundRequests}: this partition's, then those received. */
    private long roundRequestsRoom;
    /** Per request received (sender after sender), whether it won; valid after {@link #settleRound}. */
    private long roundWon;
    /** The deaths beginRound counted (they stay in their slots until a compaction). */
    private long roundDeaths;
    /** The statistics settleRound left on the device for resolveRound to read; 0 when it settled nothing. */
    private long roundStats;
    /**
     * The runs a deferred finish that resolveRound queued before its wait leaves (finishRound takes them and only
     * counts); null when none was queued.
     */
    private int[] finishedAhead;
    private long roundAdmitted;
    /** Per partition, one byte per request sent to it: 1 where it won; 0 when no verdicts came (all won). */
    private long roundVerdicts;
    /**
     * Whether a partition's round that only moved agents across leaves its compaction to the next round
     * ({@code -Dcolony.cuda.deferCompaction=false}: every round compacts).
     */
    private static final boolean DEFER = !"false".equals(System.getProperty("colony.cuda.deferCompaction"));
    /**
     * Whether rounds may still leave their compaction to the next: not once a round that sends agents away found one
     * waiting (it compacts first, so deferring saves nothing where every round sends, as where agents only move).
     */
    private boolean deferring = DEFER;
    /**
     * Whether a deferred round's finish is queued before the wait for its winners' counts
     * ({@code -Dcolony.cuda.finishAhead=false}: after it, for comparison).
     */
    private static final boolean AHEAD = !"false".equals(System.getProperty("colony.cuda.finishAhead"));
    /** Slots below {@link #count} without an agent (left in a deferred round: no place, killed). */
    private long gone;
    /** After a deferred round, where the runs of slots in id order start (and the last ends); null when compact. */
    private int[] runs;
    /** Per coordinate, its block's share of the partition number (see {@code ownerOf} in support.cu). */
    private DeviceBuffer ownerTable;

    private long ownerTable(org.colony.runtime.grid.Topology topology) {
        if (ownerTable == null) {
            org.colony.kernel.Layout l = places.layout();
            int[] t = new int[l.size0() + l.size1() + l.size2()];
            for (int x = 0; x < l.size0(); x++) {
                t[x] = topology.owner(x, 0, 0);
            }
            for (int y = 0; y < l.size1(); y++) {
                t[l.size0() + y] = topology.owner(0, y, 0);
            }
            for (int z = 0; z < l.size2(); z++) {
                t[l.size0() + l.size1() + z] = topology.owner(0, 0, z);
            }
            DeviceBuffer b = DeviceBuffer.zeroed(4L * t.length);
            try (Arena a = Arena.ofConfined()) {
                MemorySegment host = a.allocate(4L * t.length, 4);
                MemorySegment.copy(t, 0, host, ValueLayout.JAVA_INT, 0, t.length);
                Driver.copyToDevice(b.pointer(), host, 4L * t.length);
            }
            ownerTable = b;
        }
        return ownerTable.pointer();
    }

    /**
     * Starts a partition's {@code manageAll} on the device: deaths, requests, and those to other partitions'
     * places grouped by owner with the movers' rows ({@link #requestsTo}). One wait, for the counts.
     */
    RoundStart beginRound(org.colony.runtime.grid.Topology topology, int self) {
        checkOpen();
        long n = count;
        int k = topology.partitions();
        // Room on this partition's places is the capacity less its living agents there: none when it has none.
        roundOccupancy = capacity < Integer.MAX_VALUE ? gridScratch.zeroed("round.occupancy", 4 * keys) : 0L;
        roundLocalMovers = 0;
        roundOut = new long[k];
        roundIn = new long[k];
        roundAdmitted = 0;
        roundVerdicts = 0;
        roundRequestsRoom = 0;
        roundDeaths = 0;
        roundStats = 0;
        finishedAhead = null;
        if (n == 0) {
            return new RoundStart(0, 0, 0, false, new long[k]);
        }
        // stats 0-7 as manageAll's, 8 .. 8 + k: per partition, the requests to its places (0 for this one)
        long stats = pool.zeroed("round.stats", 8L * (8 + k) + DeviceErrors.BYTES);
        // (with room for the requests received after them, see settleRound)
        roundRequestsRoom = n + Math.max(4096, n / 16);
        roundRequests = pool.get("round.requests", 8 * roundRequestsRoom);
        long requests = roundRequests;
        long occupancy = roundOccupancy;
        long remote = pool.get("round.remote", 4 * n);
        long rank = pool.get("round.rank", 4 * n);
        org.colony.kernel.Layout l = places.layout();
        long table = ownerTable(topology);
        run("colony_partition_requests", n, p -> p.add(n).add(killed.pointer()).add(targets.pointer())
                .add(locations.pointer()).add(requests).add(shifted(occupancy)).add(spawns.pointer()).add(stats)
                .add(remote).add(table).addInt(l.size0()).addInt(l.size1()).addInt(self).add(stats + 8 * 8));
        long[] st = checkedStats(stats, 8 + k);
        if (st[7] != 0 || st[6] != 0) {
            return new RoundStart(st[0], st[4], st[6], st[7] != 0, null);
        }
        System.arraycopy(st, 8, roundOut, 0, k);
        long r = 0;
        for (long c : roundOut) {
            r += c;
        }
        if (r > 0 && runs != null) {
            // Requests to others carry rows in slot order, which the owner takes for id order: what the last round
            // left is compacted first (and, as its compaction fell to a round that sends, the next does not wait).
            deferring = false;
            settle();
            return beginRound(topology, self);
        }
        roundLocalMovers = st[5] - r;
        roundDeaths = st[0];
        if (r > 0) {
            // (ranked only now: a round without moves elsewhere, such as one of deaths only, needs no scan)
            scanner.scanOnDevice(remote, rank, n, 0L, 0L);
            stageRequests(n, r, remote, rank, table);
        }
        return new RoundStart(st[0], st[4], 0, false, roundOut.clone());
    }

    /** Groups the {@code r} requests to other partitions by owner and gathers the movers' rows for each. */
    private void stageRequests(long n, long r, long remote, long rank, long table) {
        long list = pool.get("round.list", 4 * r);
        run("colony_pack_slots", n, p -> p.add(n).add(remote).add(rank).add(list));
        int owners = 0;
        for (long c : roundOut) {
            owners += c > 0 ? 1 : 0;
        }
        roundSlots = list;
        if (owners > 1) {
            long grouped = pool.get("round.grouped", 4 * r);
            long flags = pool.get("round.ownerFlags", 4 * r);
            long ranks = pool.get("round.ownerRanks", 4 * r);
            org.colony.kernel.Layout l = places.layout();
            long at = 0;
            for (int q = 0; q < roundOut.length; q++) {
                if (roundOut[q] == 0) {
                    continue;
                }
                int owner = q;
                long into = grouped + 4 * at;
                run("colony_owner_flags", r, p -> p.add(r).add(list).add(targets.pointer()).add(table)
                        .addInt(l.size0()).addInt(l.size1()).addInt(owner).add(flags));
                scanner.scanOnDevice(flags, ranks, r, 0L, 0L);
                run("colony_pick", r, p -> p.add(r).add(flags).add(ranks).add(list).add(into));
                at += roundOut[q];
            }
            roundSlots = grouped;
        }
        long bytes = 0;
        for (long c : roundOut) {
            bytes += rowsBytes(c);
        }
        roundRows = pool.get("round.out", bytes);
        long at = 0;
        long rows = roundRows;
        RowCopies copies = new RowCopies("round.outTable");
        for (long c : roundOut) {
            if (c == 0) {
                continue;
            }
            long[] lay = rowLayout(c);
            long map = roundSlots + 4 * at;
            copies.add(ids.pointer(), rows + lay[0], map, c, slots, c, 1, 8);
            copies.add(targets.pointer(), rows + lay[1], map, c, slots, c, 1, 8);
            for (int a = 0; a < current.length; a++) {
                AttributeInfo info = model.attributes().get(a);
                copies.add(current[a].pointer(), rows + lay[a + 2], map, c, slots, c, info.columns(),
                        info.type().bytes());
            }
            at += c;
            rows += lay[current.length + 2];
        }
        copies.launch();
    }

    /** Device memory, as the transport carries it. */
    @SuppressWarnings("restricted") // a device address as a segment, never read on the host
    private static MemorySegment device(long pointer, long bytes) {
        return MemorySegment.ofAddress(pointer).reinterpret(bytes);
    }

    /** Device memory from {@code base} on, cut into pieces of {@code bytes[i]} one after another. */
    static MemorySegment[] pieces(long base, long[] bytes) {
        MemorySegment[] out = new MemorySegment[bytes.length];
        long at = base;
        for (int i = 0; i < out.length; i++) {
            out[i] = device(at, bytes[i]);
            at += bytes[i];
        }
        return out;
    }

    /** The bytes of each region's counts, 4 a cell. */
    static long[] countBytes(List<org.colony.runtime.grid.Region> regions) {
        return regions.stream().mapToLong(r -> 4 * Math.max(0, r.cells())).toArray();
    }

    /** The requests to partition {@code to}'s places with the movers' rows (after {@link #beginRound}). */
    MemorySegment requestsTo(int to) {
        long at = roundRows;
        for (int q = 0; q < to; q++) {
            at += rowsBytes(roundOut[q]);
        }
        return device(at, rowsBytes(roundOut[to]));
    }

    /** Room for the requests with rows that each partition sends ({@code counts}; empty where it sends none). */
    MemorySegment[] receiveRequests(long[] counts) {
        checkOpen();
        roundIn = counts.clone();
        long[] bytes = java.util.Arrays.stream(counts).map(this::rowsBytes).toArray();
        roundInRows = pool.get("round.in", Math.max(16, java.util.Arrays.stream(bytes).sum()));
        return pieces(roundInRows, bytes);
    }

    /**
     * Settles every move to this partition's places, its own and those received ({@link #receiveRequests}), by
     * capacity and priority as one block does, and moves its own winners; nothing waits (see {@link #resolveRound}).
     */
    void settleRound(long seed, long epoch) {
        checkOpen();
        long n = count;
        int k = roundIn.length;
        long r = received();
        long t = n + r;
        roundStats = 0;
        if (t == 0 || (r == 0 && roundLocalMovers == 0)) {
            // Nothing asks for a place here: no grouping of requests over the places (as one block skips it).
            return;
        }
        // This partition's requests come first, then those received, sender after sender (the settling does not
        // depend on their order): the received ones go after this partition's own requests, where beginRound left
        // room, and their ids after the agents' ids, where finishRound keeps them.
        ensureSlots(t);
        long req = t <= roundRequestsRoom ? roundRequests : pool.get("round.allRequests", 8 * t);
        if (req != roundRequests && n > 0) {
            Driver.copyOnDevice(req, roundRequests, 8 * n);
        }
        long who = ids.pointer();
        long at = n;
        long rows = roundInRows;
        RowCopies copies = new RowCopies("round.inTable");
        for (long c : roundIn) {
            if (c > 0) {
                long[] lay = rowLayout(c);
                copies.add(rows + lay[1], req + 8 * at, 0L, c, c, c, 1, 8);
                copies.add(rows + lay[0], who + 8 * at, 0L, c, c, c, 1, 8);
                at += c;
                rows += lay[current.length + 2];
            }
        }
        copies.launch();
        // stats 0-7 as manageAll's, 8 .. 8 + k: per sender, its requests that won; then the verdicts
        long head = 8L * (8 + k);
        long stats = pool.get("round.won", head + t);
        long won = stats + head;
        Driver.memset8(stats, (byte) 0, head);
        if (capacity < Integer.MAX_VALUE) {
            long priority = pool.get("round.priority", 8 * t);
            run("colony_move_priorities", t, p -> p.add(t).add(seed).add(epoch).add(who).add(req).add(priority));
            long bucketStart = gridScratch.get("round.bucketStart", 4 * (keys + 1));
            long bucketOrder = pool.get("round.bucketOrder", 4 * t);
            group(req, t, keys, bucketStart, bucketOrder, false);
            grant(bucketStart, bucketOrder, roundOccupancy, won, priority, who);
        } else {
            Driver.memset8(won, (byte) 1, t);
        }
        if (n > 0) {
            run("colony_apply_moves", n, p -> p.add(n).add(req).add(won).add(locations.pointer()).add(stats));
        }
        at = n;
        for (int s = 0; s < k; s++) {
            long c = roundIn[s];
            if (c > 0) {
                long from = won + at;
                long into = stats + 8L * (8 + s);
                run("colony_count_set", c, p -> p.add(c).add(from).add(into));
                at += c;
            }
        }
        roundWon = won + n;
        roundStats = stats;
        indexed = false;
    }

    /**
     * The counts of what {@link #settleRound} settled, after the verdicts came ({@link #receiveVerdicts}): one wait.
     * A round whose finish will be deferred (no deaths, nothing waiting from an earlier round) queues that finish
     * first, so the device works on while the host waits; {@link #finishRound} then only counts.
     */
    Resolved resolveRound() {
        checkOpen();
        int k = roundIn.length;
        if (roundStats == 0) {
            return new Resolved(new long[k], 0, 0);
        }
        if (AHEAD && deferring && roundDeaths == 0 && runs == null) {
            finishedAhead = arrive(count, true);
        }
        long[] st = readStats(roundStats, 8 + k); // (the settling kernels cannot fail: beginRound checked the steps)
        roundStats = 0;
        long[] admitted = java.util.Arrays.copyOfRange(st, 8, 8 + k);
        roundAdmitted = 0;
        for (long a : admitted) {
            roundAdmitted += a;
        }
        return new Resolved(admitted, st[1], st[2]);
    }

    /** One byte per request received from partition {@code to}: 1 where it won (after {@link #settleRound}). */
    MemorySegment verdictsTo(int to) {
        long at = roundWon;
        for (int s = 0; s < to; s++) {
            at += roundIn[s];
        }
        return device(at, roundIn[to]);
    }

    /** Room for the verdicts on this partition's requests, from each partition (empty where it sent none). */
    MemorySegment[] receiveVerdicts() {
        checkOpen();
        roundVerdicts = pool.get("round.verdicts", Math.max(16, java.util.Arrays.stream(roundOut).sum()));
        return pieces(roundVerdicts, roundOut);
    }

    /**
     * Finishes a partition's {@code manageAll} on the device, without waiting for it: the agents whose moves won
     * elsewhere ({@code left} of them: all those asked for when no verdicts came) and the dead are dropped, the
     * arrivals that won are taken in, and everything is compacted into id order; in a round without deaths that
     * follows a compacted one, the compaction waits for the next round (see above).
     */
    void finishRound(long deaths, long left) {
        checkOpen();
        long r = received();
        long n = count;
        long survivors = n - gone - deaths - left;
        // A round that only moved agents across, with nothing left over from an earlier one, need not compact:
        // the agents that left keep their slots without a place until the next round's compaction, and the
        // arrivals follow as runs of their own (steps, place writes, counts and the index pass over the empty
        // slots; whatever reads the columns from the host compacts first, see settle). resolveRound may have
        // queued that on the device already, before its wait; then only the host's counts are left.
        boolean ahead = finishedAhead != null;
        boolean defer = ahead || deferring && deaths == 0 && runs == null && (left > 0 || r > 0);
        int[] bounds = ahead ? finishedAhead : arrive(n, defer);
        finishedAhead = null;
        if (defer) {
            count = n + r;
            gone = left + (r - roundAdmitted);
            // (nothing left or arrived, as a round queued ahead may find: the agents are in id order as they stand)
            runs = gone == 0 && bounds.length == 2 ? null : bounds;
        } else if (survivors == n && r == 0 && runs == null) {
            fillLong(targets.pointer(), slots, -1);
        } else {
            // The runs in id order: the agents here (one run, or the runs a deferred round left), then each
            // sender's requests; the killed (dead, gone, lost) are dropped.
            long total = survivors + roundAdmitted;
            compact(mergeMap(bounds, total, true), total, 0, total);
        }
        endRound();
    }

    /** The requests received this round, from every sender. */
    private long received() {
        long r = 0;
        for (long c : roundIn) {
            r += c;
        }
        return r;
    }

    private void endRound() {
        roundOut = new long[0];
        roundIn = new long[0];
        noGhosts();
        indexed = false;
    }

    /**
     * Marks the agents that left (killed; with {@code defer}, without a place too) and puts the requests received
     * after the {@code n} slots, the losers marked dead; returns the bounds of the runs in id order that the slots
     * hold then. With {@code defer} that ends the round's work on the device: the slots stay as they are (see
     * finishRound, which takes the arrivals into the count).
     */
    private int[] arrive(long n, boolean defer) {
        long r = received();
        ensureSlots(n + r);
        long at = 0;
        for (long c : roundOut) {
            if (c > 0) {
                long list = roundSlots + 4 * at;
                long won = roundVerdicts == 0 ? 0L : roundVerdicts + at;
                long placed = defer ? locations.pointer() : 0L;
                run("colony_mark_left", c, p -> p.add(list).add(c).add(won).add(killed.pointer()).add(placed));
                at += c;
            }
        }
        int[] before = runs == null ? new int[] {0, (int) n} : runs;
        int[] bounds = java.util.Arrays.copyOf(before, before.length + roundIn.length);
        int runCount = before.length - 1;
        if (r > 0) {
            // The requests received, winners and losers, go after the agents here; the losers are marked dead.
            long to = n;
            long rows = roundInRows;
            RowCopies copies = new RowCopies("round.arriveTable");
            for (long c : roundIn) {
                if (c == 0) {
                    continue;
                }
                long[] lay = rowLayout(c);
                // (their ids are in place: settleRound put them there, as it settles every round that receives)
                copies.add(rows + lay[1], locations.pointer() + 8 * to, 0L, c, c, slots, 1, 8);
                for (int a = 0; a < current.length; a++) {
                    AttributeInfo info = model.attributes().get(a);
                    int size = info.type().bytes();
                    copies.add(rows + lay[a + 2], current[a].pointer() + (long) size * to, 0L, c, c, slots,
                            info.columns(), size);
                }
                to += c;
                rows += lay[current.length + 2];
                bounds[runCount + 1] = (int) to;
                runCount++;
            }
            copies.launch();
            long won = roundWon;
            long lost = killed.pointer() + n;
            long received = r;
            long placed = defer ? locations.pointer() + 8 * n : 0L;
            run("colony_lost", received, p -> p.add(received).add(won).add(lost).add(placed));
        }
        int[] out = java.util.Arrays.copyOf(bounds, runCount + 1);
        if (defer) {
            if (r > 0) {
                Driver.memset8(spawns.pointer() + 4 * n, (byte) 0, 4 * r);
            }
            fillLong(targets.pointer(), slots, -1);
        }
        return out;
    }

    /**
     * The map (new slot to old slot) of the compaction into id order of slots {@code [0, bounds[last])}, which hold
     * runs each in id order (run u: slots {@code bounds[u] .. bounds[u + 1]}); {@code total} stay: those not killed
     * ({@code byKilled}) or those with a place.
     */
    private long mergeMap(int[] bounds, long total, boolean byKilled) {
        long all = bounds[bounds.length - 1];
        long flags = pool.get("merge.flags", 4 * Math.max(1, all));
        long ranks = pool.get("merge.ranks", 4 * (all + 1));
        if (byKilled) {
            run("colony_flags", all, p -> p.add(all).add(killed.pointer()).addBoolean(true).add(flags));
        } else {
            run("colony_placed", all, p -> p.add(all).add(locations.pointer()).add(flags));
        }
        scanner.scanOnDevice(flags, ranks, all, ranks + 4 * all, 0L);
        long boundsOnDevice = pool.get("merge.bounds", 4L * bounds.length);
        stage().upload(boundsOnDevice, bounds);
        long map = pool.get("merge.map", 4 * Math.max(1, total));
        long killedOrNone = byKilled ? killed.pointer() : 0L;
        int runCount = bounds.length - 1;
        run("colony_merge_runs", all, p -> p.add(all).add(killedOrNone).add(locations.pointer()).add(ranks)
                .add(ids.pointer()).add(boundsOnDevice).addInt(runCount).add(map));
        return map;
    }

    /**
     * Compacts what a deferred round left ({@link #finishRound}): the slots without an agent go, the runs merge
     * into id order, and the deaths, moves and children asked for since stay with their agents. Called before
     * anything reads the columns from the host.
     */
    private void settle() {
        if (runs == null) {
            return;
        }
        checkOpen();
        if (ghosts != 0) {
            // (ghost rows are given only after a compaction, see CudaAgentPartition.ghosts: they would be lost here)
            throw new IllegalStateException(name() + ": ghost rows while a compaction waits");
        }
        long total = count - gone;
        long map = mergeMap(runs, total, false);
        if (total > 0) {
            for (int a = 0; a < current.length; a++) {
                AttributeInfo info = model.attributes().get(a);
                current[a] = inPlace(current[a], map, total, info.columns(), info.type().bytes());
            }
            ids = inPlace(ids, map, total, 1, 8);
            locations = inPlace(locations, map, total, 1, 8);
            killed = inPlace(killed, map, total, 1, 1);
            spawns = inPlace(spawns, map, total, 1, 4);
            targets = inPlace(targets, map, total, 1, 8);
        }
        // Past the agents: nothing killed, no children or moves asked for.
        Driver.memset8(killed.pointer() + total, (byte) 0, slots - total);
        Driver.memset8(spawns.pointer() + 4 * total, (byte) 0, 4 * (slots - total));
        fillLong(targets.pointer() + 8 * total, slots - total, -1);
        count = total;
        gone = 0;
        runs = null;
        // (the agents counted on the halo, ghostBoxes, stay: they are not in slots)
        indexed = false;
    }

    /** The slots allocated per column. */
    private long slots() {
        return slots;
    }

    /**
     * The number of agents on each owned cell of every region (local coordinates), 4 bytes each in row order, region
     * after region: one pass over the agents per region and one copy to the host for them all.
     */
    MemorySegment countsIn(List<org.colony.runtime.grid.Region> regions) {
        long cellsIn = cells(regions);
        MemorySegment host = Arena.ofAuto().allocate(Math.max(4, 4 * cellsIn), 8);
        long out = countsOnDevice(regions);
        if (cellsIn > 0) {
            Driver.copyToHost(host, out, 4 * cellsIn);
            waited();
        }
        return host;
    }

    /**
     * As {@link #countsIn}, left on the device: the address of the counts, region after region (valid until the
     * next call), without waiting.
     */
    long countsOnDevice(List<org.colony.runtime.grid.Region> regions) {
        checkOpen();
        long cellsIn = cells(regions);
        long out = pool.zeroed("halo.counts", 4 * Math.max(1, cellsIn));
        org.colony.kernel.Layout l = places.layout();
        long n = count;
        long at = 0;
        for (org.colony.runtime.grid.Region r : regions) {
            int[] lo = r.lo();
            int[] hi = r.hi();
            long into = out + 4 * at;
            at += Math.max(0, r.cells());
            if (n > 0 && r.cells() > 0) {
                run("colony_box_counts", n, p -> p.add(locations.pointer()).add(n).addInt(l.size0()).addInt(l.size1())
                        .addInt(l.origin0()).addInt(l.origin1()).addInt(l.origin2()).addInt(lo[0]).addInt(lo[1])
                        .addInt(lo[2]).addInt(hi[0] - lo[0]).addInt(hi[1] - lo[1]).addInt(hi[2] - lo[2]).add(into));
            }
        }
        return out;
    }

    /**
     * Counts the agents of other partitions on this one's halo into the agents-by-place index, without slots:
     * {@code counts} holds, per box of halo cells (local coordinates), the number on each cell in row order;
     * {@code total} is their sum. They stay until the next {@code manageAll} or call of this method or of
     * {@link #ghosts}; a step reading them may count them, not iterate them.
     */
    void ghostCounts(List<org.colony.runtime.grid.Region> boxes, List<int[]> counts, long total) {
        long at = ghostCountsBuffer(boxes, total);
        for (int[] c : counts) {
            stage().upload(at, c);
            at += 4L * c.length;
        }
    }

    /**
     * As {@link #ghostCounts}, with the counts written straight into device memory (by the transport): returns the
     * memory of each box's counts, in order. {@code bound}: at most this many agents on them in all.
     */
    MemorySegment[] receiveGhostCounts(List<org.colony.runtime.grid.Region> boxes, long bound) {
        return pieces(ghostCountsBuffer(boxes, bound), countBytes(boxes));
    }

    /** The counts last given for {@code boxes} (by either method above), copied to the host, box after box. */
    List<int[]> ghostCountsOnHost(List<org.colony.runtime.grid.Region> boxes) {
        checkOpen();
        List<int[]> out = new java.util.ArrayList<>();
        long cellsIn = cells(boxes);
        if (cellsIn == 0) {
            boxes.forEach(b -> out.add(new int[0]));
            return out;
        }
        try (Arena a = Arena.ofConfined()) {
            MemorySegment host = a.allocate(4 * cellsIn, 4);
            Driver.copyToHost(host, ghostCounts.pointer(), 4 * cellsIn);
            waited();
            long at = 0;
            for (org.colony.runtime.grid.Region b : boxes) {
                int[] c = new int[(int) Math.max(0, b.cells())];
                MemorySegment.copy(host, ValueLayout.JAVA_INT, at, c, 0, c.length);
                at += 4L * c.length;
                out.add(c);
            }
        }
        return out;
    }

    /** Makes room for the counts of {@code boxes} and marks them as the ghosts counted; returns its address. */
    private long ghostCountsBuffer(List<org.colony.runtime.grid.Region> boxes, long total) {
        checkOpen();
        long cellsIn = cells(boxes);
        if (ghostCounts == null || ghostCounts.bytes() < 4 * cellsIn) {
            if (ghostCounts != null) {
                ghostCounts.close();
            }
            ghostCounts = DeviceBuffer.pooled(Math.max(64, 4 * cellsIn + cellsIn));
        }
        ghostBoxes = List.copyOf(boxes);
        ghostTotal = total;
        ghosts = 0;
        indexed = false;
        return ghostCounts.pointer();
    }

    private static long cells(List<org.colony.runtime.grid.Region> regions) {
        long cellsIn = 0;
        for (org.colony.runtime.grid.Region r : regions) {
            cellsIn += Math.max(0, r.cells());
        }
        return cellsIn;
    }

    private UploadStage stage() {
        if (stage == null) {
            stage = new UploadStage(1 << 20);
        }
        return stage;
    }

    /** The host waited for the device: what the upload stage holds has arrived. */
    private void waited() {
        if (stage != null) {
            stage.deviceWaited();
        }
    }

    /** Drops the agents of other partitions: slots and counts. */
    private void noGhosts() {
        ghosts = 0;
        ghostBoxes = List.of();
        ghostTotal = 0;
    }

    /** Grows the columns to at least {@code need} slots, keeping the live agents and what their steps asked for. */
    private void ensureSlots(long need) {
        if (need <= slots) {
            return;
        }
        if (need > MAX_AGENTS) {
            throw new ColonyException(name() + " agents would need " + need + " slots; the CUDA backend holds at most "
                    + MAX_AGENTS + " per collection");
        }
        DeviceBuffer[] oldCurrent = current;
        DeviceBuffer[] oldNext = next;
        DeviceBuffer[] old = {ids, locations, killed, targets, spawns};
        long oldSlots = slots;
        allocate(Math.min(MAX_AGENTS, Math.max(need, slots + slots / 2)));
        try {
            for (int a = 0; a < current.length; a++) {
                AttributeInfo info = model.attributes().get(a);
                long bytes = count * info.type().bytes();
                for (int k = 0; k < info.columns(); k++) {
                    if (bytes > 0) {
                        Driver.copyOnDevice(current[a].pointer() + k * slots * info.type().bytes(),
                                oldCurrent[a].pointer() + k * oldSlots * info.type().bytes(), bytes);
                    }
                }
            }
            int[] sizes = {8, 8, 1, 8, 4};
            DeviceBuffer[] now = {ids, locations, killed, targets, spawns};
            for (int i = 0; i < old.length; i++) {
                if (count > 0) {
                    Driver.copyOnDevice(now[i].pointer(), old[i].pointer(), count * sizes[i]);
                }
            }
        } finally {
            free(oldCurrent, oldNext, old);
        }
    }

    private void freeColumns() {
        free(current, next, new DeviceBuffer[] {ids, locations, killed, targets, spawns});
    }

    /** Frees attribute columns (second buffers where there are) and the other per-slot columns. */
    private static void free(DeviceBuffer[] columns, DeviceBuffer[] seconds, DeviceBuffer[] others) {
        for (int a = 0; a < columns.length; a++) {
            columns[a].close();
            if (seconds[a] != null) {
                seconds[a].close();
            }
        }
        for (DeviceBuffer b : others) {
            b.close();
        }
    }

    /** The partial reduction of one element column, to merge with other partitions'. */
    ColumnAccumulator partial(int attribute, int element) {
        checkOpen();
        settle(); // (before count sizes the column)
        AttributeInfo info = model.attributes().get(attribute);
        Object column = info.type().newArray((int) count);
        read(attribute, element, column);
        ColumnAccumulator acc = new ColumnAccumulator();
        acc.addRow(column, 0, (int) count);
        return acc;
    }

    // ---- attributes ------------------------------------------------------------------------

    @Override
    public void read(int attribute, int element, Object target) {
        checkOpen();
        settle();
        AttributeInfo info = model.attributes().get(attribute);
        if (count == 0) {
            return;
        }
        try (Arena a = Arena.ofConfined()) {
            MemorySegment host = a.allocate((long) info.type().bytes() * count);
            current[attribute].download(host, (long) element * slots * info.type().bytes(), host.byteSize());
            errors.check();
            HostCopy.fromSegment(host, 0, target, 0, (int) count, info.type());
        }
    }

    @Override
    public void write(int attribute, int element, Object source) {
        checkOpen();
        settle();
        AttributeInfo info = model.attributes().get(attribute);
        if (count == 0) {
            return;
        }
        try (Arena a = Arena.ofConfined()) {
            MemorySegment host = a.allocate((long) info.type().bytes() * count);
            HostCopy.toSegment(source, 0, host, 0, (int) count, info.type());
            Driver.copyToDevice(current[attribute].pointer() + (long) element * slots * info.type().bytes(), host,
                    host.byteSize());
        }
    }

    private long[] longs(java.util.function.Supplier<DeviceBuffer> column) {
        checkOpen();
        settle();
        DeviceBuffer b = column.get();
        long[] out = new long[(int) count];
        if (count == 0) {
            return out;
        }
        try (Arena a = Arena.ofConfined()) {
            MemorySegment host = a.allocate(8 * count);
            b.download(host, 0, 8 * count);
            errors.check();
            MemorySegment.copy(host, ValueLayout.JAVA_LONG, 0, out, 0, (int) count);
        }
        return out;
    }

    @Override
    public long[] ids() {
        return longs(() -> ids);
    }

    @Override
    public long[] places() {
        return longs(() -> locations);
    }

    @Override
    public Reduction reduce(int attribute, int element) {
        AttributeInfo info = model.attributes().get(attribute);
        return partial(attribute, element).result(info.type(), name() + "." + info.name());
    }

    @Override
    public void setShared(int index, Object values) {
        checkOpen();
        System.arraycopy(values, 0, shared[index], 0, java.lang.reflect.Array.getLength(shared[index]));
        kernels.uploadShared(model.shared().get(index), shared[index]);
    }

    @Override
    public void bindAgents(int slot, AgentStore agents) {
        bound[slot] = agents;
    }

    @Override
    public long bytes() {
        long b = bytesPerSlot(model) * slots + 4 * (keys + 1) + pool.bytes() + gridScratch.bytes();
        for (DeviceBuffer spare : spares.values()) {
            b += spare.bytes();
        }
        for (int p = 0; p < contribution.length; p++) {
            if (contribution[p] != null) {
                b += contribution[p].bytes() + contributed[p].bytes();
            }
        }
        return b;
    }

    @Override
    public void close() {
        if (closed) {
            return;
        }
        cx.device().makeCurrent();
        closed = true;
        try {
            if (stage != null) {
                stage.close(); // waits for the uploads still queued, before what they write into is freed
            }
        } finally {
            freeColumns();
            for (int p = 0; p < contribution.length; p++) {
                if (contribution[p] != null) {
                    contribution[p].close();
                    contributed[p].close();
                }
            }
            start.close();
            order.close();
            if (ghostCounts != null) {
                ghostCounts.close();
            }
            if (ownerTable != null) {
                ownerTable.close();
            }
            counter.close();
            closeSpares();
            pool.close();
            gridScratch.close();
            arena.close();
        }
    }
}
