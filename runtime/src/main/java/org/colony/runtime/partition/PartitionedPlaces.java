package org.colony.runtime.partition;

import java.lang.foreign.MemorySegment;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.colony.ColonyException;
import org.colony.kernel.AttributeInfo;
import org.colony.kernel.Call;
import org.colony.kernel.ModelDescriptor;
import org.colony.kernel.ModelInfo;
import org.colony.kernel.StepInfo;
import org.colony.runtime.cluster.Cluster;
import org.colony.runtime.cluster.SingleProcess;
import org.colony.runtime.grid.Block;
import org.colony.runtime.grid.Grid;
import org.colony.runtime.grid.Neighbors;
import org.colony.runtime.grid.Region;
import org.colony.runtime.grid.Topology;
import org.colony.runtime.reduce.Extremes;
import org.colony.runtime.reduce.Reduction;
import org.colony.runtime.spi.AgentStore;
import org.colony.runtime.spi.Backend;
import org.colony.runtime.spi.Closeables;
import org.colony.runtime.spi.PlaceBlock;
import org.colony.runtime.storage.ByteSize;
import org.colony.runtime.transport.Transport;
import org.colony.runtime.tuning.RuntimeSwitches;

/**
 * A Places collection cut into partitions by a {@link Topology}: one {@link PlaceBlock} per partition, with a
 * halo as wide as the model's reach that this class fills by exchange through a {@link Transport}.
 *
 * <p>Halos follow what steps read, not what the user asks: an attribute becomes dirty when a step, a write
 * from the driver or agents change it, and a dirty attribute is exchanged just before the next step that
 * reads it on another place (the processor's {@code remoteReads}); attributes no step reads remotely are
 * never exchanged. One exchange sends one packed buffer per neighbouring partition, holding every attribute
 * due (in attribute order, element columns in order, each region row by row).
 */
public final class PartitionedPlaces implements PartitionedPlaceStore {

    /** A neighbour relation: partition {@code from} sends its {@code send} region to {@code to}'s {@code receive}. */
    private record Link(int from, int to, int direction, Region send, Region receive, MemorySegment out,
            MemorySegment in) {
    }

    /**
     * Whether steps split into interior and border even where the transport cannot overlap them (the CPU): a
     * testing knob, {@code -Dcolony.partitions.split=always} when the places are created, so that the split is
     * checked on machines with no GPU.
     */
    private final boolean splitAlways = RuntimeSwitches.SPLIT.choice().equals("always");
    /** {@code -Dcolony.partitions.split=never}: never split steps (to measure what the overlap brings). */
    private final boolean splitNever = RuntimeSwitches.SPLIT.choice().equals("never");

    private final ModelInfo model;
    private final Grid grid;
    private final Topology topology;
    private final Transport transport;
    private final Cluster cluster;
    /** The blocks by partition; null where another rank owns the partition. */
    private final PlaceBlock[] blocks;
    /** The blocks of this rank, in partition order. */
    private final PlaceBlock[] mine;
    private final boolean[] dirty;
    private final long[] exchangedBytes;
    private final long[] exchanges;
    /** The agent collections bound to the places' steps, by slot (null where none is). */
    private final PartitionedAgents[] boundAgents;
    private List<Link> links;
    /** Per partition: the owned cells that read no exchanged halo, or null where none do. */
    private Region[] interior;
    /** Per partition: the owned cells outside {@link #interior}, as boxes. */
    private List<List<Region>> border;
    private boolean closed;

    /**
     * Creates the blocks on {@code backend}.
     *
     * @throws ColonyException if the halo is wider than a partition, or a block does not fit
     */
    public PartitionedPlaces(Backend backend, ModelDescriptor descriptor, Grid grid, Topology topology,
            Transport transport) {
        this(backend, descriptor, grid, topology, transport, SingleProcess.INSTANCE);
    }

