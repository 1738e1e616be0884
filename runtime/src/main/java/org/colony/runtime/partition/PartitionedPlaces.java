package org.colony.runtime.partition;

import java.lang.foreign.MemorySegment;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.TreeSet;
import org.colony.ColonyException;
import org.colony.kernel.AttributeInfo;
import org.colony.kernel.ModelDescriptor;
import org.colony.runtime.cluster.Cluster;
import org.colony.runtime.cluster.SingleProcess;
import org.colony.runtime.grid.Block;
import org.colony.runtime.grid.Boundary;
import org.colony.runtime.grid.Grid;
import org.colony.runtime.grid.Neighbors;
import org.colony.runtime.grid.Region;
import org.colony.runtime.grid.Topology;
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
 * due (in attribute order, element columns in order, each region row by row); blocks in one memory that copy cells
 * straight into each other's halo ({@code PlaceBlock.copiesTo}: one GPU's) need no buffer.
 */
public final class PartitionedPlaces extends PartitionedPlaceStore {

    /**
     * A neighbour relation: partition {@code from} sends its {@code send} region to {@code to}'s {@code receive},
     * through the buffers {@code out} and {@code in} (the same one where both lie in one memory), or where
     * {@code direct}, straight from one block's cells to the other's halo with no buffer ({@code PlaceBlock.copyTo}).
     */
    private record Link(int from, int to, int direction, Region send, Region receive, MemorySegment out,
            MemorySegment in, boolean direct) implements PartitionedPlaceStore.Link {
    }

    /**
     * Whether steps split into interior and border even where the transport cannot overlap them (the CPU): a
     * testing knob, {@code -Dcolony.partitions.split=always} when the places are created, so that the split is
     * checked on machines with no GPU.
     */
    private final boolean splitAlways = RuntimeSwitches.SPLIT.choice().equals("always");
    /** {@code -Dcolony.partitions.split=never}: never split steps (to measure what the overlap brings). */
    private final boolean splitNever = RuntimeSwitches.SPLIT.choice().equals("never");

    private final Topology topology;
    private List<Link> links;
    /** Per partition: the owned cells that read no exchanged halo, or null where none do. */
    private Region[] interior;
    /** Per partition: the owned cells outside {@link #interior}, as boxes. */
    private List<List<Region>> border;

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
        super(descriptor.info(), grid, topology.partitions(), transport, cluster);
        this.topology = topology;
        int k = topology.partitions();
        int width = model.reach();
        checkWidth(width);
        checkBookkeeping(k, cluster);
        try {
            for (int p = 0; p < k; p++) {
                if (cluster.owns(p, k)) {
                    blocks[p] = backend.createBlock(descriptor, grid, topology.block(p).layout(grid, width), p);
                }
            }
        } catch (RuntimeException e) {
            throw Closeables.closeAllAfter(e, blocks);
        }
        made();
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

    /** {@link #widestHalo()}, once known (-1 before). */
    private int widest = -1;

    @Override
    int widestHalo() {
        if (widest < 0) {
            // On a torus a partition is its own neighbour along a dimension it spans: a halo no wider than the
            // partition there is copied from its own other side.
            widest = narrowest(grid.boundary() == Boundary.WRAP);
        }
        return widest;
    }

    /** {@return the narrowest extent of a partition along a cut dimension, or along any where {@code every}} */
    private int narrowest(boolean every) {
        int widest = Integer.MAX_VALUE;
        for (int p = 0; p < topology.partitions(); p++) {
            Block b = topology.block(p);
            for (int d = 0; d < grid.dimensions(); d++) {
                if (every || topology.count(d) > 1) {
                    widest = Math.min(widest, b.extent()[d]);
                }
            }
        }
        return widest;
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
        long[] per = perPlace();
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
                if (blocks[p] != null && blocks[q] != null && transport.oneMemory() && blocks[p].copiesTo(blocks[q])) {
                    // (one GPU's partitions: one kernel a column instead of a pack and an unpack)
                    out.add(new Link(p, q, n, send, receive, null, null, true));
                    continue;
                }
                long bytes = send.cells() * per[0] + 8L * per[1]; // each column starts 8-byte aligned
                MemorySegment in = blocks[q] == null ? null : blocks[q].buffer(bytes);
                // in one memory the sender packs straight into the receiver's buffer: no copy between them
                MemorySegment sent = blocks[p] == null ? null
                        : in != null && transport.oneMemory() ? in : blocks[p].buffer(bytes);
                out.add(new Link(p, q, n, send, receive, sent, in, false));
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

    /** The width of the blocks' halo now. */
    @Override
    public int pad() {
        return mine[0].layout().pad();
    }

    @Override
    List<List<Transport.Message>> pack(TreeSet<Integer> due) {
        List<Transport.Message> sends = new ArrayList<>(links.size());
        List<Transport.Message> receives = new ArrayList<>(links.size());
        for (Link l : links) {
            long offset = 0;
            for (int a : due) {
                AttributeInfo info = model.attributes().get(a);
                long bytes = l.send().cells() * info.type().bytes();
                for (int k = 0; k < info.columns(); k++) {
                    if (l.direct()) {
                        blocks[l.from()].copyTo(a, k, l.send(), blocks[l.to()], l.receive());
                    } else if (l.out() != null) {
                        blocks[l.from()].pack(a, k, l.send(), l.out(), offset);
                    }
                    offset = align(offset + bytes);
                }
                if (l.out() != null || l.direct()) {
                    sent(a, bytes * info.columns());
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

    @Override
    void unpack(TreeSet<Integer> due) {
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

    @Override
    public long[] toInner(long[] places) {
        return places;
    }

    @Override
    public long[] toOuter(long[] places) {
        return places;
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
    List<Link> links() {
        return links;
    }

    /**
     * Splits where the transport overlaps transfers with work (or with {@code colony.partitions.split=always}), unless
     * {@code never}.
     */
    @Override
    boolean splitWanted() {
        return (transport.overlaps() || splitAlways) && !splitNever;
    }

    @Override
    Region interior(int p) {
        return interior[p];
    }

    @Override
    List<Region> border(int p) {
        return border.get(p);
    }
}
