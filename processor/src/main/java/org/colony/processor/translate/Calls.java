package org.colony.processor.translate;

import com.sun.source.tree.ExpressionTree;
import com.sun.source.tree.IdentifierTree;
import com.sun.source.tree.MemberSelectTree;
import com.sun.source.tree.MethodInvocationTree;
import com.sun.source.tree.Tree;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import javax.lang.model.element.TypeElement;
import org.colony.kernel.AgentAction;
import org.colony.processor.Messages;
import org.colony.processor.ir.Expr;
import org.colony.processor.ir.IntrinsicOp;
import org.colony.processor.ir.Ir;
import org.colony.processor.ir.IrType;
import org.colony.processor.ir.Local;
import org.colony.processor.ir.MathFunction;
import org.colony.processor.ir.RandomKind;
import org.colony.processor.ir.Stmt;
import org.colony.processor.model.MethodModel;
import org.colony.processor.validation.ModelClassValidator;

/**
 * Translates method invocations in steps: Place intrinsics, library functions, and model methods,
 * which are inlined (their parameters become locals, {@code return} leaves a labelled block).
 */
final class Calls {

    private static final Set<String> LIBRARY_OWNERS = Set.of("java.lang.Math", "java.lang.StrictMath",
            "java.lang.Double", "java.lang.Float", "java.lang.Integer", "java.lang.Long");

    private final StepContext cx;
    private final ExpressionTranslator expressions;

    Calls(StepContext cx, ExpressionTranslator expressions) {
        this.cx = cx;
        this.expressions = expressions;
    }

    /** Translates a call; returns its value, or null for a call of a void method. */
    Expr call(MethodInvocationTree t) {
        if (!t.getTypeArguments().isEmpty()) {
            throw cx.reject(t, Messages.unsupported("explicit type arguments", "remove them"));
        }
        ExpressionTree select = t.getMethodSelect();
        if (select instanceof IdentifierTree id) {
            return unqualified(id.getName().toString(), t);
        }
        MemberSelectTree ms = (MemberSelectTree) select;
        String name = ms.getIdentifier().toString();
        ExpressionTree q = ms.getExpression();
        if (TypeResolver.isThis(q)) {
            return unqualified(name, t);
        }
        if (q instanceof IdentifierTree qi && qi.getName().contentEquals("super")) {
            throw cx.reject(t, Messages.stepCall("super." + name + "(...)"));
        }
        Local agent = expressions.agentLocal(q);
        if (agent != null && name.equals("id") && t.getArguments().isEmpty()) {
            int slot = cx.agentLocals.get(agent.id()).slot();
            return new Expr.Intrinsic(IntrinsicOp.ID, List.of(new Expr.LocalRef(agent), Ir.intConst(slot)),
                    IrType.LONG);
        }
        if (q instanceof IdentifierTree qi && cx.scope.lookup(qi.getName().toString()) != null
                || expressions.placeOrNull(q) != null) {
            throw cx.reject(t, Messages.neighborMethodCall(name + "(...)"));
        }
        TypeElement owner = cx.types.resolve(q);
        if (owner != null && owner.equals(cx.model.element())) {
            return modelCall(name, t);
        }
        if (owner != null && LIBRARY_OWNERS.contains(owner.getQualifiedName().toString())) {
            return library(owner.getSimpleName().toString(), name, t);
        }
        throw cx.reject(t, Messages.stepCall(q + "." + name + "(...)"));
    }

    private Expr unqualified(String name, MethodInvocationTree t) {
        if (ModelClassValidator.INTRINSICS.contains(name)) {
            return intrinsic(name, t);
        }
        if (!cx.model.methods(name).isEmpty()) {
            return modelCall(name, t);
        }
        TypeElement owner = cx.types.staticMethodOwner(name);
        if (owner != null && LIBRARY_OWNERS.contains(owner.getQualifiedName().toString())) {
            return library(owner.getSimpleName().toString(), name, t);
        }
        throw cx.reject(t, Messages.stepCall(name + "(...)"));
    }

    // ---- intrinsics -----------------------------------------------------------------------

    private static final java.util.Set<String> PLACE_ONLY = java.util.Set.of("neighbor", "hasNeighbor", "index",
            "onBoundary", "agents", "agentCount");
    private static final java.util.Set<String> AGENT_ONLY = java.util.Set.of("place", "neighborPlace",
            "hasNeighborPlace", "id", "migrate", "moveTo", "spawn", "kill", "agentsHere", "agentsAt", "agentCountHere",
            "agentCountAt");

