package org.colony.processor.ir;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import java.util.function.Predicate;

/** Walks and builds IR trees: children of a node, deep searches, constant folding of conversions. */
public final class Ir {

    private Ir() {
    }

    /** The direct sub-expressions of an expression. */
    public static List<Expr> children(Expr e) {
        return switch (e) {
            case Expr.Const c -> List.of();
            case Expr.LocalRef l -> List.of();
            case Expr.Self s -> List.of();
            case Expr.AgentPlace p -> List.of();
            case Expr.Neighbor n -> n.offsets();
            case Expr.AttrRead a -> a.element() == null ? List.of(a.place()) : List.of(a.place(), a.element());
            case Expr.SharedRead s -> s.element() == null ? List.of() : List.of(s.element());
            case Expr.Unary u -> List.of(u.operand());
            case Expr.Binary b -> List.of(b.left(), b.right());
            case Expr.Convert c -> List.of(c.operand());
            case Expr.Conditional c -> List.of(c.cond(), c.then(), c.otherwise());
            case Expr.Intrinsic i -> i.args();
            case Expr.MathCall m -> m.args();
        };
    }

    /** Whether {@code e} or any sub-expression satisfies {@code p}. */
    public static boolean any(Expr e, Predicate<Expr> p) {
        if (p.test(e)) {
            return true;
        }
        for (Expr c : children(e)) {
            if (any(c, p)) {
                return true;
            }
        }
        return false;
    }

    /** Visits {@code e} and every sub-expression, parents first. */
    public static void forEach(Expr e, Consumer<Expr> visitor) {
        visitor.accept(e);
        for (Expr c : children(e)) {
            forEach(c, visitor);
        }
    }

    /** The expressions a statement holds directly (not those of nested statements). */
    public static List<Expr> expressions(Stmt s) {
        List<Expr> r = new ArrayList<>();
        switch (s) {
            case Stmt.Declare d -> {
                if (d.init() != null) {
                    r.add(d.init());
                }
            }
            case Stmt.AssignLocal a -> r.add(a.value());
            case Stmt.AssignAttr a -> {
                if (a.element() != null) {
                    r.add(a.element());
                }
                r.add(a.value());
            }
            case Stmt.RandomDraw d -> {
                if (d.bound() != null) {
                    r.add(d.bound());
                }
            }
            case Stmt.If i -> r.add(i.cond());
            case Stmt.Loop l -> {
                if (l.cond() != null) {
                    r.add(l.cond());
                }
            }
            case Stmt.ForAgents f -> r.add(f.place());
            case Stmt.PlaceWrite w -> {
                if (w.element() != null) {
                    r.add(w.element());
                }
                r.add(w.value());
            }
            case Stmt.Intent a -> r.addAll(a.args());
            case Stmt.AgentWrite w -> r.add(w.value());
            case Stmt.Create c -> r.add(c.count());
            default -> {
            }
        }
        return r;
    }

    /** The statement lists nested directly in a statement. */
    public static List<List<Stmt>> nested(Stmt s) {
        return switch (s) {
            case Stmt.If i -> List.of(i.then(), i.otherwise());
            case Stmt.Loop l -> List.of(l.condPrelude(), l.body(), l.update());
            case Stmt.Labeled l -> List.of(l.body());
            case Stmt.ForAgents f -> List.of(f.body());
            case Stmt.ForNeighbors f -> List.of(f.body());
            case Stmt.Block b -> List.of(b.body());
            default -> List.of();
        };
    }

    /** Visits every statement of {@code body}, nested ones included, parents first. */
    public static void forEachStmt(List<Stmt> body, Consumer<Stmt> visitor) {
        for (Stmt s : body) {
            visitor.accept(s);
            for (List<Stmt> n : nested(s)) {
                forEachStmt(n, visitor);
            }
        }
    }

    /** Visits every expression (and sub-expression) anywhere in {@code body}. */
    public static void forEachExpr(List<Stmt> body, Consumer<Expr> visitor) {
        forEachStmt(body, s -> {
            for (Expr e : expressions(s)) {
                forEach(e, visitor);
            }
        });
    }

    /**
     * {@return the global index of the place a place kernel runs on, which keys its random draws: its linear grid
     * index, or on a graph its vertex's id (whichever partition holds it)}
     *
     * @param model the place model
     */
    public static Expr selfIndex(ModelIr model) {
        return new Expr.Intrinsic(IntrinsicOp.INDEX, model.graph() ? List.of(new Expr.Self()) : List.of(),
                IrType.LONG);
    }

    /** An int constant. */
    public static Expr.Const intConst(int v) {
        return new Expr.Const(IrType.INT, v);
    }

    /** Whether {@code e} is a constant. */
    public static boolean isConst(Expr e) {
        return e instanceof Expr.Const;
    }

    /** Whether a constant's value is the number {@code expected}, of whatever numeric type. */
    public static boolean isNumber(Object value, int expected) {
        return value instanceof Number n && n.doubleValue() == expected && n.longValue() == expected;
    }

    /**
     * {@code e} converted to {@code type} with Java's primitive conversion rules, folded when {@code e}
     * is a constant. Returns {@code e} itself when the types already agree.
     */
    public static Expr convert(Expr e, IrType type) {
        if (e.type() == type) {
            return e;
        }
        if (e instanceof Expr.Const c && type.isNumeric() && c.type().isNumeric()) {
            return new Expr.Const(type, convertValue((Number) c.value(), c.type(), type));
        }
        return new Expr.Convert(type, e);
    }

    /** Converts a boxed numeric value from one primitive type to another, with Java's rules. */
    public static Object convertValue(Number v, IrType from, IrType to) {
        if (from.isFloating()) {
            double d = v.doubleValue();
            return switch (to) {
                case BYTE -> (byte) (int) d;
                case SHORT -> (short) (int) d;
                case INT -> (int) d;
                case LONG -> (long) d;
                case FLOAT -> from == IrType.FLOAT ? v.floatValue() : (float) d;
                case DOUBLE -> d;
                default -> throw new IllegalArgumentException(to.toString());
            };
        }
        long l = v.longValue();
        return switch (to) {
            case BYTE -> (byte) l;
            case SHORT -> (short) l;
            case INT -> (int) l;
            case LONG -> l;
            case FLOAT -> (float) l;
            case DOUBLE -> (double) l;
            default -> throw new IllegalArgumentException(to.toString());
        };
    }

    /** Negates a numeric constant with Java's rules (on the promoted type). */
    public static Expr.Const negate(Expr.Const c) {
        Object v = c.value();
        return switch (c.type()) {
            case INT -> new Expr.Const(IrType.INT, -(Integer) v);
            case LONG -> new Expr.Const(IrType.LONG, -(Long) v);
            case FLOAT -> new Expr.Const(IrType.FLOAT, -(Float) v);
            case DOUBLE -> new Expr.Const(IrType.DOUBLE, -(Double) v);
            default -> throw new IllegalArgumentException(c.type().toString());
        };
    }
}
