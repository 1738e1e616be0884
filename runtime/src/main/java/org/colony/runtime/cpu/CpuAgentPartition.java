package org.colony.runtime.cpu;

import org.colony.runtime.agents.ManageRound;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.List;
import org.colony.runtime.ColonyException;
import org.colony.runtime.ManageReport;
import org.colony.runtime.agents.PlaceIndex;
import org.colony.runtime.partition.Region;
import org.colony.runtime.partition.Topology;
import org.colony.runtime.spi.AgentPartition;
import org.colony.runtime.spi.Layout;
import org.colony.runtime.spi.ModelDescriptor;

/**
 * The agents of one partition of a partitioned grid on the CPU: the agents whose places the partition's block
 * owns, in id order, grouped by place over the block's storage cells. The halo cells hold the numbers of agents
 * the neighbouring partitions sent, and, where a step iterates them, their rows in slots past the live agents
 * ("ghosts", rewritten on every exchange and dropped by {@code manageAll}).
 */
final class CpuAgentPartition extends CpuAgentStore implements AgentPartition {

    private final Topology topology;
    private final int partition;
    /** Agents per storage cell on the halo cells, as last received; null when none came since manageAll. */
    private int[] halo;
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
    PlaceIndex buildIndex(Layout l) {
        if (halo != null && halo.length == l.storedCells()) {
            return PlaceIndex.withHalo(cols.locations(), cols.count(), l, halo);
        }
        return PlaceIndex.owned(cols.locations(), cols.count(), l);
    }

    // ---- agents on the halo --------------------------------------------------------------------

    @Override
    public void packCounts(Region region, MemorySegment buffer, long offset) {
        checkOpen();
        PlaceIndex idx = index();
        long[] at = {offset};
        region.forEachRun(idx.layout(), (s, length) -> {
            for (int i = 0; i < length; i++) {
                buffer.set(ValueLayout.JAVA_INT_UNALIGNED, at[0], idx.count(s + i));
                at[0] += 4;
            }
        });
    }

    @Override
    public void unpackCounts(Region region, MemorySegment buffer, long offset) {
        checkOpen();
        Layout l = places.block().layout();
        if (halo == null || halo.length != l.storedCells()) {
            halo = new int[(int) l.storedCells()];
        }
        long[] at = {offset};
        region.forEachRun(l, (s, length) -> {
            for (int i = 0; i < length; i++) {
                halo[s + i] = buffer.get(ValueLayout.JAVA_INT_UNALIGNED, at[0]);
                at[0] += 4;
            }
        });
    }

    @Override
    public void haloReady() {
        checkOpen();
        Layout l = places.block().layout();
        if (halo == null || halo.length != l.storedCells()) {
            halo = new int[(int) l.storedCells()];
        }
        index = PlaceIndex.withHalo(cols.locations(), cols.count(), l, halo);
    }

    @Override
    public void ghostsReady() {
        checkOpen();
        PlaceIndex idx = index();
        if (ghostIndex == idx) {
            return;
        }
        int[] order = idx.order();
        int next = cols.count();
        for (int k = 0; k < order.length; k++) {
            if (order[k] < 0) { // a halo entry
                order[k] = next++;
            }
        }
        cols.reserve(next);
        ghostIndex = idx;
    }

    @Override
    public long agentsIn(Region region) {
        PlaceIndex idx = index();
        long[] n = {0};
        region.forEachRun(idx.layout(), (s, length) -> n[0] += idx.start()[s + length] - idx.start()[s]);
        return n[0];
    }

    /** The slots of the agents on {@code region}'s cells, cell by cell. */
    private int[] slotsIn(Region region) {
        PlaceIndex idx = index();
        long total = agentsIn(region);
        int[] slots = new int[(int) total];
        int[] start = idx.start();
        int[] order = idx.order();
        int[] at = {0};
        region.forEachRun(idx.layout(), (s, length) -> {
            int n = start[s + length] - start[s];
            System.arraycopy(order, start[s], slots, at[0], n);
            at[0] += n;
        });
        return slots;
    }

    @Override
    public long rowBytes() {
        return cols.rowBytes(false);
    }

    @Override
    public void packRows(Region region, MemorySegment buffer, long offset) {
        checkOpen();
        int[] slots = slotsIn(region);
        cols.pack(slots, slots.length, false, buffer, offset);
    }

    @Override
    public void unpackRows(Region region, MemorySegment buffer, long offset) {
        checkOpen();
        if (ghostIndex != index()) {
            throw new IllegalStateException("partition=" + partition + " has no slots for the rows of its halo");
        }
        int[] slots = slotsIn(region);
        cols.unpack(buffer, offset, slots, slots.length, false);
    }

    // ---- manageAll -----------------------------------------------------------------------------

    @Override
    public ManageStart beginManage(long seed, long epoch) {
        checkOpen();
        round = new ManageRound(cols, places.block().layout(), capacity, seed, epoch, topology, partition, name());
        return round.begin();
    }

    private ManageRound round() {
        if (round == null) {
            throw new ColonyException("partition=" + partition + " of " + name() + " is not in a manageAll");
        }
        return round;
    }

    @Override
    public void packRequests(int to, MemorySegment buffer) {
        round().packRequests(to, buffer);
    }

    @Override
    public void resolveMoves(List<Batch> incoming) {
        round().resolve(incoming);
    }

    @Override
    public long admitted(int from) {
        return round().admitted(from);
    }

    @Override
    public void packVerdicts(int to, MemorySegment buffer) {
        round().packVerdicts(to, buffer);
    }

    @Override
    public long leave(int to, MemorySegment verdicts) {
        return round().leave(to, verdicts);
    }

    @Override
    public long moverBytes() {
        return cols.rowBytes(true);
    }

    @Override
    public void packMovers(int to, MemorySegment buffer) {
        round().packMovers(to, buffer);
    }

    @Override
    public void unpackMovers(Batch arriving) {
        index = null; // the slots past the live agents now hold arrivals, not ghosts
        round().unpackMovers(arriving);
    }

    @Override
    public long settleBirths() {
        return round().settleBirths();
    }

    @Override
    public void packBirths(MemorySegment buffer) {
        round().packBirths(buffer);
    }

    @Override
    public ManageReport finishManage(long nextId, List<Batch> others) {
        ManageReport r = round().finish(nextId, others);
        round = null;
        index = null;
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
