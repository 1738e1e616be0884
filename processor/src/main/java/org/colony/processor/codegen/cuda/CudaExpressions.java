package org.colony.processor.codegen.cuda;

import java.util.List;
import org.colony.processor.codegen.KernelNames;
import org.colony.processor.ir.BinaryOp;
import org.colony.processor.ir.Expr;
import org.colony.processor.ir.IrType;
import org.colony.processor.ir.MathFunction;

/**
 * Prints IR expressions as CUDA C++ that computes exactly what Java computes: integer arithmetic wraps
 * (through the helpers of {@code colony.cuh}), shift counts are masked, conversions from floating point
 * truncate and saturate, Math functions follow Java's definitions. Operators whose C++ meaning is Java's
 * (floating-point arithmetic, comparisons, logic) are printed as operators; parentheses are printed around
 * every operand that is not a primary, so C++ precedence never matters. How storage is named is left to the
 * kernel ({@link KernelNames}).
 */
final class CudaExpressions {

    private final KernelNames<String> names;

    CudaExpressions(KernelNames<String> names) {
        this.names = names;
    }

    /** Prints an expression. */
    String print(Expr e) {
        return switch (e) {
            case Expr.Const c -> literal(c.type(), c.value());
            case Expr.LocalRef l -> local(l.local().name());
            case Expr.Self s -> throw new IllegalStateException("the instance itself is not a value");
            case Expr.AgentPlace a -> names.agentPlace();
            case Expr.Neighbor n -> names.neighbor(n, this::print);
            case Expr.AttrRead a -> names.attribute(a, this::print);
            case Expr.SharedRead s -> names.shared(s, this::print);
            case Expr.Unary u -> unary(u);
            case Expr.Binary b -> binary(b);
            case Expr.Convert c -> convert(c.operand(), c.type());
            case Expr.Conditional c -> "(" + print(c.cond()) + " ? " + print(c.then()) + " : " + print(c.otherwise()) + ")";
            case Expr.Intrinsic i -> intrinsic(i);
            case Expr.MathCall m -> math(m.function(), m.args());
        };
    }

    /** The C++ name of a user's local: prefixed so it never meets a C++ keyword or a kernel name. */
    static String local(String name) {
        return "v_" + name;
    }

    private String unary(Expr.Unary u) {
        String x = print(u.operand());
        return switch (u.op()) {
            case NEG -> u.type().isIntegral() ? "colony::neg(" + x + ")" : "(-" + x + ")";
            case NOT -> "(!" + x + ")";
            case BIT_NOT -> "(~" + x + ")";
        };
    }

    private String binary(Expr.Binary b) {
        String l = print(b.left());
        String r = print(b.right());
        IrType t = b.left().type();
        boolean integral = t.isIntegral();
        int line = names.line();
        return switch (b.op()) {
            case ADD -> integral ? "colony::add(" + l + ", " + r + ")" : "(" + l + " + " + r + ")";
            case SUB -> integral ? "colony::sub(" + l + ", " + r + ")" : "(" + l + " - " + r + ")";
            case MUL -> integral ? "colony::mul(" + l + ", " + r + ")" : "(" + l + " * " + r + ")";
            case DIV -> integral ? "colony::div(" + l + ", " + r + ", f, " + line + ")" : "(" + l + " / " + r + ")";
            case REM -> integral ? "colony::rem(" + l + ", " + r + ", f, " + line + ")" : "colony::rem(" + l + ", " + r + ")";
            case SHL -> "colony::shl(" + l + ", (jlong) " + r + ")";
            case SHR -> "colony::shr(" + l + ", (jlong) " + r + ")";
            case USHR -> "colony::ushr(" + l + ", (jlong) " + r + ")";
            default -> "(" + l + " " + cppOperator(b.op()) + " " + r + ")";
        };
    }

    private static String cppOperator(BinaryOp op) {
        return op.symbol();
    }

