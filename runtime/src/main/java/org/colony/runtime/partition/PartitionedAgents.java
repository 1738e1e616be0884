package org.colony.runtime.partition;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.IntConsumer;
import java.util.stream.IntStream;
import org.colony.ColonyException;
import org.colony.kernel.AttributeInfo;
import org.colony.kernel.Call;
import org.colony.kernel.ModelDescriptor;
import org.colony.kernel.ModelInfo;
import org.colony.kernel.ScalarType;
import org.colony.kernel.StepInfo;
import org.colony.runtime.agents.ManageReport;
import org.colony.runtime.cluster.Cluster;
import org.colony.runtime.grid.Topology;
import org.colony.runtime.reduce.ColumnAccumulator;
import org.colony.runtime.reduce.Extremes;
import org.colony.runtime.reduce.Reduction;
import org.colony.runtime.spi.AgentPartition;
import org.colony.runtime.spi.AgentPartition.Batch;
import org.colony.runtime.spi.AgentPartition.ManageStart;
import org.colony.runtime.spi.AgentStore;
import org.colony.runtime.spi.Backend;
import org.colony.runtime.spi.Closeables;
import org.colony.runtime.spi.IncomingWrites;
import org.colony.runtime.spi.PlaceBlock;
import org.colony.runtime.transport.InProcessTransport;
import org.colony.runtime.transport.Transport;

/**
 * An agent collection on a partitioned grid: one {@link AgentPartition} per partition, holding the agents whose
 * places it owns, in id order. Seen from the driver it is one collection in id order (the k-way merge of the
 * partitions by id), and {@code manageAll} gives exactly what one block gives:
 *
 * <ol>
 *   <li>every partition counts its deaths and sorts its move requests by the partition owning each destination;
 *   <li>request counts, then requests (destination, id) go to the owners, which settle each destination's
 *       requests together by the collection's capacity and the usual priority (a function of seed, epoch and id,
 *       so where the border lies does not matter); the verdicts go back (a collection without capacity skips
 *       requests and verdicts: every move wins);
 *   <li>the winners' whole rows (id, new place, children asked for, attributes) go to their new partition;
 *   <li>every partition settles the births on its places, then sends every other partition its (parent id,
 *       children born) list, counts first, so that each child gets the id one block would give it: the next
 *       id plus its rank in (parent id, k) order over all partitions;
 *   <li>every partition compacts into id order.
 * </ol>
 *
 * Everything that crosses partitions goes through the {@link Transport} as messages; only sums that an MPI run
 * would all-reduce (report counts, sizes) are added up here. Where the places' transport moves device memory (the
 * GPUs of one process) and the partitions keep their agents there, the halo counts and a round without births go
 * through it in device memory: a request carries the mover's row, the owner settles and takes in the winners, and
 * the verdicts go back ({@link AgentPartition#movesOnDevice}); the counts of requests and winners, and every other
 * message, are host memory copied in-process. A round with births where no agent moves across and every child is
 * born on its parent's partition is settled by each such partition alone ({@link AgentPartition#settleAlone}); only
 * the (parent id, children born) lists go between them, and on one device not even those: each partition numbers its
 * children there from the others' parents' ids ({@link AgentPartition#numbersOnDevice}). One where children may be
 * born on other partitions' places (and no agent moves across) is settled by the partitions together on their devices
 * ({@link DeviceBirths}).
 */
public final class PartitionedAgents implements AgentStore {

    private final ModelInfo model;
    private final PartitionedPlaceStore places;
    private final Transport transport;
    /** Whether {@link #transport} is this collection's own (closed with it) rather than the places'. */
    private final boolean ownTransport;
    /** The places' transport where it moves device memory and every partition settles moves there, else null. */
    private final Transport deviceTransport;
    /** The agents by partition; null where another rank owns the partition. */
    private final AgentPartition[] parts;
    /** The partitions of this rank, in order. */
    private final int[] mine;
    private final Cluster cluster;
    private final PartitionedAgents[] bound;
    private final AgentHalo halo;
    private final int capacity;
    private long nextId;
    /** Changes whenever the agents' attributes may have changed (rows on halos are then stale). */
    private long generation;
    /** The partitions' agents as one collection in id order. */
    private final InIdOrder inOrder;
    /** Works the partitions side by side (each in a lane of its own), or null: the caller's thread works them. */
    private final SideBySide side;
    private long migrationBytes;
    /** Whether the partitions, all on one device, number their children there ({@link AgentPartition#numbersOnDevice}). */
    private final boolean numbersOnDevice;
    private boolean closed;

