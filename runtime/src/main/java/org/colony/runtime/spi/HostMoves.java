package org.colony.runtime.spi;

import java.lang.foreign.MemorySegment;
import java.util.List;
import org.colony.runtime.spi.AgentPartition.Batch;

/**
 * The moves of a {@code manageAll} round that cross partitions through host memory: requests to the owners of
 * their destinations, verdicts back to the senders, then the rows of the agents that won. Called between
 * {@link AgentPartition#beginManage} and {@link Births#settleBirths}, in the order of the methods here.
 */
public interface HostMoves {

    /** {@return bytes of one request {@link #packRequests} writes (after {@link AgentPartition#beginManage})} */
    long requestBytes();

    /**
     * Writes the moves asked for to places of partition {@code to}: destination, id and, where the model has a
     * {@code @Priority} attribute, its rank, 8 bytes each, in id order.
     *
     * @param buffer where to write, large enough
     * @param to the partition, 0 to the partition count - 1
     */
    void packRequests(int to, MemorySegment buffer);

    /**
     * Settles every move to this partition's places, its own and {@code incoming}, by the collection's capacity,
     * and carries out its own winners' moves.
     *
     * @param incoming the requests the other partitions sent here
     */
    void resolveMoves(List<Batch> incoming);

    /**
     * {@return the moves from partition {@code from} that won room (after {@link #resolveMoves})}
     *
     * @param from the sending partition
     */
    long admitted(int from);

    /**
     * Writes one byte per request partition {@code to} sent: 1 where it won room (after {@link #resolveMoves}).
     *
     * @param buffer where to write, large enough
     * @param to the partition, 0 to the partition count - 1
     */
    void packVerdicts(int to, MemorySegment buffer);

    /**
     * Marks the agents whose moves to places of partition {@code to} won (all of them when {@code verdicts} is
     * null, a collection without capacity) as leaving.
     *
     * @param to the partition, 0 to the partition count - 1
     * @param verdicts the verdicts {@code to} sent, or null
     * @return how many leave for {@code to}
     */
    long leave(int to, MemorySegment verdicts);

    /** {@return bytes of one moving agent's row: its id, new place, children asked for and attributes} */
    long moverBytes();

    /**
     * Writes the rows of the agents leaving for partition {@code to}, in id order.
     *
     * @param buffer where to write, large enough
     * @param to the partition, 0 to the partition count - 1
     */
    void packMovers(int to, MemorySegment buffer);

    /**
     * Takes in agents arriving from partition {@code from}.
     *
     * @param arriving the movers' rows
     */
    void unpackMovers(Batch arriving);
}