    /** A Java primitive conversion of {@code e} to {@code to}. */
    String convert(Expr e, IrType to) {
        String x = print(e);
        IrType from = e.type();
        return switch (from) {
            case DOUBLE -> switch (to) {
                case FLOAT -> "colony::d2f(" + x + ")";
                case LONG -> "colony::d2l(" + x + ")";
                case INT -> "colony::d2i(" + x + ")";
                case SHORT -> "((jshort) colony::d2i(" + x + "))";
                case BYTE -> "((jbyte) colony::d2i(" + x + "))";
                default -> throw new IllegalArgumentException(from + " to " + to);
            };
            case FLOAT -> switch (to) {
                case DOUBLE -> "((double) " + x + ")";
                case LONG -> "colony::f2l(" + x + ")";
                case INT -> "colony::f2i(" + x + ")";
                case SHORT -> "((jshort) colony::f2i(" + x + "))";
                case BYTE -> "((jbyte) colony::f2i(" + x + "))";
                default -> throw new IllegalArgumentException(from + " to " + to);
            };
            case LONG -> switch (to) {
                case DOUBLE -> "colony::l2d(" + x + ")";
                case FLOAT -> "colony::l2f(" + x + ")";
                default -> "((" + type(to) + ") " + x + ")";
            };
            default -> switch (to) {
                case FLOAT -> "colony::i2f(" + x + ")";
                default -> "((" + type(to) + ") " + x + ")";
            };
        };
    }

    private String intrinsic(Expr.Intrinsic i) {
        int dims = names.dims();
        return switch (i.op()) {
            case COORD -> names.coord((Integer) ((Expr.Const) i.args().get(0)).value());
            case SIZE -> names.size((Integer) ((Expr.Const) i.args().get(0)).value());
            case TIME -> "f.time";
            case ID -> i.args().isEmpty() ? names.id(null, 0, this::print)
                    : names.id(i.args().get(0), (Integer) ((Expr.Const) i.args().get(1)).value(), this::print);
            case ORDINAL -> "ordinals[a]";
            case AGENT_COUNT -> names.agentCount(i.args().get(0), (Integer) ((Expr.Const) i.args().get(1)).value(),
                    this::print);
            case DEGREE, IN_DEGREE, EDGE_WEIGHT, EDGE_ATTRIBUTE -> names.vertex(i, this::print);
            case INDEX -> i.args().size() == 1 ? names.vertex(i, this::print) : "((jlong) " + names.coord(0) + " + (jlong) " + names.size(0) + " * ((jlong) " + names.coord(1)
                    + " + (jlong) " + names.size(1) + " * " + names.coord(2) + "))";
            case ON_BOUNDARY -> {
                StringBuilder sb = new StringBuilder("(");
                for (int d = 0; d < (dims == 0 ? 3 : dims); d++) {
                    String test = names.coord(d) + " == 0 || " + names.coord(d) + " == " + names.size(d) + " - 1";
                    if (d == 0) {
                        sb.append(test);
                    } else if (dims == 0) {
                        sb.append(" || (f.dims > ").append(d).append(" && (").append(test).append("))");
                    } else {
                        sb.append(" || ").append(test);
                    }
                }
                yield sb.append(')').toString();
            }
            case HAS_NEIGHBOR -> {
                StringBuilder sb = new StringBuilder("(f.wrap");
                for (int d = 0; d < i.args().size(); d++) {
                    sb.append(d == 0 ? " || (" : " && ").append("colony::inside(").append(names.coord(d)).append(", ")
                            .append(print(i.args().get(d))).append(", ").append(names.size(d)).append(")");
                }
                yield sb.append("))").toString();
            }
        };
    }

