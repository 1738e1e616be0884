package org.colony.processor.translate;

import com.sun.source.tree.ExpressionTree;
import com.sun.source.tree.IdentifierTree;
import com.sun.source.tree.MemberSelectTree;
import com.sun.source.tree.MethodInvocationTree;
import com.sun.source.tree.ParenthesizedTree;
import com.sun.source.tree.Tree;
import java.util.Locale;
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

/**
 * Writes of another instance's attributes, which combine as the step ends: an agent's write of its own place's
 * attribute ({@link Stmt.PlaceWrite}) and a write of another agent's attribute ({@link Stmt.AgentWrite}), each a
 * plain {@code =}, a sum ({@code += -= ++ --}) or a {@code Math.min} / {@code Math.max} form.
 */
final class CombinedWrites {

    private final StepContext cx;
    private final ExpressionTranslator expressions;

    CombinedWrites(StepContext cx, ExpressionTranslator expressions) {
        this.cx = cx;
        this.expressions = expressions;
    }

    /**
     * An agent's write of its own place's attribute: {@code =} (SET), {@code += -= ++ --} (SUM) or the
     * {@code a = Math.min(a, v)} / {@code Math.max} forms (MIN, MAX). Writes are applied when the step ends.
     */
    void placeWrite(ExpressionTree target, MemberSelectTree ms, ExpressionTree indexTree, BinaryOp op,
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
        cx.emit(new Stmt.PlaceWrite(line, ref, index, kind, expressions.assignable(combinedValue(c), ref.type(), where)));
    }

    /**
     * A write of another agent's scalar attribute, on the step's own place or a neighbouring one: {@code += -= ++ --}
     * (SUM) or the {@code b.a = Math.min(b.a, v)} / {@code Math.max} forms (MIN, MAX), combined and applied as the
     * step ends; floating-point sums from agent steps into the agents on their own place only.
     */
    void agentWrite(ExpressionTree target, MemberSelectTree ms, ExpressionTree indexTree, BinaryOp op,
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
        cx.emit(new Stmt.AgentWrite(line, agent, ref, kind, expressions.assignable(combinedValue(c), type, where), across));
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
}
