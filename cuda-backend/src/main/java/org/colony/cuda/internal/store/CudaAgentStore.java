package org.colony.cuda.internal.store;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.reflect.Array;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.function.Supplier;
import org.colony.ColonyException;
import org.colony.cuda.internal.bind.Driver;
import org.colony.cuda.internal.device.DeviceBuffer;
import org.colony.cuda.internal.device.DeviceErrors;
import org.colony.cuda.internal.launch.CudaContext;
import org.colony.cuda.internal.launch.Frames;
import org.colony.cuda.internal.launch.KernelParams;
import org.colony.cuda.internal.launch.LaunchTimer;
import org.colony.cuda.internal.launch.ModelKernels;
import org.colony.cuda.internal.launch.PredicateCounter;
import org.colony.kernel.AgentAction;
import org.colony.kernel.AttributeInfo;
import org.colony.kernel.Call;
import org.colony.kernel.Combine;
import org.colony.kernel.ModelDescriptor;
import org.colony.kernel.ModelInfo;
import org.colony.kernel.ScalarType;
import org.colony.kernel.SharedInfo;
import org.colony.kernel.StepInfo;
import org.colony.kernel.cuda.KernelParam;
import org.colony.runtime.agents.ManageReport;
import org.colony.runtime.agents.ManageRounds;
import org.colony.runtime.grid.Topology;
import org.colony.runtime.reduce.Bins;
import org.colony.runtime.reduce.ColumnAccumulator;
import org.colony.runtime.reduce.Extremes;
import org.colony.runtime.reduce.Reduction;
import org.colony.runtime.spi.AgentPartition;
import org.colony.runtime.spi.AgentStore;
import org.colony.runtime.spi.Closeables;
import org.colony.runtime.storage.AgentColumns;
import org.colony.runtime.storage.Creations;
import org.colony.runtime.storage.HostCopy;

/**
 * An agent collection on one GPU: columns by slot, live agents in id order in the first slots, as on the
 * CPU. Steps are one thread per agent (one per place, running its agents in id order, for a step that runs place by
 * place). {@code manageAll} runs on the device with the same rules as the CPU
 * backend, in data-parallel form ({@link DeviceManage}).
 *
 * <p>The store runs the steps and answers the runtime; its parts mirror the CPU's: the columns and their device
 * memory ({@link DeviceAgentColumns}, as {@code AgentColumns}), the index of agents by place
 * ({@link DeviceAgentIndex}, as {@code PlaceIndex}), {@code manageAll} on one block ({@link DeviceManage}) and on a
 * partition ({@link DeviceRound}, as {@code ManageRound}), and the agents of a partition staged through host memory
 * ({@link AgentHostBridge}); {@link AgentDevice} holds what they share.
 */
public final class CudaAgentStore implements AgentStore {

    /** The most agents one collection holds on the GPU. */
    public static final long MAX_AGENTS = DeviceAgentColumns.MAX_AGENTS;
    /**
     * The most rounds {@link #manageRounds} queues: every round is launched whether it runs or not, so a larger bound
     * (a model's "until none can move") runs one round at a time, stopping where the rounds do.
     */
    private static final int MAX_QUEUED = 64;

