package org.colony.cuda.internal.store;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.colony.ColonyException;
import org.colony.cuda.internal.launch.CudaContext;
import org.colony.cuda.tuning.CudaSwitches;
import org.colony.kernel.Call;
import org.colony.kernel.Layout;
import org.colony.kernel.ModelDescriptor;
import org.colony.kernel.ModelInfo;
import org.colony.runtime.agents.ManageReport;
import org.colony.runtime.cpu.ManageRound;
import org.colony.runtime.cpu.PlaceIndex;
import org.colony.runtime.cpu.RoundPartition;
import org.colony.runtime.grid.Region;
import org.colony.runtime.grid.Topology;
import org.colony.runtime.reduce.ColumnAccumulator;
import org.colony.runtime.reduce.Reduction;
import org.colony.runtime.spi.AgentStore;
import org.colony.runtime.spi.IncomingWrites;
import org.colony.runtime.storage.AgentColumns;

/**
 * The agents of one partition of a partitioned grid on a GPU. Steps run on the device as for one block
 * ({@link CudaAgentStore}, over the partition's {@link CudaPlaceStore}); what crosses partitions travels as
 * described below, with the results of one block bit for bit:
 *
 * <ul>
 *   <li>{@code manageAll} without births runs on the device: deaths, requests split into this partition's places
 *       and others', requests to other partitions sent with the movers' rows in device memory (the runtime's device
 *       transport carries them), settled by their owner with its own by capacity and priority, winners taken in
 *       and verdicts sent back, arrivals merged into id order. Only counts come to the host. A round whose children
 *       are all born on their parents' partitions, with no move across, is settled by each partition alone
 *       ({@link LocalBirths}); any other round with births copies the partition's agents to the host and runs the
 *       CPU's {@link ManageRound} there ({@code -Dcolony.cuda.deviceRounds=false}: every round);
 *   <li>the numbers of agents on halo places are counted on the device ({@link #stageCounts}: one pass and one
 *       copy for all neighbours) and added into the receiving device's agents-by-place index (by global place)
 *       as it is built, so a step counts its neighbours' agents as on one GPU. Where a step iterates them, their
 *       rows come from a host copy of the partition's agents and sit as "ghosts" in the slots past the live
 *       ones, grouped by place with them. What a step writes into them goes back to their owners through host
 *       memory ({@link GhostWrites}).
 * </ul>
 *
 * Partitions on different GPUs are managed side by side, one thread each ({@link #lane}). See
 * {@code docs/scaling.md} for what this costs.
 */
final class CudaAgentPartition implements RoundPartition, CrossBirthsRound {

    /** Whether rounds without births run on the device ({@link CudaSwitches#DEVICE_ROUNDS}: else on the host). */
    private static final boolean DEVICE_ROUNDS = CudaSwitches.DEVICE_ROUNDS.on();

    private final CudaAgentStore dev;
    private final CudaPlaceStore block;
    private final ModelInfo model;
    private final Topology topology;
    private final int partition;
    private final int capacity;
    /** The agents on the host: valid after {@link #fresh}, and the only copy during a manageAll. */
    private final AgentColumns cols;
    /** Whether {@link #cols} holds the device's live agents as they are now. */
    private boolean hostCurrent;
    /** The numbers of agents on the halo places, as the neighbours last sent them. */
    private final HaloCounts haloCounts;
    private PlaceIndex index;
    /** The index whose halo entries name ghost slots of {@link #cols}. */
    private PlaceIndex ghostIndex;
    /** Whether the halo changed since the device last got its ghosts. */
    private boolean ghostsChanged;
    private ManageRound round;
    /** The round under way on the device, or null (none, or one on the host: {@link #round}). */
    private DeviceRound.RoundStart start;
    private long roundSeed;
    /** Whether {@link #queueManage} queued the round's start (its ordinals reset, its counts' kernels launched). */
    private boolean queued;
    private long roundEpoch;
    /** This round's moves carried out and refused, and the agents that left for other partitions. */
    private long moves;
    private long refused;
    private long left;
    /** The partitions, here, of the collections this one's steps may see (by agent class slot). */
    private final CudaAgentPartition[] bound;
    /** What a step wrote into the ghost rows and what neighbours wrote into the live agents, staged on the host. */
    private final GhostWrites ghostWrites;
    /** The round settled by this partition alone ({@link #settleAlone}), with its children born here. */
    private final LocalBirths alone;
    private boolean settledAlone;
    /** The round settled on the device with the other partitions where children may be born on their places. */
    private final CrossBirths cross;

