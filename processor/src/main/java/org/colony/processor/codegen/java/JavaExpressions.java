package org.colony.processor.codegen.java;

import com.palantir.javapoet.CodeBlock;
import java.util.List;
import org.colony.processor.codegen.KernelNames;
import org.colony.processor.codegen.RuntimeNames;
import org.colony.processor.ir.BinaryOp;
import org.colony.processor.ir.Expr;
import org.colony.processor.ir.IntrinsicOp;
import org.colony.processor.ir.IrType;
import org.colony.processor.ir.MathFunction;
import org.colony.processor.ir.UnaryOp;

/**
 * Prints IR expressions as Java source with as few parentheses as Java's precedence allows, as JavaPoet code
 * blocks (so the types they name are imported). How the instance's own attributes, neighbours and shared values
 * are named is left to the caller ({@link Names}), so the same printer serves every kernel shape.
 */
final class JavaExpressions {

    /** How a CPU kernel names its storage and values: the names of both backends, and the kernel's own values. */
    interface Names extends KernelNames<CodeBlock> {
        /** The local holding a kernel-level value the printer needs ({@code time$}, {@code wrap$}, {@code dims$}). */
        String value(String name);

        /** The local holding an agent kernel's ordinals, by slot. */
        default String ordinals() {
            throw new IllegalStateException("ordinal() outside an agent kernel");
        }

        /**
         * What {@code onBoundary()} prints as where the kernel knows better than the full test (the
         * interior columns of a row, where only the row decides), or null for the full test.
         */
        default String boundary() {
            return null;
        }
    }

    private static final int PRIMARY = 16;
    private static final int UNARY = 14;
    private static final int CONDITIONAL = 2;

    private final Names names;

    JavaExpressions(Names names) {
        this.names = names;
    }

    /** Prints an expression. */
    CodeBlock print(Expr e) {
        return print(e, 0);
    }

    /** Whether a branch's condition is being printed, where comparisons stay comparisons. */
    private boolean condition;

    /**
     * Prints the condition of a branch ({@code if}, a loop's test): the branch is taken or not anyway, so int
     * comparisons under {@code & | ^} stay as written rather than becoming arithmetic.
     */
    CodeBlock printCondition(Expr e) {
        boolean outer = condition;
        condition = true;
        try {
            return print(e, 0);
        } finally {
            condition = outer;
        }
    }

    private CodeBlock print(Expr e, int required) {
        CodeBlock text = text(e);
        return precedence(e) < required ? CodeBlock.of("($L)", text) : text;
    }

    private int precedence(Expr e) {
        return switch (e) {
            case Expr.Const c -> isNegative(c) || c.type() == IrType.BYTE || c.type() == IrType.SHORT ? UNARY : PRIMARY;
            case Expr.Unary u -> UNARY;
            case Expr.Convert c -> UNARY;
            case Expr.Binary b -> b.op().precedence();
            case Expr.Conditional c -> CONDITIONAL;
            case Expr.Intrinsic i -> i.op() == IntrinsicOp.ON_BOUNDARY || i.op() == IntrinsicOp.HAS_NEIGHBOR
                    ? BinaryOp.COND_OR.precedence() : i.op() == IntrinsicOp.INDEX ? BinaryOp.ADD.precedence() : PRIMARY;
            case Expr.Neighbor n -> BinaryOp.ADD.precedence();
            default -> PRIMARY;
        };
    }

    private static boolean isNegative(Expr.Const c) {
        return switch (c.value()) {
            case Integer i -> i < 0;
            case Long l -> l < 0;
            case Float f -> f < 0 || (f == 0 && 1 / f < 0);
            case Double d -> d < 0 || (d == 0 && 1 / d < 0);
            default -> false;
        };
    }

