package org.colony.processor.translate;

import com.sun.source.tree.ArrayAccessTree;
import com.sun.source.tree.AssignmentTree;
import com.sun.source.tree.BlockTree;
import com.sun.source.tree.BreakTree;
import com.sun.source.tree.CompoundAssignmentTree;
import com.sun.source.tree.ContinueTree;
import com.sun.source.tree.DoWhileLoopTree;
import com.sun.source.tree.EnhancedForLoopTree;
import com.sun.source.tree.ExpressionStatementTree;
import com.sun.source.tree.ExpressionTree;
import com.sun.source.tree.ForLoopTree;
import com.sun.source.tree.IdentifierTree;
import com.sun.source.tree.IfTree;
import com.sun.source.tree.MemberSelectTree;
import com.sun.source.tree.MethodInvocationTree;
import com.sun.source.tree.ParenthesizedTree;
import com.sun.source.tree.PrimitiveTypeTree;
import com.sun.source.tree.ReturnTree;
import com.sun.source.tree.StatementTree;
import com.sun.source.tree.Tree;
import com.sun.source.tree.UnaryTree;
import com.sun.source.tree.VariableTree;
import com.sun.source.tree.WhileLoopTree;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import javax.lang.model.element.Modifier;
import javax.lang.model.element.TypeElement;
import javax.lang.model.element.VariableElement;
import javax.lang.model.util.ElementFilter;
import org.colony.kernel.Combine;
import org.colony.processor.Messages;
import org.colony.processor.ir.AttributeRef;
import org.colony.processor.ir.BinaryOp;
import org.colony.processor.ir.Expr;
import org.colony.processor.ir.Ir;
import org.colony.processor.ir.IrType;
import org.colony.processor.ir.Local;
import org.colony.processor.ir.ModelRef;
import org.colony.processor.ir.Stmt;
import org.colony.processor.ir.UnaryOp;
import org.colony.processor.model.AttributeModel;
import org.colony.processor.model.IntrinsicMethod;
import org.colony.processor.model.ModelReader;

/** Translates the statements of a step or inlined model method into IR statements. */
final class StatementTranslator {

    private final StepContext cx;
    private final ExpressionTranslator expressions;

    StatementTranslator(StepContext cx) {
        this.cx = cx;
        this.expressions = new ExpressionTranslator(cx);
    }

    /** Translates statements into the current list; a rejected statement is skipped after its report. */
    void statements(List<? extends StatementTree> list) {
        for (StatementTree s : list) {
            try {
                statement(s);
            } catch (Rejected r) {
                // Reported already; go on so that independent errors are reported too.
            }
        }
    }

    private List<Stmt> nested(StatementTree s) {
        Scope saved = cx.scope;
        cx.scope = new Scope(saved);
        try {
            return cx.collect(() -> statements(s instanceof BlockTree b ? b.getStatements() : List.of(s)));
        } finally {
            cx.scope = saved;
        }
    }

