package org.colony.processor.translate;

import com.sun.source.tree.ExpressionTree;
import com.sun.source.tree.IdentifierTree;
import com.sun.source.tree.MemberSelectTree;
import com.sun.source.tree.MethodInvocationTree;
import java.util.List;
import javax.lang.model.element.TypeElement;
import org.colony.processor.Messages;
import org.colony.processor.ir.Expr;
import org.colony.processor.ir.IntrinsicOp;
import org.colony.processor.ir.Ir;
import org.colony.processor.ir.IrType;
import org.colony.processor.ir.Local;
import org.colony.processor.ir.Stmt;
import org.colony.processor.model.IntrinsicMethod;

/**
 * Translates method invocations in steps by what they call: Place and Agent intrinsics ({@link Intrinsics}),
 * model methods, which are inlined ({@link Inliner}), and library functions ({@link MathCalls}); anything else
 * is rejected.
 */
final class Calls {

    private final StepContext cx;
    private final ExpressionTranslator expressions;
    private final Intrinsics intrinsics;
    private final Inliner inliner;
    private final MathCalls math;

    Calls(StepContext cx, ExpressionTranslator expressions) {
        this.cx = cx;
        this.expressions = expressions;
        this.intrinsics = new Intrinsics(cx, expressions);
        this.inliner = new Inliner(cx, expressions);
        this.math = new MathCalls(cx, expressions);
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
        if (agent != null && IntrinsicMethod.named(name) == IntrinsicMethod.ID && t.getArguments().isEmpty()) {
            int slot = cx.agentLocals.get(agent.id()).slot();
            return new Expr.Intrinsic(IntrinsicOp.ID, List.of(new Expr.LocalRef(agent), Ir.intConst(slot)),
                    IrType.LONG);
        }
        if (agent != null && IntrinsicMethod.named(name) == IntrinsicMethod.KILL && t.getArguments().isEmpty()) {
            boolean across = cx.nextDoorAgentLocals.contains(agent.id());
            if (!across && !cx.hereAgentLocals.contains(agent.id())) {
                throw cx.reject(t, Messages.agentWriteVariable("kill()"));
            }
            cx.emit(new Stmt.AgentKill(cx.line(t), agent, cx.agentLocals.get(agent.id()), across));
            return null;
        }
        if (cx.onGraph() && t.getArguments().isEmpty() && q instanceof IdentifierTree qi
                && cx.scope.lookup(qi.getName().toString()) instanceof Local v && v.type() == IrType.PLACE) {
            IntrinsicOp op = switch (name) {
                case "degree" -> IntrinsicOp.DEGREE;
                case "inDegree" -> IntrinsicOp.IN_DEGREE;
                case "index" -> IntrinsicOp.INDEX;
                default -> null;
            };
            if (op != null) {
                return new Expr.Intrinsic(op, List.of(new Expr.LocalRef(v)),
                        op == IntrinsicOp.INDEX ? IrType.LONG : IrType.INT);
            }
        }
        if (q instanceof IdentifierTree qi && cx.scope.lookup(qi.getName().toString()) != null
                || expressions.placeOrNull(q) != null) {
            throw cx.reject(t, Messages.neighborMethodCall(name + "(...)"));
        }
        TypeElement owner = cx.types.resolve(q);
        if (owner != null && owner.equals(cx.model.element())) {
            return inliner.call(name, t);
        }
        if (MathCalls.isLibrary(owner)) {
            return math.call(owner.getSimpleName().toString(), name, t);
        }
        throw cx.reject(t, Messages.stepCall(q + "." + name + "(...)"));
    }

    private Expr unqualified(String name, MethodInvocationTree t) {
        IntrinsicMethod intrinsic = IntrinsicMethod.named(name);
        if (intrinsic != null && intrinsic.graphOnly() && !cx.onGraph() && !cx.model.methods(name).isEmpty()) {
            intrinsic = null; // a grid model's own method of that name
        }
        if (intrinsic != null) {
            return intrinsics.call(intrinsic, t);
        }
        if (!cx.model.methods(name).isEmpty()) {
            return inliner.call(name, t);
        }
        TypeElement owner = cx.types.staticMethodOwner(name);
        if (MathCalls.isLibrary(owner)) {
            return math.call(owner.getSimpleName().toString(), name, t);
        }
        throw cx.reject(t, Messages.stepCall(name + "(...)"));
    }
}
