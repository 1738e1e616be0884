package org.colony.processor.translate;

import com.sun.source.tree.ExpressionTree;
import com.sun.source.tree.IdentifierTree;
import com.sun.source.tree.MemberSelectTree;
import com.sun.source.tree.MethodInvocationTree;
import com.sun.source.tree.ParenthesizedTree;
import com.sun.source.tree.Tree;
import com.sun.source.tree.VariableTree;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import javax.lang.model.element.Modifier;
import javax.lang.model.element.TypeElement;
import org.colony.processor.Messages;
import org.colony.processor.ir.Expr;
import org.colony.processor.ir.IntrinsicOp;
import org.colony.processor.ir.Ir;
import org.colony.processor.ir.IrType;
import org.colony.processor.ir.Local;
import org.colony.processor.model.AttributeModel;
import org.colony.processor.model.ModelClass;
import org.colony.processor.model.ModelReader;

/**
 * The edge locals of a step ({@code Road r = edge(n);} in a neighbours loop): each is a name for the loop's edge,
 * not a value of the IR; reading {@code r.length} becomes an {@link IntrinsicOp#EDGE_ATTRIBUTE} of the loop's edge
 * local. Edge locals are read field by field only, and never written.
 */
final class EdgeViews {

    /**
     * An edge local: the loop's edge (null until its declaration is accepted), whether the loop walks incoming edges,
     * the edge class (null where the declaration named none: every use of the local is then abandoned silently).
     */
    private record View(Local edge, boolean incoming, ModelClass edgeClass) {
    }

    private final StepContext cx;
    private final Map<Integer, View> views = new HashMap<>();

    EdgeViews(StepContext cx) {
        this.cx = cx;
    }

    /** Declares {@code t} if it is an edge local (its type an edge class, or its value {@code edge(...)}). */
    boolean declare(VariableTree t) {
        ExpressionTree init = t.getInitializer();
        MethodInvocationTree call = init == null ? null : edgeCall(init);
        TypeElement type = t.getType() instanceof IdentifierTree || t.getType() instanceof MemberSelectTree
                ? cx.types.resolve((ExpressionTree) t.getType()) : null;
        boolean edgeType = type != null && ModelReader.isEdgeClass(type);
        if (call == null && !edgeType) {
            return false;
        }
        String name = t.getName().toString();
        Local local = cx.local(name, IrType.INT);
        cx.scope.declare(name, local);
        // until the declaration is accepted, the local reads as zeros, or is not read at all where its class is not
        // known: a rejected one adds no errors of its own
        if (!edgeType || type.getModifiers().contains(Modifier.ABSTRACT)) {
            views.put(local.id(), new View(null, false, null));
            throw cx.reject(t, Messages.edgeLocalType(t.getType() == null ? "var" : t.getType().toString()));
        }
        ModelClass edgeClass = cx.edgeClasses.read(type);
        views.put(local.id(), new View(null, false, edgeClass));
        if (call == null) {
            throw cx.reject(t, Messages.edgeViewInit(name));
        }
        Local edge = loopEdge(call.getArguments().get(0));
        cx.edgeClasses.use(type, t.getType(), cx);
        views.put(local.id(), new View(edge, cx.incomingEdges.contains(edge.id()), edgeClass));
        return true;
    }

    /** {@return the edge local of the neighbours loop whose variable {@code arg} is; anything else is rejected} */
    Local loopEdge(ExpressionTree arg) {
        Local edge = arg instanceof IdentifierTree id && cx.scope.lookup(id.getName().toString())
                instanceof Local v ? cx.neighborEdges.get(v.id()) : null;
        if (edge == null) {
            throw cx.reject(arg, Messages.edgeArgument(arg.toString()));
        }
        return edge;
    }

    /** {@return whether {@code local} is an edge local} */
    boolean isView(Local local) {
        return views.containsKey(local.id());
    }

    /**
     * {@return the rejection of a use of the edge local {@code local} as a value: silent where its declaration was
     * rejected for its type}
     */
    Rejected refuseUse(Tree t, Local local, String name) {
        return views.get(local.id()).edgeClass() == null ? new Rejected() : cx.reject(t, Messages.edgeViewUse(name));
    }

    /** {@return the value of {@code r.field} where {@code r} is an edge local, or null where it is not one} */
    Expr read(MemberSelectTree t) {
        View view = view(t.getExpression());
        if (view == null) {
            return null;
        }
        if (view.edgeClass() == null) {
            throw new Rejected();
        }
        String field = t.getIdentifier().toString();
        AttributeModel a = view.edgeClass().attribute(field);
        if (a == null || a.isArray() || a.type() == null) {
            throw cx.reject(t, Messages.edgeField(field, view.edgeClass().element().getSimpleName().toString()));
        }
        if (view.edge() == null) {
            return a.type() == IrType.BOOLEAN ? new Expr.Const(IrType.BOOLEAN, false)
                    : Ir.convert(Ir.intConst(0), a.type());
        }
        return new Expr.Intrinsic(IntrinsicOp.EDGE_ATTRIBUTE, List.of(new Expr.LocalRef(view.edge()),
                new Expr.Const(IrType.BOOLEAN, view.incoming()), Ir.intConst(a.ordinal())), a.type());
    }

    /** Rejects an assignment to an edge local or to one of its fields (silently where its declaration was). */
    void refuseWrite(ExpressionTree target, Tree where) {
        ExpressionTree t = unparenthesized(target);
        View local = view(t);
        View owner = t instanceof MemberSelectTree ms ? view(ms.getExpression()) : null;
        if (local != null && local.edgeClass() == null || owner != null && owner.edgeClass() == null) {
            throw new Rejected();
        }
        if (local != null) {
            throw cx.reject(where, Messages.edgeViewReassigned(t.toString()));
        }
        if (owner != null) {
            throw cx.reject(where, Messages.edgeWrite(t.toString()));
        }
    }

    /** {@return the view {@code q} names, in parentheses or not, or null} */
    private View view(ExpressionTree q) {
        return unparenthesized(q) instanceof IdentifierTree id
                && cx.scope.lookup(id.getName().toString()) instanceof Local l ? views.get(l.id()) : null;
    }

    private static ExpressionTree unparenthesized(ExpressionTree t) {
        while (t instanceof ParenthesizedTree p) {
            t = p.getExpression();
        }
        return t;
    }

    /** {@return {@code t} as a call of {@code edge(...)} or {@code this.edge(...)}, or null} */
    private static MethodInvocationTree edgeCall(ExpressionTree tree) {
        ExpressionTree t = unparenthesized(tree);
        if (t instanceof MethodInvocationTree mi && mi.getArguments().size() == 1) {
            ExpressionTree select = mi.getMethodSelect();
            if (select instanceof IdentifierTree id && id.getName().contentEquals("edge")
                    || select instanceof MemberSelectTree ms && ms.getIdentifier().contentEquals("edge")
                    && TypeResolver.isThis(ms.getExpression())) {
                return mi;
            }
        }
        return null;
    }
}
