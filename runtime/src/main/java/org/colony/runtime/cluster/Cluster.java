package org.colony.runtime.cluster;

import java.lang.foreign.MemorySegment;
import java.nio.charset.StandardCharsets;
import org.colony.ColonyException;
import org.colony.runtime.transport.Transport;

/**
 * The processes one simulation runs in: this one alone, or the ranks of an MPI job ({@code mpirun}), each of which
 * runs the same driver code on its share of every partitioned grid. A rank owns a contiguous range of partitions
 * ({@link #owner}); what one partition sends another goes through {@link #transport}, and the numbers that describe
 * the whole simulation (counts, sums, reports, checksums) are combined by the collectives here, so that every rank
 * sees the same values.
 *
 * <p>All collectives are called by every rank in the same order, as the same driver code does.
 */
public interface Cluster {

    /** {@return this process's rank, 0 to {@link #size()} less 1} */
    int rank();

    /** {@return the number of processes} */
    int size();

    /** {@return whether more than one process runs the simulation} */
    default boolean distributed() {
        return size() > 1;
    }

    /** {@return a short description for reports ({@code 1 process}, {@code mpi: 4 ranks on 2 hosts})} */
    String description();

    /**
     * {@return the rank owning partition {@code partition} of {@code partitions}: rank r owns partitions {@code floor(r
     * k / n)} to {@code floor((r + 1) k / n) - 1} of k over n ranks}
     *
     * @param partition the partition, 0 to {@code partitions - 1}
     * @param partitions the grid's partitions, 1 or more
     */
    default int owner(int partition, int partitions) {
        return (int) (((long) (partition + 1) * size() - 1) / partitions);
    }

    /**
     * {@return whether this rank owns partition {@code partition} of {@code partitions}}
     *
     * @param partition the partition, 0 to {@code partitions - 1}
     * @param partitions the grid's partitions, 1 or more
     */
    default boolean owns(int partition, int partitions) {
        return owner(partition, partitions) == rank();
    }

    /**
     * Checks that a grid of {@code partitions} partitions gives every rank one.
     *
     * @param partitions the grid's partitions, 1 or more
     * @throws ColonyException naming the counts when there are fewer partitions than ranks
     */
    default void checkPartitions(int partitions) {
        if (partitions < size()) {
            throw new ColonyException(partitions + (partitions == 1 ? " partition" : " partitions") + " cannot be "
                    + "shared by " + size() + " MPI ranks; give --partitions " + size() + " or more (each rank owns "
                    + "at least one)");
        }
    }

    /**
     * Adds up {@code values} over every rank, in place; returns them.
     *
     * @param values this rank's values; the sums replace them
     * @return {@code values}, now the sums
     */
    long[] sum(long[] values);

    /**
     * {@return the sum of {@code value} over every rank}
     *
     * @param value this rank's value
     */
    default long sum(long value) {
        return sum(new long[] {value})[0];
    }

    /**
     * {@return the greatest of {@code value} over every rank}
     *
     * @param value this rank's value
     */
    long max(long value);

    /**
     * {@return every rank's bytes, by rank (this rank's own among them)}
     *
     * @param mine this rank's bytes
     */
    byte[][] gather(byte[] mine);

    /**
     * {@return rank {@code root}'s bytes, on every rank ({@code mine} is read on {@code root} only)}
     *
     * @param mine this rank's bytes
     * @param root the rank whose bytes are sent, 0 to {@link #size()} - 1
     */
    byte[] broadcast(byte[] mine, int root);

    /**
     * Rank {@code root}'s {@code buffer} into every rank's {@code buffer} (the same size on every rank), in pieces of
     * at most 1 GiB, so that any size travels.
     *
     * @param buffer on {@code root}, the bytes to send; on the others, where they land
     * @param root the rank whose bytes are sent, 0 to {@link #size()} - 1
     */
    void broadcast(MemorySegment buffer, int root);

    /**
     * {@return the transport between the partitions of a grid cut into {@code partitions}: messages between partitions
     * of this process through {@code local}, the others to and from the ranks that own them}
     *
     * @param staging where {@code local} moves device memory, how its buffers reach host memory; else null
     * @param local the transport between the partitions of this process
     * @param partitions the grid's partitions, 1 or more
     */
    Transport transport(Transport local, int partitions, Staging staging);

    /**
     * {@return {@link #transport(Transport, int, Staging)} of host memory}
     *
     * @param local the transport between the partitions of this process
     * @param partitions the grid's partitions, 1 or more
     */
    default Transport transport(Transport local, int partitions) {
        return transport(local, partitions, null);
    }

    /**
     * Checks that every rank gives the same {@code value} of {@code what} (a model, a size, a seed).
     *
     * @param value this rank's value, which must equal rank 0's
     * @param what what the value is, for the message ({@code the settings})
     * @throws ColonyException on every rank when one differs, naming the first rank whose value differs from rank 0's
     */
    default void agree(String what, String value) {
        if (!distributed()) {
            return;
        }
        byte[][] all = gather(value.getBytes(StandardCharsets.UTF_8));
        String first = new String(all[0], StandardCharsets.UTF_8);
        for (int r = 1; r < all.length; r++) {
            String other = new String(all[r], StandardCharsets.UTF_8);
            if (!other.equals(first)) {
                throw new ColonyException("the MPI ranks disagree on " + what + ": rank 0 has " + first + ", rank " + r
                        + " has " + other + "; every rank must run the same model with the same settings and Colony");
            }
        }
    }

    /**
     * Ends every rank of the job with {@code code}, at once: what a rank does when it cannot go on.
     *
     * @param code the exit status of every rank
     */
    void abort(int code);
}
