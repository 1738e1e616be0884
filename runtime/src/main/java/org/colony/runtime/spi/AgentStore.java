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

    /** {@return the ids of the live agents, in order} */
    long[] ids();

    /** {@return the global place index of each live agent, in id order} */
    long[] places();
}