    /**
     * Creates the partitions' agents on {@code backend}: agent i (id i) at {@code initialPlaces[i]} (as the driver
     * numbers places) lives in the partition owning that place.
     */
    public PartitionedAgents(Backend backend, ModelDescriptor descriptor, PartitionedPlaceStore places,
            long[] initialPlaces, int capacity, Transport placeTransport) {
        this.model = descriptor.info();
        this.places = places;
        places.stopHolding(); // agents read and write the places between their steps
        // Agents cross partitions in host buffers. Where the places' transport moves device memory (NCCL between
        // the GPUs of this process), their messages are copied in this process instead.
        this.ownTransport = placeTransport.deviceMemory();
        this.transport = ownTransport
                ? places.cluster().transport(new InProcessTransport(), places.topology().partitions())
                : placeTransport;
        this.capacity = capacity;
        Topology topology = places.topology();
        int k = topology.partitions();
        this.cluster = places.cluster();
        this.mine = IntStream.range(0, k).filter(p -> cluster.owns(p, k)).toArray();
        long[] starts = places.toInner(initialPlaces);
        int[][] picks = picks(starts);
        this.parts = new AgentPartition[k];
        try {
            for (int p : mine) {
                long[] ids = Arrays.stream(picks[p]).asLongStream().toArray(); // agent i has id i
                parts[p] = backend.createAgentPartition(descriptor, places.blocks().get(p), ids,
                        Picks.longs(starts, picks[p]), capacity, topology, p);
            }
        } catch (RuntimeException e) {
            throw Closeables.closeAllAfter(e, parts);
        }
        this.nextId = initialPlaces.length;
        this.inOrder = new InIdOrder(parts, mine, cluster);
        this.bound = new PartitionedAgents[model.agentClasses().size()];
        boolean moves = placeTransport.deviceMemory() && k > 1;
        boolean counts = placeTransport.deviceMemory();
        for (int p : mine) {
            moves &= parts[p].movesOnDevice();
            counts &= parts[p].countsOnDevice();
        }
        if (cluster.distributed()) {
            // every rank takes the same paths, or their collectives would not meet
            long[] no = cluster.sum(new long[] {moves ? 0 : 1, counts ? 0 : 1});
            moves = no[0] == 0;
            counts = no[1] == 0;
        }
        this.deviceTransport = moves ? placeTransport : null;
        this.numbersOnDevice = numbersOnDevice(moves && placeTransport.oneMemory() && !cluster.distributed());
        this.halo = new AgentHalo(topology, parts, transport, counts ? placeTransport : null, this::each,
                p -> parts[p] != null, this::sizes);
        // (last: its threads run until closed)
        this.side = sideBySide(parts) ? new SideBySide(k, model.modelClass().getSimpleName()) : null;
    }

    /** Whether every partition has a lane of its own. */
    private static boolean sideBySide(AgentPartition[] parts) {
        Set<Integer> lanes = new HashSet<>();
        for (AgentPartition p : parts) {
            if (p == null || p.lane() < 0 || !lanes.add(p.lane())) {
                return false;
            }
        }
        return parts.length > 1;
    }

    /** Calls {@code work} for every partition: side by side where they have lanes, else in turn. */
    private void each(IntConsumer work) {
        if (side == null) {
            for (int p : mine) {
                work.accept(p);
            }
            return;
        }
        side.run(work);
    }