    private void statement(StatementTree s) {
        int line = cx.line(s);
        switch (s.getKind()) {
            case BLOCK -> cx.emit(new Stmt.Block(line, nested(s)));
            case VARIABLE -> declare((VariableTree) s);
            case EXPRESSION_STATEMENT -> expressionStatement(((ExpressionStatementTree) s).getExpression());
            case IF -> {
                IfTree t = (IfTree) s;
                Expr cond = condition(t.getCondition());
                List<Stmt> then = nested(t.getThenStatement());
                List<Stmt> otherwise = t.getElseStatement() == null ? List.of() : nested(t.getElseStatement());
                cx.emit(new Stmt.If(line, cond, then, otherwise));
            }
            case WHILE_LOOP -> {
                WhileLoopTree t = (WhileLoopTree) s;
                loop(line, t.getCondition(), t.getStatement(), List.of(), true);
            }
            case DO_WHILE_LOOP -> {
                DoWhileLoopTree t = (DoWhileLoopTree) s;
                loop(line, t.getCondition(), t.getStatement(), List.of(), false);
            }
            case FOR_LOOP -> forLoop((ForLoopTree) s);
            case ENHANCED_FOR_LOOP -> forEach((EnhancedForLoopTree) s);
            case BREAK -> {
                BreakTree t = (BreakTree) s;
                if (t.getLabel() != null) {
                    throw cx.reject(s, Messages.unsupported("break with a label", "use a boolean flag"));
                }
                if (cx.loops.isEmpty()) {
                    throw cx.reject(s, Messages.unsupported("break outside a loop", "steps have no switch"));
                }
                cx.emit(new Stmt.Break(line, cx.loops.peek()));
            }
            case CONTINUE -> {
                ContinueTree t = (ContinueTree) s;
                if (t.getLabel() != null) {
                    throw cx.reject(s, Messages.unsupported("continue with a label", "use a boolean flag"));
                }
                cx.emit(new Stmt.Continue(line, cx.loops.peek()));
            }
            case RETURN -> ret((ReturnTree) s);
            case EMPTY_STATEMENT -> {
            }
            case SWITCH -> throw cx.reject(s, Messages.unsupported("switch", "use if/else"));
            case SYNCHRONIZED -> throw cx.reject(s, Messages.stepSynchronized());
            case THROW -> throw cx.reject(s, Messages.stepException("throw exceptions"));
            case TRY -> throw cx.reject(s, Messages.stepException("catch exceptions"));
            case LABELED_STATEMENT -> throw cx.reject(s, Messages.unsupported("a labelled statement",
                    "use a boolean flag to leave nested loops"));
            case ASSERT -> throw cx.reject(s, Messages.unsupported("assert", "check the condition with if"));
            case CLASS, RECORD, ENUM, INTERFACE -> throw cx.reject(s, Messages.stepAllocation());
            default -> throw cx.reject(s, Messages.unsupported("this statement (" + s.getKind() + ")",
                    "see docs/model-language.md"));
        }
    }

    private void declare(VariableTree t) {
        if (cx.edges.declare(t)) {
            return;
        }
        String name = t.getName().toString();
        IrType declared = null;
        Expr init = null;
        try {
            ExpressionTree initializer = t.getInitializer();
            if (initializer != null && (initializer.getKind() == Tree.Kind.LAMBDA_EXPRESSION
                    || initializer.getKind() == Tree.Kind.MEMBER_REFERENCE)) {
                // Report the lambda itself rather than the functional interface type it needs.
                throw cx.reject(initializer, Messages.stepLambda());
            }
            declared = localType(t.getType(), t);
            if (t.getInitializer() != null) {
                init = expressions.expr(t.getInitializer());
                if (declared == null) {
                    declared = init.type();
                }
                init = assignable(init, declared, t.getInitializer());
            } else if (declared == null) {
                throw cx.reject(t, Messages.unsupported("var without initializer", "give the variable a type"));
            }
        } finally {
            // Declare the name even when the declaration was rejected, so later uses do not cascade.
            Local local = cx.local(name, declared == null ? IrType.INT : declared);
            cx.scope.declare(name, local);
            cx.emit(new Stmt.Declare(cx.line(t), local, init));
            StepContext.Frame f = cx.frame();
            boolean fixed = !f.reassigned().contains(name);
            if (init != null && fixed) {
                long b = cx.bound(init);
                if (b >= 0) {
                    cx.bounds.put(local.id(), b);
                }
            }
            if (init instanceof Expr.AgentPlace && fixed) {
                cx.ownPlaceLocals.add(local.id());
            }
            if (init instanceof Expr.LocalRef r && local.type() == IrType.AGENT) {
                cx.agentLocals.put(local.id(), cx.agentLocals.get(r.local().id()));
            }
        }
    }

