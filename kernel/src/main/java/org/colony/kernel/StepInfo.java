package org.colony.kernel;

import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * A step of a model, with the facts the runtime needs to run it correctly: what it writes and reads
 * through neighbours (for double buffering and halo exchange) and how far it reaches.
 *
 * @param name the method name
 * @param params the parameters, in order
 * @param predicate whether the step returns boolean (usable in {@code count})
 * @param writes ordinals of the attributes it writes
 * @param remoteReads ordinals of the attributes it reads on other instances (neighbouring places; for
 *     agents, other agents of the same class)
 * @param placeRemoteReads for agent steps, place attributes read on neighbouring places
 * @param placeWrites for agent steps, the place attributes written and how writes combine
 * @param iterates slots of the agent models whose agents the step iterates or counts
 * @param remoteAgents slots of the agent models whose agents the step counts or iterates on neighbouring places
 *     ({@code agentCountAt}, {@code agentsAt}): on a partitioned grid their numbers are needed on the halo
 * @param remoteAgentRows slots of the agent models whose agents the step iterates on neighbouring places
 *     ({@code agentsAt}): on a partitioned grid their ids and attributes are needed on the halo too
 * @param actions for agent steps, the life-cycle intents it may record
 * @param reach the largest neighbour offset along any dimension
 * @param usesRandom whether it draws random numbers
 * @param boundaryOnly whether it does nothing on places off the grid's boundary (a boundary condition): a
 *     backend may run it on the boundary alone and copy what it buffered back instead of swapping columns
 * @param readsTime whether it reads {@code time()}: a backend may give a step that neither reads the time nor
 *     draws random numbers the same call values every tick (the CUDA backend then replays its launch unchanged)
 * @param source where it is declared, {@code File.java:line}
 * @param agentWrites per slot of an iterated agent model, the attributes of its agents the step writes (agents on the
 *     step's own place) and how the writes combine
 * @param agentKills slots of the iterated agent models whose agents the step may kill
 * @param creates slots of the iterated agent models of which the step asks for new agents ({@code spawn(T.class, n)})
 * @param agentWritesAcross slots of the iterated agent models whose agents the step writes or kills on neighbouring
 *     places (the variable of a for-each over {@code agentsAt(...)}): on a partitioned grid some of them are rows
 *     of other partitions' agents on the halo, whose writes go back to their owners before any is applied
 * @param byPlace for agent steps, whether the step runs place by place: on each place of the block, the agents on it
 *     in id order, one after another, by one thread. A step that sums into {@code float} or {@code double} attributes
 *     of the agents on its own place ({@code agentsHere}) does, so that every such sum is made by one thread in the
 *     writers' id order and is the same on every backend, thread count and partitioning
 */
public record StepInfo(String name, List<ParamInfo> params, boolean predicate, Set<Integer> writes,
        Set<Integer> remoteReads, Set<Integer> placeRemoteReads, Map<Integer, Combine> placeWrites,
        Set<Integer> iterates, Set<Integer> remoteAgents, Set<Integer> remoteAgentRows, Set<AgentAction> actions,
        int reach, boolean usesRandom, boolean boundaryOnly, boolean readsTime, String source,
        Map<Integer, Map<Integer, Combine>> agentWrites, Set<Integer> agentKills, Set<Integer> creates,
        Set<Integer> agentWritesAcross, boolean byPlace) {

    /**
     * A step that runs agent by agent ({@code byPlace} false).
     *
     * @param name as the record's
     * @param params as the record's
     * @param predicate as the record's
     * @param writes as the record's
     * @param remoteReads as the record's
     * @param placeRemoteReads as the record's
     * @param placeWrites as the record's
     * @param iterates as the record's
     * @param remoteAgents as the record's
     * @param remoteAgentRows as the record's
     * @param actions as the record's
     * @param reach as the record's
     * @param usesRandom as the record's
     * @param boundaryOnly as the record's
     * @param readsTime as the record's
     * @param source as the record's
     * @param agentWrites as the record's
     * @param agentKills as the record's
     * @param creates as the record's
     * @param agentWritesAcross as the record's
     */
    public StepInfo(String name, List<ParamInfo> params, boolean predicate, Set<Integer> writes,
            Set<Integer> remoteReads, Set<Integer> placeRemoteReads, Map<Integer, Combine> placeWrites,
            Set<Integer> iterates, Set<Integer> remoteAgents, Set<Integer> remoteAgentRows, Set<AgentAction> actions,
            int reach, boolean usesRandom, boolean boundaryOnly, boolean readsTime, String source,
            Map<Integer, Map<Integer, Combine>> agentWrites, Set<Integer> agentKills, Set<Integer> creates,
            Set<Integer> agentWritesAcross) {
        this(name, params, predicate, writes, remoteReads, placeRemoteReads, placeWrites, iterates, remoteAgents,
                remoteAgentRows, actions, reach, usesRandom, boundaryOnly, readsTime, source, agentWrites, agentKills,
                creates, agentWritesAcross, false);
    }

    /**
     * A step that writes no other agent and asks for none.
     *
     * @param name as the record's
     * @param params as the record's
     * @param predicate as the record's
     * @param writes as the record's
     * @param remoteReads as the record's
     * @param placeRemoteReads as the record's
     * @param placeWrites as the record's
     * @param iterates as the record's
     * @param remoteAgents as the record's
     * @param remoteAgentRows as the record's
     * @param actions as the record's
     * @param reach as the record's
     * @param usesRandom as the record's
     * @param boundaryOnly as the record's
     * @param readsTime as the record's
     * @param source as the record's
     */
    public StepInfo(String name, List<ParamInfo> params, boolean predicate, Set<Integer> writes,
            Set<Integer> remoteReads, Set<Integer> placeRemoteReads, Map<Integer, Combine> placeWrites,
            Set<Integer> iterates, Set<Integer> remoteAgents, Set<Integer> remoteAgentRows, Set<AgentAction> actions,
            int reach, boolean usesRandom, boolean boundaryOnly, boolean readsTime, String source) {
        this(name, params, predicate, writes, remoteReads, placeRemoteReads, placeWrites, iterates, remoteAgents,
                remoteAgentRows, actions, reach, usesRandom, boundaryOnly, readsTime, source, Map.of(), Set.of(),
                Set.of(), Set.of(), false);
    }

    /**
     * {@return whether this step both writes attribute {@code attribute} and reads it through neighbours: it writes
     * the second buffer, which is then swapped in}
     *
     * @param attribute the attribute's ordinal in the model
     */
    public boolean buffers(int attribute) {
        return writes.contains(attribute) && remoteReads.contains(attribute);
    }
}
