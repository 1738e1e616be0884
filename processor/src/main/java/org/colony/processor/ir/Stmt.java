package org.colony.processor.ir;

import java.util.List;
import org.colony.kernel.AgentAction;
import org.colony.kernel.Combine;

/**
 * A statement of a translated step. Every statement carries the line of the Java source it came
 * from, so that generated code can point back at the user's file.
 */
public sealed interface Stmt {

    /** The 1-based line in the model's source file, or 0 when unknown. */
    int line();

    /** Declares a local, initialised to {@code init} or, when {@code init} is null, to zero / false. */
    record Declare(int line, Local local, Expr init) implements Stmt {
    }

    /** Assigns a local; the value already has the local's type. */
    record AssignLocal(int line, Local local, Expr value) implements Stmt {
    }

    /**
     * Writes an attribute of the current instance (the only place a step may write).
     *
     * @param element the element index of an array attribute, otherwise {@code null}
     */
    record AssignAttr(int line, AttributeRef attr, Expr element, Expr value) implements Stmt {
    }

    /** Draws a random value of the given kind into {@code target} ({@code bound} only for UNIFORM_INT). */
    record RandomDraw(int line, Local target, RandomKind kind, Expr bound) implements Stmt {
    }

    /** A conditional; {@code otherwise} may be empty. */
    record If(int line, Expr cond, List<Stmt> then, List<Stmt> otherwise) implements Stmt {
    }

    /**
     * A loop. Each iteration runs {@code condPrelude}, tests {@code cond} (null means true) and leaves
     * when it is false, runs {@code body}, then {@code update}. When {@code testFirst} is false
     * (do-while) the first iteration skips the prelude and test. {@link Continue} goes to the update (or,
     * in a do-while, to the test).
     */
    record Loop(int line, int id, List<Stmt> condPrelude, Expr cond, List<Stmt> body, List<Stmt> update,
            boolean testFirst) implements Stmt {
    }

    /** Leaves the loop with the given id. */
    record Break(int line, int loopId) implements Stmt {
    }

    /** Goes on with the next iteration of the loop with the given id. */
    record Continue(int line, int loopId) implements Stmt {
    }

    /** A block that {@link Exit} can leave: the body of an inlined method or of the step itself. */
    record Labeled(int line, int id, List<Stmt> body) implements Stmt {
    }

    /** Leaves the {@link Labeled} block with the given id. */
    record Exit(int line, int labelId) implements Stmt {
    }

    /**
     * Runs {@code body} for each agent of model {@code agents} residing on {@code place}, in id order,
     * with {@code agent} (type AGENT) naming it. A loop: {@link Break} and {@link Continue} with
     * {@code id} apply.
     */
    record ForAgents(int line, int id, Local agent, Expr place, ModelRef agents, List<Stmt> body) implements Stmt {
    }

    /**
     * Runs {@code body} for each edge of the vertex's row (its outgoing edges, or with {@code incoming} its incoming
     * ones) in the graph's order, with {@code edge} (type INT) the edge's index and {@code vertex} (type PLACE) the
     * neighbour it leads to. A loop: {@link Break} and {@link Continue} with {@code id} apply.
     */
    record ForNeighbors(int line, int id, Local vertex, Local edge, boolean incoming, List<Stmt> body)
            implements Stmt {
    }

    /**
     * An agent's write of its own place's attribute ({@code attr.owner()} is the place model), combined
     * with other agents' writes by {@code op} and applied when the step ends.
     *
     * @param element the element index of an array attribute, otherwise {@code null}
     */
    record PlaceWrite(int line, AttributeRef attr, Expr element, Combine op, Expr value) implements Stmt {
    }

    /**
     * A write of scalar attribute {@code attr} of another agent (local {@code agent} of a for-each over agents on the
     * step's own place, or with {@code across} on a neighbouring place), combined with the other writes by {@code op}
     * (SUM, MIN or MAX) as the step ends.
     */
    record AgentWrite(int line, Local agent, AttributeRef attr, Combine op, Expr value, boolean across)
            implements Stmt {
    }

    /** A {@code spawn(T.class, n)}: {@code n} agents of iterated class {@code agents} asked for on the instance's place. */
    record Create(int line, ModelRef agents, Expr count) implements Stmt {
    }

    /**
     * A {@code kill()} of another agent (local {@code agent} of a for-each over agents on the step's own place, or with
     * {@code across} on a neighbouring place).
     */
    record AgentKill(int line, Local agent, ModelRef agents, boolean across) implements Stmt {
    }

    /** A life-cycle intent of an agent (see {@link AgentAction} for the arguments). */
    record Intent(int line, AgentAction kind, List<Expr> args) implements Stmt {
    }

    /** A nested scope. */
    record Block(int line, List<Stmt> body) implements Stmt {
    }
}