    /**
     * Creates the blocks of the partitions that this rank of {@code cluster} owns on {@code backend}; the others
     * live in other processes, reached through {@code transport}.
     *
     * @throws ColonyException if the halo is wider than a partition, or a block does not fit
     */
    public PartitionedPlaces(Backend backend, ModelDescriptor descriptor, Grid grid, Topology topology,
            Transport transport, Cluster cluster) {
        this.model = descriptor.info();
        this.boundAgents = new PartitionedAgents[model.agentClasses().size()];
        this.grid = grid;
        this.topology = topology;
        this.transport = transport;
        this.cluster = cluster;
        int k = topology.partitions();
        cluster.checkPartitions(k);
        this.blocks = new PlaceBlock[k];
        int width = model.reach();
        checkWidth(width);
        checkBookkeeping(k, cluster);
        List<PlaceBlock> own = new ArrayList<>();
        try {
            for (int p = 0; p < k; p++) {
                if (cluster.owns(p, k)) {
                    blocks[p] = backend.createBlock(descriptor, grid, topology.block(p).layout(grid, width), p);
                    own.add(blocks[p]);
                }
            }
        } catch (RuntimeException e) {
            throw Closeables.closeAllAfter(e, blocks);
        }
        this.mine = own.toArray(new PlaceBlock[0]);
        this.dirty = new boolean[model.attributes().size()];
        Arrays.fill(dirty, true);
        this.exchangedBytes = new long[dirty.length];
        this.exchanges = new long[dirty.length];
        this.links = links(width);
        boxes(width);
    }

    /**
     * The Java heap every partition takes besides its places (its block, its halo links and their buffers), measured
     * on the CPU backend at 6-8 KiB (2-D, reach 1, 2,500 to 10,000 partitions); a round figure above it.
     */
    static final long BOOKKEEPING_BYTES = 8 << 10;

    /**
     * Refuses, before any block is made, more partitions than the Java heap holds the bookkeeping of: a million
     * partitions would otherwise take minutes to make and then run the heap out.
     */
    private void checkBookkeeping(int k, Cluster cluster) {
        long local = 0;
        for (int p = 0; p < k; p++) {
            local += cluster.owns(p, k) ? 1 : 0;
        }
        long need = local * BOOKKEEPING_BYTES;
        Runtime rt = Runtime.getRuntime();
        long free = rt.maxMemory() - (rt.totalMemory() - rt.freeMemory());
        if (need > free) {
            throw new ColonyException(k + " partitions of " + model.modelClass().getSimpleName() + " on a " + grid
                    + " grid need about " + ByteSize.of(need) + " of the Java heap for their bookkeeping alone (about "
                    + ByteSize.of(BOOKKEEPING_BYTES) + " each besides their places), but it has " + ByteSize.of(free)
                    + " free; use fewer partitions (each would hold " + Math.max(1, grid.cells() / k) + " of the "
                    + grid.cells() + " places), or raise -Xmx (for ./mass, in COLONY_JAVA_OPTS)");
        }
    }

    private void checkWidth(int width) {
        if (width == 0) {
            return;
        }
        for (int p = 0; p < topology.partitions(); p++) {
            Block b = topology.block(p);
            for (int d = 0; d < grid.dimensions(); d++) {
                if (topology.count(d) > 1 && width > b.extent()[d]) {
                    throw new ColonyException(model.modelClass().getSimpleName() + " reads places up to " + width
                            + " cells away, but partition " + p + " of " + topology + " is " + b.extent()[d]
                            + (b.extent()[d] == 1 ? " cell" : " cells") + " wide along dimension " + d
                            + "; use fewer partitions along that dimension");
                }
            }
        }
    }

    /** Every neighbour relation with a halo to fill, and its buffers. */
    private List<Link> links(int width) {
        List<Link> out = new ArrayList<>();
        if (width == 0) {
            return out;
        }
        int dims = grid.dimensions();
        int self = Neighbors.self(dims);
        long perCell = 0;
        int columns = 0;
        for (AttributeInfo a : model.attributes()) {
            perCell += (long) a.type().bytes() * a.columns();
            columns += a.columns();
        }
        for (int p = 0; p < topology.partitions(); p++) {
            for (int n = 0; n < Neighbors.ids(dims); n++) {
                int q = topology.neighbor(p, n);
                if (n == self || q < 0) {
                    continue;
                }
                if (blocks[p] == null && blocks[q] == null) {
                    continue; // between two partitions of other ranks
                }
                Region send = Region.send(topology.block(p), dims, n, width);
                Region receive = Region.receive(topology.block(q), dims, Neighbors.opposite(n, dims), width);
                long bytes = send.cells() * perCell + 8L * columns; // each column starts 8-byte aligned
                out.add(new Link(p, q, n, send, receive, blocks[p] == null ? null : blocks[p].buffer(bytes),
                        blocks[q] == null ? null : blocks[q].buffer(bytes)));
            }
        }
        return out;
    }