    CudaAgentPartition(CudaContext cx, ModelDescriptor descriptor, CudaPlaceStore block, long[] ids, long[] places,
            int capacity, Topology topology, int partition) {
        this.block = block;
        this.model = descriptor.info();
        this.topology = topology;
        this.partition = partition;
        this.capacity = capacity;
        this.bound = new CudaAgentPartition[model.agentClasses().size()];
        this.dev = new CudaAgentStore(cx, descriptor, block, ids, places, capacity);
        this.ghostWrites = new GhostWrites(dev);
        this.alone = new LocalBirths(dev);
        this.cross = new CrossBirths(dev, model, topology, partition, alone);
        this.haloCounts = new HaloCounts(dev);
        try {
            this.cols = new AgentColumns(model, block.model(),
                    Math.max(AgentColumns.MIN_SLOTS, places.length + places.length / 2),
                    new Object[model.shared().size()]);
        } catch (RuntimeException e) {
            dev.close();
            throw e;
        }
    }

    private String name() {
        return model.modelClass().getSimpleName();
    }

    /** Makes {@link #cols} hold the device's live agents. */
    private void fresh() {
        if (!hostCurrent) {
            dev.bridge().save(cols);
            hostCurrent = true;
        }
    }

    /** Gives the device the agents on the halos of this collection and of those its steps see, before a step. */
    private void beforeStep() {
        ghosts();
        for (CudaAgentPartition other : bound) {
            if (other != null && other != this) {
                other.ghosts();
            }
        }
    }

    /** The agents on the device, with the agents on the halo given to it: what a place step iterating them reads. */
    CudaAgentStore onDevice() {
        ghosts();
        return dev;
    }

