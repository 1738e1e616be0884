package org.colony.cuda.internal;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.colony.runtime.ColonyException;
import org.colony.runtime.ManageReport;
import org.colony.runtime.agents.ManageRound;
import org.colony.runtime.agents.PlaceIndex;
import org.colony.runtime.agents.RoundPartition;
import org.colony.runtime.partition.Region;
import org.colony.runtime.partition.Topology;
import org.colony.runtime.reduce.ColumnAccumulator;
import org.colony.runtime.spi.AgentStore;
import org.colony.runtime.spi.Layout;
import org.colony.runtime.spi.ModelDescriptor;
import org.colony.runtime.spi.ModelInfo;
import org.colony.runtime.spi.Reduction;

/**
 * The agents of one partition of a partitioned grid on a GPU. Steps run on the device as for one block
 * ({@link CudaAgentStore}, over the partition's {@link CudaPlaceStore}); what crosses partitions is staged through
 * host memory and settled by the same code as on the CPU:
 *
 * <ul>
 *   <li>{@code manageAll} copies the agents and what their steps asked for to the host, runs the partition's
 *       {@link ManageRound} there (requests, verdicts, movers and births travel as on the CPU), and copies the
 *       result back;
 *   <li>the numbers of agents on halo places, and where a step iterates them their rows, are computed and
 *       unpacked on the host, then given to the device as "ghosts": agents in the slots past the live ones, which
 *       the agents-by-place index (by global place) groups with the live agents, so a step reads its neighbours'
 *       agents as it would on one GPU.
 * </ul>
 *
 * The results are those of one block, bit for bit. The host staging costs a copy of the partition's agents each
 * {@code manageAll} (see {@code docs/scaling.md}).
 */
final class CudaAgentPartition implements RoundPartition {

    private final CudaAgentStore dev;
    private final CudaPlaceStore block;
    private final ModelInfo model;
    private final Topology topology;
    private final int partition;
    private final int capacity;
    /** The agents on the host: valid after {@link #fresh}, and the only copy during a manageAll. */
    private final org.colony.runtime.storage.AgentColumns cols;
    /** Whether {@link #cols} holds the device's live agents as they are now. */
    private boolean hostCurrent;
    /** The live agents' places (they change only in manageAll), for the index by storage cell. */
    private long[] locations;
    private int live;
    /** Agents per storage cell on the halo cells, as last received; null when none came since manageAll. */
    private int[] halo;
    private PlaceIndex index;
    /** The index whose halo entries name ghost slots of {@link #cols}. */
    private PlaceIndex ghostIndex;
    /** Whether the halo changed since the device last got its ghosts. */
    private boolean ghostsChanged;
    private ManageRound round;
    /** The partitions, here, of the collections this one's steps may see (by agent class slot). */
    private final CudaAgentPartition[] bound;

    CudaAgentPartition(CudaContext cx, ModelDescriptor descriptor, CudaPlaceStore block, long[] ids, long[] places,
            int capacity, Topology topology, int partition) {
        this.block = block;
        this.model = descriptor.info();
        this.topology = topology;
        this.partition = partition;
        this.capacity = capacity;
        this.bound = new CudaAgentPartition[model.agentClasses().size()];
        this.dev = new CudaAgentStore(cx, descriptor, block, ids, places, capacity);
        try {
            this.cols = new org.colony.runtime.storage.AgentColumns(model, block.model(),
                    Math.max(org.colony.runtime.storage.AgentColumns.MIN_SLOTS, places.length + places.length / 2),
                    new Object[model.shared().size()]);
        } catch (RuntimeException e) {
            dev.close();
            throw e;
        }
        this.locations = places.clone();
        this.live = places.length;
    }

    private String name() {
        return model.modelClass().getSimpleName();
    }