    private Expr intrinsic(String name, MethodInvocationTree t) {
        List<? extends ExpressionTree> args = t.getArguments();
        int line = cx.line(t);
        if (cx.agentModel() && PLACE_ONLY.contains(name)) {
            throw cx.reject(t, Messages.placeOnly(name + "(...)"));
        }
        if (!cx.agentModel() && AGENT_ONLY.contains(name)) {
            throw cx.reject(t, Messages.agentOnly(name + "(...)"));
        }
        switch (name) {
            case "neighbor", "hasNeighbor", "neighborPlace", "hasNeighborPlace" -> {
                List<Expr> offsets = offsets(args, t);
                if (name.startsWith("has")) {
                    return new Expr.Intrinsic(IntrinsicOp.HAS_NEIGHBOR, offsets, IrType.BOOLEAN);
                }
                return neighbor(offsets, args, t);
            }
            case "place" -> {
                return new Expr.AgentPlace();
            }
            case "id" -> {
                return new Expr.Intrinsic(IntrinsicOp.ID, List.of(), IrType.LONG);
            }
            case "migrate", "moveTo" -> {
                List<Expr> coords = offsets(args, t);
                cx.emit(new Stmt.Intent(line, name.equals("migrate") ? AgentAction.MIGRATE : AgentAction.MOVE_TO,
                        coords));
                return null;
            }
            case "spawn" -> {
                Expr n = Ir.convert(expressions.expr(args.get(0)), IrType.INT);
                cx.emit(new Stmt.Intent(line, AgentAction.SPAWN, List.of(n)));
                return null;
            }
            case "kill" -> {
                cx.emit(new Stmt.Intent(line, AgentAction.KILL, List.of()));
                return null;
            }
            case "agents", "agentsHere", "agentsAt" -> throw cx.reject(t, Messages.agentIteration(name + "(...)"));
            case "agentCount", "agentCountHere", "agentCountAt" -> {
                int slot = agentSlot(args.isEmpty() ? null : args.get(0), name + "(...)", t);
                Expr place;
                if (name.equals("agentCountAt")) {
                    List<? extends ExpressionTree> offsetTrees = args.subList(1, args.size());
                    place = neighbor(offsets(offsetTrees, t), offsetTrees, t);
                } else {
                    place = name.equals("agentCount") ? new Expr.Self() : new Expr.AgentPlace();
                }
                return new Expr.Intrinsic(IntrinsicOp.AGENT_COUNT, List.of(place, Ir.intConst(slot)), IrType.INT);
            }
            case "index" -> {
                return new Expr.Intrinsic(IntrinsicOp.INDEX, List.of(), IrType.LONG);
            }
            case "time" -> {
                return new Expr.Intrinsic(IntrinsicOp.TIME, List.of(), IrType.LONG);
            }
            case "onBoundary" -> {
                return new Expr.Intrinsic(IntrinsicOp.ON_BOUNDARY, List.of(), IrType.BOOLEAN);
            }
            case "x", "y", "z" -> {
                int d = name.charAt(0) - 'x';
                cx.dimensions.atLeast(d + 1, t);
                return new Expr.Intrinsic(IntrinsicOp.COORD, List.of(Ir.intConst(d)), IrType.INT);
            }
            case "coord", "size" -> {
                Expr d = args.size() == 1 ? expressions.expr(args.get(0)) : null;
                if (!(d instanceof Expr.Const c) || !(c.value() instanceof Integer v) || v < 0 || v > 2) {
                    throw cx.reject(t, Messages.coordDimension(name + "(d)"));
                }
                cx.dimensions.atLeast(v + 1, t);
                return new Expr.Intrinsic(name.equals("coord") ? IntrinsicOp.COORD : IntrinsicOp.SIZE, List.of(c),
                        IrType.INT);
            }
            case "uniform", "normal" -> {
                Local v = cx.local(name, IrType.DOUBLE);
                cx.emit(new Stmt.RandomDraw(line, v, name.equals("uniform") ? RandomKind.UNIFORM : RandomKind.NORMAL,
                        null));
                return new Expr.LocalRef(v);
            }
            case "uniformInt" -> {
                Expr bound = Ir.convert(expressions.expr(args.get(0)), IrType.INT);
                Local v = cx.local("draw", IrType.INT);
                cx.emit(new Stmt.RandomDraw(line, v, RandomKind.UNIFORM_INT, bound));
                return new Expr.LocalRef(v);
            }
            default -> throw cx.reject(t, Messages.stepCall(name + "(...)"));
        }
    }