    private String math(MathFunction fn, List<Expr> args) {
        List<String> printed = args.stream().map(this::print).toList();
        String x = printed.isEmpty() ? "" : printed.get(0);
        int line = names.line();
        return switch (fn) {
            case ABS_INT, ABS_LONG, ABS_FLOAT, ABS_DOUBLE -> "colony::abs(" + x + ")";
            case MIN_INT, MIN_LONG, MIN_FLOAT, MIN_DOUBLE -> "colony::min(" + x + ", " + printed.get(1) + ")";
            case MAX_INT, MAX_LONG, MAX_FLOAT, MAX_DOUBLE -> "colony::max(" + x + ", " + printed.get(1) + ")";
            case FLOOR_DIV_INT, FLOOR_DIV_LONG ->
                    "colony::floorDiv(" + x + ", " + printed.get(1) + ", f, " + line + ")";
            case FLOOR_MOD_INT, FLOOR_MOD_LONG ->
                    "colony::floorMod(" + x + ", " + printed.get(1) + ", f, " + line + ")";
            case SQRT -> "sqrt(" + x + ")";
            case FLOOR -> "floor(" + x + ")";
            case CEIL -> "ceil(" + x + ")";
            case RINT -> "rint(" + x + ")";
            case ROUND_FLOAT, ROUND_DOUBLE -> "colony::round(" + x + ")";
            case SIGNUM_FLOAT, SIGNUM_DOUBLE -> "colony::signum(" + x + ")";
            case COPY_SIGN_FLOAT -> "copysignf(" + x + ", " + printed.get(1) + ")";
            case COPY_SIGN_DOUBLE -> "copysign(" + x + ", " + printed.get(1) + ")";
            case FMA_FLOAT -> "fmaf(" + x + ", " + printed.get(1) + ", " + printed.get(2) + ")";
            case FMA_DOUBLE -> "fma(" + x + ", " + printed.get(1) + ", " + printed.get(2) + ")";
            case IS_NAN_FLOAT, IS_NAN_DOUBLE -> "(" + x + " != " + x + ")";
            case IS_INFINITE_FLOAT, IS_INFINITE_DOUBLE -> "isinf(" + x + ")";
            case IS_FINITE_FLOAT, IS_FINITE_DOUBLE -> "isfinite(" + x + ")";
            case BIT_COUNT_INT -> "__popc(" + x + ")";
            case BIT_COUNT_LONG -> "__popcll(" + x + ")";
            case LEADING_ZEROS_INT -> "__clz(" + x + ")";
            case LEADING_ZEROS_LONG -> "__clzll(" + x + ")";
            case TRAILING_ZEROS_INT, TRAILING_ZEROS_LONG -> "colony::numberOfTrailingZeros(" + x + ")";
            // StrictMath's (fdlibm's) functions: colony.cuh's math namespace maps them to fdlibm.cuh, in fast mode to CUDA's
            case CBRT, EXP, EXPM1, LOG, LOG10, LOG1P, POW, SIN, COS, TAN, ASIN, ACOS, ATAN, ATAN2, SINH, COSH, TANH,
                    HYPOT -> "colony::math::" + fn.methodName() + "(" + String.join(", ", printed) + ")";
        };
    }

    /** The C++ type of an IR type (references are 64-bit indices). */
    static String type(IrType t) {
        return switch (t) {
            case BOOLEAN -> "bool";
            case BYTE -> "jbyte";
            case SHORT -> "jshort";
            case INT -> "jint";
            case LONG, PLACE -> "jlong";
            case AGENT -> "jint";
            case FLOAT -> "float";
            case DOUBLE -> "double";
            case VOID -> "void";
        };
    }

    /** A C++ literal with exactly the Java value. */
    static String literal(IrType type, Object value) {
        return switch (type) {
            case BOOLEAN -> value.toString();
            case BYTE -> "((jbyte) " + value + ")";
            case SHORT -> "((jshort) " + value + ")";
            case INT -> {
                int v = (Integer) value;
                yield v == Integer.MIN_VALUE ? "(-2147483647 - 1)" : v < 0 ? "(" + v + ")" : Integer.toString(v);
            }
            case LONG -> {
                long v = (Long) value;
                yield v == Long.MIN_VALUE ? "(-9223372036854775807LL - 1)" : v < 0 ? "(" + v + "LL)" : v + "LL";
            }
            case FLOAT -> {
                float f = (Float) value;
                yield Float.isFinite(f) ? "(" + Float.toHexString(f) + "f)"
                        : "__int_as_float(" + Float.floatToRawIntBits(f) + ")";
            }
            case DOUBLE -> {
                double d = (Double) value;
                yield Double.isFinite(d) ? "(" + Double.toHexString(d) + ")"
                        : "__longlong_as_double(" + Double.doubleToRawLongBits(d) + "LL)";
            }
            default -> throw new IllegalArgumentException(type.toString());
        };
    }

    /** The zero of a type. */
    static String zero(IrType t) {
        return t == IrType.BOOLEAN ? "false" : "0";
    }
}
