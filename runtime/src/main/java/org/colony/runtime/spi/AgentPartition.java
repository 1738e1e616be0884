package org.colony.runtime.spi;

import java.lang.foreign.MemorySegment;
import java.util.List;
import org.colony.runtime.agents.ManageReport;
import org.colony.runtime.grid.Region;
import org.colony.runtime.reduce.ColumnAccumulator;

/**
 * The agents of one partition of a partitioned grid, on a backend: an {@link AgentStore} over the agents whose
 * places one {@link PlaceBlock} owns, in id order. The runtime moves what crosses partitions through its
 * transport; this interface packs and unpacks it. {@code manageAll} is split into the steps between which
 * requests, agents and birth counts travel (see {@code PartitionedAgents} for the order), and the agents on the
 * halo places, counted or whole, are packed region by region like a place block's halo.
 *
 * <p>Buffers are host memory; rows are packed column by column (ids, then each attribute element), as
 * {@code AgentColumns.pack} describes.
 */
public interface AgentPartition extends AgentStore {

    /**
     * The lane this partition's work runs in: partitions in different lanes (the GPU each lives on) have
     * {@code manageAll}'s steps called side by side from different threads, so that their devices overlap;
     * -1 (the default): the caller's thread calls every partition in turn.
     */
    default int lane() {
        return -1;
    }

    /** The partial reduction of one element column of an attribute, to merge with the other partitions'. */
    ColumnAccumulator partial(int attribute, int element);

    // ---- agents on the halo --------------------------------------------------------------------

    /**
     * Announces the regions {@link #packCounts} is about to be asked for in one exchange, so that a partition whose
     * agents live on a device can count them all in one go; partitions in different lanes are called side by side.
     * Does nothing by default.
     */
    default void stageCounts(List<Region> regions) {
    }

    /**
     * Whether this partition counts the agents on its neighbours' halos in device memory and takes its own halo's
     * counts there ({@link #deviceCounts}, {@link #receiveDeviceCounts}), when the runtime has a transport for
     * device memory; false by default (then {@link #packCounts} and {@link #unpackCounts} serve).
     */
    default boolean countsOnDevice() {
        return false;
    }

    /**
     * Counts the agents on each cell of every region (owned cells, 4 bytes each, in row order) in device memory,
     * without waiting for the device: one segment per region, valid until the next call. Partitions in different
     * lanes are called side by side.
     */
    default MemorySegment[] deviceCounts(List<Region> regions) {
        throw new UnsupportedOperationException("counts on a device");
    }

    /**
     * Device memory for the counts of the halo boxes {@code regions} (one segment each, 4 bytes a cell), which the
     * next {@link #haloReady} takes in instead of anything unpacked; {@code bound}: at most this many agents on
     * them in all.
     */
    default MemorySegment[] receiveDeviceCounts(List<Region> regions, long bound) {
        throw new UnsupportedOperationException("counts on a device");
    }

    /** Writes the number of agents on each cell of {@code region} (owned cells) into {@code buffer}, 4 bytes each. */
    void packCounts(Region region, MemorySegment buffer, long offset);

    /** Reads the number of agents on each cell of {@code region} (halo cells) from {@code buffer}. */
    void unpackCounts(Region region, MemorySegment buffer, long offset);

    /**
     * Groups the agents by place again, with the halo counts unpacked since the last {@code manage} on the halo
     * cells.
     */
    void haloReady();

    /** Gives every agent on the halo a slot for its row (after {@link #haloReady}). */
    void ghostsReady();

    /** The agents on the cells of {@code region}, owned or halo (after {@link #haloReady}). */
    long agentsIn(Region region);

    /** Bytes of one row as {@link #packRows} writes it: the id and every attribute element. */
    long rowBytes();

    /** Writes the rows of the agents on {@code region}'s cells (owned), cell by cell, in id order on a cell. */
    void packRows(Region region, MemorySegment buffer, long offset);

    /** Reads the rows of the agents on {@code region}'s cells (halo) into their slots (after {@link #ghostsReady}). */
    void unpackRows(Region region, MemorySegment buffer, long offset);

    // ---- manageAll -----------------------------------------------------------------------------

    /**
     * What a partition's agents ask of {@code manageAll}, found before anything changes.
     *
     * @param deaths agents that asked to die
     * @param survivors agents that did not
     * @param wanted children asked for
     * @param outside moves dropped because they leave a grid that does not wrap
     * @param requests per partition, the moves asked for to places it owns (0 for this partition itself)
     * @param badSpawnId the lowest id of an agent that asked for a negative number of children, or -1
     * @param badSpawn what that agent asked for
     */
    record ManageStart(long deaths, long survivors, long wanted, long outside, long[] requests, long badSpawnId,
            int badSpawn) {
    }

    /**
     * A batch received from another partition.
     *
     * @param partition the sender
     * @param count the records in the batch
     * @param buffer the records
     */
    record Batch(int partition, long count, MemorySegment buffer) {
    }

    /** Starts a {@code manageAll}: deaths and move requests, sorted by the partition owning each destination. */
    ManageStart beginManage(long seed, long epoch);

