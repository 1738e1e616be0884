package org.colony.runtime.spi;

import java.lang.foreign.MemorySegment;

/**
 * The moves of a {@code manageAll} round without children, settled with requests, verdicts and movers in
 * device memory: a partition whose agents live on a device may do this instead of {@link HostMoves}, when the
 * runtime has a transport for device memory. A request carries the mover's row; the owner of the destination
 * settles it with its own and takes the winners in; the verdicts go back so that the sender drops the agents that
 * left. Called in the order of the methods here, between {@link AgentPartition#beginManage} and
 * {@link AgentPartition#finishManage}.
 */
public interface DeviceMoveRound {

    /**
     * {@return whether this partition settles moves with requests, verdicts and movers in device memory, when the
     * runtime has a transport for device memory (see the methods below); false by default}
     */
    default boolean movesOnDevice() {
        return false;
    }

    /**
     * {@return the requests to places of partition {@code to} with the movers' rows, in device memory, after a {@link
     * AgentPartition#beginManage} whose round has no children ({@code requests()[to]} of them)}
     *
     * @param to the partition, 0 to the partition count - 1
     */
    default MemorySegment deviceRequests(int to) {
        throw new UnsupportedOperationException("moves on a device");
    }

    /**
     * {@return device memory for the requests each partition sends here ({@code counts[from]} of them, as {@link
     * #deviceRequests} sizes them); null where it sends none}
     *
     * @param counts per sending partition, its requests
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
     * {@return one byte per request received from partition {@code to}, 1 where it won, in device memory: valid after
     * {@link #settleDeviceMoves} (queued behind it), sent before {@link #resolveDeviceMoves}}
     *
     * @param to the partition, 0 to the partition count - 1
     */
    default MemorySegment deviceVerdicts(int to) {
        throw new UnsupportedOperationException("moves on a device");
    }

    /**
     * {@return device memory for the verdicts on this partition's requests, per partition it sent them to (null where
     * none); a collection without capacity gets no verdicts (all its moves win)} They arrive before {@link
     * #resolveDeviceMoves}, which may queue work that reads them; until {@link AgentPartition#finishManage} the
     * partition's agents (its size, its columns) are not to be read.
     */
    default MemorySegment[] receiveDeviceVerdicts() {
        throw new UnsupportedOperationException("moves on a device");
    }

    /**
     * Tells a partition whose moves settle on a device how many of its requests won room in each partition (its
     * agents that leave); before {@link AgentPartition#finishManage}.
     *
     * @param won per partition, how many of this partition's requests won room there
     */
    default void movedAway(long[] won) {
        throw new UnsupportedOperationException("moves on a device");
    }

    /**
     * {@return whether the round {@link AgentPartition#beginManage} began here stays on the device where no agent of
     * any partition moves to another partition's places: every child asked for here is born on this partition's
     * places (on its parent's place, or a place of this partition it named), so that the partition can settle the
     * round alone ({@link #settleAlone}); false by default}
     */
    default boolean birthsHere() {
        return false;
    }

    /**
     * Settles the round begun here alone, as one block does (deaths, moves, births, compaction), where every
     * partition said {@link #birthsHere} and no agent moves to another partition's places; instead of the moves'
     * exchanges. The children's ids come in {@link AgentPartition#finishManage} as always: the partition reports its
     * (parent id, children born) list through {@link Births#settleBirths} and {@link Births#packBirths}, and asks for
     * no birth rounds ({@link Births#birthTries} is 0). It may leave its wait for the device to the first of those
     * calls, so that partitions of one device, called in turn, wait once.
     */
    default void settleAlone() {
        throw new UnsupportedOperationException("births on a device");
    }

    /**
     * Asks the partition to number the children of the rounds it settles on its device ({@link #settleAlone}, the
     * births of {@link DeviceBirthRound}) there, from every partition's parents' ids where they lie in one device
     * memory ({@link #bornParentsOnDevice}, {@link #numberFrom}), rather than from the (parent id, children born)
     * lists the partitions exchange; called once, before the first {@code manageAll}, with the partitions' count.
     *
     * @param partitions the partitions, every one of them on the device memory of this one; 0 where some partition
     *     said no (then every one keeps to the lists)
     * @return whether it does; false by default
     */
    default boolean numbersOnDevice(int partitions) {
        return false;
    }

    /**
     * {@return where the partition said {@link #numbersOnDevice} and settled the round's births on its device: the
     * parents' ids of its children born (one a child, in increasing order) in device memory; otherwise null}
     */
    default MemorySegment bornParentsOnDevice() {
        return null;
    }

    /**
     * Numbers the children born here ({@link AgentPartition#finishManage} writes their ids) from the other partitions'
     * {@link #bornParentsOnDevice}, instead of their lists; after {@link Births#settleBirths}.
     *
     * @param lists per partition, its {@link #bornParentsOnDevice}; null for this one
     */
    default void numberFrom(MemorySegment[] lists) {
        throw new UnsupportedOperationException("children numbered on a device");
    }
}
