package org.colony.runtime.transport;

import java.lang.foreign.MemorySegment;
import java.util.List;

/**
 * Moves packed buffers between partitions: halo regions and migrating agents. One implementation copies
 * in-process (CPU partitions of one simulation); others send between GPUs (NCCL) or processes (MPI). The
 * caller knows what it receives: every receive names its sender and holds exactly the bytes sent.
 *
 * <p>Nothing here assumes one process: an exchange lists the messages that this process's partitions send
 * and receive, and a message whose two ends live in this process appears once in each list.
 */
public interface Transport extends AutoCloseable {

    /**
     * One buffer of one exchange.
     *
     * @param from the sending partition
     * @param to the receiving partition
     * @param buffer the bytes: host memory, or device memory where {@link #deviceMemory()} says so (a
     *     segment of the device address, never read on the host)
     */
    record Message(int from, int to, MemorySegment buffer) {
    }

    /** {@return a short name for messages: {@code in-process}, {@code nccl}, {@code mpi}} */
    String name();

    /** {@return whether buffers live in GPU memory rather than host memory} */
    boolean deviceMemory();

    /**
     * Carries out one exchange: every send reaches the receive with the same sender and receiver; several
     * messages between the same pair match in list order. Returns when every receive buffer holds its data
     * (for device memory: when the copies are ordered before later work on the receiving device).
     *
     * @param receives the messages they receive, each with a buffer of the send's size
     * @param sends the messages this process's partitions send
     * @throws org.colony.ColonyException if a send and its receive differ in size, or one has no
     *     counterpart among this process's partitions
     */
    void exchange(List<Message> sends, List<Message> receives);

    /**
     * Starts an exchange and returns what completes it: work the caller issues between the two (interior cells
     * of a step, which read no halo) may run alongside the transfers; work issued after {@code finish} sees every
     * receive. A transport that cannot overlap carries the exchange out here and finishes with nothing to do.
     *
     * @param receives the messages they receive, each with a buffer of the send's size
     * @param sends the messages this process's partitions send
     * @return a call that waits for the exchange to complete; it runs before the receive buffers are read
     */
    default Runnable start(List<Message> sends, List<Message> receives) {
        exchange(sends, receives);
        return () -> { };
    }

    /** {@return what this transport has carried so far} */
    Traffic traffic();

    /**
     * {@return whether every partition's buffers lie in one memory that each of them may write (one process's host
     * memory, one GPU's)} A sender may then pack straight into its receiver's buffer, and a message whose send and
     * receive are the same buffer ({@link MemorySegment#equals}) is carried by nothing.
     */
    default boolean oneMemory() {
        return false;
    }

    /** {@return whether {@link #start} lets work run alongside the transfers (so splitting a step pays)} */
    default boolean overlaps() {
        return false;
    }

    @Override
    void close();
}
