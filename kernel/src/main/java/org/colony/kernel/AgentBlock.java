package org.colony.kernel;

/**
 * The storage of an agent collection as generated CPU agent kernels see it: the agents' columns by
 * slot, their ids and places, the intents a step records, the per-agent contributions to place writes,
 * and the places they live on.
 */
public interface AgentBlock {

    /**
     * {@return the current column of an attribute: a primitive array by slot, or an array of them for array attributes}
     *
     * @param attribute the attribute's ordinal in the agent model
     */
    Object column(int attribute);

    /**
     * {@return the second column of a double-buffered attribute}
     *
     * @param attribute the ordinal of a double-buffered attribute
     */
    Object next(int attribute);

    /** {@return agent ids by slot} */
    long[] ids();

    /** {@return global index of each agent's place, by slot} */
    long[] locations();

    /** {@return death intents by slot} */
    boolean[] killed();

    /**
     * {@return move intents by slot: -1 none, {@link #OUTSIDE} for a move that would leave a non-wrapping grid, else
     * the destination's global index}
     */
    long[] targets();

    /** {@return birth intents by slot: the number of children} */
    int[] spawns();

    /**
     * {@return where the children asked for are born, by slot: -1 on the parent's place after its move, {@link #OUTSIDE}
     * for a place off a non-wrapping grid, else the place's global index}
     */
    long[] birthPlaces();

    /**
     * {@return how the children asked for are spread, by slot: 0 for all on the birth place, else {@code radius << 16 |
     * tries} of a {@code spawnNear} around it}
     */
    int[] birthSpreads();

    /**
     * {@return by slot: for an agent born in its collection's last {@code manageAll}, its ordinal among the children its
     * parent had born there (0 for the first); -1 for every other agent}
     */
    int[] ordinals();

    /**
     * {@return by slot, the agents of iterated class {@code slot} each agent asked for on its place ({@code
     * spawn(T.class, n)}) in the step under way}
     *
     * @param slot the agent class's index among the model's iterated agent classes
     */
    default int[] creates(int slot) {
        throw new UnsupportedOperationException("no agents of other classes asked for");
    }

    /** A move that would leave the grid. */
    long OUTSIDE = -2;

    /**
     * {@return the contributions of each agent to a place attribute a step writes: a primitive array of the attribute's
     * type by slot (an array of them per element for array attributes)}
     *
     * @param placeAttribute the ordinal of the place attribute in the place model
     */
    Object contribution(int placeAttribute);

    /**
     * {@return whether each agent wrote (for plain writes, minima and maxima), by slot; per element for arrays}
     *
     * @param placeAttribute the ordinal of the place attribute in the place model
     */
    Object contributed(int placeAttribute);

    /** {@return the places the agents live on (layout and columns)} */
    CpuBlock places();

    /**
     * {@return the agents of the collection in slot {@code slot} of the model's iterated agent classes}
     *
     * @param slot the agent class's index among the model's iterated agent classes
     */
    AgentView agents(int slot);

    /**
     * {@return this collection's own agents grouped by place, which a step that runs place by place ({@link
     * StepInfo#byPlace}) goes through: on each place, its agents in id order}
     */
    default AgentView own() {
        throw new UnsupportedOperationException("no index of the collection's own agents by place");
    }

    /**
     * {@return a shared attribute's values}
     *
     * @param index the shared attribute's index in the model
     */
    Object shared(int index);

    /** {@return the call its kernels run: the step, its arguments, the seed, the epoch and the time their draws see} */
    Call call();
}