    /** {@return the partition that owns global place {@code g} (the store's numbering)} */
    private static int owner(PartitionedPlaceStore places, long g) {
        var grid = places.grid();
        return places.topology().owner((int) (g % grid.size(0)), (int) (g / grid.size(0) % grid.size(1)),
                (int) (g / grid.size(0) / grid.size(1)));
    }

    /**
     * Binds {@code agents}, which must live on {@code store}, to its blocks partition by partition, as the agents of
     * class {@code slot} its steps iterate; returns them.
     */
    static PartitionedAgents bindTo(PartitionedPlaceStore store, PlaceBlock[] blocks, int slot, AgentStore agents) {
        if (!(agents instanceof PartitionedAgents a) || a.places != store) {
            throw new ColonyException("agents on partitioned places are bound partition by partition");
        }
        for (int p = 0; p < blocks.length; p++) {
            if (blocks[p] != null) {
                blocks[p].bindAgents(slot, a.parts[p]);
            }
        }
        return a;
    }

    /** Bytes sent between partitions so far for the numbers of agents on halos. */
    public long haloCountBytes() {
        return halo.countBytes();
    }

    /** Bytes sent between partitions so far for the rows of agents on halos. */
    public long haloRowBytes() {
        return halo.rowBytes();
    }

    /** {@return the bytes sent back between partitions so far for what steps wrote into the rows of agents on halos} */
    public long haloWriteBytes() {
        return halo.writeBytes();
    }

    /** Bytes sent between partitions so far by {@code manageAll} (requests, verdicts, movers, births). */
    public long migrationBytes() {
        return migrationBytes;
    }

    @Override
    public ModelInfo model() {
        return model;
    }

    @Override
    public long size() {
        long n = 0;
        for (int p : mine) {
            n += parts[p].size();
        }
        return cluster.sum(n);
    }

    // ---- steps ---------------------------------------------------------------------------------

    @Override
    public long[] takeCreated(int slot) {
        Object[] created = new Object[parts.length];
        for (int p : mine) {
            created[p] = parts[p].takeCreated(slot);
        }
        // (as the driver numbers places: on a graph, vertex ids)
        return places.toOuter(concat(Spread.completeParts(cluster, parts.length, created, ScalarType.LONG)));
    }

    /** {@return the long arrays one after the other} */
    static long[] concat(Object[] arrays) {
        int n = 0;
        for (Object a : arrays) {
            n += ((long[]) a).length;
        }
        long[] out = new long[n];
        int at = 0;
        for (Object a : arrays) {
            long[] part = (long[]) a;
            System.arraycopy(part, 0, out, at, part.length);
            at += part.length;
        }
        return out;
    }

    /**
     * Runs a step on every partition. One that writes agents on neighbouring places wrote some into rows of other
     * partitions' agents on the halos: those writes go back to the agents' owners ({@link AgentHalo#sendWritesBack},
     * slot by slot in order, the same in every process) before any partition applies the step's writes.
     */
    @Override
    public void call(Call call) {
        StepInfo s = prepare(call.step());
        // (in slot order, the same in every process; most steps write nothing across and allocate nothing here)
        Set<Integer> across = s.agentWritesAcross().isEmpty() ? Set.of() : new TreeSet<>(s.agentWritesAcross());
        for (int p : mine) {
            if (across.isEmpty()) {
                parts[p].call(call);
            } else {
                parts[p].callDeferringWrites(call);
            }
        }
        if (!across.isEmpty()) {
            for (int slot : across) {
                bound[slot].halo.sendWritesBack(IncomingWrites.of(bound[slot].model,
                        s.agentWrites().getOrDefault(slot, Map.of()), s.agentKills().contains(slot)));
            }
            for (int p : mine) {
                parts[p].applyWrites(call.step());
            }
        }
        for (int a : s.placeWrites().keySet()) {
            places.markDirty(a);
        }
        if (!s.writes().isEmpty()) {
            generation++;
        }
        for (int slot : s.agentWrites().keySet()) {
            bound[slot].attributesChanged();
        }
    }

    /** Notes that the agents' attributes changed (other agents or places wrote them): rows on halos are stale. */
    void attributesChanged() {
        generation++;
    }

