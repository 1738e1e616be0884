package org.colony.processor.translate;

import com.sun.source.tree.ExpressionTree;
import com.sun.source.tree.MethodInvocationTree;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import javax.lang.model.element.TypeElement;
import org.colony.processor.Messages;
import org.colony.processor.ir.Expr;
import org.colony.processor.ir.Ir;
import org.colony.processor.ir.IrType;
import org.colony.processor.ir.MathFunction;

/**
 * Translates calls of library functions ({@code Math}, {@code StrictMath} and the numeric wrapper classes) into
 * {@link MathFunction}s, choosing the overload Java would (identity or primitive widening of every argument).
 */
final class MathCalls {

    private static final Set<String> LIBRARY_OWNERS = Set.of("java.lang.Math", "java.lang.StrictMath",
            "java.lang.Double", "java.lang.Float", "java.lang.Integer", "java.lang.Long");

    private final StepContext cx;
    private final ExpressionTranslator expressions;

    MathCalls(StepContext cx, ExpressionTranslator expressions) {
        this.cx = cx;
        this.expressions = expressions;
    }

    /** Whether {@code owner} (null: none) is a class whose static functions steps may call. */
    static boolean isLibrary(TypeElement owner) {
        return owner != null && LIBRARY_OWNERS.contains(owner.getQualifiedName().toString());
    }

    /** Translates {@code owner.name(...)}, with {@code owner} the simple name of a library class. */
    Expr call(String owner, String name, MethodInvocationTree t) {
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
            if (!Types.widens(args.get(i).type(), params.get(i))) {
                return false;
            }
        }
        return true;
    }
}
