package org.colony.runtime.spi;

import org.colony.runtime.agents.ManageReport;

/**
 * The state of one Agents collection on a backend. Attribute arrays in and out hold one value per live agent in
 * id order.
 */
public interface AgentStore extends Store {

    /** {@return live agents} */
    long size();

    /**
     * Carries out the recorded deaths, moves and births (see {@code docs/agents.md} for the order).
     *
     * @param epoch the random stream of this {@code manageAll}, distinct for every call
     * @param seed the simulation's seed
     * @return what was done and the population afterwards
     */
    ManageReport manage(long seed, long epoch);

    /**
     * Adds agents after the live ones, with no intents (checked by the caller: places on the grid, within capacity).
     * A partitioned store keeps those on its partitions' places.
     *
     * @param ids the new agents' ids, above every agent's so far, increasing
     * @param places their global place indices
     * @param values per attribute ordinal, the new agents' values (a column of one value per new agent; for an array
     *     attribute an array of element columns) or null for zeros
     */
    void add(long[] ids, long[] places, Object[] values);

    /** {@return the ids of the live agents, in order} */
    long[] ids();

    /** {@return the global place index of each live agent, in id order} */
    long[] places();
}