    @Override
    public long count(Call call) {
        prepare(call.step());
        long total = 0;
        for (int p : mine) {
            total += parts[p].count(call);
        }
        return cluster.sum(total);
    }

    /** Fills the halos a step reads: place attributes, and the agents it counts or iterates next door. */
    private StepInfo prepare(int step) {
        checkOpen();
        StepInfo s = model.steps().get(step);
        places.prepareRemote(s.placeRemoteReads());
        for (int slot : s.remoteAgents()) {
            if (bound[slot] != null) {
                bound[slot].prepareHalo(s.remoteAgentRows().contains(slot));
            }
        }
        return s;
    }

    private void prepareHalo(boolean rows) {
        halo.prepare(places.pad(), rows, generation);
    }

    // ---- manageAll -----------------------------------------------------------------------------

    @Override
    public void add(long[] ids, long[] where, Object[] values) {
        long[] at = places.toInner(where);
        int[][] picks = picks(at);
        for (int p : mine) {
            parts[p].add(Picks.longs(ids, picks[p]), Picks.longs(at, picks[p]), Picks.columns(values, picks[p]));
        }
        if (ids.length > 0) {
            nextId = Math.max(nextId, ids[ids.length - 1] + 1);
        }
        agentsReplaced();
    }

    @Override
    public void restore(long[] ids, long[] where, int[] ordinals, Object[] values, long nextId) {
        long[] at = places.toInner(where);
        int[][] picks = picks(at);
        for (int p : mine) {
            int[] pick = picks[p];
            parts[p].restore(Picks.longs(ids, pick), Picks.longs(at, pick), (int[]) Picks.pick(ordinals, pick),
                    Picks.columns(values, pick), nextId);
        }
        this.nextId = nextId;
        agentsReplaced();
    }

    /** Per partition, the entries of {@code at} (global places) on its places, in order. */
    private int[][] picks(long[] at) {
        int[] owner = new int[at.length];
        for (int i = 0; i < at.length; i++) {
            owner[i] = owner(places, at[i]);
        }
        return Picks.byOwner(owner, places.topology().partitions());
    }

    /** Notes that agents were added or replaced outside {@code manageAll}: the order and halos are stale. */
    private void agentsReplaced() {
        generation++;
        inOrder.stale();
        halo.moved();
    }

    @Override
    public int[] ordinals() {
        checkOpen();
        return inOrder.ordinals();
    }

