package org.colony.runtime.spi;

import java.lang.foreign.MemorySegment;
import java.util.List;
import org.colony.kernel.Call;
import org.colony.runtime.agents.ManageReport;
import org.colony.runtime.reduce.ColumnAccumulator;

/**
 * The agents of one partition of a partitioned grid, on a backend: an {@link AgentStore} over the agents whose
 * places one {@link PlaceBlock} owns, in id order. The runtime moves what crosses partitions through its
 * transport; the partition packs and unpacks it, in parts named after their callers: the agents on the halo
 * places, counted or whole ({@link HaloAgents}), and {@code manageAll} split into the steps between which
 * requests, agents and birth counts travel (see {@code PartitionedAgents} for the order): this interface's start
 * and finish, the moves through host memory ({@link HostMoves}) or through device memory
 * ({@link DeviceMoveRound}), and the births ({@link Births}).
 *
 * <p>Buffers are host memory unless a method says otherwise; rows are packed column by column (ids, then each
 * attribute element), as {@code AgentColumns.pack} describes.
 */
public interface AgentPartition extends AgentStore, HaloAgents, HostMoves, DeviceMoveRound, DeviceBirthRound, Births {

    /**
     * {@return the lane this partition's work runs in: partitions in different lanes (the GPU each lives on) have
     * {@code manageAll}'s steps called side by side from different threads, so that their devices overlap; -1 (the
     * default): the caller's thread calls every partition in turn}
     */
    default int lane() {
        return -1;
    }

    /**
     * Runs a step as {@link #call} does, except that what it writes into agents (theirs or other collections', through
     * their incoming columns) is not applied yet: the writes into ghost rows go back to their owners first
     * ({@link HaloAgents#packWrites}, {@link HaloAgents#combineWrites}); {@link #applyWrites} applies them after.
     *
     * @param call the step call
     */
    void callDeferringWrites(Call call);

    /**
     * Applies what the step last run by {@link #callDeferringWrites} wrote into agents, as {@link #call} would have
     * as it ended.
     *
     * @param step the step's index in the model
     */
    void applyWrites(int step);

    /**
     * {@return the partial reduction of one element column of an attribute, to merge with the other partitions'}
     *
     * @param attribute the attribute's ordinal in the model
     * @param element the element, 0 for a scalar attribute
     */
    ColumnAccumulator partial(int attribute, int element);

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

    /**
     * Starts a {@code manageAll}: deaths and move requests, sorted by the partition owning each destination.
     *
     * @param epoch the random stream of this {@code manageAll}, distinct for every call
     * @param seed the simulation's seed
     * @return the deaths, the survivors, the children wanted and the move requests by destination partition
     */
    ManageStart beginManage(long seed, long epoch);

    /**
     * Queues on the device what {@link #beginManage} would (the kernels that find the round's counts) without waiting
     * for it: the runtime calls it on every partition before any {@code beginManage}, so that partitions that share a
     * device run theirs back to back while the host waits once. A partition that does nothing here starts the round
     * in {@code beginManage}, as one that was not asked.
     */
    default void queueManage() {
    }

    /**
     * Called on every partition after every {@link #beginManage} when agents of some partition asked for children,
     * or when the moves go through host memory (partitions of several processes): a partition that settles rounds
     * without births in a faster way switches to the full one here.
     */
    default void childrenAsked() {
    }

    /**
     * Finishes {@code manageAll}: children get ids {@code nextId} on in (parent id, k) order over all partitions,
     * counting the births {@code others} reported, and the agents are compacted into id order (a device may leave
     * the compaction of a round without deaths or births to the next, as long as whatever reads the agents sees them
     * in id order).
     *
     * @param nextId the id the first child born gets
     * @param others the batches of movers and births other partitions sent this one
     * @return this partition's share of the report (its population)
     */
    ManageReport finishManage(long nextId, List<Batch> others);
}
