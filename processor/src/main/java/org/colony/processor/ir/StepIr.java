package org.colony.processor.ir;

import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import org.colony.kernel.AgentAction;
import org.colony.kernel.Combine;

/**
 * One step, translated: its parameters, its body as IR and the facts about it that backends and the
 * runtime need.
 *
 * @param name the method name
 * @param params the step's parameters, as locals of the body
 * @param predicate whether the step returns boolean (a predicate step)
 * @param result the local holding a predicate's result, otherwise {@code null}
 * @param bodyLabel the id of the {@link Stmt.Labeled} block that {@code return} leaves
 * @param body the statements; the whole body is {@code Labeled(bodyLabel, ...)}
 * @param writes ordinals of the model's own attributes the step writes
 * @param selfReads ordinals of the model's own attributes the step reads on the instance itself
 * @param remoteReads ordinals of the model's own attributes the step reads on other instances
 *     (neighbouring places; for agents, other agents of the same class)
 * @param placeReads for agent models, ordinals of place attributes read on the agent's own place
 * @param placeRemoteReads for agent models, ordinals of place attributes read on neighbouring places
 * @param placeWrites for agent models, the place attributes the step writes and how writes combine
 * @param iterates slots of the agent models whose agents the step iterates or counts
 * @param remoteAgents slots of the agent models whose agents the step counts or iterates on neighbouring places
 *     ({@code agentCountAt}, {@code agentsAt}): a partition needs their numbers on its halo
 * @param remoteAgentRows slots of the agent models whose agents the step iterates on neighbouring places
 *     ({@code agentsAt}): a partition needs their ids and attributes on its halo too
 * @param actions for agent models, the life-cycle intents the step may record
 * @param reach the largest neighbour offset along any dimension (declared or proven)
 * @param declaredReach the reach given in {@code @Step(reach = ...)}, 0 when absent
 * @param usesRandom whether the step draws random numbers
 * @param boundaryOnly whether the step (a place step, not a predicate) does nothing on places off the grid's
 *     boundary: with {@code onBoundary()} false no write can be reached
 * @param readsTime whether the step reads {@code time()}
 * @param sourceFile the simple name of the model's source file
 * @param line the line of the step's declaration
 */
public record StepIr(String name, List<Local> params, boolean predicate, Local result, int bodyLabel,
        List<Stmt> body, Set<Integer> writes, Set<Integer> selfReads, Set<Integer> remoteReads,
        Set<Integer> placeReads, Set<Integer> placeRemoteReads, Map<Integer, Combine> placeWrites,
        Set<Integer> iterates, Set<Integer> remoteAgents, Set<Integer> remoteAgentRows, Set<AgentAction> actions, int reach, int declaredReach, boolean usesRandom,
        boolean boundaryOnly, boolean readsTime, String sourceFile, int line) {

    /**
     * {@return per slot of an iterated agent model, the attributes of its agents this step writes and how the writes
     * combine (a sorted map of sorted maps)}
     */
    public Map<Integer, Map<Integer, Combine>> agentWrites() {
        Map<Integer, Map<Integer, Combine>> out = new TreeMap<>();
        Ir.forEachStmt(body, s -> {
            if (s instanceof Stmt.AgentWrite w) {
                out.computeIfAbsent(w.attr().owner().slot(), k -> new TreeMap<>()).put(w.attr().ordinal(),
                        w.op());
            }
        });
        return out;
    }

    /** {@return the slots of the iterated agent models whose agents this step may kill} */
    public Set<Integer> agentKills() {
        Set<Integer> out = new TreeSet<>();
        Ir.forEachStmt(body, s -> {
            if (s instanceof Stmt.AgentKill k) {
                out.add(k.agents().slot());
            }
        });
        return out;
    }

    /**
     * {@return the slots of the iterated agent models whose agents this step writes or kills on neighbouring places
     * (through the variable of a for-each over {@code agentsAt(...)})}
     */
    public Set<Integer> agentWritesAcross() {
        Set<Integer> out = new TreeSet<>();
        Ir.forEachStmt(body, s -> {
            if (s instanceof Stmt.AgentWrite w && w.across()) {
                out.add(w.attr().owner().slot());
            } else if (s instanceof Stmt.AgentKill k && k.across()) {
                out.add(k.agents().slot());
            }
        });
        return out;
    }

    /** {@return the slots of the iterated agent models of which this step asks for new agents} */
    public Set<Integer> creates() {
        Set<Integer> out = new TreeSet<>();
        Ir.forEachStmt(body, s -> {
            if (s instanceof Stmt.Create c) {
                out.add(c.agents().slot());
            }
        });
        return out;
    }

    /**
     * {@return whether this step, of an agent model, runs place by place (on each place, its agents in id order, by
     * one thread): it sums into {@code float} or {@code double} attributes of the agents on its own place, sums that
     * one thread then makes in the writers' id order}
     *
     * @param model the step's model
     */
    public boolean byPlace(ModelIr model) {
        boolean[] found = new boolean[1];
        Ir.forEachStmt(body, s -> found[0] |= s instanceof Stmt.AgentWrite w && !w.across() && w.op() == Combine.SUM
                && (w.attr().type() == IrType.FLOAT || w.attr().type() == IrType.DOUBLE));
        return model.agent() && found[0];
    }

    /** Whether the step buffers an attribute of its own model: it writes it and reads it on other instances. */
    public boolean buffers(int attribute) {
        return writes.contains(attribute) && remoteReads.contains(attribute);
    }
}