    /**
     * Splits every block into the interior (cells more than {@code width} away from every side that receives a
     * halo) and the border around it, so that a GPU runs the interior while the halo is in flight.
     */
    private void boxes(int width) {
        int k = topology.partitions();
        int dims = grid.dimensions();
        interior = new Region[k];
        border = new ArrayList<>();
        for (int p = 0; p < k; p++) {
            int[] e = topology.block(p).extent().clone();
            int[] lo = new int[3];
            int[] hi = e.clone();
            boolean empty = false;
            for (int d = 0; d < dims; d++) {
                if (width > 0 && neighbor(p, d, -1)) {
                    lo[d] = width;
                }
                if (width > 0 && neighbor(p, d, 1)) {
                    hi[d] = e[d] - width;
                }
                empty |= lo[d] >= hi[d];
            }
            List<Region> around = new ArrayList<>();
            if (empty) {
                border.add(List.of(new Region(new int[3], e)));
                continue;
            }
            interior[p] = new Region(lo, hi);
            int[] l = new int[3];
            int[] h = e.clone();
            for (int d = dims - 1; d >= 0; d--) { // slabs of whole rows first
                if (lo[d] > 0) {
                    int[] top = h.clone();
                    top[d] = lo[d];
                    around.add(new Region(l.clone(), top));
                }
                if (hi[d] < e[d]) {
                    int[] bottom = l.clone();
                    bottom[d] = hi[d];
                    around.add(new Region(bottom, h.clone()));
                }
                l[d] = lo[d];
                h[d] = hi[d];
            }
            border.add(around);
        }
    }

    private boolean neighbor(int p, int d, int direction) {
        int[] offsets = new int[grid.dimensions()];
        offsets[d] = direction;
        return topology.neighbor(p, Neighbors.id(offsets)) >= 0;
    }

    /** The topology. */
    @Override
    public Topology topology() {
        return topology;
    }

    /** The blocks, by partition: null where another rank owns the partition. */
    @Override
    public List<PlaceBlock> blocks() {
        return Arrays.asList(blocks);
    }

    /** The processes the partitions are spread over. */
    @Override
    public Cluster cluster() {
        return cluster;
    }

    /** The width of the blocks' halo now. */
    @Override
    public int pad() {
        return mine[0].layout().pad();
    }

    /** Bytes of attribute {@code attribute} sent between partitions so far. */
    public long exchangedBytes(int attribute) {
        return exchangedBytes[attribute];
    }

    /** Exchanges of attribute {@code attribute} so far. */
    public long exchanges(int attribute) {
        return exchanges[attribute];
    }

    /** Notes that an attribute changed outside a place step (agents wrote it). */
    @Override
    public void markDirty(int attribute) {
        dirty[attribute] = true;
    }

