package org.colony.runtime.spi;

/**
 * The agents of one collection grouped by place, as generated kernels iterate them: the agents on
 * place {@code g} (a global place index) are the slots {@code order[start[g]] .. order[start[g+1] - 1]},
 * in id order.
 */
public interface AgentView {

    /** Per global place index, where its agents start in {@link #order()}; length cells + 1. */
    int[] start();

    /** Agent slots grouped by place. */
    int[] order();

    /** The current column of an attribute (as {@link CpuBlock#column}). */
    Object column(int attribute);

    /** Agent ids by slot. */
    long[] ids();
}