    private CodeBlock text(Expr e) {
        return switch (e) {
            case Expr.Const c -> CodeBlock.of("$L", literal(c.type(), c.value()));
            case Expr.LocalRef l -> CodeBlock.of("$L", l.local().name());
            case Expr.Self s -> throw new IllegalStateException("the instance itself is not a value");
            case Expr.AgentPlace a -> names.agentPlace();
            case Expr.Neighbor n -> names.neighbor(n, this::print);
            case Expr.AttrRead a -> names.attribute(a, this::print);
            case Expr.SharedRead s -> names.shared(s, this::print);
            case Expr.Unary u -> unary(u);
            case Expr.Binary b when !condition && logical(b) && hasIntComparison(b) -> {
                // Int comparisons combined with & | ^ are computed as 0 or 1 by arithmetic and tested once: the JIT
                // would otherwise branch on some of them (by profile), and random data mispredicts the branch.
                yield CodeBlock.of("$L != 0", bits(b, BinaryOp.EQ.precedence() + 1));
            }
            case Expr.Binary b when (b.op() == BinaryOp.COND_AND || b.op() == BinaryOp.COND_OR) && cheap(b.right()) -> {
                // A right operand that reads only locals and constants and cannot throw gives the same result
                // evaluated always: & and | spare the JIT a branch that random data mispredicts.
                BinaryOp eager = b.op() == BinaryOp.COND_AND ? BinaryOp.AND : BinaryOp.OR;
                yield CodeBlock.of("$L $L $L", print(b.left(), eager.precedence()), eager.symbol(),
                        print(b.right(), eager.precedence() + 1));
            }
            case Expr.Binary b -> CodeBlock.of("$L $L $L", print(b.left(), b.op().precedence()), b.op().symbol(),
                    print(b.right(), b.op().precedence() + 1));
            case Expr.Convert c -> CodeBlock.of("($L) $L", javaType(c.type()), print(c.operand(), UNARY));
            case Expr.Conditional c -> CodeBlock.of("$L ? $L : $L", print(c.cond(), CONDITIONAL + 1),
                    print(c.then(), CONDITIONAL + 1), print(c.otherwise(), CONDITIONAL));
            case Expr.Intrinsic i -> intrinsic(i);
            case Expr.MathCall m -> math(m.function(), m.args());
        };
    }

    /**
     * Whether a boolean operation is evaluated eagerly: {@code & | ^}, or {@code && ||} with a cheap right operand
     * (printed as {@code & |}).
     */
    private static boolean logical(Expr.Binary b) {
        return b.type() == IrType.BOOLEAN && switch (b.op()) {
            case AND, OR, XOR -> true;
            case COND_AND, COND_OR -> cheap(b.right());
            default -> false;
        };
    }

    private static boolean intComparison(Expr e) {
        return e instanceof Expr.Binary b && b.op().isComparison() && b.left().type() == IrType.INT
                && b.right().type() == IrType.INT;
    }

    /** Whether an eager boolean combination has an int comparison among its operands (through ! and nesting). */
    private static boolean hasIntComparison(Expr e) {
        return switch (e) {
            case Expr.Binary b when logical(b) -> hasIntComparison(b.left()) || hasIntComparison(b.right());
            case Expr.Unary u when u.op() == UnaryOp.NOT -> hasIntComparison(u.operand());
            default -> intComparison(e);
        };
    }

    /** A boolean expression as an int expression worth 0 or 1 (see {@code KernelSupport.eq}). */
    private CodeBlock bits(Expr e, int required) {
        int precedence = PRIMARY;
        CodeBlock text;
        if (e instanceof Expr.Binary b && logical(b)) {
            BinaryOp op = switch (b.op()) {
                case COND_AND -> BinaryOp.AND;
                case COND_OR -> BinaryOp.OR;
                default -> b.op();
            };
            precedence = op.precedence();
            text = CodeBlock.of("$L $L $L", bits(b.left(), precedence), op.symbol(), bits(b.right(), precedence + 1));
        } else if (e instanceof Expr.Unary u && u.op() == UnaryOp.NOT) {
            precedence = BinaryOp.XOR.precedence();
            text = CodeBlock.of("$L ^ 1", bits(u.operand(), precedence));
        } else if (intComparison(e)) {
            Expr.Binary b = (Expr.Binary) e;
            String fn = switch (b.op()) {
                case EQ -> "eq";
                case NE -> "ne";
                case LT -> "lt";
                case LE -> "le";
                case GT -> "gt";
                default -> "ge";
            };
            text = CodeBlock.of("$T.$L($L, $L)", RuntimeNames.KERNEL_SUPPORT, fn, print(b.left()), print(b.right()));
        } else {
            text = CodeBlock.of("$T.bit($L)", RuntimeNames.KERNEL_SUPPORT, print(e));
        }
        return precedence < required ? CodeBlock.of("($L)", text) : text;
    }

    /** A unary operation; {@code -(-x)} prints as {@code - -x}, since {@code --x} would be a decrement. */
    private CodeBlock unary(Expr.Unary u) {
        String symbol = u.op().symbol();
        CodeBlock operand = print(u.operand(), UNARY);
        String text = operand.toString();
        boolean sign = symbol.equals("-") || symbol.equals("+");
        return CodeBlock.of("$L$L$L", symbol, sign && (text.startsWith("-") || text.startsWith("+")) ? " " : "", operand);
    }