    @Override
    public ManageReport manage(long seed, long epoch) {
        checkOpen();
        int k = parts.length;
        ManageStart[] start = new ManageStart[k];
        long badId = -1;
        int bad = 0;
        long wanted = 0;
        long remote = 0;
        each(p -> parts[p].queueManage()); // (partitions of one device queue their counts before anyone waits)
        each(p -> start[p] = parts[p].beginManage(seed, epoch));
        long[][] requests = new long[k][];
        for (int p = 0; p < k; p++) {
            if (start[p] == null) {
                requests[p] = new long[k];
                continue;
            }
            requests[p] = start[p].requests();
            if (start[p].badSpawnId() >= 0 && (badId < 0 || start[p].badSpawnId() < badId)) {
                badId = start[p].badSpawnId();
                bad = start[p].badSpawn();
            }
            wanted += start[p].wanted();
            for (long r : start[p].requests()) {
                remote += r;
            }
        }
        if (cluster.distributed()) {
            // One collective for what every rank must know alike: the first bad spawn, births, moves.
            long[] all = Spread.gatherLongs(cluster, new long[] {badId, bad, wanted, remote});
            badId = -1;
            wanted = 0;
            remote = 0;
            for (int r = 0; r < all.length; r += 4) {
                if (all[r] >= 0 && (badId < 0 || all[r] < badId)) {
                    badId = all[r];
                    bad = (int) all[r + 1];
                }
                wanted += all[r + 2];
                remote += all[r + 3];
            }
        }
        if (badId >= 0) {
            throw new ColonyException(model.modelClass().getSimpleName() + " agent " + badId + " asked for " + bad
                    + " children; spawn(n) needs n >= 0");
        }
        // A round with births where no agent moves across may stay on the devices of one process: where every
        // child is born on its parent's partition, each partition settles it alone and only the children's numbering
        // goes between them (AgentPartition#settleAlone); where some child may be born on another partition's places,
        // the partitions settle the birth rounds together (DeviceBirths).
        boolean onDevices = wanted > 0 && remote == 0 && deviceTransport != null && !cluster.distributed();
        boolean alone = onDevices;
        for (int p = 0; p < k && alone; p++) {
            alone = parts[p].birthsHere();
        }
        boolean across = onDevices && !alone && DeviceBirths.possible(parts);
        if (!alone && !across && (wanted > 0 || deviceTransport == null)) {
            // The full round on the host: where some partition asked for children, or where the moves cannot go
            // through device memory (over MPI ranks); a partition that began a faster round switches here.
            for (int p : mine) {
                parts[p].childrenAsked();
            }
        }
        if (alone) {
            each(p -> parts[p].settleAlone());
        } else if (across) {
            migrationBytes += DeviceBirths.settle(parts, start, deviceTransport, this::each);
        } else if (wanted == 0 && deviceTransport != null) {
            migrationBytes += DeviceMoves.move(parts, start, remote > 0, capacity < Integer.MAX_VALUE, this::heard,
                    deviceTransport, this::each, this::local);
        } else if (remote > 0) {
            migrationBytes += HostMoves.move(parts, mine[0], requests, capacity < Integer.MAX_VALUE, this::tell,
                    transport, this::each, this::local);
        } else {
            each(p -> parts[p].resolveMoves(List.of()));
        }
        List<List<Batch>> births = births(wanted > 0);
        long deaths = 0;
        long born = 0;
        long moves = 0;
        long refused = 0;
        long birthsRefused = 0;
        long outside = 0;
        long population = 0;
        ManageReport[] finished = new ManageReport[k];
        long first = nextId;
        each(p -> finished[p] = parts[p].finishManage(first, births.get(p)));
        if (across) { // (the children born on other partitions' places go there once they have their ids)
            migrationBytes += DeviceBirths.emigrate(parts, this::heard, deviceTransport, this::each);
        }
        for (int p : mine) {
            ManageReport r = finished[p];
            deaths += r.deaths();
            born += r.births();
            moves += r.moves();
            refused += r.movesRefused();
            birthsRefused += r.birthsRefused();
            outside += r.movesOutside();
            population += r.population();
        }
        if (cluster.distributed()) {
            long[] t = cluster.sum(new long[] {deaths, born, moves, refused, birthsRefused, outside, population});
            deaths = t[0];
            born = t[1];
            moves = t[2];
            refused = t[3];
            birthsRefused = t[4];
            outside = t[5];
            population = t[6];
        }
        nextId += born;
        generation++;
        inOrder.stale();
        halo.moved();
        return new ManageReport(deaths, born, moves, refused, birthsRefused, outside, population);
    }

    /**
     * Where the partitions share one device memory ({@code shared}), asks each to number its children there; where one
     * cannot, all keep to the lists. Returns whether they all do.
     */
    private boolean numbersOnDevice(boolean shared) {
        boolean all = shared;
        for (int p = 0; p < parts.length && all; p++) {
            all = parts[p].numbersOnDevice(parts.length);
        }
        if (shared && !all) {
            for (AgentPartition part : parts) {
                part.numbersOnDevice(0); // (0: not asked)
            }
        }
        return all;
    }

    /** The number of agents of every partition (over MPI ranks, one collective). */
    private long[] sizes() {
        long[] n = new long[parts.length];
        for (int p : mine) {
            n[p] = parts[p].size();
        }
        return cluster.distributed() ? cluster.sum(n) : n;
    }

    /** Whether this rank owns partition {@code p}. */
    private boolean local(int p) {
        return parts[p] != null;
    }