    /** The type of a local declaration, or null for {@code var}. */
    private IrType localType(Tree type, Tree where) {
        if (type == null) {
            return null;
        }
        if (type instanceof PrimitiveTypeTree p) {
            IrType r = ModelReader.primitive(p.getPrimitiveTypeKind());
            if (r == null) {
                throw cx.reject(where, Messages.unsupportedType(p.toString()));
            }
            return r;
        }
        if (type.getKind() == Tree.Kind.ARRAY_TYPE) {
            throw cx.reject(where, Messages.stepArray("local array variables are not supported"));
        }
        if (type instanceof IdentifierTree id && id.getName().contentEquals("var")) {
            return null;
        }
        if (type instanceof IdentifierTree || type instanceof MemberSelectTree) {
            TypeElement te = cx.types.resolve((ExpressionTree) type);
            if (te != null && te.equals(cx.placeModel.element())) {
                return IrType.PLACE;
            }
            if (te != null && (te.equals(cx.model.element()) || Intrinsics.livesOn(te, cx.placeModel.element()))) {
                return IrType.AGENT;
            }
            if (te != null && te.getQualifiedName().contentEquals("java.lang.String")) {
                throw cx.reject(where, Messages.stepString());
            }
        }
        throw cx.reject(where, Messages.unsupportedType(type.toString()));
    }

    /** Converts a value for assignment to a variable of {@code target} type. */
    private Expr assignable(Expr value, IrType target, Tree where) {
        if (target == IrType.PLACE || value.type() == IrType.PLACE || target == IrType.AGENT
                || value.type() == IrType.AGENT) {
            if (target != value.type()) {
                throw cx.reject(where, Messages.neighborCompare());
            }
            return value;
        }
        if ((target == IrType.BOOLEAN) != (value.type() == IrType.BOOLEAN)) {
            throw cx.reject(where, Messages.unsupported("assigning " + value.type() + " to " + target,
                    "use matching types"));
        }
        return Ir.convert(value, target);
    }

    private void expressionStatement(ExpressionTree e) {
        switch (e.getKind()) {
            case ASSIGNMENT -> {
                AssignmentTree a = (AssignmentTree) e;
                assign(a.getVariable(), null, a.getExpression(), e);
            }
            case PREFIX_INCREMENT, POSTFIX_INCREMENT, PREFIX_DECREMENT, POSTFIX_DECREMENT -> {
                UnaryTree u = (UnaryTree) e;
                boolean inc = e.getKind() == Tree.Kind.PREFIX_INCREMENT || e.getKind() == Tree.Kind.POSTFIX_INCREMENT;
                assign(u.getExpression(), inc ? BinaryOp.ADD : BinaryOp.SUB, null, e);
            }
            case METHOD_INVOCATION -> expressions.callStatement((MethodInvocationTree) e);
            default -> {
                if (e instanceof CompoundAssignmentTree c) {
                    assign(c.getVariable(), Types.binaryOp(e.getKind()), c.getExpression(), e);
                } else {
                    throw cx.reject(e, Messages.unsupported("this expression statement", "assign or call"));
                }
            }
        }
    }

