package org.colony.processor.translate;

import com.sun.source.tree.ExpressionTree;
import com.sun.source.tree.MethodInvocationTree;
import com.sun.source.tree.Tree;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Set;
import org.colony.processor.Messages;
import org.colony.processor.ir.Expr;
import org.colony.processor.ir.Ir;
import org.colony.processor.ir.IrType;
import org.colony.processor.ir.Local;
import org.colony.processor.ir.Stmt;
import org.colony.processor.model.MethodModel;

/**
 * Inlines calls of the model's own methods: the arguments become locals of the callee, its body is translated
 * in place as a labelled block, and {@code return} leaves that block (with the result in a local).
 */
final class Inliner {

    private final StepContext cx;
    private final ExpressionTranslator expressions;

    Inliner(StepContext cx, ExpressionTranslator expressions) {
        this.cx = cx;
        this.expressions = expressions;
    }

    /** Translates a call of the model method {@code name}; returns its result, or null for void. */
    Expr call(String name, MethodInvocationTree t) {
        List<MethodModel> methods = cx.model.methods(name);
        if (methods.size() != 1) {
            throw cx.reject(t, Messages.modelOverload(name));
        }
        MethodModel method = methods.get(0);
        if (method.tree() == null) {
            throw cx.reject(t, Messages.stepNoBody(name));
        }
        if (method.returnType() == null) {
            throw cx.reject(t, Messages.helperReturn(name, method.element().getReturnType().toString()));
        }
        for (MethodModel.ParamModel p : method.params()) {
            if (p.type() == null) {
                throw cx.reject(t, Messages.stepParameter(p.name(), name, p.declared()));
            }
        }
        for (StepContext.Frame f : cx.frames) {
            if (f.method().element().equals(method.element())) {
                throw cx.reject(t, Messages.stepRecursion(name));
            }
        }
        if (t.getArguments().size() != method.params().size()) {
            throw cx.reject(t, Messages.stepCall(name + "(...) with " + t.getArguments().size() + " arguments"));
        }
        List<ExpressionTranslator.Part> parts = new ArrayList<>();
        for (ExpressionTree a : t.getArguments()) {
            parts.add(expressions.part(a));
        }
        List<Expr> args = expressions.sequence(parts, t);
        return inline(method, args, t);
    }

    /** Inlines a model method with already evaluated arguments; returns its result, or null for void. */
    private Expr inline(MethodModel method, List<Expr> args, Tree where) {
        int line = cx.line(where);
        Set<String> reassigned = Reassignments.of(method.tree());
        Scope calleeScope = new Scope(null);
        for (int i = 0; i < args.size(); i++) {
            MethodModel.ParamModel p = method.params().get(i);
            if (!Types.widens(args.get(i).type(), p.type())) {
                throw cx.reject(where, Messages.stepCall(method.name() + "(...) with an argument of type "
                        + args.get(i).type().name().toLowerCase() + " for " + p.name()));
            }
            Local param = cx.local(p.name(), p.type());
            Expr value = Ir.convert(args.get(i), p.type());
            cx.emit(new Stmt.Declare(line, param, value));
            long bound = cx.bound(value);
            if (bound >= 0 && !reassigned.contains(p.name())) {
                cx.bounds.put(param.id(), bound);
            }
            calleeScope.declare(p.name(), param);
        }
        Local result = null;
        if (method.returnType() != IrType.VOID) {
            result = cx.local(method.name(), method.returnType());
            cx.emit(new Stmt.Declare(line, result, null));
        }
        int label = cx.id();
        StepContext.Frame frame = new StepContext.Frame(method, result, label, reassigned);
        Scope savedScope = cx.scope;
        Deque<Integer> savedLoops = cx.loops;
        cx.scope = calleeScope;
        cx.loops = new ArrayDeque<>();
        cx.frames.push(frame);
        try {
            List<Stmt> body = cx.collect(() -> new StatementTranslator(cx)
                    .statements(method.tree().getBody().getStatements()));
            cx.emit(new Stmt.Labeled(line, label, body));
        } finally {
            cx.frames.pop();
            cx.scope = savedScope;
            cx.loops = savedLoops;
        }
        return result == null ? null : new Expr.LocalRef(result);
    }
}