    /** Fills the halos of those of {@code attributes} that are dirty, in one exchange. */
    @Override
    public void prepareRemote(Set<Integer> attributes) {
        checkOpen();
        TreeSet<Integer> due = due(attributes);
        if (due.isEmpty()) {
            return;
        }
        if (!links.isEmpty()) {
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

    /** Packs the due attributes of every link; returns the sends and the receives of the exchange. */
    private List<List<Transport.Message>> pack(TreeSet<Integer> due) {
        List<Transport.Message> sends = new ArrayList<>(links.size());
        List<Transport.Message> receives = new ArrayList<>(links.size());
        for (Link l : links) {
            long offset = 0;
            for (int a : due) {
                AttributeInfo info = model.attributes().get(a);
                long bytes = l.send().cells() * info.type().bytes();
                for (int k = 0; k < info.columns(); k++) {
                    if (l.out() != null) {
                        blocks[l.from()].pack(a, k, l.send(), l.out(), offset);
                    }
                    offset = align(offset + bytes);
                }
                if (l.out() != null) {
                    exchangedBytes[a] += bytes * info.columns();
                }
            }
            // The receiver lists its receives in the order the senders list their sends (per pair), so a
            // transport that sees only one side (MPI) pairs them the same way.
            if (l.out() != null) {
                sends.add(new Transport.Message(l.from(), l.to(), l.out().asSlice(0, offset)));
            }
            if (l.in() != null) {
                receives.add(new Transport.Message(l.from(), l.to(), l.in().asSlice(0, offset)));
            }
        }
        return List.of(sends, receives);
    }

    private void unpack(TreeSet<Integer> due) {
        for (Link l : links) {
            if (l.in() == null) {
                continue;
            }
            long offset = 0;
            for (int a : due) {
                AttributeInfo info = model.attributes().get(a);
                long bytes = l.receive().cells() * info.type().bytes();
                for (int k = 0; k < info.columns(); k++) {
                    blocks[l.to()].unpack(a, k, l.receive(), l.in(), offset);
                    offset = align(offset + bytes);
                }
            }
        }
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

    @Override
    public long[] toInner(long[] places) {
        return places;
    }

    @Override
    public long[] toOuter(long[] places) {
        return places;
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
    public long[] takeCreated(int slot) {
        return Spread.created(cluster, blocks, slot);
    }

    @Override
    public void call(Call call) {
        checkOpen();
        int step = call.step();
        StepInfo s = model.steps().get(step);
        TreeSet<Integer> due = due(s.remoteReads());
        if (!due.isEmpty() && !links.isEmpty() && (transport.overlaps() || splitAlways) && !splitNever && splits()) {
            // The interior runs while the halo is in flight; the border after it has landed.
            List<List<Transport.Message>> messages = pack(due);
            Runnable finish = transport.start(messages.get(0), messages.get(1));
            for (int p = 0; p < blocks.length; p++) {
                if (blocks[p] != null && interior[p] != null) {
                    blocks[p].callBox(call, interior[p]);
                }
            }
            finish.run();
            unpack(due);
            clean(due);
            for (int p = 0; p < blocks.length; p++) {
                if (blocks[p] == null) {
                    continue;
                }
                for (Region box : border.get(p)) {
                    blocks[p].callBox(call, box);
                }
                blocks[p].finishCall(step);
            }
        } else {
            prepareRemote(s.remoteReads());
            for (PlaceBlock b : mine) {
                b.call(call);
            }
        }
        for (int a : s.writes()) {
            dirty[a] = true;
        }
        for (int slot : s.agentWrites().keySet()) {
            boundAgents[slot].attributesChanged(); // the places wrote their agents: rows on the halos are stale
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
    public void read(int attribute, int element, Object target) {
        checkOpen();
        for (PlaceBlock b : mine) {
            b.read(attribute, element, target);
        }
        Spread.completeGrid(cluster, topology, grid, target, model.attributes().get(attribute).type());
    }

    @Override
    public void write(int attribute, int element, Object source) {
        checkOpen();
        for (PlaceBlock b : mine) {
            b.write(attribute, element, source);
        }
        dirty[attribute] = true;
    }

    @Override
    public Object value(int attribute, int element, long index) {
        checkOpen();
        int x = (int) (index % grid.size(0));
        long rest = index / grid.size(0);
        int y = (int) (rest % grid.size(1));
        int z = (int) (rest / grid.size(1));
        int owner = topology.owner(x, y, z);
        Object value = blocks[owner] == null ? null : blocks[owner].value(attribute, element, index);
        return Spread.share(cluster, cluster.owner(owner, blocks.length), value,
                model.attributes().get(attribute).type());
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
        checkOpen();
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

    /** Binds each block to the agents of its partition of a collection on these places. */
    @Override
    public void bindAgents(int slot, AgentStore agents) {
        boundAgents[slot] = PartitionedAgents.bindTo(this, blocks, slot, agents);
    }

    @Override
    public void ensureReach(int reach) {
        checkOpen();
        if (reach <= pad()) {
            return;
        }
        checkWidth(reach);
        for (PlaceBlock b : mine) {
            b.ensureReach(reach);
        }
        links = links(reach);
        boxes(reach);
        Arrays.fill(dirty, true);
    }

    @Override
    public void synchronize() {
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
        for (Link l : links) {
            if (!transport.deviceMemory()) {
                total += (l.out() == null ? 0 : l.out().byteSize()) + (l.in() == null ? 0 : l.in().byteSize());
            }
        }
        return cluster.sum(total);
    }

    private void checkOpen() {
        if (closed) {
            throw new ColonyException("the places of " + model.modelClass().getSimpleName() + " are closed");
        }
    }

    private void closeBlocks() {
        Closeables.closeAll(blocks);
    }

    @Override
    public void close() {
        if (!closed) {
            closed = true;
            closeBlocks();
        }
    }
}
