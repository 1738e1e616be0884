package org.colony.runtime.spi;

import java.lang.foreign.MemorySegment;

/**
 * The births of a {@code manageAll} round whose children may be born on other partitions' places (a
 * {@code spawnNear}, a place named there), settled in device memory where no agent moves to another partition's
 * places: each birth round, every partition splits its children's tries by the owner of the place, sends the
 * requests for other partitions' places to their owners, settles those it received with its own, and sends the
 * verdicts back; after the last round each partition compacts its agents with all its children, numbers them with
 * the others (as {@link DeviceMoveRound#settleAlone} does), and sends the children born on other partitions' places
 * to their owners. Called in the order of the methods here, between {@link AgentPartition#beginManage} and
 * {@link AgentPartition#finishManage}, except the emigrants' methods, which come after it.
 */
public interface DeviceBirthRound {

    /**
     * {@return whether the round {@link AgentPartition#beginManage} began here may settle its births on the device
     * with those of the other partitions (see above), where no agent of any partition moves to another partition's
     * places; false by default}
     */
    default boolean birthsOnDevice() {
        return false;
    }

    /** {@return the birth rounds the children asked for here need: the most tries of a spawnNear, 1 for others} */
    default int birthRounds() {
        throw new UnsupportedOperationException("births on a device");
    }

    /**
     * Begins the round's settling on the device: deaths, this partition's own moves, its children's first tries.
     *
     * @param wanted per partition, the children its agents asked for (this one's included)
     * @param rounds the birth rounds to run, the most any partition needs
     */
    default void beginBirths(long[] wanted, int rounds) {
        throw new UnsupportedOperationException("births on a device");
    }

    /**
     * Where the partitions share one memory ({@link org.colony.runtime.transport.Transport#oneMemory}): this
     * partition writes its requests for partition q's places straight into {@code into[q]}, q's room for them
     * ({@link #receiveChildRequests}), so that no exchange carries them; after {@link #beginBirths}.
     *
     * @param into per partition, its room for this one's requests (null for this one, and where none are sent)
     */
    default void childRequestsInto(MemorySegment[] into) {
        throw new UnsupportedOperationException("births on a device");
    }

    /**
     * Where the partitions share one memory: this partition reads partition q's verdicts on its requests where q
     * leaves them, {@code from[q]} (q's {@link #childVerdicts} for this one), so that no exchange carries them.
     *
     * @param from per partition, its verdicts on this one's requests (null for this one, and where none are sent)
     */
    default void childVerdictsFrom(MemorySegment[] from) {
        throw new UnsupportedOperationException("births on a device");
    }

    /** Splits this birth round's tries by the owner of their places (before {@link #childRequests}). */
    default void splitChildren() {
        throw new UnsupportedOperationException("births on a device");
    }

    /**
     * {@return this partition's children's requests for places of partition {@code to} this birth round, one for
     * every child asked for here (a request for no place there where the child tries elsewhere), in device memory}
     *
     * @param to the partition, 0 to the partition count - 1
     */
    default MemorySegment childRequests(int to) {
        throw new UnsupportedOperationException("births on a device");
    }

    /** {@return device memory for the requests each other partition sends each birth round; null where none} */
    default MemorySegment[] receiveChildRequests() {
        throw new UnsupportedOperationException("births on a device");
    }

    /** Settles this birth round's requests for this partition's places, its own children's and those received. */
    default void settleChildren() {
        throw new UnsupportedOperationException("births on a device");
    }

    /**
     * {@return one byte per request received from partition {@code to} this birth round, 1 where the child won room
     * here, in device memory}
     *
     * @param to the partition, 0 to the partition count - 1
     */
    default MemorySegment childVerdicts(int to) {
        throw new UnsupportedOperationException("births on a device");
    }

    /** {@return device memory for the verdicts on this partition's requests from each other partition; null where none} */
    default MemorySegment[] receiveChildVerdicts() {
        throw new UnsupportedOperationException("births on a device");
    }

    /**
     * Ends a birth round: the children that won room are born, the others draw their try for the next.
     *
     * @param next the next birth round, or -1 after the last
     */
    default void endChildRound(int next) {
        throw new UnsupportedOperationException("births on a device");
    }

    /**
     * Ends the births: the agents compacted with every child born of them, wherever it was born; the children are
     * numbered as where the partition settled its round alone ({@link DeviceMoveRound#settleAlone}).
     */
    default void endBirths() {
        throw new UnsupportedOperationException("births on a device");
    }

    /**
     * {@return per partition, the children born of this one's agents on its places (0 for this one), after
     * {@link AgentPartition#finishManage} gave them their ids; they leave with {@link #emigrants}}
     */
    default long[] emigrantCounts() {
        throw new UnsupportedOperationException("births on a device");
    }

    /**
     * {@return the rows of the children born here on partition {@code to}'s places, in device memory}
     *
     * @param to the partition, 0 to the partition count - 1
     */
    default MemorySegment emigrants(int to) {
        throw new UnsupportedOperationException("births on a device");
    }

    /**
     * {@return device memory for the children each partition sends here ({@code counts[from]}); null where none}
     *
     * @param counts per sending partition, its children born on this partition's places
     */
    default MemorySegment[] receiveEmigrants(long[] counts) {
        throw new UnsupportedOperationException("births on a device");
    }

    /** Drops the children sent away and takes those received in, in id order. */
    default void settleEmigrants() {
        throw new UnsupportedOperationException("births on a device");
    }
}
