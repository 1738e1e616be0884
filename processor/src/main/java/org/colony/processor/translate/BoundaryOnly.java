package org.colony.processor.translate;

import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.colony.processor.ir.BinaryOp;
import org.colony.processor.ir.Expr;
import org.colony.processor.ir.IntrinsicOp;
import org.colony.processor.ir.IrType;
import org.colony.processor.ir.Stmt;
import org.colony.processor.ir.UnaryOp;

/**
 * Decides whether a place step does nothing on places off the grid's boundary: with {@code onBoundary()}
 * false, no write of an attribute (nor any place write or agent action) can be reached. Such a step (a
 * boundary condition, such as copying the edges of a plate from the ring inside them) need not visit the
 * interior at all, and its buffered attributes change on boundary places only. Conditions are folded with
 * {@code onBoundary()} false through {@code !}, {@code &&}, {@code ||}, {@code &} and {@code |}; anything else
 * counts as possibly true, and loops as possibly running, so the answer errs towards "no".
 */
final class BoundaryOnly {

    private enum Value { TRUE, FALSE, UNKNOWN }

    /** Whether an effect is reachable, and which labels an {@link Stmt.Exit} reachable so far leaves. */
    private boolean effect;
    private final Set<Integer> exited = new HashSet<>();

    private BoundaryOnly() {
    }

    /** Whether {@code body} has no reachable effect when {@code onBoundary()} is false. */
    static boolean holds(List<Stmt> body) {
        BoundaryOnly b = new BoundaryOnly();
        b.block(body);
        return !b.effect;
    }

    /** Walks reachable statements; returns whether the block can complete normally. */
    private boolean block(List<Stmt> body) {
        for (Stmt s : body) {
            if (!statement(s)) {
                return false;
            }
        }
        return true;
    }

    private boolean statement(Stmt s) {
        switch (s) {
            case Stmt.AssignAttr a -> effect = true;
            case Stmt.PlaceWrite w -> effect = true;
            case Stmt.AgentWrite w -> effect = true;
            case Stmt.AgentKill k -> effect = true;
            case Stmt.Create c -> effect = true;
            case Stmt.Intent a -> effect = true;
            case Stmt.ForAgents f -> {
                effect = true;
                block(f.body());
            }
            case Stmt.ForNeighbors f -> block(f.body());
            case Stmt.If i -> {
                Value c = fold(i.cond());
                boolean then = c != Value.FALSE && block(i.then());
                boolean otherwise = c != Value.TRUE && block(i.otherwise());
                return then || otherwise;
            }
            case Stmt.Labeled l -> {
                boolean normal = block(l.body());
                return normal || exited.contains(l.id());
            }
            case Stmt.Exit e -> {
                exited.add(e.labelId());
                return false;
            }
            case Stmt.Loop l -> {
                block(l.condPrelude());
                block(l.body());
                block(l.update());
            }
            case Stmt.Block b -> {
                return block(b.body());
            }
            case Stmt.Break b -> {
                // the loop it leaves completes normally (loops are taken to), so nothing more to note
            }
            case Stmt.Continue c -> {
            }
            case Stmt.Declare d -> {
            }
            case Stmt.AssignLocal a -> {
            }
            case Stmt.RandomDraw r -> {
            }
        }
        return true;
    }

    /** The value of a boolean condition on a place off the boundary, where it is known. */
    private static Value fold(Expr e) {
        return switch (e) {
            case Expr.Intrinsic i when i.op() == IntrinsicOp.ON_BOUNDARY -> Value.FALSE;
            case Expr.Const c when c.value() instanceof Boolean b -> b ? Value.TRUE : Value.FALSE;
            case Expr.Unary u when u.op() == UnaryOp.NOT -> switch (fold(u.operand())) {
                case TRUE -> Value.FALSE;
                case FALSE -> Value.TRUE;
                case UNKNOWN -> Value.UNKNOWN;
            };
            case Expr.Binary b when b.op() == BinaryOp.COND_AND || b.op() == BinaryOp.AND && isBoolean(b) -> {
                Value l = fold(b.left());
                Value r = fold(b.right());
                yield l == Value.FALSE || r == Value.FALSE ? Value.FALSE
                        : l == Value.TRUE && r == Value.TRUE ? Value.TRUE : Value.UNKNOWN;
            }
            case Expr.Binary b when b.op() == BinaryOp.COND_OR || b.op() == BinaryOp.OR && isBoolean(b) -> {
                Value l = fold(b.left());
                Value r = fold(b.right());
                yield l == Value.TRUE || r == Value.TRUE ? Value.TRUE
                        : l == Value.FALSE && r == Value.FALSE ? Value.FALSE : Value.UNKNOWN;
            }
            default -> Value.UNKNOWN;
        };
    }

    private static boolean isBoolean(Expr.Binary b) {
        return b.type() == IrType.BOOLEAN;
    }
}
