package org.colony.runtime.spi;

import org.colony.kernel.ModelInfo;
import org.colony.runtime.agents.ManageReport;
import org.colony.runtime.reduce.Reduction;

/**
 * The state of one Agents collection on a backend. Attribute arrays in and out hold one value per live
 * agent in id order.
 */
public interface AgentStore extends AutoCloseable {

    /** The model. */
    ModelInfo model();

    /** Live agents. */
    long size();

    /** Runs an agent step on every agent. */
    void call(int step, Object[] args, long seed, long epoch, long time);

    /** Runs an agent predicate step on every agent and counts where it is true. */
    long count(int step, Object[] args, long seed, long epoch, long time);

    /** Carries out the recorded deaths, moves and births (see {@code docs/agents.md} for the order). */
    ManageReport manage(long seed, long epoch);

    /** Copies one element column of an attribute into {@code target} (length = size()). */
    void read(int attribute, int element, Object target);

    /** Copies {@code source} (length = size()) into one element column of an attribute. */
    void write(int attribute, int element, Object source);

    /** The ids of the live agents, in order. */
    long[] ids();

    /** The global place index of each live agent, in id order. */
    long[] places();

    /** Reduces one element column of an attribute. */
    Reduction reduce(int attribute, int element);

    /** Sets a shared attribute. */
    void setShared(int index, Object values);

    /**
     * Binds the agent collection that slot {@code slot} of the agent model's iterated agent classes refers
     * to (created by the same backend; possibly this one).
     */
    void bindAgents(int slot, AgentStore agents);

    /** Bytes of memory the collection holds. */
    long bytes();

    @Override
    void close();
}