    private final CudaContext cx;
    private final ModelInfo model;
    private final ModelInfo placeModel;
    private final CudaPlaceStore places;
    private final ModelKernels kernels;
    private final int capacity;
    /** Whether a step since the last manageAll asked for moves; for children (then the moves wait for the counts). */
    private boolean movesAsked;
    private boolean childrenAsked;
    /** Whether a step since the last manageAll may have killed some of these agents (their own, or another's). */
    private boolean deathsAsked;
    private final Object[] shared;
    private final AgentStore[] bound;
    private final Arena arena = Arena.ofShared();
    private final KernelParams params;
    private final DeviceErrors errors;
    private final PredicateCounter counter = new PredicateCounter();
    private final AgentDevice device;
    private final DeviceAgentColumns columns;
    private final DeviceAgentIndex index;
    private final DeviceManage manage;
    private final DeviceRound round;
    private final AgentHostBridge bridge;
    /** How its steps launch: a thread an agent, or a warp an agent. */
    private final AgentLaunches launches;
    /** A histogram counted in a manageAll's wait. */
    private final HistogramAhead ahead = new HistogramAhead();

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
        places.stopHolding(); // agents read and write the places' columns between their steps
        this.kernels = cx.kernels(descriptor);
        this.launches = new AgentLaunches(cx);
        this.errors = cx.errors();
        this.capacity = capacity;
        long[] range = DeviceAgentIndex.placeRange(places.layout(), places.grid().cells());
        this.shared = new Object[model.shared().size()];
        for (int i = 0; i < shared.length; i++) {
            SharedInfo s = model.shared().get(i);
            shared[i] = s.type().newArray(Math.max(1, s.length()));
        }
        this.bound = new AgentStore[model.agentClasses().size()];
        this.params = new KernelParams(arena, Frames.BYTES, 512);
        this.device = new AgentDevice(cx, model.modelClass().getSimpleName(), arena);
        this.columns = new DeviceAgentColumns(model, placeModel, device, initialIds, initial);
        this.index = new DeviceAgentIndex(device, columns, places, capacity, range);
        this.manage = new DeviceManage(device, columns, index, capacity);
        this.round = new DeviceRound(device, model, columns, index, places, capacity);
        this.bridge = new AgentHostBridge(device, model, columns, index, round);
    }

    /** The agents of one partition of a partitioned grid, on {@code block}'s device. */
    public static AgentPartition partition(CudaContext cx, ModelDescriptor descriptor, CudaPlaceStore block,
            long[] ids, long[] places, int capacity, Topology topology, int partition) {
        return new CudaAgentPartition(cx, descriptor, block, ids, places, capacity, topology, partition);
    }

    /** Bytes of device memory per slot. */
    public static long bytesPerSlot(ModelInfo model) {
        long b = 8 + 8 + 1 + 8 + 4 + 8 + 4 + 4 + 4;
        for (AttributeInfo a : model.attributes()) {
            b += (long) a.type().bytes() * a.columns() * (a.doubleBuffered() ? 2 : 1);
        }
        return b;
    }

    @Override
    public ModelInfo model() {
        return model;
    }

    @Override
    public long size() {
        return columns.count() - columns.gone();
    }

    private String name() {
        return device.name();
    }

    private void checkOpen() {
        device.checkOpen();
    }

    /** The index of the agents by place and the agents of other partitions on the halo. */
    DeviceAgentIndex index() {
        return index;
    }

    /** The {@code manageAll} of a partition on the device. */
    DeviceRound round() {
        return round;
    }

    /** The agents of a partition staged through host memory. */
    AgentHostBridge bridge() {
        return bridge;
    }

    /** The columns in device memory. */
    DeviceAgentColumns columns() {
        return columns;
    }

    /** What the parts of this collection share: its device, its name, whether it is open. */
    AgentDevice device() {
        return device;
    }

    /**
     * What a kernel iterating this collection gets for one parameter of its index ({@link KernelParam.Kind#INDEX_START} to
     * {@link KernelParam.Kind#INDEXED_COLUMN}, and {@code OWN_START} and {@code OWN_ORDER} for this collection's own
     * step that runs place by place): the agents grouped by place (built on first use after a change), their ids, the
     * columns' pitch, a column.
     */
    long indexArgument(KernelParam param) {
        index.build();
        return switch (param.kind()) {
            case INDEX_START, OWN_START -> index.shifted(index.start().pointer());
            case INDEX_ORDER, OWN_ORDER -> index.order().pointer();
            case INDEX_IDS -> columns.ids().pointer();
            case INDEX_PITCH -> columns.slots();
            case INDEXED_COLUMN -> columns.current()[param.index()].pointer();
            default -> throw new IllegalArgumentException(param + " is no parameter of an index by place");
        };
    }

    @Override
    public long[] takeCreated(int slot) {
        checkOpen();
        int n = (int) columns.count();
        int[] counts = new int[n];
        long[] places = new long[n];
        if (n > 0) {
            try (Arena arena = Arena.ofConfined()) {
                MemorySegment host = arena.allocate(8L * n);
                columns.creates(slot).download(host, 0, 4L * n);
                MemorySegment.copy(host, ValueLayout.JAVA_INT, 0, counts, 0, n);
                columns.locations().download(host, 0, 8L * n);
                MemorySegment.copy(host, ValueLayout.JAVA_LONG, 0, places, 0, n);
            }
        }
        // (an id is read only for the message of a negative count)
        return Creations.ofAgents(counts, places, n, i -> AgentDevice.readLong(columns.ids().pointer(), i), name(),
                model.agentClasses().get(slot).getSimpleName());
    }

    /** The incoming column or death intents of these agents that a step writing them takes. */
    long writeArgument(KernelParam param) {
        if (param.kind() == KernelParam.Kind.INDEXED_KILLED) {
            deathsAsked = true;
            return columns.killed().pointer();
        }
        return columns.incoming(param.index()).pointer();
    }

    // ---- steps ------------------------------------------------------------------------------

    @Override
    public void call(Call call) {
        call(call, true);
    }

    /**
     * Runs a step; with {@code apply}, applies what it wrote into agents as it ends, else leaves that to
     * {@link #applyIncoming(int)} (a partition's ghost rows send theirs to their owners first).
     */
    void call(Call call, boolean apply) {
        checkOpen(); // this device's context is current before its timer records anything
        long begun = cx.timer().begin();
        launch(call, 0L, apply, 0L);
        cx.timer().end(begun, name(), model.steps().get(call.step()));
    }

    /** Applies what step {@code step} wrote into agents (after {@code call(call, false)}). */
    void applyIncoming(int step) {
        checkOpen();
        StepInfo info = model.steps().get(step);
        IteratedAgents.applyIncoming(info, IteratedAgents.of(info, bound, name()));
    }

    @Override
    public long count(Call call) {
        checkOpen();
        long pointer = counter.cleared();
        long begun = cx.timer().begin();
        launch(call, pointer, true, 0L);
        cx.timer().end(begun, name(), model.steps().get(call.step()));
        return counter.read(errors);
    }

    /** Launches a step; {@code gate}: as {@link Frames#gate} takes it, 0 for none. */
    private void launch(Call call, long countPointer, boolean apply, long gate) {
        checkOpen();
        int step = call.step();
        Object[] args = call.args();
        StepInfo info = model.steps().get(step);
        for (Map.Entry<Integer, Combine> write : info.placeWrites().entrySet()) {
            if (write.getValue() == Combine.SET && capacity > 1) {
                String attr = placeModel.attributes().get(write.getKey()).name();
                throw new ColonyException("step " + name() + "." + info.name() + " (" + info.source() + ") writes place()."
                        + attr + " with a plain assignment, which needs at most one " + name() + " per place, but "
                        + "this collection allows " + (capacity == Integer.MAX_VALUE ? "any number" : capacity)
                        + "; create it with capacity 1, or write with +=, Math.min or Math.max");
            }
            columns.prepareContribution(write.getKey(), write.getValue());
        }
        places.prepareRemote(info.placeRemoteReads());
        KernelParams arguments = params.begin();
        Call seen = call.seenBy(info);
        Frames.write(arguments.frame(), places.layout(), seen.seed(), seen.epoch(), seen.time(),
                errors.pointer(), columns.count(), columns.slots(), places.pitch(), kernels.who(step));
        if (gate != 0L) {
            Frames.gate(arguments.frame(), gate);
        }
        CudaAgentStore[] iterated = IteratedAgents.of(info, bound, name());
        IteratedAgents.prepareIncoming(info, iterated);
        for (int slot : info.creates()) {
            columns.prepareCreates(slot);
        }
        for (KernelParam param : kernels.params(step)) {
            switch (param.kind()) {
                case FRAME -> { } // written above
                case COLUMN -> arguments.add(columns.current()[param.index()].pointer());
                case NEXT -> arguments.add(columns.next()[param.index()].pointer());
                case IDS -> arguments.add(columns.ids().pointer());
                case LOCATIONS -> arguments.add(columns.locations().pointer());
                case KILLED -> arguments.add(columns.killed().pointer());
                case TARGETS -> arguments.add(columns.targets().pointer());
                case SPAWNS -> arguments.add(columns.spawns().pointer());
                case BIRTH_PLACES -> arguments.add(columns.birthPlaces().pointer());
                case BIRTH_SPREADS -> arguments.add(columns.birthSpreads().pointer());
                case ORDINALS -> arguments.add(columns.ordinals().pointer());
                case OWN_START, OWN_ORDER -> arguments.add(indexArgument(param)); // its own agents by place
                case PLACE_COLUMN -> arguments.add(places.column(param.index()));
                case CONTRIBUTION -> arguments.add(pointer(columns.contribution(param.index())));
                case WROTE -> arguments.add(pointer(columns.contributed(param.index())));
                case INDEX_START, INDEX_ORDER, INDEX_IDS, INDEX_PITCH, INDEXED_COLUMN ->
                        arguments.add(IteratedAgents.indexArgument(iterated[param.slot()], param));
                case INDEX_COUNTS -> arguments.add(IteratedAgents.countsArgument(iterated[param.slot()]));
                case INDEXED_INCOMING, INDEXED_KILLED ->
                        arguments.add(IteratedAgents.writeArgument(iterated[param.slot()], param));
                case CREATES -> arguments.add(columns.creates(param.slot()).pointer());
                case COUNTER -> arguments.add(countPointer);
                case GRAPH -> arguments.add(places.graph().pointer(param.index()));
                case EDGE -> arguments.add(places.graph().edgeArray(model, param));
                case ARGUMENT -> arguments.add(args[param.index()], info.params().get(param.index()).type());
            }
        }
        if (columns.count() > 0) {
            // a step that runs place by place: a thread a place of the block, running its agents in id order
            launches.launch(cx, kernels, step, columns.count(), info.byPlace() ? places.layout().ownedCells() : -1,
                    arguments, name() + "." + info.name());
        }
        for (int a : info.writes()) {
            if (info.buffers(a)) {
                columns.swap(a);
            }
        }
        Set<AgentAction> actions = info.actions();
        movesAsked |= actions.contains(AgentAction.MIGRATE) || actions.contains(AgentAction.MOVE_TO);
        childrenAsked |= actions.contains(AgentAction.SPAWN) || actions.contains(AgentAction.SPAWN_NEAR);
        deathsAsked |= actions.contains(AgentAction.KILL);
        if (apply) {
            IteratedAgents.applyIncoming(info, iterated);
        }
        applyPlaceWrites(step, info);
    }

    private static long pointer(DeviceBuffer buffer) {
        return buffer == null ? 0L : buffer.pointer();
    }

    private void applyPlaceWrites(int step, StepInfo stepInfo) {
        long count = columns.count();
        if (stepInfo.placeWrites().isEmpty() || count == 0) {
            return;
        }
        // With capacity 1 a place has at most one agent: each agent writes its own place, no index needed.
        boolean own = capacity == 1;
        if (!own) {
            index.build();
        }
        long slots = columns.slots();
        long keys = index.keys();
        for (Map.Entry<Integer, Combine> write : stepInfo.placeWrites().entrySet()) {
            int attr = write.getKey();
            AttributeInfo info = placeModel.attributes().get(attr);
            String kernel = "colony_apply_" + (own ? "own_" : "") + write.getValue().name().toLowerCase(Locale.ROOT)
                    + "_" + info.type().javaName();
            int line = Integer.parseInt(stepInfo.source().substring(stepInfo.source().lastIndexOf(':') + 1));
            int size = info.type().bytes();
            for (int k = 0; k < info.columns(); k++) {
                long col = places.column(attr) + (long) k * places.pitch() * size;
                long con = columns.contribution(attr).pointer() + (long) k * slots * size;
                long wrote = columns.contributed(attr).pointer() + (long) k * slots;
                if (own) {
                    device.runWithFrame(kernel, count, places.layout(), count, slots, places.pitch(), kernels.who(step),
                            p -> p.add(col).add(con).add(wrote).add(columns.locations().pointer()).add(count));
                } else {
                    device.runWithFrame(kernel, keys, places.layout(), count, slots, places.pitch(), kernels.who(step),
                            p -> p.add(col).add(con).add(wrote).add(index.start().pointer())
                                    .add(index.order().pointer()).add(keys).add(index.keyBase()).addInt(line));
                }
            }
            places.markDirty(attr);
        }
    }

    // ---- manageAll ---------------------------------------------------------------------------

    /** Makes every agent's ordinal -1, as a manageAll starts (see {@link DeviceAgentColumns#resetOrdinals}). */
    void resetOrdinals() {
        columns.resetOrdinals();
    }

    @Override
    public ManageReport manage(long seed, long epoch) {
        checkOpen();
        LaunchTimer timer = cx.timer();
        long start = timer.on() ? timer.start() : 0L;
        ManageReport report = manage.manageAll(seed, epoch, movesAsked && !childrenAsked,
                ahead.toCount(this::slotsColumn, childrenAsked));
        ahead.managed(manage.aheadCounts(), cx.launches(), Driver.deviceWrites());
        movesAsked = false;
        childrenAsked = false;
        deathsAsked = false;
        if (timer.on()) {
            timer.stop(name() + ".manageAll", start);
        }
        return report;
    }

    /**
     * A partition's {@code manageAll} settled by the partition alone, as one block settles it ({@link LocalBirths}),
     * whose first counts are {@code known} (see {@link DeviceManage#manageAll(long, long, boolean, DeviceManage.Ahead,
     * long[])}): the children's ids are left to the caller, which has the parents' ids from {@link #bornParents}.
     */
    ManageReport manageHere(long seed, long epoch, long[] known) {
        return finishHere(queueHere(seed, epoch, known));
    }

    /**
     * {@link #manageHere} up to the read of the children born, queued without a wait: partitions of one device queue
     * theirs one after another and wait once, at {@link #finishHere}.
     */
    DeviceManage.Settling queueHere(long seed, long epoch, long[] known) {
        checkOpen();
        return manage.queueAll(seed, epoch, false, null, known);
    }

    /** The rest of the {@code manageAll} {@link #queueHere} began, and its report. */
    ManageReport finishHere(DeviceManage.Settling settling) {
        checkOpen();
        ManageReport report = manage.endFinish(settling);
        managed();
        return report;
    }

    /** The {@code manageAll} on the device, for a partition's round settled in steps with others ({@link CrossBirths}). */
    DeviceManage manage() {
        return manage;
    }

    /** Notes that a {@code manageAll} settled here or in steps carried out what the steps asked. */
    void managed() {
        movesAsked = false;
        childrenAsked = false;
        deathsAsked = false;
    }

    /** {@return the parents' ids of the children {@link #manageHere} had born, in their slots' order} */
    long[] bornParents() {
        return manage.bornParents();
    }

    /**
     * Queues every round without a wait where no agent can die or be born in them: since the last manageAll the steps
     * asked for moves at most, and the retry step asks for nothing else and writes nothing but its own agents'
     * attributes, in place. Round r's retry step is gated on the moves round r - 1 refused, counted on the device
     * ({@link Frames#gate}); a round without requests moves nothing. One wait, for the counts of every round.
     */
    @Override
    public ManageRounds manageRounds(Call retry, int maxRounds, long epoch) {
        checkOpen();
        StepInfo info = model.steps().get(retry.step());
        if (maxRounds > MAX_QUEUED || !queuesRounds(info)) {
            return null;
        }
        long seed = retry.seed();
        long counts = manage.roundsCounts(maxRounds);
        manage.movesOnly(seed, epoch, DeviceManage.round(counts, 1));
        int k = info.usesRandom() ? 2 : 1;
        for (int r = 2; r <= maxRounds; r++) {
            long stepEpoch = epoch + 1 + (long) (r - 2) * k;
            launch(new Call(retry.step(), retry.args(), seed, stepEpoch, retry.time()), 0L, true,
                    DeviceManage.refused(counts, r - 1));
            manage.movesOnly(seed, stepEpoch + k - 1, DeviceManage.round(counts, r));
        }
        movesAsked = false;
        return manage.readRounds(counts, maxRounds);
    }

    /** Whether {@link #manageRounds} queues the rounds with retry step {@code info} (not while profiling). */
    private boolean queuesRounds(StepInfo info) {
        boolean movesOnly = info.actions().stream()
                .allMatch(a -> a == AgentAction.MIGRATE || a == AgentAction.MOVE_TO);
        boolean ownOnly = info.agentWrites().isEmpty() && info.agentKills().isEmpty() && info.creates().isEmpty()
                && info.placeWrites().isEmpty() && info.writes().stream().noneMatch(info::buffers);
        return movesOnly && ownOnly && !deathsAsked && !childrenAsked && !info.predicate() && columns.count() > 0
                && !cx.timer().on();
    }

    @Override
    public void add(long[] ids, long[] places, Object[] values) {
        checkOpen();
        AgentColumns added = new AgentColumns(model, placeModel, Math.max(1, ids.length), shared);
        added.add(ids, places, values);
        bridge.append(added);
        if (ids.length > 0) {
            columns.idsFrom(ids[ids.length - 1] + 1);
        }
    }

    @Override
    public void restore(long[] ids, long[] places, int[] ordinals, Object[] values, long nextId) {
        checkOpen();
        AgentColumns restored = new AgentColumns(model, placeModel, Math.max(1, ids.length), shared);
        restored.add(ids, places, values);
        System.arraycopy(ordinals, 0, restored.ordinals(), 0, ordinals.length);
        round.settle();
        bridge.load(restored);
        columns.nextIdIs(nextId);
        movesAsked = false;
        childrenAsked = false;
        deathsAsked = false;
    }

    @Override
    public int[] ordinals() {
        return (int[]) slots(columns::ordinals, ScalarType.INT);
    }

    // ---- attributes ------------------------------------------------------------------------

    /**
     * The partial reduction of the element column of the agents {@link #read} copies out, to merge with other
     * partitions': reduced on the device, only its few words come back.
     */
    ColumnAccumulator partial(int attribute, int element) {
        checkOpen();
        return live(attribute, element).partial(cx, params, errors);
    }

    /** Counts the element column of the agents {@link #read} copies out on the device: only the counts come back. */
    @Override
    public long[] histogram(int attribute, int element, Bins bins) {
        checkOpen();
        long[] early = ahead.answer(new HistogramAhead.Asked(attribute, element, bins), cx.launches(),
                Driver.deviceWrites());
        if (early != null) {
            return early;
        }
        DeviceColumn column = live(attribute, element);
        long counts = device.zeroed(device.pool(), "histogram", DeviceColumn.histogramBytes(bins));
        return column.histogram(cx, params, errors, bins, counts);
    }

    /** Reduces the element column of the agents {@link #read} copies out on the device: only the extremes come back. */
    @Override
    public Extremes extremes(int attribute, int element) {
        checkOpen();
        return live(attribute, element).extremes(cx, params, errors);
    }

    /** The slots of an element column that {@link #read} copies out, settled first. */
    private DeviceColumn live(int attribute, int element) {
        round.settle(); // (before count sizes the column)
        return slotsColumn(attribute, element);
    }

    /** The element column of every slot up to the count, as the columns stand. */
    private DeviceColumn slotsColumn(int attribute, int element) {
        ScalarType type = model.attributes().get(attribute).type();
        long column = columns.current()[attribute].pointer() + (long) element * columns.slots() * type.bytes();
        return DeviceColumn.slots(column, type, columns.count());
    }

    @Override
    public void read(int attribute, int element, Object target) {
        checkOpen();
        round.settle();
        AttributeInfo info = model.attributes().get(attribute);
        long count = columns.count();
        if (count == 0) {
            return;
        }
        try (Arena a = Arena.ofConfined()) {
            MemorySegment host = a.allocate((long) info.type().bytes() * count);
            columns.current()[attribute].download(host, (long) element * columns.slots() * info.type().bytes(),
                    host.byteSize());
            errors.check();
            HostCopy.fromSegment(host, 0, target, 0, (int) count, info.type());
        }
    }

    @Override
    public void write(int attribute, int element, Object source) {
        checkOpen();
        round.settle();
        AttributeInfo info = model.attributes().get(attribute);
        long count = columns.count();
        if (count == 0) {
            return;
        }
        try (Arena a = Arena.ofConfined()) {
            MemorySegment host = a.allocate((long) info.type().bytes() * count);
            HostCopy.toSegment(source, 0, host, 0, (int) count, info.type());
            Driver.copyToDevice(columns.current()[attribute].pointer()
                    + (long) element * columns.slots() * info.type().bytes(), host, host.byteSize());
        }
    }

    private long[] longs(Supplier<DeviceBuffer> column) {
        return (long[]) slots(column, ScalarType.LONG);
    }

    /** The live slots of a per-slot column of {@code type} (ids, places, ordinals), settled and downloaded. */
    private Object slots(Supplier<DeviceBuffer> column, ScalarType type) {
        checkOpen();
        round.settle();
        DeviceBuffer b = column.get();
        int count = (int) columns.count();
        Object out = type.newArray(count);
        if (count == 0) {
            return out;
        }
        try (Arena a = Arena.ofConfined()) {
            MemorySegment host = a.allocate((long) type.bytes() * count);
            b.download(host, 0, host.byteSize());
            errors.check();
            HostCopy.fromSegment(host, 0, out, 0, count, type);
        }
        return out;
    }

    @Override
    public long[] ids() {
        return longs(columns::ids);
    }

    @Override
    public long[] places() {
        return longs(columns::locations);
    }

    @Override
    public Reduction reduce(int attribute, int element) {
        AttributeInfo info = model.attributes().get(attribute);
        return partial(attribute, element).result(info.type(), name() + "." + info.name());
    }

    @Override
    public void setShared(int index, Object values) {
        checkOpen();
        System.arraycopy(values, 0, shared[index], 0, Array.getLength(shared[index]));
        kernels.uploadShared(index, shared[index]);
    }

    @Override
    public void bindAgents(int slot, AgentStore agents) {
        bound[slot] = agents;
    }

    @Override
    public long bytes() {
        return bytesPerSlot(model) * columns.slots() + 4 * (index.keys() + 1) + device.pool().bytes()
                + device.gridScratch().bytes() + columns.spareBytes() + columns.contributionBytes() + index.countsBytes();
    }

    @Override
    public void close() {
        if (device.closed()) {
            return;
        }
        cx.device().makeCurrentToRelease();
        device.markClosed();
        // The stage first: it waits for the uploads still queued, before what they write into is freed.
        Closeables.closeAll(device::closeStage, columns::closeColumns, index::close, round::close, counter,
                columns::closeSpares, device::closeScratch, arena);
    }
}