    /** Translates one int offset (or coordinate) per grid dimension, fixing the model's dimensionality. */
    List<Expr> offsets(List<? extends ExpressionTree> args, Tree t) {
        if (args.isEmpty() || args.size() > 3) {
            throw cx.reject(t, Messages.neighborArity(args.size()));
        }
        cx.dimensions.exactly(args.size(), t);
        List<ExpressionTranslator.Part> parts = new ArrayList<>();
        for (ExpressionTree a : args) {
            parts.add(expressions.part(a));
        }
        List<Expr> offsets = new ArrayList<>();
        for (Expr e : expressions.sequence(parts, t)) {
            offsets.add(Ir.convert(e, IrType.INT));
        }
        return offsets;
    }

    /** A neighbour reference, with its offsets bounded for the halo (or checked against the declared reach). */
    Expr.Neighbor neighbor(List<Expr> offsets, List<? extends ExpressionTree> args, Tree t) {
        boolean checked = false;
        for (int i = 0; i < offsets.size(); i++) {
            long b = cx.bound(offsets.get(i));
            if (b > Messages.MAX_REACH) {
                throw cx.reject(args.get(i), Messages.neighborOffset(b));
            } else if (b >= 0) {
                cx.provenReach = (int) Math.max(cx.provenReach, b);
            } else if (cx.step.declaredReach() > 0) {
                checked = true;
            } else {
                throw cx.reject(args.get(i), Messages.neighborReach());
            }
        }
        return new Expr.Neighbor(offsets, checked);
    }

    /**
     * The slot of the agent model a class literal names ({@code Sheep.class}), checking that its agents
     * live on the places this model's steps see.
     */
    int agentSlot(ExpressionTree literal, String where, Tree t) {
        javax.lang.model.element.TypeElement type = null;
        if (literal instanceof MemberSelectTree ms && ms.getIdentifier().contentEquals("class")) {
            type = cx.types.resolve(ms.getExpression());
        }
        if (type == null || !livesOn(type, cx.placeModel.element())) {
            throw cx.reject(literal == null ? t : literal, Messages.agentClass(where,
                    cx.placeModel.element().getSimpleName().toString()));
        }
        return cx.slots.slot(type);
    }

    /** Whether {@code agent} is an agent model whose place model is {@code place}. */
    static boolean livesOn(javax.lang.model.element.TypeElement agent,
            javax.lang.model.element.TypeElement place) {
        if (agent.getSuperclass() instanceof javax.lang.model.type.DeclaredType sup
                && ((javax.lang.model.element.TypeElement) sup.asElement()).getQualifiedName()
                        .contentEquals(org.colony.processor.model.ModelReader.AGENT)
                && sup.getTypeArguments().size() == 1
                && sup.getTypeArguments().get(0) instanceof javax.lang.model.type.DeclaredType p) {
            return p.asElement().equals(place);
        }
        return false;
    }

    // ---- library functions ----------------------------------------------------------------

    private Expr library(String owner, String name, MethodInvocationTree t) {
        if (name.equals("random") && (owner.equals("Math") || owner.equals("StrictMath"))) {
            throw cx.reject(t, Messages.mathRandom());
        }
        List<MathFunction> candidates = MathFunction.overloads(owner, name);
        if (candidates.isEmpty()) {
            throw cx.reject(t, Messages.stepCall(owner + "." + name + "(...)"));
        }
        List<ExpressionTranslator.Part> parts = new ArrayList<>();
        for (ExpressionTree a : t.getArguments()) {
            parts.add(expressions.part(a));
        }
        List<Expr> args = expressions.sequence(parts, t);
        for (MathFunction f : candidates) {
            if (applicable(f.parameters(), args)) {
                List<Expr> converted = new ArrayList<>();
                for (int i = 0; i < args.size(); i++) {
                    converted.add(Ir.convert(args.get(i), f.parameters().get(i)));
                }
                return new Expr.MathCall(f, converted, f.result());
            }
        }
        throw cx.reject(t, Messages.stepCall(owner + "." + name + "(...) with these argument types"));
    }

    private static boolean applicable(List<IrType> params, List<Expr> args) {
        if (params.size() != args.size()) {
            return false;
        }
        for (int i = 0; i < params.size(); i++) {
            if (!widens(args.get(i).type(), params.get(i))) {
                return false;
            }
        }
        return true;
    }

    /** Whether Java converts {@code from} to {@code to} by identity or primitive widening. */
    static boolean widens(IrType from, IrType to) {
        if (from == to) {
            return true;
        }
        if (!from.isNumeric() || !to.isNumeric()) {
            return false;
        }
        return rank(from) <= rank(to);
    }

    private static int rank(IrType t) {
        return switch (t) {
            case BYTE -> 0;
            case SHORT -> 1;
            case INT -> 2;
            case LONG -> 3;
            case FLOAT -> 4;
            case DOUBLE -> 5;
            default -> 9;
        };
    }