    /**
     * Translates {@code target = value}, {@code target op= value} or, with a null value,
     * {@code target op= 1} (increment and decrement).
     */
    private void assign(ExpressionTree target, BinaryOp op, ExpressionTree value, Tree where) {
        int line = cx.line(where);
        ExpressionTree tgt = target;
        while (tgt instanceof ParenthesizedTree p) {
            tgt = p.getExpression();
        }
        cx.edges.refuseWrite(tgt, where);
        // A local variable.
        if (tgt instanceof IdentifierTree id && cx.scope.lookup(id.getName().toString()) != null) {
            Local local = cx.scope.lookup(id.getName().toString());
            Expr v = op == null ? expressions.expr(value) : compound(new Expr.LocalRef(local), op, value, where);
            cx.emit(new Stmt.AssignLocal(line, local, assignable(v, local.type(), where)));
            return;
        }
        // An attribute of this instance, or something that may not be written.
        String name;
        ExpressionTree indexTree = null;
        if (tgt instanceof ArrayAccessTree aa) {
            indexTree = aa.getIndex();
            tgt = aa.getExpression();
        }
        if (tgt instanceof IdentifierTree id) {
            name = id.getName().toString();
        } else if (tgt instanceof MemberSelectTree ms && TypeResolver.isThis(ms.getExpression())) {
            name = ms.getIdentifier().toString();
        } else if (tgt instanceof MemberSelectTree ms && expressions.agentLocal(ms.getExpression()) != null) {
            agentWrite(target, ms, indexTree, op, value, where);
            return;
        } else if (tgt instanceof MemberSelectTree ms && expressions.placeOrNull(ms.getExpression()) != null) {
            if (!cx.agentModel()) {
                throw cx.reject(where, Messages.neighborWrite(ms.getIdentifier().toString()));
            }
            placeWrite(target, ms, indexTree, op, value, where);
            return;
        } else if (tgt instanceof MemberSelectTree ms) {
            throw cx.reject(where, writeOfField(ms.getIdentifier().toString(), cx.types.resolve(ms.getExpression())));
        } else {
            throw cx.reject(where, Messages.unsupported("assigning to this expression", "assign locals or attributes"));
        }
        AttributeModel a = cx.model.attribute(name);
        if (a == null) {
            if (cx.model.sharedField(name) != null) {
                throw cx.reject(where, Messages.sharedWrite(name));
            }
            throw cx.reject(where, writeOfField(name, cx.model.element()));
        }
        if (a.isArray() != (indexTree != null)) {
            throw cx.reject(where, Messages.stepArray(a.isArray()
                    ? "array attribute " + name + " is written one element at a time: " + name + "[k] = ..."
                    : name + " is not an array"));
        }
        AttributeRef ref = ExpressionTranslator.attributeRef(cx.selfRef(), a);
        Expr index = null;
        if (indexTree != null) {
            ExpressionTranslator.Part ip = expressions.part(indexTree);
            ExpressionTranslator.Part vp = value == null ? new ExpressionTranslator.Part(List.of(), Ir.intConst(0))
                    : expressions.part(value);
            if (!vp.prelude().isEmpty() && !(ip.expr() instanceof Expr.Const)) {
                // Java evaluates the index before the value: keep it in a temporary.
                cx.out.addAll(ip.prelude());
                Local t = cx.local("k", IrType.INT);
                cx.emit(new Stmt.Declare(line, t, Ir.convert(ip.expr(), IrType.INT)));
                index = new Expr.LocalRef(t);
            } else {
                cx.out.addAll(ip.prelude());
                index = Ir.convert(ip.expr(), IrType.INT);
            }
        }
        Expr current = new Expr.AttrRead(new Expr.Self(), ref, index);
        Expr v = op == null ? expressions.expr(value) : compound(current, op, value, where);
        cx.emit(new Stmt.AssignAttr(line, ref, index, assignable(v, ref.type(), where)));
    }

    /**
     * An agent's write of its own place's attribute: {@code =} (SET), {@code += -= ++ --} (SUM) or the
     * {@code a = Math.min(a, v)} / {@code Math.max} forms (MIN, MAX). Writes are applied when the step ends.
     */
    private void placeWrite(ExpressionTree target, MemberSelectTree ms, ExpressionTree indexTree, BinaryOp op,
            ExpressionTree value, Tree where) {
        int line = cx.line(where);
        String name = ms.getIdentifier().toString();
        Expr place = expressions.placeOrNull(ms.getExpression());
        boolean own = place instanceof Expr.AgentPlace
                || (place instanceof Expr.LocalRef l && cx.ownPlaceLocals.contains(l.local().id()));
        if (!own) {
            throw cx.reject(where, Messages.placeWriteNotOwn(name));
        }
        AttributeModel a = cx.placeModel.attribute(name);
        if (a == null) {
            throw cx.reject(where, Messages.stepFieldWrite(name));
        }
        if (a.isArray() != (indexTree != null)) {
            throw cx.reject(where, Messages.stepArray(a.isArray()
                    ? "array attribute " + name + " is written one element at a time: " + name + "[k] = ..."
                    : name + " is not an array"));
        }
        Combined c = combined(target, op, value);
        if (c == null) {
            throw cx.reject(where, Messages.placeWriteOp(name));
        }
        Combine kind = c.kind();
        Combine previous = cx.placeWriteOps.putIfAbsent(a.ordinal(), kind);
        if (previous != null && previous != kind) {
            throw cx.reject(where, Messages.placeWriteMixed(name));
        }
        AttributeRef ref = ExpressionTranslator.attributeRef(cx.placeRef(), a);
        Expr index = indexTree == null ? null : expressions.index(indexTree);
        cx.emit(new Stmt.PlaceWrite(line, ref, index, kind, assignable(combinedValue(c), ref.type(), where)));
    }