    /** Makes {@link #cols} hold the device's live agents. */
    private void fresh() {
        if (!hostCurrent) {
            dev.save(cols);
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

    /** Gives the device the agents on the halo. */
    private void ghosts() {
        if (!ghostsChanged) {
            return;
        }
        ghostsChanged = false;
        PlaceIndex idx = index();
        boolean rows = ghostIndex == idx;
        Layout l = idx.layout();
        int[] start = idx.start();
        int[] order = idx.order();
        long[] where = new long[order.length - live];
        int[] slots = new int[where.length];
        int[] n = {0};
        Set<Long> seen = new HashSet<>();
        forEachHaloPlace(l, (s, g) -> {
            if (start[s + 1] > start[s] && seen.add(g)) {
                for (int k = start[s]; k < start[s + 1]; k++) {
                    where[n[0]] = g;
                    slots[n[0]++] = order[k];
                }
            }
        });
        if (!rows) {
            dev.ghosts(where, n[0], null);
            return;
        }
        try (Arena a = Arena.ofConfined()) {
            MemorySegment packed = a.allocate(Math.max(1, cols.rowBytes(false) * n[0]));
            cols.pack(slots, n[0], false, packed, 0);
            dev.ghosts(where, n[0], packed);
        }
    }

    /** A halo cell's storage index and the global index of the place it holds. */
    @FunctionalInterface
    private interface HaloPlace {
        void accept(int storage, long global);
    }

    /**
     * Every halo cell of the layout that holds a place another partition owns (not one outside a grid that does not
     * wrap, not one of this block's own places seen across a wrapping edge), in storage order.
     */
    private static void forEachHaloPlace(Layout l, HaloPlace cell) {
        int p0 = l.pad();
        int p1 = l.dims() >= 2 ? l.pad() : 0;
        int p2 = l.dims() >= 3 ? l.pad() : 0;
        for (int z = -p2; z < l.extent2() + p2; z++) {
            long gz = global(l.origin2() + z, l.size2(), l.wrap());
            for (int y = -p1; y < l.extent1() + p1; y++) {
                long gy = global(l.origin1() + y, l.size1(), l.wrap());
                for (int x = -p0; x < l.extent0() + p0; x++) {
                    long gx = global(l.origin0() + x, l.size0(), l.wrap());
                    if (gx < 0 || gy < 0 || gz < 0 || owned(l, gx, gy, gz)) {
                        continue;
                    }
                    cell.accept(l.storageIndex(x, y, z), gx + (long) l.size0() * (gy + (long) l.size1() * gz));
                }
            }
        }
    }

    private static long global(int c, int size, boolean wrap) {
        if (c >= 0 && c < size) {
            return c;
        }
        return wrap ? Math.floorMod(c, size) : -1;
    }

    private static boolean owned(Layout l, long gx, long gy, long gz) {
        return gx >= l.origin0() && gx < l.origin0() + l.extent0() && gy >= l.origin1()
                && gy < l.origin1() + l.extent1() && gz >= l.origin2() && gz < l.origin2() + l.extent2();
    }

    private PlaceIndex index() {
        if (index == null) {
            Layout l = block.layout();
            index = halo != null && halo.length == l.storedCells() ? PlaceIndex.withHalo(locations, live, l, halo)
                    : PlaceIndex.owned(locations, live, l);
        }
        return index;
    }

    // ---- the agent store ---------------------------------------------------------------------

    @Override
    public ModelInfo model() {
        return model;
    }

    @Override
    public long size() {
        return dev.size();
    }

    @Override
    public void call(int step, Object[] args, long seed, long epoch, long time) {
        beforeStep();
        dev.call(step, args, seed, epoch, time);
        hostCurrent = false;
    }

    @Override
    public long count(int step, Object[] args, long seed, long epoch, long time) {
        beforeStep();
        long n = dev.count(step, args, seed, epoch, time);
        hostCurrent = false;
        return n;
    }

    @Override
    public ManageReport manage(long seed, long epoch) {
        throw new ColonyException("the agents of partition " + partition + " are managed by their partitioned "
                + "collection");
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
    public void packCounts(Region region, MemorySegment buffer, long offset) {
        index().packCounts(region, buffer, offset);
    }

    @Override
    public void unpackCounts(Region region, MemorySegment buffer, long offset) {
        halo = PlaceIndex.unpackCounts(halo, block.layout(), region, buffer, offset);
    }

    @Override
    public void haloReady() {
        Layout l = block.layout();
        halo = PlaceIndex.halo(halo, l);
        index = PlaceIndex.withHalo(locations, live, l, halo);
        ghostsChanged = true;
    }

    @Override
    public void ghostsReady() {
        PlaceIndex idx = index();
        if (ghostIndex == idx) {
            return;
        }
        int next = idx.giveGhostSlots(live);
        fresh(); // the live rows are packed from the host copy; the ghosts go in the slots past them
        cols.reserve(next);
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

    // ---- manageAll -----------------------------------------------------------------------------

    @Override
    public ManageStart beginManage(long seed, long epoch) {
        fresh();
        round = new ManageRound(cols, block.layout(), capacity, seed, epoch, topology, partition, name());
        return round.begin();
    }

    @Override
    public ManageRound round() {
        if (round == null) {
            throw new ColonyException("partition=" + partition + " of " + name() + " is not in a manageAll");
        }
        return round;
    }

    @Override
    public long moverBytes() {
        return cols.rowBytes(true);
    }

    @Override
    public void unpackMovers(Batch arriving) {
        round().unpackMovers(arriving);
    }

    @Override
    public ManageReport finishManage(long nextId, List<Batch> others) {
        ManageReport r = round().finish(nextId, others);
        round = null;
        dev.load(cols);
        hostCurrent = true;
        live = cols.count();
        locations = Arrays.copyOf(cols.locations(), live);
        index = null;
        halo = null;
        ghostIndex = null;
        ghostsChanged = false;
        return r;
    }
}
