package org.colony.processor.translate;

import com.sun.source.tree.CompilationUnitTree;
import com.sun.source.tree.Tree;
import com.sun.source.util.Trees;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import javax.lang.model.util.Elements;
import org.colony.kernel.Combine;
import org.colony.processor.Diagnostics;
import org.colony.processor.ir.Expr;
import org.colony.processor.ir.IrType;
import org.colony.processor.ir.Local;
import org.colony.processor.ir.ModelRef;
import org.colony.processor.ir.Stmt;
import org.colony.processor.ir.UnaryOp;
import org.colony.processor.model.MethodModel;
import org.colony.processor.model.ModelClass;

/**
 * The mutable state of translating one step: where statements go, the scopes, the methods being
 * inlined, the loops being translated, fresh names and ids, and what has been learnt about offsets.
 */
final class StepContext {

    /** A method whose body is being translated: the step itself or an inlined model method. */
    record Frame(MethodModel method, Local result, int label, Set<String> reassigned) {
    }

    final Diagnostics diagnostics;
    final ModelClass model;
    final CompilationUnitTree unit;
    final Trees trees;
    final Elements elements;
    final TypeResolver types;
    final DimensionTracker dimensions;
    final MethodModel step;
    /** The place model whose attributes PLACE references select: the model itself, or an agent's place model. */
    final ModelClass placeModel;
    /** The agent models the model's steps iterate. */
    final AgentSlots slots;
    /** Locals of type AGENT, by id: which agent model they refer to. */
    final Map<Integer, ModelRef> agentLocals = new HashMap<>();
    /** How the step writes each place attribute (agent models), so that one step does not mix kinds. */
    final Map<Integer, Combine> placeWriteOps = new HashMap<>();
    /** Locals of type PLACE that hold the agent's own place and are never reassigned. */
    final Set<Integer> ownPlaceLocals = new HashSet<>();
    /** Locals of type AGENT of a for-each over the agents on the step's own place: agents it may write. */
    final Set<Integer> hereAgentLocals = new HashSet<>();
    /** Locals of type AGENT of a for-each over {@code agentsAt(...)}: agents on a neighbouring place it may write. */
    final Set<Integer> nextDoorAgentLocals = new HashSet<>();
    /** The variables of for-each loops over a vertex's neighbours, by id: the edge local of each. */
    final Map<Integer, Local> neighborEdges = new HashMap<>();
    /** The ids of the edge locals of loops over incoming edges ({@code inNeighbors()}). */
    final Set<Integer> incomingEdges = new HashSet<>();
    /** The edge locals of the step ({@code Road r = edge(n)}). */
    final EdgeViews edges = new EdgeViews(this);
    /** The edge class of the model's steps, shared by them; the model translator sets it. */
    EdgeClasses edgeClasses;
    /** How the step writes each attribute of other agents, by "slot:attribute", so that it does not mix kinds. */
    final Map<String, Combine> agentWriteOps = new HashMap<>();

    /** Where translated statements go now. */
    List<Stmt> out = new ArrayList<>();
    Scope scope = new Scope(null);
    final Deque<Frame> frames = new ArrayDeque<>();
    Deque<Integer> loops = new ArrayDeque<>();

    /** Proven bounds of the absolute value of int locals that are never reassigned. */
    final Map<Integer, Long> bounds = new HashMap<>();
    /** The largest offset proven for any neighbor(...) of the step. */
    int provenReach;

    private int nextId;
    private final Set<String> usedNames = new HashSet<>();

    StepContext(Diagnostics diagnostics, ModelClass model, ModelClass placeModel, AgentSlots slots, Trees trees,
            Elements elements, DimensionTracker dimensions, MethodModel step) {
        this.placeModel = placeModel;
        this.slots = slots;
        this.diagnostics = diagnostics;
        this.model = model;
        this.unit = model.unit();
        this.trees = trees;
        this.elements = elements;
        this.types = new TypeResolver(elements, model.unit(), model.element());
        this.dimensions = dimensions;
        this.step = step;
        this.edgeClasses = new EdgeClasses(elements, trees);
    }

    /** {@return whether the step's places are a graph's vertices: a vertex model's, or an agent's on one} */
    boolean onGraph() {
        return model.graph() || placeModel.graph();
    }

    /** A fresh id for a local, loop or label. */
    int id() {
        return nextId++;
    }

    /** A new local whose name is unique within the step (the source name, suffixed when taken). */
    Local local(String name, IrType type) {
        String unique = name;
        for (int i = 2; !usedNames.add(unique); i++) {
            unique = name + "_" + i;
        }
        return new Local(id(), unique, type);
    }

    /** Appends a statement to the current list. */
    void emit(Stmt s) {
        out.add(s);
    }

    /** Runs {@code body} with statements collected into a fresh list, which is returned. */
    List<Stmt> collect(Runnable body) {
        List<Stmt> saved = out;
        out = new ArrayList<>();
        try {
            body.run();
            return out;
        } finally {
            out = saved;
        }
    }

    /** The innermost method frame. */
    Frame frame() {
        return frames.peek();
    }

    /** The 1-based source line of a tree. */
    int line(Tree t) {
        long pos = trees.getSourcePositions().getStartPosition(unit, t);
        return pos < 0 ? 0 : (int) unit.getLineMap().getLineNumber(pos);
    }

    /** Reports an error on a tree and abandons the current statement. */
    Rejected reject(Tree t, String message) {
        diagnostics.error(t, unit, message);
        return new Rejected();
    }

    /** Whether the model being translated is an agent model. */
    boolean agentModel() {
        return model.agent();
    }

    /** How attributes selected through a PLACE reference are owned. */
    ModelRef placeRef() {
        return model.agent() ? new ModelRef(ModelRef.Kind.PLACE, 0, placeModel.qualifiedName())
                : new ModelRef(ModelRef.Kind.SELF, 0, model.qualifiedName());
    }

    /** The model's own reference. */
    ModelRef selfRef() {
        return new ModelRef(ModelRef.Kind.SELF, 0, model.qualifiedName());
    }

    /** A proven bound of |e| for an int expression, or -1. */
    long bound(Expr e) {
        return switch (e) {
            case Expr.Const c when c.value() instanceof Integer i -> Math.abs((long) i);
            case Expr.Unary u when u.op() == UnaryOp.NEG -> bound(u.operand());
            case Expr.Conditional c -> {
                long a = bound(c.then());
                long b = bound(c.otherwise());
                yield (a < 0 || b < 0) ? -1 : Math.max(a, b);
            }
            case Expr.LocalRef l -> bounds.getOrDefault(l.local().id(), -1L);
            default -> -1;
        };
    }
}