    /**
     * Called on every partition after every {@link #beginManage} when agents of some partition asked for children:
     * a partition that settles rounds without births in a faster way switches to the full one here.
     */
    default void childrenAsked() {
    }

    /** Writes the moves asked for to places of partition {@code to}: destination and id, 8 bytes each, in id order. */
    void packRequests(int to, MemorySegment buffer);

    /**
     * Settles every move to this partition's places, its own and {@code incoming}, by the collection's capacity,
     * and carries out its own winners' moves.
     */
    void resolveMoves(List<Batch> incoming);

    /** The moves from partition {@code from} that won room (after {@link #resolveMoves}). */
    long admitted(int from);

    /** Writes one byte per request partition {@code to} sent: 1 where it won room (after {@link #resolveMoves}). */
    void packVerdicts(int to, MemorySegment buffer);

    /**
     * Marks the agents whose moves to places of partition {@code to} won (all of them when {@code verdicts} is
     * null, a collection without capacity) as leaving.
     *
     * @return how many leave for {@code to}
     */
    long leave(int to, MemorySegment verdicts);

    /** Bytes of one moving agent's row: its id, new place, children asked for and attributes. */
    long moverBytes();

    /** Writes the rows of the agents leaving for partition {@code to}, in id order. */
    void packMovers(int to, MemorySegment buffer);

    /** Takes in agents arriving from partition {@code from}. */
    void unpackMovers(Batch arriving);

    // ---- manageAll with requests and movers in device memory -----------------------------------
    //
    // A partition whose agents live on a device may settle the moves of a round without children there: instead of
    // packRequests .. unpackMovers, the runtime carries device buffers between partitions through its device
    // transport. A request carries the mover's row; the owner of the destination settles it with its own and takes
    // the winners in; the verdicts go back so that the sender drops the agents that left.

    /**
     * Whether this partition settles moves with requests, verdicts and movers in device memory, when the runtime
     * has a transport for device memory (see the methods below); false by default.
     */
    default boolean movesOnDevice() {
        return false;
    }

    /**
     * The requests to places of partition {@code to} with the movers' rows, in device memory, after a
     * {@link #beginManage} whose round has no children ({@code requests()[to]} of them).
     */
    default MemorySegment deviceRequests(int to) {
        throw new UnsupportedOperationException("moves on a device");
    }

    /**
     * Device memory for the requests each partition sends here ({@code counts[from]} of them, as
     * {@link #deviceRequests} sizes them); null where it sends none.
     */
    default MemorySegment[] receiveDeviceRequests(long[] counts) {
        throw new UnsupportedOperationException("moves on a device");
    }

    /**
     * Settles every move to this partition's places, its own and those received, by the collection's capacity, and
     * carries out its own winners' moves, without waiting for the device: the verdicts ({@link #deviceVerdicts}) are
     * queued behind it.
     */
    default void settleDeviceMoves() {
        throw new UnsupportedOperationException("moves on a device");
    }

    /**
     * What {@link #settleDeviceMoves} settled, once the verdicts have been exchanged (the device may go on with the
     * round's end while the host waits for these counts).
     *
     * @return per sending partition, how many of its requests won
     */
    default long[] resolveDeviceMoves() {
        throw new UnsupportedOperationException("moves on a device");
    }

    /**
     * One byte per request received from partition {@code to}, 1 where it won, in device memory: valid after
     * {@link #settleDeviceMoves} (queued behind it), sent before {@link #resolveDeviceMoves}.
     */
    default MemorySegment deviceVerdicts(int to) {
        throw new UnsupportedOperationException("moves on a device");
    }

    /**
     * Device memory for the verdicts on this partition's requests, per partition it sent them to (null where
     * none); a collection without capacity gets no verdicts (all its moves win). They arrive before
     * {@link #resolveDeviceMoves}, which may queue work that reads them; until {@link #finishManage} the partition's
     * agents (its size, its columns) are not to be read.
     */
    default MemorySegment[] receiveDeviceVerdicts() {
        throw new UnsupportedOperationException("moves on a device");
    }

    /**
     * Tells a partition whose moves settle on a device how many of its requests won room in each partition (its
     * agents that leave); before {@link #finishManage}.
     */
    default void movedAway(long[] won) {
        throw new UnsupportedOperationException("moves on a device");
    }

    /**
     * Settles the births on this partition's places (after the moves).
     *
     * @return the parents that have children, whose ids and numbers of children {@link #packBirths} writes
     */
    long settleBirths();

    /** Writes (parent id, children born) for every parent with children, 8 bytes each, in id order. */
    void packBirths(MemorySegment buffer);

    /**
     * Finishes {@code manageAll}: children get ids {@code nextId} on in (parent id, k) order over all partitions,
     * counting the births {@code others} reported, and the agents are compacted into id order (a device may leave
     * the compaction of a round without deaths or births to the next, as long as whatever reads the agents sees them
     * in id order).
     *
     * @return this partition's share of the report (its population)
     */
    ManageReport finishManage(long nextId, List<Batch> others);
}
