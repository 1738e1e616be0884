package org.colony.runtime.partition;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;
import org.colony.ColonyException;
import org.colony.kernel.AttributeInfo;
import org.colony.kernel.ModelDescriptor;
import org.colony.kernel.ScalarType;
import org.colony.runtime.cluster.Cluster;
import org.colony.runtime.graph.Graph;
import org.colony.runtime.graph.GraphPartition;
import org.colony.runtime.grid.Grid;
import org.colony.runtime.grid.Region;
import org.colony.runtime.grid.Topology;
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
public final class PartitionedGraphPlaces extends PartitionedPlaceStore {

    /** Partition {@code from} sends the values at {@code cells} (its storage indices) to {@code to}'s regions. */
    private record Link(int from, int to, int[] cells, List<Region> receive, MemorySegment out, MemorySegment in)
            implements PartitionedPlaceStore.Link {
    }

    /** {@code colony.partitions.split=always}: split the steps that read through edges (the default does not). */
    private final boolean splitAlways = RuntimeSwitches.SPLIT.choice().equals("always");

    private final Graph graph;
    private final GraphNumbering numbering;
    private final Topology topology;
    private final List<Link> links = new ArrayList<>();

    /**
     * Creates the blocks of the parts this rank owns on {@code backend}, each with the rows of its vertices.
     *
     * @throws ColonyException if a block does not fit
     */
    public PartitionedGraphPlaces(Backend backend, ModelDescriptor descriptor, Graph graph, GraphPartition cut,
            Transport transport, Cluster cluster) {
        super(descriptor.info(), Grid.of(graph.vertices()), cut.partitions(), transport, cluster);
        this.graph = graph;
        this.numbering = new GraphNumbering(graph, cut);
        this.topology = numbering.topology();
        int k = cut.partitions();
        try {
            for (int p = 0; p < k; p++) {
                if (cluster.owns(p, k)) {
                    blocks[p] = backend.createBlock(descriptor, grid, numbering.layout(p), p);
                    blocks[p].bindGraph(numbering.rows(p));
                }
            }
            made();
            link();
        } catch (RuntimeException e) {
            throw Closeables.closeAllAfter(e, blocks);
        }
    }

    /** Every pair of partitions with ghosts to fill, and its buffers. */
    private void link() {
        long[] per = perPlace();
        for (int to = 0; to < blocks.length; to++) {
            for (int from = 0; from < blocks.length; from++) {
                int[] ghosts = numbering.ghostRange(to, from);
                if (ghosts[0] == ghosts[1] || blocks[from] == null && blocks[to] == null) {
                    continue;
                }
                long bytes = (ghosts[1] - ghosts[0]) * per[0] + 8L * per[1]; // each column starts 8-byte aligned
                links.add(new Link(from, to, numbering.sent(from, to), numbering.ghostRegions(to, ghosts),
                        blocks[from] == null ? null : blocks[from].buffer(bytes),
                        blocks[to] == null ? null : blocks[to].buffer(bytes)));
            }
        }
    }

    /** {@return the vertices owned by each partition and the ghosts each holds, by partition} */
    public String describe() {
        return numbering.toString();
    }

    @Override
    public Topology topology() {
        return topology;
    }

    @Override
    public int pad() {
        return 0;
    }

    @Override
    public long[] toInner(long[] places) {
        return numbering.toInner(places);
    }

    @Override
    public long[] toOuter(long[] places) {
        return numbering.toVertices(places);
    }

    /** Gathers the due attributes of every link; returns the sends and the receives of the exchange. */
    @Override
    List<List<Transport.Message>> pack(TreeSet<Integer> due) {
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
                    offset = align(offset + bytes);
                }
                if (l.out() != null) {
                    sent(a, bytes * info.columns());
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
    @Override
    void unpack(TreeSet<Integer> due) {
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
                    offset = align(offset + (long) l.cells().length * info.type().bytes());
                }
            }
        }
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
    public void ensureReach(int reach) {
        if (reach > 0) {
            throw new ColonyException("places on a graph have no grid neighbours to reach");
        }
    }

    @Override
    List<Link> links() {
        return links;
    }

    /** None: a graph's blocks run no held passes. */
    @Override
    int widestHalo() {
        return 0;
    }

    /** Only on request: splitting measured slower than one launch a block on the graphs tried (networks.md). */
    @Override
    boolean splitWanted() {
        return splitAlways;
    }

    /** The rows {@code [0, interior)}, which reach no ghost. */
    @Override
    Region interior(int p) {
        return numbering.interior(p) > 0 ? GraphNumbering.box(0, numbering.interior(p)) : null;
    }

    @Override
    List<Region> border(int p) {
        int owned = numbering.first(p + 1) - numbering.first(p);
        return numbering.interior(p) < owned ? List.of(GraphNumbering.box(numbering.interior(p), owned)) : List.of();
    }
}