    private CodeBlock intrinsic(Expr.Intrinsic i) {
        int dims = names.dims();
        return switch (i.op()) {
            case COORD -> names.coord((Integer) ((Expr.Const) i.args().get(0)).value());
            case SIZE -> names.size((Integer) ((Expr.Const) i.args().get(0)).value());
            case TIME -> CodeBlock.of("$L", names.value("time$"));
            case ID -> i.args().isEmpty() ? names.id(null, 0, this::print)
                    : names.id(i.args().get(0), (Integer) ((Expr.Const) i.args().get(1)).value(), this::print);
            case ORDINAL -> CodeBlock.of("$L[a$$]", names.ordinals());
            case AGENT_COUNT -> names.agentCount(i.args().get(0), (Integer) ((Expr.Const) i.args().get(1)).value(),
                    this::print);
            case DEGREE, IN_DEGREE, EDGE_WEIGHT, EDGE_ATTRIBUTE -> names.vertex(i, this::print);
            case INDEX -> i.args().size() == 1 ? names.vertex(i, this::print) : switch (dims == 0 ? 3 : dims) {
                case 1 -> CodeBlock.of("(long) $L", names.coord(0));
                case 2 -> CodeBlock.of("(long) $L + (long) $L * $L", names.coord(0), names.size(0), names.coord(1));
                default -> CodeBlock.of("(long) $L + (long) $L * ((long) $L + (long) $L * $L)", names.coord(0),
                        names.size(0), names.coord(1), names.size(1), names.coord(2));
            };
            case ON_BOUNDARY -> {
                if (names.boundary() != null) {
                    yield CodeBlock.of("$L", names.boundary());
                }
                CodeBlock.Builder test = CodeBlock.builder();
                for (int d = 0; d < (dims == 0 ? 3 : dims); d++) {
                    CodeBlock edge = CodeBlock.of("$L == 0 || $L == $L - 1", names.coord(d), names.coord(d), names.size(d));
                    if (d == 0) {
                        test.add(edge);
                    } else if (dims == 0) {
                        test.add(" || $L > $L && ($L)", names.value("dims$"), d, edge);
                    } else {
                        test.add(" || $L", edge);
                    }
                }
                yield test.build();
            }
            case HAS_NEIGHBOR -> {
                CodeBlock.Builder test = CodeBlock.builder().add("$L", names.value("wrap$"));
                for (int d = 0; d < i.args().size(); d++) {
                    test.add("$L$T.inside($L, $L, $L)", d == 0 ? " || " : " && ", RuntimeNames.KERNEL_SUPPORT,
                            names.coord(d), print(i.args().get(d)), names.size(d));
                }
                yield test.build();
            }
        };
    }

    private CodeBlock math(MathFunction f, List<Expr> args) {
        String owner = f.precision() == MathFunction.Precision.FDLIBM ? "StrictMath" : f.owner();
        return CodeBlock.of("$L.$L($L)", owner, f.methodName(),
                args.stream().map(this::print).collect(CodeBlock.joining(", ")));
    }

    /** The Java type of an IR type (a place is its storage index). */
    static String javaType(IrType t) {
        return t == IrType.PLACE || t == IrType.AGENT ? "int" : t.javaName();
    }

    /** A Java literal of the given type. */
    static String literal(IrType type, Object value) {
        return switch (type) {
            case BOOLEAN -> value.toString();
            case BYTE -> "(byte) " + value;
            case SHORT -> "(short) " + value;
            case INT -> value.toString();
            case LONG -> value + "L";
            case FLOAT -> {
                float f = (Float) value;
                if (Float.isNaN(f)) {
                    yield "Float.NaN";
                }
                if (Float.isInfinite(f)) {
                    yield f > 0 ? "Float.POSITIVE_INFINITY" : "Float.NEGATIVE_INFINITY";
                }
                yield Float.toString(f) + "f";
            }
            case DOUBLE -> {
                double d = (Double) value;
                if (Double.isNaN(d)) {
                    yield "Double.NaN";
                }
                if (Double.isInfinite(d)) {
                    yield d > 0 ? "Double.POSITIVE_INFINITY" : "Double.NEGATIVE_INFINITY";
                }
                yield Double.toString(d);
            }
            default -> throw new IllegalArgumentException(type.toString());
        };
    }

    /** The zero value of a type, for locals declared without initializer. */
    static String zero(IrType type) {
        return switch (type) {
            case BOOLEAN -> "false";
            case LONG -> "0L";
            case FLOAT -> "0.0f";
            case DOUBLE -> "0.0";
            default -> "0";
        };
    }

    /** Whether an expression reads only locals, constants and its own attributes, calls nothing and cannot throw. */
    static boolean cheap(Expr e) {
        return switch (e) {
            case Expr.Const c -> true;
            case Expr.LocalRef l -> true;
            // The place's (or agent's) own scalar attribute: a local, or its own cell of a column.
            case Expr.AttrRead a -> a.isSelf() && a.element() == null;
            case Expr.Unary u -> cheap(u.operand());
            case Expr.Convert c -> cheap(c.operand());
            case Expr.Binary b -> b.op() != BinaryOp.DIV && b.op() != BinaryOp.REM && cheap(b.left()) && cheap(b.right());
            case Expr.Conditional c -> cheap(c.cond()) && cheap(c.then()) && cheap(c.otherwise());
            default -> false;
        };
    }
}