    /**
     * A write of another agent's scalar attribute, on the step's own place or a neighbouring one: {@code += -= ++ --}
     * (SUM) or the {@code b.a = Math.min(b.a, v)} / {@code Math.max} forms (MIN, MAX), combined and applied as the
     * step ends; floating-point sums from agent steps into the agents on their own place only.
     */
    private void agentWrite(ExpressionTree target, MemberSelectTree ms, ExpressionTree indexTree, BinaryOp op,
            ExpressionTree value, Tree where) {
        int line = cx.line(where);
        String name = ms.getIdentifier().toString();
        Local agent = expressions.agentLocal(ms.getExpression());
        boolean across = cx.nextDoorAgentLocals.contains(agent.id());
        if (!across && !cx.hereAgentLocals.contains(agent.id())) {
            throw cx.reject(where, Messages.agentWriteVariable(name));
        }
        if (indexTree != null) {
            throw cx.reject(where, Messages.agentWriteArray(name));
        }
        ModelRef agents = cx.agentLocals.get(agent.id());
        AttributeModel a = cx.slots.model(agents.slot()).attribute(name);
        if (a == null) {
            throw cx.reject(where, Messages.stepFieldWrite(name));
        }
        if (a.isArray()) {
            throw cx.reject(where, Messages.agentWriteArray(name));
        }
        Combined c = combined(target, op, value);
        if (c == null || c.kind() == Combine.SET) {
            throw cx.reject(where, Messages.agentWrite(name));
        }
        Combine kind = c.kind();
        AttributeRef ref = ExpressionTranslator.attributeRef(agents, a);
        IrType type = ref.type();
        // A floating-point sum depends on the order of its terms: it is allowed from a place step (the place is the
        // only writer of its agents) and into the agents on an agent's own place (the step then runs place by place,
        // StepIr.byPlace: one thread adds in the writers' id order), not into agents next door.
        boolean floating = type == IrType.FLOAT || type == IrType.DOUBLE;
        boolean writable = type == IrType.INT || type == IrType.LONG || floating && (kind != Combine.SUM
                || !cx.agentModel() || !across);
        if (!writable) {
            throw cx.reject(where, Messages.agentWriteType(name, type.toString().toLowerCase(Locale.ROOT),
                    kind == Combine.SUM));
        }
        Combine previous = cx.agentWriteOps.putIfAbsent(agents.slot() + ":" + a.ordinal(), kind);
        if (previous != null && previous != kind) {
            throw cx.reject(where, Messages.agentWriteMixed(name));
        }
        cx.emit(new Stmt.AgentWrite(line, agent, ref, kind, assignable(combinedValue(c), type, where), across));
    }

    /**
     * How a write of another instance's attribute combines: a plain {@code =} (SET), {@code += -= ++ --} (SUM, with
     * {@code value} null for {@code ++} and {@code --}, negated for {@code -=} and {@code --}) or the
     * {@code t = Math.min(t, v)} / {@code Math.max} forms (MIN, MAX, with {@code v} as the value).
     */
    private record Combined(Combine kind, ExpressionTree value, boolean negate) {
    }

