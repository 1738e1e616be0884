package org.colony.runtime.partition;

import java.lang.foreign.Arena;
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
import org.colony.kernel.ScalarType;
import org.colony.kernel.StepInfo;
import org.colony.runtime.cluster.Cluster;
import org.colony.runtime.graph.Graph;
import org.colony.runtime.graph.GraphPartition;
import org.colony.runtime.grid.Grid;
import org.colony.runtime.grid.Region;
import org.colony.runtime.grid.Topology;
import org.colony.runtime.reduce.Extremes;
import org.colony.runtime.reduce.Reduction;
import org.colony.runtime.spi.AgentStore;
import org.colony.runtime.spi.Backend;
import org.colony.runtime.spi.Closeables;
import org.colony.runtime.spi.PlaceBlock;
import org.colony.runtime.storage.HostCopy;
import org.colony.runtime.transport.Transport;
import org.colony.runtime.tuning.RuntimeSwitches;

/**
 * Places on a graph's vertices cut into partitions by a {@link GraphPartition}: one block per part, holding its own
 * vertices and, on its halo, a ghost copy of every other partition's vertex its rows reach. Before a step reads an
 * attribute through edges, each partition sends the owners' current values of the ghosts the others hold (only the
 * attributes written since the last exchange), through the simulation's {@link Transport}: in-process, or between
 * MPI ranks.
 *
 * <p>Inside, the vertices are numbered partition by partition ({@link GraphNumbering}), so that each block owns a
 * contiguous range of that numbering and stores it as a one-dimensional block; its rows list the neighbours in the
 * graph's order and its draws are keyed by the vertices' own ids, so every result is the one block's, bit for bit.
 * Whole columns in and out are in vertex id order.
 *
 * <p>With {@code colony.partitions.split=always}, a step that reads through edges runs each block's interior vertices
 * (those whose rows reach no ghost) while the ghosts are in flight, and its border vertices after they have landed.
 */
public final class PartitionedGraphPlaces implements PartitionedPlaceStore {

    /** Partition {@code from} sends the values at {@code cells} (its storage indices) to {@code to}'s regions. */
    private record Link(int from, int to, int[] cells, List<Region> receive, MemorySegment out, MemorySegment in) {
    }

    /** {@code colony.partitions.split=always}: split the steps that read through edges (the default does not). */
    private final boolean splitAlways = RuntimeSwitches.SPLIT.choice().equals("always");

    private final ModelInfo model;
    private final Grid grid;
    private final Graph graph;
    private final GraphNumbering numbering;
    private final Topology topology;
    private final Transport transport;
    private final Cluster cluster;
    /** The blocks by partition; null where another rank owns the partition. */
    private final PlaceBlock[] blocks;
    /** The blocks of this rank, in partition order. */
    private final PlaceBlock[] mine;
    private final List<Link> links = new ArrayList<>();
    private final boolean[] dirty;
    private final long[] exchangedBytes;
    private final long[] exchanges;
    /** By slot, the agents on these places that the places' steps iterate, or null. */
    private final PartitionedAgents[] boundAgents;
    private boolean closed;

    /**
     * Creates the blocks of the parts this rank owns on {@code backend}, each with the rows of its vertices.
     *
     * @throws ColonyException if a block does not fit
     */
    public PartitionedGraphPlaces(Backend backend, ModelDescriptor descriptor, Graph graph, GraphPartition cut,
            Transport transport, Cluster cluster) {
        this.model = descriptor.info();
        this.graph = graph;
        this.grid = Grid.of(graph.vertices());
        this.transport = transport;
        this.cluster = cluster;
        this.numbering = new GraphNumbering(graph, cut);
        this.topology = numbering.topology();
        this.boundAgents = new PartitionedAgents[model.agentClasses().size()];
        int k = cut.partitions();
        cluster.checkPartitions(k);
        this.blocks = new PlaceBlock[k];
        List<PlaceBlock> own = new ArrayList<>();
        try {
            for (int p = 0; p < k; p++) {
                if (cluster.owns(p, k)) {
                    blocks[p] = backend.createBlock(descriptor, grid, numbering.layout(p), p);
                    blocks[p].bindGraph(numbering.rows(p));
                    own.add(blocks[p]);
                }
            }
            this.mine = own.toArray(new PlaceBlock[0]);
            links();
        } catch (RuntimeException e) {
            throw Closeables.closeAllAfter(e, blocks);
        }
        this.dirty = new boolean[model.attributes().size()];
        Arrays.fill(dirty, true);
        this.exchangedBytes = new long[dirty.length];
        this.exchanges = new long[dirty.length];
    }