    /**
     * Partition p tells every other partition q the number {@code values[p][q]}; returns what each heard,
     * {@code [q][p]}. In one process these are messages through the transport; over MPI ranks, one sum of the
     * matrix whose rows each rank fills for its partitions.
     */
    private long[][] tell(long[][] values) {
        if (!cluster.distributed()) {
            migrationBytes += 8L * values.length * (values.length - 1);
        }
        return heard(values);
    }

    /** {@link #tell} without counting the bytes. */
    private long[][] heard(long[][] values) {
        int k = values.length;
        if (!cluster.distributed()) {
            return Parcel.tell(transport, values);
        }
        long[] flat = new long[k * k];
        for (int p : mine) {
            if (values[p] != null) {
                System.arraycopy(values[p], 0, flat, p * k, k);
            }
        }
        cluster.sum(flat);
        long[][] heard = new long[k][k];
        for (int p = 0; p < k; p++) {
            for (int q = 0; q < k; q++) {
                heard[q][p] = flat[p * k + q];
            }
        }
        return heard;
    }

    /** Settles births in every partition ({@link PartitionBirths}); returns per partition the others' lists. */
    private List<List<Batch>> births(boolean any) {
        PartitionBirths births = new PartitionBirths(parts, mine, cluster, transport, this::each, this::tell,
                this::local, numbersOnDevice);
        List<List<Batch>> heard = births.settle(any);
        migrationBytes += births.bytes();
        return heard;
    }

    // ---- the collection in id order ------------------------------------------------------------

    @Override
    public long[] ids() {
        checkOpen();
        return inOrder.longs(AgentPartition::ids);
    }

    @Override
    public long[] places() {
        checkOpen();
        return places.toOuter(inOrder.longs(AgentPartition::places));
    }

    @Override
    public void read(int attribute, int element, Object target) {
        checkOpen();
        inOrder.read(model.attributes().get(attribute), attribute, element, target);
    }

    @Override
    public void write(int attribute, int element, Object source) {
        checkOpen();
        Object[] cols = inOrder.scatter(source);
        for (int p : mine) {
            parts[p].write(attribute, element, cols[p]);
        }
        generation++;
    }

    @Override
    public Reduction reduce(int attribute, int element) {
        checkOpen();
        ColumnAccumulator total = new ColumnAccumulator();
        for (int p : mine) {
            total.merge(parts[p].partial(attribute, element));
        }
        AttributeInfo info = model.attributes().get(attribute);
        return Spread.merge(cluster, total).result(info.type(), model.modelClass().getSimpleName() + "." + info.name());
    }

    @Override
    public Extremes extremes(int attribute, int element) {
        checkOpen();
        ColumnAccumulator total = new ColumnAccumulator();
        for (int p : mine) {
            total.merge(parts[p].partial(attribute, element));
        }
        return Spread.merge(cluster, total).extremes(model.attributes().get(attribute).type());
    }

    @Override
    public void setShared(int index, Object values) {
        checkOpen();
        for (int p : mine) {
            parts[p].setShared(index, values);
        }
    }

    @Override
    public void bindAgents(int slot, AgentStore agents) {
        if (!(agents instanceof PartitionedAgents other) || other.places != places) {
            throw new ColonyException(model.modelClass().getSimpleName() + " agents on partitioned places can only see "
                    + "agents on the same partitioned places");
        }
        bound[slot] = other;
        for (int p : mine) {
            parts[p].bindAgents(slot, other.parts[p]);
        }
    }

    @Override
    public long bytes() {
        long total = 0;
        for (int p : mine) {
            total += parts[p].bytes();
        }
        return cluster.sum(total);
    }

    private void checkOpen() {
        if (closed) {
            throw new ColonyException("the agents of " + model.modelClass().getSimpleName() + " are closed");
        }
    }

    @Override
    public void close() {
        if (!closed) {
            closed = true;
            List<AutoCloseable> all = new ArrayList<>();
            all.add(side);
            all.addAll(Arrays.asList(parts));
            if (ownTransport) {
                all.add(transport);
            }
            Closeables.closeAll(all);
        }
    }
}
