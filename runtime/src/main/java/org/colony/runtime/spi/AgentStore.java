package org.colony.runtime.spi;

import org.colony.kernel.Call;
import org.colony.runtime.agents.ManageReport;
import org.colony.runtime.agents.ManageRounds;

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
     * Runs the rounds of {@code manageAll(retry, maxRounds)} as one queue of work, where this store can, with the
     * same results as running them one at a time: a {@code manageAll} in stream {@code epoch}, then rounds 2 to
     * {@code maxRounds}, each the retry step and a {@code manageAll}, where round r runs only if round r - 1 refused
     * some move. Round r takes the streams after those of round r - 1: its retry step {@code epoch + 1 + (r - 2) * k}
     * and its {@code manageAll} the next, with {@code k} 2, where the step draws random numbers; where it does not,
     * {@code k} is 1 and the {@code manageAll} takes the step's. The default declines; the caller then runs the rounds
     * one at a time.
     *
     * @param retry the retry step's call, with the simulation's seed (its epoch is round 2's)
     * @param maxRounds the most rounds, 2 or more
     * @param epoch the random stream of the first {@code manageAll}
     * @return what the rounds did and how many ran, or null where this store does not queue them
     */
    default ManageRounds manageRounds(Call retry, int maxRounds, long epoch) {
        return null;
    }

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

    /**
     * Replaces every agent by those given, with no deaths, moves or children asked for, as a checkpoint restores them.
     * A partitioned store keeps each on its partition's place.
     *
     * @param ids the agents' ids, increasing
     * @param places their global place indices (on the grid, within the capacity: checked by the caller)
     * @param ordinals their ordinals among the children born in the last {@code manageAll} (-1 for the others)
     * @param values per attribute ordinal, the agents' values (as {@link #add} takes them; never null)
     * @param nextId the id the next child gets, above every id given
     */
    void restore(long[] ids, long[] places, int[] ordinals, Object[] values, long nextId);

    /** {@return the ordinal of each live agent among the children born in the last {@code manageAll}, -1 for the
     * others, in id order} */
    int[] ordinals();

    /** {@return the ids of the live agents, in order} */
    long[] ids();

    /** {@return the global place index of each live agent, in id order} */
    long[] places();
}
