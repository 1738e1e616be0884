package org.colony.runtime.spi;

import java.lang.foreign.MemorySegment;

/** The births of a {@code manageAll} round on one partition's places, settled after the moves. */
public interface Births {

    /**
     * Settles the births on this partition's places (after the moves).
     *
     * @return the parents that have children, whose ids and numbers of children {@link #packBirths} writes
     */
    long settleBirths();

    /**
     * Writes (parent id, children born) for every parent with children, 8 bytes each, in id order.
     *
     * @param buffer where to write, large enough
     */
    void packBirths(MemorySegment buffer);
}