    // ---- model methods --------------------------------------------------------------------

    private Expr modelCall(String name, MethodInvocationTree t) {
        List<MethodModel> ms = cx.model.methods(name);
        if (ms.size() != 1) {
            throw cx.reject(t, Messages.modelOverload(name));
        }
        MethodModel m = ms.get(0);
        if (m.tree() == null) {
            throw cx.reject(t, Messages.stepNoBody(name));
        }
        if (m.returnType() == null) {
            throw cx.reject(t, Messages.helperReturn(name, m.element().getReturnType().toString()));
        }
        for (MethodModel.ParamModel p : m.params()) {
            if (p.type() == null) {
                throw cx.reject(t, Messages.stepParameter(p.name(), name, p.declared()));
            }
        }
        for (StepContext.Frame f : cx.frames) {
            if (f.method().element().equals(m.element())) {
                throw cx.reject(t, Messages.stepRecursion(name));
            }
        }
        if (t.getArguments().size() != m.params().size()) {
            throw cx.reject(t, Messages.stepCall(name + "(...) with " + t.getArguments().size() + " arguments"));
        }
        List<ExpressionTranslator.Part> parts = new ArrayList<>();
        for (ExpressionTree a : t.getArguments()) {
            parts.add(expressions.part(a));
        }
        List<Expr> args = expressions.sequence(parts, t);
        return inline(m, args, t);
    }

    /** Inlines a model method with already evaluated arguments; returns its result, or null for void. */
    Expr inline(MethodModel m, List<Expr> args, Tree where) {
        int line = cx.line(where);
        Set<String> reassigned = Reassignments.of(m.tree());
        Scope calleeScope = new Scope(null);
        for (int i = 0; i < args.size(); i++) {
            MethodModel.ParamModel p = m.params().get(i);
            if (!widens(args.get(i).type(), p.type())) {
                throw cx.reject(where, Messages.stepCall(m.name() + "(...) with an argument of type "
                        + args.get(i).type().name().toLowerCase() + " for " + p.name()));
            }
            Local param = cx.local(p.name(), p.type());
            Expr value = Ir.convert(args.get(i), p.type());
            cx.emit(new Stmt.Declare(line, param, value));
            long b = cx.bound(value);
            if (b >= 0 && !reassigned.contains(p.name())) {
                cx.bounds.put(param.id(), b);
            }
            calleeScope.declare(p.name(), param);
        }
        Local result = null;
        if (m.returnType() != IrType.VOID) {
            result = cx.local(m.name(), m.returnType());
            cx.emit(new Stmt.Declare(line, result, null));
        }
        int label = cx.id();
        StepContext.Frame frame = new StepContext.Frame(m, result, label, reassigned);
        Scope savedScope = cx.scope;
        var savedLoops = cx.loops;
        cx.scope = calleeScope;
        cx.loops = new java.util.ArrayDeque<>();
        cx.frames.push(frame);
        try {
            List<Stmt> body = cx.collect(() -> new StatementTranslator(cx).statements(m.tree().getBody().getStatements()));
            cx.emit(new Stmt.Labeled(line, label, body));
        } finally {
            cx.frames.pop();
            cx.scope = savedScope;
            cx.loops = savedLoops;
        }
        return result == null ? null : new Expr.LocalRef(result);
    }

    /** Names of locals and parameters that a method body assigns anywhere (so they have no fixed bound). */
    static final class Reassignments {
        private Reassignments() {
        }

        static Set<String> of(Tree body) {
            Set<String> names = new HashSet<>();
            new com.sun.source.util.TreeScanner<Void, Void>() {
                @Override
                public Void visitAssignment(com.sun.source.tree.AssignmentTree node, Void v) {
                    note(node.getVariable());
                    return super.visitAssignment(node, v);
                }

                @Override
                public Void visitCompoundAssignment(com.sun.source.tree.CompoundAssignmentTree node, Void v) {
                    note(node.getVariable());
                    return super.visitCompoundAssignment(node, v);
                }

                @Override
                public Void visitUnary(com.sun.source.tree.UnaryTree node, Void v) {
                    switch (node.getKind()) {
                        case PREFIX_INCREMENT, PREFIX_DECREMENT, POSTFIX_INCREMENT, POSTFIX_DECREMENT ->
                                note(node.getExpression());
                        default -> {
                        }
                    }
                    return super.visitUnary(node, v);
                }

                private void note(ExpressionTree target) {
                    if (target instanceof IdentifierTree id) {
                        names.add(id.getName().toString());
                    }
                }
            }.scan(body, null);
            return names;
        }
    }
}