    /** {@return how {@code target op= value} combines, or null for an operator that does not combine} */
    private static Combined combined(ExpressionTree target, BinaryOp op, ExpressionTree value) {
        if (op == BinaryOp.ADD || op == BinaryOp.SUB) {
            return new Combined(Combine.SUM, value, op == BinaryOp.SUB);
        }
        if (op != null) {
            return null;
        }
        if (value instanceof MethodInvocationTree mi && mi.getArguments().size() == 2) {
            String fn = mi.getMethodSelect() instanceof MemberSelectTree sel ? sel.getIdentifier().toString()
                    : mi.getMethodSelect() instanceof IdentifierTree id ? id.getName().toString() : "";
            String self = strip(target).toString();
            for (int i = 0; i < 2; i++) {
                if ((fn.equals("min") || fn.equals("max")) && strip(mi.getArguments().get(i)).toString().equals(self)) {
                    return new Combined(fn.equals("min") ? Combine.MIN : Combine.MAX, mi.getArguments().get(1 - i),
                            false);
                }
            }
        }
        return new Combined(Combine.SET, value, false);
    }

    /** The value a combined write adds or compares: 1 for {@code ++}, negated for {@code -=} and {@code --}. */
    private Expr combinedValue(Combined c) {
        Expr v = c.value() == null ? Ir.intConst(1) : expressions.expr(c.value());
        if (!c.negate()) {
            return v;
        }
        Expr p = Ir.convert(v, v.type().promoted());
        return p instanceof Expr.Const k ? Ir.negate(k) : new Expr.Unary(UnaryOp.NEG, p, p.type());
    }

    private static ExpressionTree strip(ExpressionTree t) {
        while (t instanceof ParenthesizedTree p) {
            t = p.getExpression();
        }
        return t;
    }

    private String writeOfField(String name, TypeElement owner) {
        if (owner != null) {
            for (VariableElement f : ElementFilter.fieldsIn(owner.getEnclosedElements())) {
                if (f.getSimpleName().contentEquals(name) && f.getModifiers().contains(Modifier.STATIC)) {
                    return Messages.stepStaticState(name);
                }
            }
        }
        return Messages.stepFieldWrite(name);
    }

    /** {@code current op value} (value null means 1), converted back to the target's type by the caller. */
    private Expr compound(Expr current, BinaryOp op, ExpressionTree value, Tree where) {
        ExpressionTranslator.Part cur = new ExpressionTranslator.Part(List.of(), current);
        ExpressionTranslator.Part val = value == null ? new ExpressionTranslator.Part(List.of(), Ir.intConst(1))
                : expressions.part(value);
        List<Expr> v = expressions.sequence(List.of(cur, val), where);
        Expr combined = expressions.combine(op, v.get(0), v.get(1), where);
        return Ir.convert(combined, current.type());
    }

    private Expr condition(ExpressionTree t) {
        Expr c = expressions.expr(t);
        if (c.type() != IrType.BOOLEAN) {
            throw cx.reject(t, Messages.unsupported("a non-boolean condition", "use a boolean"));
        }
        return c;
    }

    private void loop(int line, ExpressionTree cond, StatementTree body, List<ExpressionStatementTree> updates,
            boolean testFirst) {
        int id = cx.id();
        Expr[] c = new Expr[1];
        List<Stmt> prelude = cond == null ? List.of() : cx.collect(() -> c[0] = condition(cond));
        cx.loops.push(id);
        List<Stmt> b;
        try {
            b = nested(body);
        } finally {
            cx.loops.pop();
        }
        List<Stmt> update = cx.collect(() -> {
            for (ExpressionStatementTree u : updates) {
                try {
                    expressionStatement(u.getExpression());
                } catch (Rejected r) {
                    // reported
                }
            }
        });
        cx.emit(new Stmt.Loop(line, id, prelude, c[0], b, update, testFirst));
    }

    private void forLoop(ForLoopTree t) {
        int line = cx.line(t);
        Scope saved = cx.scope;
        cx.scope = new Scope(saved);
        try {
            List<Stmt> all = cx.collect(() -> {
                statements(t.getInitializer());
                CountingLoops.boundCounter(t, cx);
                loop(line, t.getCondition(), t.getStatement(), new ArrayList<>(t.getUpdate()), true);
            });
            cx.emit(new Stmt.Block(line, all));
        } finally {
            cx.scope = saved;
        }
    }