    /** Gives the device the agents on the halo: their places, and their rows where a step iterates them. */
    private void ghosts() {
        if (!ghostsChanged) {
            return;
        }
        Layout layout = block.layout();
        // Only across a wrapping edge can two halo cells hold the same place (a partition as narrow as the halo).
        Set<Long> seen = layout.wrap() ? new HashSet<>() : null;
        if (ghostIndex == null) {
            // Counted only: the device adds the numbers received into its index by place; no rows, no slots.
            haloCounts.toDevice();
            ghostWrites.ghostsPut(new int[0], dev.columns().count());
            ghostsChanged = false; // (only once the device has them: a failure leaves them to be given again)
            return;
        }
        PlaceIndex idx = ghostIndex;
        int[] start = idx.start();
        int[] order = idx.order();
        long[] where = new long[order.length];
        int[] slots = new int[where.length];
        int[] found = {0};
        HaloPlaces.forEach(layout, (s, g) -> {
            if (start[s + 1] > start[s] && (seen == null || seen.add(g))) {
                for (int k = start[s]; k < start[s + 1]; k++) {
                    where[found[0]] = g;
                    slots[found[0]++] = order[k];
                }
            }
        });
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment packed = arena.allocate(Math.max(1, cols.rowBytes(false) * found[0]));
            cols.pack(slots, found[0], false, packed, 0);
            ghostWrites.ghostsPut(Arrays.copyOf(slots, found[0]), dev.columns().count());
            dev.bridge().ghosts(where, found[0], packed);
        }
        ghostsChanged = false;
    }

    /** The agents by storage cell on the host (where rows go next door), from a copy of the device's agents. */
    private PlaceIndex index() {
        if (index == null) {
            fresh();
            Layout l = block.layout();
            index = haloCounts.valid() ? PlaceIndex.withHalo(cols.locations(), cols.count(), l, haloCounts.perCell(l))
                    : PlaceIndex.owned(cols.locations(), cols.count(), l);
        }
        return index;
    }

    // ---- the agent store ---------------------------------------------------------------------

    /** Partitions on different GPUs are managed side by side, one thread each; those sharing one take turns. */
    @Override
    public int lane() {
        return block.context().device().ordinal();
    }

    @Override
    public ModelInfo model() {
        return model;
    }

    @Override
    public long size() {
        return dev.size();
    }

    @Override
    public void call(Call call) {
        beforeStep();
        block.context().inLane(partition, () -> dev.call(call));
        wrote(call.step());
    }

    @Override
    public void callDeferringWrites(Call call) {
        beforeStep();
        block.context().inLane(partition, () -> dev.call(call, false));
        wrote(call.step());
    }

    @Override
    public void applyWrites(int step) {
        dev.applyIncoming(step);
        wrote(step);
    }

    /** Notes that the device's agents changed, and those of the collections the step wrote into or killed. */
    private void wrote(int step) {
        hostCurrent = false;
        IteratedAgents.changedBy(model.steps().get(step), bound);
    }

    /** Notes that a step changed these agents on the device (another collection's, or a place step): no host copy. */
    void changedOnDevice() {
        hostCurrent = false;
    }

    @Override
    public long count(Call call) {
        beforeStep();
        long n = block.context().inLane(partition, () -> dev.count(call));
        hostCurrent = false;
        return n;
    }

    @Override
    public ManageReport manage(long seed, long epoch) {
        throw new ColonyException("the agents of partition " + partition + " are managed by their partitioned "
                + "collection");
    }

    @Override
    public long[] takeCreated(int slot) {
        return dev.takeCreated(slot);
    }

    @Override
    public void read(int attribute, int element, Object target) {
        dev.read(attribute, element, target);
    }

    @Override
    public void write(int attribute, int element, Object source) {
        dev.write(attribute, element, source);
        hostCurrent = false;
    }

    @Override
    public void add(long[] ids, long[] places, Object[] values) {
        dev.add(ids, places, values);
        hostCurrent = false;
        agentsChanged();
    }

    @Override
    public void restore(long[] ids, long[] places, int[] ordinals, Object[] values, long nextId) {
        dev.restore(ids, places, ordinals, values, nextId);
        hostCurrent = false;
        agentsChanged();
    }

    @Override
    public int[] ordinals() {
        return dev.ordinals();
    }

    @Override
    public long[] ids() {
        return dev.ids();
    }

    @Override
    public long[] places() {
        return dev.places();
    }

    @Override
    public Reduction reduce(int attribute, int element) {
        return dev.reduce(attribute, element);
    }

    @Override
    public ColumnAccumulator partial(int attribute, int element) {
        return dev.partial(attribute, element);
    }

    @Override
    public void setShared(int index, Object values) {
        dev.setShared(index, values);
    }

    @Override
    public void bindAgents(int slot, AgentStore agents) {
        if (agents instanceof CudaAgentPartition other) {
            bound[slot] = other;
            dev.bindAgents(slot, other.dev);
        } else {
            dev.bindAgents(slot, agents);
        }
    }

    @Override
    public long bytes() {
        return dev.bytes() + cols.bytes();
    }

    @Override
    public void close() {
        dev.close();
    }

    // ---- agents on the halo --------------------------------------------------------------------

    @Override
    public void stageCounts(List<Region> regions) {
        block.context().inLane(partition, () -> haloCounts.stage(regions));
    }

    @Override
    public void packCounts(Region region, MemorySegment buffer, long offset) {
        haloCounts.pack(region, buffer, offset);
    }

    @Override
    public boolean countsOnDevice() {
        return true;
    }

    @Override
    public MemorySegment[] deviceCounts(List<Region> regions) {
        return DeviceSlices.pieces(dev.index().countsOnDevice(regions), DeviceSlices.countBytes(regions));
    }

    @Override
    public MemorySegment[] receiveDeviceCounts(List<Region> regions, long bound) {
        long room = bound;
        if (capacity < Integer.MAX_VALUE) {
            long cells = 0;
            for (Region r : regions) {
                cells += Math.max(0, r.cells());
            }
            room = Math.min(room, cells * capacity);
        }
        return haloCounts.receiveOnDevice(regions, room);
    }

    @Override
    public void unpackCounts(Region region, MemorySegment buffer, long offset) {
        haloCounts.unpack(region, buffer, offset);
    }

    @Override
    public void haloReady() {
        haloCounts.ready();
        index = null; // built on the host only where rows go next door
        ghostIndex = null;
        ghostsChanged = true;
    }

    @Override
    public void ghostsReady() {
        PlaceIndex idx = index();
        if (ghostIndex == idx) {
            return;
        }
        // index() copied the live agents to the host: their rows are packed from there; ghosts go past them.
        cols.reserve(idx.giveGhostSlots(cols.count()));
        ghostIndex = idx;
        ghostsChanged = true;
    }

    @Override
    public long agentsIn(Region region) {
        return index().agentsIn(region);
    }

    @Override
    public long rowBytes() {
        return cols.rowBytes(false);
    }

    @Override
    public void packRows(Region region, MemorySegment buffer, long offset) {
        fresh();
        int[] slots = index().slotsIn(region);
        cols.pack(slots, slots.length, false, buffer, offset);
    }

    @Override
    public void unpackRows(Region region, MemorySegment buffer, long offset) {
        if (ghostIndex != index()) {
            throw new IllegalStateException("partition=" + partition + " has no slots for the rows of its halo");
        }
        int[] slots = index().slotsIn(region);
        cols.unpack(buffer, offset, slots, slots.length, false);
        ghostsChanged = true;
    }

    @Override
    public void packWrites(Region region, IncomingWrites writes, MemorySegment buffer, long offset) {
        ghostWrites.pack(index().slotsIn(region), cols.slots(), writes, buffer, offset);
    }

    @Override
    public void combineWrites(Region region, IncomingWrites writes, MemorySegment buffer, long offset) {
        ghostWrites.combine(index().slotsIn(region), writes, buffer, offset);
    }

    @Override
    public void writesCombined(IncomingWrites writes) {
        ghostWrites.finish(writes);
        hostCurrent = false;
    }

    // ---- manageAll (see the class's comment) -------------------------------------------------------

    @Override
    public boolean movesOnDevice() {
        return DEVICE_ROUNDS;
    }

    @Override
    public void queueManage() {
        if (DEVICE_ROUNDS) {
            dev.device().checkOpen(); // (its device current: partitions of several devices may share one thread)
            dev.resetOrdinals();
            block.context().inLane(partition, () -> dev.round().queueRound(topology, partition));
            queued = true;
        }
    }

    @Override
    public ManageStart beginManage(long seed, long epoch) {
        if (!queued) {
            dev.device().checkOpen();
            dev.resetOrdinals();
        }
        queued = false;
        roundSeed = seed;
        roundEpoch = epoch;
        if (!DEVICE_ROUNDS) {
            return hostRound();
        }
        DeviceRound.RoundStart roundStart = block.context().inLane(partition,
                () -> dev.round().beginRound(topology, partition));
        if (roundStart.requests() == null) {
            return hostRound();
        }
        start = roundStart;
        moves = 0;
        refused = 0;
        left = 0;
        return new ManageStart(roundStart.deaths(), dev.size() - roundStart.deaths(), roundStart.wanted(),
                roundStart.outside(), roundStart.requests(), -1, 0);
    }

    /** Runs the round under way on the host: the agents and what they asked for are copied there. */
    private ManageStart hostRound() {
        start = null;
        fresh();
        round = new ManageRound(cols, block.layout(), capacity, roundSeed, roundEpoch, topology, partition, name());
        return round.begin();
    }

    @Override
    public void childrenAsked() {
        if (start != null) {
            hostRound(); // the device settled nothing yet: the host starts over with the same requests
        }
    }

    @Override
    public boolean birthsHere() {
        return start != null && start.elsewhere() == 0;
    }

    @Override
    public void settleAlone() {
        DeviceRound.RoundStart begun = deviceRound();
        start = null;
        settledAlone = true;
        block.context().inLane(partition, () -> alone.settle(roundSeed, roundEpoch, begun));
    }

    @Override
    public boolean numbersOnDevice(int partitions) {
        // (the others' lists go to the numbering kernel as a table of addresses and lengths, in its parameters)
        boolean on = CudaSwitches.NUMBER_ON_DEVICE.on() && partitions > 1
                && partitions - 1 <= AgentDevice.TABLE_LONGS / 2;
        dev.manage().parentsStay(on);
        return on;
    }

    @Override
    public MemorySegment bornParentsOnDevice() {
        return settledAlone ? block.context().inLane(partition, alone::parentsOnDevice) : null;
    }

    @Override
    public void numberFrom(MemorySegment[] lists) {
        alone.numberFrom(lists);
    }

    // ---- births that may cross partitions, on the device (CrossBirths, DeviceBirthRound) -------------

    @Override
    public boolean birthsOnDevice() {
        return start != null;
    }

    @Override
    public int birthRounds() {
        return deviceRound().birthRounds();
    }

    @Override
    public CrossBirths cross() {
        return cross;
    }

    @Override
    public void beginBirths(long[] wanted, int rounds) {
        DeviceRound.RoundStart begun = deviceRound();
        start = null;
        cross.begin(roundSeed, roundEpoch, begun, wanted, rounds);
    }

    @Override
    public void endBirths() {
        cross.end();
        settledAlone = true; // (numbered and finished as a round settled alone)
        hostCurrent = false;
    }

    @Override
    public void settleEmigrants() {
        cross.settleEmigrants();
        agentsChanged();
    }

    @Override
    public int birthTries() {
        return settledAlone ? 0 : round().birthTries();
    }

    @Override
    public ManageRound round() {
        if (round == null) {
            throw new ColonyException("partition=" + partition + " of " + name() + " is not in a manageAll on the "
                    + "host");
        }
        return round;
    }

    /** The round under way on the device. */
    private DeviceRound.RoundStart deviceRound() {
        if (start == null) {
            throw new ColonyException("partition=" + partition + " of " + name() + " is not in a manageAll on the "
                    + "device");
        }
        return start;
    }

    @Override
    public MemorySegment deviceRequests(int to) {
        deviceRound();
        return dev.round().requestsTo(to);
    }

    @Override
    public MemorySegment[] receiveDeviceRequests(long[] counts) {
        deviceRound();
        return dev.round().receiveRequests(counts);
    }

    @Override
    public void settleDeviceMoves() {
        deviceRound();
        block.context().inLane(partition, () -> dev.round().settleRound(roundSeed, roundEpoch));
        hostCurrent = false;
    }

    @Override
    public long[] resolveDeviceMoves() {
        deviceRound();
        DeviceRound.Resolved res = block.context().inLane(partition, () -> dev.round().resolveRound());
        moves += res.moves();
        refused += res.refused();
        return res.admitted();
    }

    @Override
    public MemorySegment deviceVerdicts(int to) {
        deviceRound();
        return dev.round().verdictsTo(to);
    }

    @Override
    public MemorySegment[] receiveDeviceVerdicts() {
        deviceRound();
        return dev.round().receiveVerdicts();
    }

    @Override
    public void movedAway(long[] won) {
        long[] asked = deviceRound().requests();
        for (int q = 0; q < won.length; q++) {
            left += won[q];
            moves += won[q];
            refused += asked[q] - won[q];
        }
    }

    @Override
    public void unpackMovers(Batch arriving) {
        round().unpackMovers(arriving);
    }

    @Override
    public long settleBirths() {
        return settledAlone ? block.context().inLane(partition, alone::parents)
                : start == null ? RoundPartition.super.settleBirths() : 0;
    }

    @Override
    public void packBirths(MemorySegment buffer) {
        if (settledAlone) {
            alone.pack(buffer);
        } else if (start == null) {
            RoundPartition.super.packBirths(buffer);
        }
    }

    @Override
    public long moverBytes() {
        return cols.rowBytes(true);
    }

    @Override
    public ManageReport finishManage(long nextId, List<Batch> others) {
        ManageReport report;
        if (settledAlone) {
            settledAlone = false;
            report = alone.finish(nextId, others);
            hostCurrent = false;
        } else if (start == null) {
            report = round().finish(nextId, others);
            round = null;
            dev.bridge().load(cols);
            hostCurrent = true;
        } else {
            block.context().inLane(partition, () -> dev.round().finishRound(start.deaths(), left));
            report = new ManageReport(start.deaths(), 0, moves, refused, 0, start.outside(), dev.size());
            start = null;
            hostCurrent = false;
        }
        agentsChanged();
        return report;
    }

    /** Forgets what was derived from the agents (indexes, halo counts, ghosts) after they changed. */
    private void agentsChanged() {
        index = null;
        haloCounts.forget();
        ghostIndex = null;
        ghostsChanged = false;
    }
}
