package org.colony.runtime.cpu;

import java.lang.foreign.MemorySegment;
import java.util.Arrays;
import java.util.List;
import org.colony.ColonyException;
import org.colony.kernel.Call;
import org.colony.kernel.Layout;
import org.colony.kernel.ModelDescriptor;
import org.colony.runtime.agents.ManageReport;
import org.colony.runtime.grid.Region;
import org.colony.runtime.grid.Topology;
import org.colony.runtime.spi.IncomingWrites;

/**
 * The agents of one partition of a partitioned grid on the CPU: the agents whose places the partition's block
 * owns, in id order, grouped by place over the block's storage cells. The halo cells hold the numbers of agents
 * the neighbouring partitions sent, and, where a step iterates them, their rows in slots past the live agents
 * ("ghosts", rewritten on every exchange and dropped by {@code manageAll}).
 */
final class CpuAgentPartition extends CpuAgentStore implements RoundPartition {

    private final Topology topology;
    private final int partition;
    /** Agents per storage cell on the halo cells, as last received; null when none came since manageAll. */
    private int[] halo;
    /** The last {@link #halo}, kept at manageAll to be zeroed and filled again rather than allocated anew. */
    private int[] spareHalo;
    /** The index whose halo entries name ghost slots. */
    private PlaceIndex ghostIndex;
    private ManageRound round;

    CpuAgentPartition(ModelDescriptor descriptor, CpuPlaceStore block, WorkerPool pool, long[] ids, long[] places,
            int capacity, Topology topology, int partition) {
        super(descriptor, block, pool, ids, places, capacity);
        this.topology = topology;
        this.partition = partition;
    }

    @Override
    PlaceIndex buildIndex(Layout l, PlaceIndex recycled) {
        if (halo != null && halo.length == l.storedCells()) {
            return PlaceIndex.withHalo(cols.locations(), cols.count(), l, halo, recycled);
        }
        return PlaceIndex.owned(cols.locations(), cols.count(), l, recycled);
    }

    // ---- agents on the halo --------------------------------------------------------------------

    @Override
    public void packCounts(Region region, MemorySegment buffer, long offset) {
        checkOpen();
        index().packCounts(region, buffer, offset);
    }

    @Override
    public void unpackCounts(Region region, MemorySegment buffer, long offset) {
        checkOpen();
        halo = PlaceIndex.unpackCounts(reusedHalo(), places.block().layout(), region, buffer, offset);
    }

    @Override
    public void haloReady() {
        checkOpen();
        Layout l = places.block().layout();
        halo = PlaceIndex.halo(reusedHalo(), l);
        index = PlaceIndex.withHalo(cols.locations(), cols.count(), l, halo, recycle());
    }

    /** {@return the halo's counts so far, or where none came since manageAll the spare ones zeroed, or null} */
    private int[] reusedHalo() {
        if (halo == null && spareHalo != null) {
            Arrays.fill(spareHalo, 0);
            halo = spareHalo;
            spareHalo = null;
        }
        return halo;
    }

    @Override
    public void ghostsReady() {
        checkOpen();
        PlaceIndex idx = index();
        if (ghostIndex == idx) {
            return;
        }
        int end = idx.giveGhostSlots(cols.count());
        cols.reserve(end);
        Arrays.fill(cols.killed(), cols.count(), end, false); // no step killed these rows yet (packWrites reads them)
        ghostIndex = idx;
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
        checkOpen();
        int[] slots = index().slotsIn(region);
        cols.pack(slots, slots.length, false, buffer, offset);
    }

    @Override
    public void unpackRows(Region region, MemorySegment buffer, long offset) {
        checkOpen();
        if (ghostIndex != index()) {
            throw new IllegalStateException("partition=" + partition + " has no slots for the rows of its halo");
        }
        int[] slots = index().slotsIn(region);
        cols.unpack(buffer, offset, slots, slots.length, false);
    }

    @Override
    public void packWrites(Region region, IncomingWrites writes, MemorySegment buffer, long offset) {
        checkOpen();
        int[] slots = index().slotsIn(region);
        writes.pack(cols.incomingColumns(), cols.killed(), slots, slots.length, buffer, offset);
    }

    @Override
    public void combineWrites(Region region, IncomingWrites writes, MemorySegment buffer, long offset) {
        checkOpen();
        int[] slots = index().slotsIn(region);
        writes.combine(cols.incomingColumns(), cols.killed(), slots, slots.length, buffer, offset);
    }

    @Override
    public void callDeferringWrites(Call call) {
        call(call, false);
    }

    @Override
    public void applyWrites(int step) {
        applyIncoming(step);
    }

    // ---- manageAll -----------------------------------------------------------------------------

    @Override
    public ManageStart beginManage(long seed, long epoch) {
        checkOpen();
        round = new ManageRound(cols, places.block().layout(), capacity, seed, epoch, topology, partition, name(),
                scratch);
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
        dropIndex(); // the slots past the live agents now hold arrivals, not ghosts
        round().unpackMovers(arriving);
    }

    @Override
    public ManageReport finishManage(long nextId, List<Batch> others) {
        ManageReport r = round().finish(nextId, others);
        round = null;
        dropIndex();
        spareHalo = halo != null ? halo : spareHalo;
        halo = null;
        ghostIndex = null;
        return r;
    }

    @Override
    public ManageReport manage(long seed, long epoch) {
        throw new ColonyException("the agents of partition " + partition + " are managed by their partitioned "
                + "collection");
    }
}
