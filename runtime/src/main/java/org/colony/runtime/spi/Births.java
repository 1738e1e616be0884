package org.colony.runtime.spi;

import java.lang.foreign.MemorySegment;
import java.util.List;
import org.colony.runtime.spi.AgentPartition.Batch;

/**
 * The births of a {@code manageAll} round on one partition's places, settled after the moves. Children are born on
 * their parent's place or on the place their parent named, or try places drawn around it ({@code spawnNear}) in
 * birth rounds; where a place belongs to another partition, the request travels there, the verdict comes back, and
 * the child (its parent's row, its place and its ordinal among its parent's born children) follows it. Where no child is asked for on another partition's place, only
 * {@link #settleBirths} and {@link #packBirths} are called.
 */
public interface Births {

    /**
     * {@return the birth rounds the children asked for here need where some names a place: the most tries of one; 0
     * where every child is born on its parent's place after the moves (then {@link #settleBirths} settles them)}
     */
    int birthTries();

    /**
     * Lists the places the children asked for here (after the moves) and not yet born try in birth round
     * {@code round}.
     *
     * @param round the birth round, from 0
     * @return per partition, this one included, the children trying its places
     */
    long[] birthRequests(int round);

    /** {@return bytes of one birth request {@link #packBirthRequests} writes} */
    int birthRequestBytes();

    /**
     * Writes the birth requests for partition {@code to}'s places.
     *
     * @param to the partition owning the places
     * @param buffer where to write, large enough
     */
    void packBirthRequests(int to, MemorySegment buffer);

    /**
     * Settles the births on this partition's places: its own requests and {@code incoming}.
     *
     * @param incoming the other partitions' requests for this one's places
     */
    void resolveBirths(List<Batch> incoming);

    /**
     * {@return how many of partition {@code from}'s requests won}
     *
     * @param from the partition that asked
     */
    long admittedBirths(int from);

    /**
     * Writes a byte per request of partition {@code to}: whether it won.
     *
     * @param to the partition that asked
     * @param buffer where to write, large enough
     */
    void packBirthVerdicts(int to, MemorySegment buffer);

    /**
     * Takes partition {@code to}'s verdicts on this partition's requests.
     *
     * @param to the partition that settled them
     * @param verdicts a byte per request
     * @return how many won
     */
    long takeBirthVerdicts(int to, MemorySegment verdicts);

    /**
     * Settles the births of the children asked for here, once every verdict is in (where {@link #birthRequests} was
     * not called, on this partition's places alone).
     *
     * @return the parents that have children, whose ids and numbers of children {@link #packBirths} writes
     */
    long settleBirths();

    /** {@return bytes of one child {@link #packChildren} writes} */
    long childBytes();

    /**
     * Writes the children born on partition {@code to}'s places, after {@link #settleBirths}.
     *
     * @param to the partition owning the places
     * @param buffer where to write, large enough
     */
    void packChildren(int to, MemorySegment buffer);

    /**
     * Takes in children born on this partition's places to other partitions' parents.
     *
     * @param arriving the children one partition sent
     */
    void unpackChildren(Batch arriving);

    /**
     * Writes (parent id, children born) for every parent with children, 8 bytes each, in id order.
     *
     * @param buffer where to write, large enough
     */
    void packBirths(MemorySegment buffer);
}
