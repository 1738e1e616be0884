package org.colony.kernel;

/**
 * The agents of one collection grouped by place, as generated kernels iterate them: the agents on the
 * place stored at {@code s} (a storage index of the places' block, {@link Layout#storageIndex}, halo
 * included) are the slots {@code order[start[s]] .. order[start[s+1] - 1]}, in id order. A halo place holds
 * the agents of the place it stands for (the far side of a wrapping grid, or a neighbouring partition's
 * place), none off a grid that does not wrap.
 */
public interface AgentView {

    /** {@return per storage index, where the place's agents start in {@link #order()}; length stored cells + 1} */
    int[] start();

    /** {@return agent slots grouped by place} */
    int[] order();

    /**
     * {@return the current column of an attribute (as {@link CpuBlock#column})}
     *
     * @param attribute the attribute's ordinal in the agent model
     */
    Object column(int attribute);

    /** {@return agent ids by slot} */
    long[] ids();

    /**
     * {@return the writes other agents (or places) make to attribute {@code attribute} of these agents during a step,
     * by slot: a column of the attribute's type, combined atomically and applied when the step ends}
     *
     * @param attribute the attribute's ordinal in the agent model
     */
    default Object incoming(int attribute) {
        throw new UnsupportedOperationException("no incoming writes");
    }

    /** {@return these agents' death intents by slot, which another agent's {@code kill()} of one of them sets} */
    default boolean[] killed() {
        throw new UnsupportedOperationException("no death intents");
    }
}
