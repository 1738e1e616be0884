package org.colony.processor.translate;

import com.sun.source.tree.BinaryTree;
import com.sun.source.tree.CompoundAssignmentTree;
import com.sun.source.tree.ExpressionTree;
import com.sun.source.tree.ForLoopTree;
import com.sun.source.tree.IdentifierTree;
import com.sun.source.tree.LiteralTree;
import com.sun.source.tree.ParenthesizedTree;
import com.sun.source.tree.Tree;
import com.sun.source.tree.UnaryTree;
import com.sun.source.tree.VariableTree;
import org.colony.processor.ir.IrType;
import org.colony.processor.ir.Local;

/** The bounds of counting loops' counters, which prove neighbour offsets within a step's reach. */
final class CountingLoops {

    private CountingLoops() {
    }

    /**
     * Bounds the counter of a counting loop between two int literals, {@code for (int d = -4; d <= 4; d++)}, that its
     * body never assigns: its value in the body lies between them, so a neighbour offset it gives is proven within
     * them and needs no check against the step's reach at run time (the check costs a scan of 81 cells dearly). A
     * bound past the step's declared reach is not taken: such offsets keep their run-time check.
     */
    static void boundCounter(ForLoopTree t, StepContext cx) {
        if (t.getInitializer().size() != 1 || !(t.getInitializer().get(0) instanceof VariableTree v)
                || v.getInitializer() == null || t.getUpdate().size() != 1
                || !(t.getCondition() instanceof BinaryTree cond)
                || !(cond.getLeftOperand() instanceof IdentifierTree counter)
                || !counter.getName().contentEquals(v.getName())) {
            return;
        }
        Long from = intLiteral(v.getInitializer());
        Long to = intLiteral(cond.getRightOperand());
        ExpressionTree update = t.getUpdate().get(0).getExpression();
        boolean up = switch (cond.getKind()) {
            case LESS_THAN, LESS_THAN_EQUAL -> true;
            case GREATER_THAN, GREATER_THAN_EQUAL -> false;
            default -> {
                from = null;
                yield false;
            }
        };
        String name = v.getName().toString();
        if (from == null || to == null || !step(update, name, up)
                || Reassignments.of(t.getStatement()).contains(name)) {
            return;
        }
        long bound = Math.max(Math.abs(from), Math.abs(to));
        if (cx.step.declaredReach() > 0 && bound > cx.step.declaredReach()) {
            return; // offsets past the declared reach are checked at run time, as before (a step may skip them)
        }
        Local local = cx.scope.lookup(name);
        if (local != null && local.type() == IrType.INT) {
            cx.bounds.put(local.id(), bound);
        }
    }

    /** {@code name++}, {@code ++name} or {@code name += 1} (up), or their decrements (down). */
    private static boolean step(ExpressionTree update, String name, boolean up) {
        if (update instanceof UnaryTree u && u.getExpression() instanceof IdentifierTree id
                && id.getName().contentEquals(name)) {
            return up ? u.getKind() == Tree.Kind.POSTFIX_INCREMENT || u.getKind() == Tree.Kind.PREFIX_INCREMENT
                    : u.getKind() == Tree.Kind.POSTFIX_DECREMENT || u.getKind() == Tree.Kind.PREFIX_DECREMENT;
        }
        if (update instanceof CompoundAssignmentTree c && c.getVariable() instanceof IdentifierTree id
                && id.getName().contentEquals(name)) {
            Long by = intLiteral(c.getExpression());
            return by != null && by == 1 && c.getKind() == (up ? Tree.Kind.PLUS_ASSIGNMENT : Tree.Kind.MINUS_ASSIGNMENT);
        }
        return false;
    }

    /** The value of an int literal, negated or parenthesised, or null. */
    private static Long intLiteral(ExpressionTree e) {
        return switch (e) {
            case LiteralTree l when l.getValue() instanceof Integer i -> (long) i;
            case ParenthesizedTree p -> intLiteral(p.getExpression());
            case UnaryTree u when u.getKind() == Tree.Kind.UNARY_MINUS -> {
                Long v = intLiteral(u.getExpression());
                yield v == null ? null : -v;
            }
            default -> null;
        };
    }

}
