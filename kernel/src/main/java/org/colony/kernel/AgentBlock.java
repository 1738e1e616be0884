package org.colony.kernel;

/**
 * The storage of an agent collection as generated CPU agent kernels see it: the agents' columns by
 * slot, their ids and places, the intents a step records, the per-agent contributions to place writes,
 * and the places they live on.
 */
public interface AgentBlock {

    /** The current column of an attribute: a primitive array by slot, or an array of them for array attributes. */
    Object column(int attribute);

    /** The second column of a double-buffered attribute. */
    Object next(int attribute);

    /** Agent ids by slot. */
    long[] ids();

    /** Global index of each agent's place, by slot. */
    long[] locations();

    /** Death intents by slot. */
    boolean[] killed();

    /**
     * Move intents by slot: -1 none, {@link #OUTSIDE} for a move that would leave a non-wrapping grid, else
     * the destination's global index.
     */
    long[] targets();

    /** Birth intents by slot: the number of children. */
    int[] spawns();

    /** A move that would leave the grid. */
    long OUTSIDE = -2;

    /**
     * The contributions of each agent to a place attribute a step writes: a primitive array of the
     * attribute's type by slot (an array of them per element for array attributes).
     */
    Object contribution(int placeAttribute);

    /** Whether each agent wrote (for plain writes, minima and maxima), by slot; per element for arrays. */
    Object contributed(int placeAttribute);

    /** The places the agents live on (layout and columns). */
    CpuBlock places();

    /** The agents of the collection in slot {@code slot} of the model's iterated agent classes. */
    AgentView agents(int slot);

    /** A shared attribute's values. */
    Object shared(int index);

    /** The call its kernels run: the step, its arguments, the seed, the epoch and the time their draws see. */
    Call call();
}