    /**
     * {@code for (Sheep s : agents(Sheep.class))} (and {@code agentsHere}, {@code agentsAt}) over the agents
     * on a place; otherwise {@code for (T v : attr)} over an array attribute or shared array, as an
     * indexed loop.
     */
    private void forEach(EnhancedForLoopTree t) {
        int line = cx.line(t);
        ExpressionTree arr = t.getExpression();
        if (arr instanceof MethodInvocationTree mi) {
            String fn = mi.getMethodSelect() instanceof IdentifierTree id ? id.getName().toString()
                    : mi.getMethodSelect() instanceof MemberSelectTree sel && TypeResolver.isThis(sel.getExpression())
                            ? sel.getIdentifier().toString() : "";
            IntrinsicMethod intrinsic = IntrinsicMethod.named(fn);
            if (intrinsic != null && intrinsic.form() == IntrinsicMethod.Form.AGENTS) {
                forAgents(t, mi, intrinsic, line);
                return;
            }
            if (intrinsic != null && intrinsic.form() == IntrinsicMethod.Form.NEIGHBORS && cx.onGraph()
                    && intrinsic.owner().admits(cx.agentModel())) {
                forNeighbors(t, intrinsic, line);
                return;
            }
        }
        Integer length = null;
        String name = null;
        Expr place = new Expr.Self();
        var ownerModel = cx.model;
        var owner = cx.selfRef();
        if (arr instanceof IdentifierTree id && cx.scope.lookup(id.getName().toString()) == null) {
            name = id.getName().toString();
        } else if (arr instanceof MemberSelectTree ms && TypeResolver.isThis(ms.getExpression())) {
            name = ms.getIdentifier().toString();
        } else if (arr instanceof MemberSelectTree ms) {
            ExpressionTranslator.Target target = expressions.targetOrNull(ms.getExpression());
            place = target == null ? null : target.ref();
            name = target == null ? null : ms.getIdentifier().toString();
            if (target != null) {
                ownerModel = target.model();
                owner = target.owner();
            }
        }
        AttributeModel a = name == null ? null : ownerModel.attribute(name);
        var s = name == null ? null : cx.model.sharedField(name);
        if (a != null && a.isArray()) {
            length = a.length();
        } else if (s != null && s.isArray() && place instanceof Expr.Self) {
            length = s.length();
        }
        if (length == null) {
            throw cx.reject(t, Messages.stepArray("for-each loops run only over array attributes and shared arrays"));
        }
        Expr source = place;
        int n = length;
        Scope saved = cx.scope;
        cx.scope = new Scope(saved);
        try {
            Local k = cx.local("k", IrType.INT);
            int id = cx.id();
            IrType elementType = a != null ? a.type() : s.type();
            IrType declared = localType(t.getVariable().getType(), t.getVariable());
            IrType varType = declared == null ? elementType : declared;
            Local v = cx.local(t.getVariable().getName().toString(), varType);
            Expr k0 = new Expr.LocalRef(k);
            Expr element = a != null ? new Expr.AttrRead(source, ExpressionTranslator.attributeRef(owner, a), k0)
                    : new Expr.SharedRead(ExpressionTranslator.sharedRef(s), k0);
            cx.scope.declare(t.getVariable().getName().toString(), v);
            cx.loops.push(id);
            List<Stmt> body;
            try {
                body = new ArrayList<>();
                body.add(new Stmt.Declare(line, v, assignable(element, varType, t)));
                body.addAll(nested(t.getStatement()));
            } finally {
                cx.loops.pop();
            }
            Expr cond = new Expr.Binary(BinaryOp.LT, k0, Ir.intConst(n), IrType.BOOLEAN);
            Stmt update = new Stmt.AssignLocal(line, k,
                    new Expr.Binary(BinaryOp.ADD, k0, Ir.intConst(1), IrType.INT));
            cx.emit(new Stmt.Block(line, List.of(new Stmt.Declare(line, k, Ir.intConst(0)),
                    new Stmt.Loop(line, id, List.of(), cond, body, List.of(update), true))));
        } finally {
            cx.scope = saved;
        }
    }