    /** Every pair of partitions with ghosts to fill, and its buffers. */
    private void links() {
        long perCell = 0;
        int columns = 0;
        for (AttributeInfo a : model.attributes()) {
            perCell += (long) a.type().bytes() * a.columns();
            columns += a.columns();
        }
        for (int to = 0; to < blocks.length; to++) {
            for (int from = 0; from < blocks.length; from++) {
                int[] ghosts = numbering.ghostRange(to, from);
                if (ghosts[0] == ghosts[1] || blocks[from] == null && blocks[to] == null) {
                    continue;
                }
                long bytes = (ghosts[1] - ghosts[0]) * perCell + 8L * columns; // each column starts 8-byte aligned
                links.add(new Link(from, to, numbering.sent(from, to), numbering.ghostRegions(to, ghosts),
                        blocks[from] == null ? null : blocks[from].buffer(bytes),
                        blocks[to] == null ? null : blocks[to].buffer(bytes)));
            }
        }
    }

    /** {@return the number of partitions} */
    public int partitions() {
        return blocks.length;
    }

    /** {@return the vertices owned by each partition and the ghosts each holds, by partition} */
    public String describe() {
        return numbering.toString();
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

    @Override
    public Topology topology() {
        return topology;
    }

    @Override
    public List<PlaceBlock> blocks() {
        return Arrays.asList(blocks);
    }

    @Override
    public Cluster cluster() {
        return cluster;
    }

    @Override
    public int pad() {
        return 0;
    }

    @Override
    public void markDirty(int attribute) {
        dirty[attribute] = true;
    }

    @Override
    public long[] toInner(long[] places) {
        return numbering.toInner(places);
    }

    @Override
    public long[] toOuter(long[] places) {
        return numbering.toVertices(places);
    }

    /** Fills the ghosts of those of {@code attributes} that are dirty, in one exchange. */
    @Override
    public void prepareRemote(Set<Integer> attributes) {
        TreeSet<Integer> due = due(attributes);
        if (due.isEmpty()) {
            return;
        }
        List<List<Transport.Message>> messages = pack(due);
        transport.exchange(messages.get(0), messages.get(1));
        unpack(due);
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

    /** Gathers the due attributes of every link; returns the sends and the receives of the exchange. */
    private List<List<Transport.Message>> pack(TreeSet<Integer> due) {
        List<Transport.Message> sends = new ArrayList<>(links.size());
        List<Transport.Message> receives = new ArrayList<>(links.size());
        for (Link l : links) {
            long offset = 0;
            for (int a : due) {
                AttributeInfo info = model.attributes().get(a);
                long bytes = (long) l.cells().length * info.type().bytes();
                for (int k = 0; k < info.columns(); k++) {
                    if (l.out() != null) {
                        blocks[l.from()].gather(a, k, l.cells(), l.out(), offset);
                    }
                    offset = PartitionedPlaces.align(offset + bytes);
                }
                if (l.out() != null) {
                    exchangedBytes[a] += bytes * info.columns();
                }
            }
            if (l.out() != null) {
                sends.add(new Transport.Message(l.from(), l.to(), l.out().asSlice(0, offset)));
            }
            if (l.in() != null) {
                receives.add(new Transport.Message(l.from(), l.to(), l.in().asSlice(0, offset)));
            }
        }
        return List.of(sends, receives);
    }

    /** Copies the received values of the due attributes onto the ghosts. */
    private void unpack(TreeSet<Integer> due) {
        for (Link l : links) {
            if (l.in() == null) {
                continue;
            }
            long offset = 0;
            for (int a : due) {
                AttributeInfo info = model.attributes().get(a);
                for (int k = 0; k < info.columns(); k++) {
                    long at = offset;
                    for (Region r : l.receive()) {
                        blocks[l.to()].unpack(a, k, r, l.in(), at);
                        at += r.cells() * info.type().bytes();
                    }
                    offset = PartitionedPlaces.align(offset + (long) l.cells().length * info.type().bytes());
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

    @Override
    public ModelInfo model() {
        return model;
    }

    @Override
    public Grid grid() {
        return grid;
    }

    /** {@return the vertices of the agents the last step asked for, as in {@link PartitionedPlaces#takeCreated}} */
    @Override
    public long[] takeCreated(int slot) {
        return numbering.toVertices(Spread.created(cluster, blocks, slot));
    }

    @Override
    public void call(Call call) {
        checkOpen();
        StepInfo s = model.steps().get(call.step());
        TreeSet<Integer> due = due(s.remoteReads());
        // Only on request: where the transport overlaps (NCCL, MPI), splitting measured slower than one launch a
        // block on the graphs tried (networks.md), the extra launches costing more than the exchange they hide.
        if (!due.isEmpty() && !links.isEmpty() && splitAlways && splits()) {
            callSplit(call, due);
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
            boundAgents[slot].attributesChanged(); // the places wrote their agents
        }
    }

    /**
     * Runs the interior vertices of every block (rows {@code [0, interior)}, which reach no ghost) while the ghosts
     * are in flight, and the border vertices after they have landed.
     */
    private void callSplit(Call call, TreeSet<Integer> due) {
        List<List<Transport.Message>> messages = pack(due);
        Runnable finish = transport.start(messages.get(0), messages.get(1));
        for (int p = 0; p < blocks.length; p++) {
            if (blocks[p] != null && numbering.interior(p) > 0) {
                blocks[p].callBox(call, GraphNumbering.box(0, numbering.interior(p)));
            }
        }
        finish.run();
        unpack(due);
        clean(due);
        for (int p = 0; p < blocks.length; p++) {
            if (blocks[p] == null) {
                continue;
            }
            int owned = numbering.first(p + 1) - numbering.first(p);
            if (numbering.interior(p) < owned) {
                blocks[p].callBox(call, GraphNumbering.box(numbering.interior(p), owned));
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
        return cluster.sum(total);
    }

    @Override
    public void read(int attribute, int element, Object target) {
        checkOpen();
        ScalarType type = model.attributes().get(attribute).type();
        Object inner = type.newArray(graph.vertices());
        for (PlaceBlock b : mine) {
            b.read(attribute, element, inner);
        }
        completeParts(inner, type);
        numbering.toVertexOrder(inner, target);
    }

    /** Fills the other ranks' parts of a column in the inner numbering: each part from its owner, in one broadcast. */
    private void completeParts(Object inner, ScalarType type) {
        if (!cluster.distributed()) {
            return;
        }
        for (int p = 0; p < blocks.length; p++) {
            int owner = cluster.owner(p, blocks.length);
            int first = numbering.first(p);
            int count = numbering.first(p + 1) - first;
            try (Arena arena = Arena.ofConfined()) {
                MemorySegment buffer = arena.allocate(Math.max(1, (long) count * type.bytes()), 8)
                        .asSlice(0, (long) count * type.bytes());
                if (owner == cluster.rank()) {
                    HostCopy.toSegment(inner, first, buffer, 0, count, type);
                }
                cluster.broadcast(buffer, owner);
                if (owner != cluster.rank()) {
                    HostCopy.fromSegment(buffer, 0, inner, first, count, type);
                }
            }
        }
    }

    @Override
    public void write(int attribute, int element, Object source) {
        checkOpen();
        Object inner = model.attributes().get(attribute).type().newArray(graph.vertices());
        numbering.toInnerOrder(source, inner);
        for (PlaceBlock b : mine) {
            b.write(attribute, element, inner);
        }
        dirty[attribute] = true;
    }

    @Override
    public Object value(int attribute, int element, long index) {
        checkOpen();
        int owner = numbering.part((int) index);
        Object value = blocks[owner] == null ? null
                : blocks[owner].value(attribute, element, numbering.inner((int) index));
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

    @Override
    public void bindAgents(int slot, AgentStore agents) {
        boundAgents[slot] = PartitionedAgents.bindTo(this, blocks, slot, agents);
    }

    @Override
    public void ensureReach(int reach) {
        if (reach > 0) {
            throw new ColonyException("places on a graph have no grid neighbours to reach");
        }
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

    @Override
    public void close() {
        if (!closed) {
            closed = true;
            Closeables.closeAll(blocks);
        }
    }
}