    private void forAgents(EnhancedForLoopTree t, MethodInvocationTree mi, IntrinsicMethod intrinsic, int line) {
        String call = intrinsic.spelling() + "(...)";
        if (!intrinsic.owner().admits(cx.agentModel())) {
            throw cx.reject(mi, cx.agentModel() ? Messages.placeOnly(call) : Messages.agentOnly(call));
        }
        List<? extends ExpressionTree> args = mi.getArguments();
        Intrinsics intrinsics = new Intrinsics(cx, expressions);
        int slot = intrinsics.agentSlot(args.isEmpty() ? null : args.get(0), call, mi);
        Expr place = intrinsics.agentsPlace(intrinsic, args, mi);
        Scope saved = cx.scope;
        cx.scope = new Scope(saved);
        try {
            IrType declared = localType(t.getVariable().getType(), t.getVariable());
            if (declared != null && declared != IrType.AGENT) {
                throw cx.reject(t.getVariable(), Messages.agentClass(call,
                        cx.placeModel.element().getSimpleName().toString()));
            }
            Local agent = cx.local(t.getVariable().getName().toString(), IrType.AGENT);
            cx.agentLocals.put(agent.id(), cx.slots.ref(slot));
            if (place instanceof Expr.AgentPlace || place instanceof Expr.Self) {
                cx.hereAgentLocals.add(agent.id());
            } else {
                cx.nextDoorAgentLocals.add(agent.id());
            }
            cx.scope.declare(t.getVariable().getName().toString(), agent);
            int id = cx.id();
            cx.loops.push(id);
            List<Stmt> body;
            try {
                body = nested(t.getStatement());
            } finally {
                cx.loops.pop();
            }
            cx.emit(new Stmt.ForAgents(line, id, agent, place, cx.slots.ref(slot), body));
        } finally {
            cx.scope = saved;
        }
    }

    /** {@code for (V n : neighbors())} (or {@code inNeighbors()}) over the edges of the vertex's row. */
    private void forNeighbors(EnhancedForLoopTree t, IntrinsicMethod intrinsic, int line) {
        String name = t.getVariable().getName().toString();
        if (Reassignments.of(t.getStatement()).contains(name)) {
            throw cx.reject(t.getVariable(), Messages.neighborsVariable(name));
        }
        Scope saved = cx.scope;
        cx.scope = new Scope(saved);
        try {
            Local vertex = cx.local(name, IrType.PLACE);
            Local edge = cx.local("edge", IrType.INT);
            cx.neighborEdges.put(vertex.id(), edge);
            if (intrinsic == IntrinsicMethod.IN_NEIGHBORS) {
                cx.incomingEdges.add(edge.id());
            }
            cx.scope.declare(name, vertex);
            int id = cx.id();
            cx.loops.push(id);
            List<Stmt> body;
            try {
                body = nested(t.getStatement());
            } finally {
                cx.loops.pop();
            }
            cx.emit(new Stmt.ForNeighbors(line, id, vertex, edge, intrinsic == IntrinsicMethod.IN_NEIGHBORS, body));
        } finally {
            cx.scope = saved;
        }
    }

    private void ret(ReturnTree t) {
        int line = cx.line(t);
        StepContext.Frame f = cx.frame();
        if (t.getExpression() != null) {
            Expr v = expressions.expr(t.getExpression());
            if (f.result() == null) {
                throw cx.reject(t, Messages.unsupported("returning a value from a void method", "remove the value"));
            }
            cx.emit(new Stmt.AssignLocal(line, f.result(), assignable(v, f.result().type(), t)));
        }
        cx.emit(new Stmt.Exit(line, f.label()));
    }
}
