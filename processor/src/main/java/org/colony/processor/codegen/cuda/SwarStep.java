package org.colony.processor.codegen.cuda;

import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.colony.processor.ir.AttributeRef;
import org.colony.processor.ir.Expr;
import org.colony.processor.ir.IrType;
import org.colony.processor.ir.Local;
import org.colony.processor.ir.ModelIr;
import org.colony.processor.ir.ModelRef;
import org.colony.processor.ir.StepIr;
import org.colony.processor.ir.Stmt;
import org.colony.processor.ir.UnaryOp;

/**
 * Whether a row-marching place step has a SWAR form on the GPU: four cells of a row in the byte lanes of one
 * 32-bit word, so that one add, compare or select computes four cells. Booleans are lanes of 0 and 1; an int is
 * a lane holding its low byte, which is only sound where the int's range is proven to fit one lane, so the check
 * is a range analysis over the step's IR.
 *
 * <p>Qualifying steps are straight-line like those of the CPU vector form ({@code codegen.java.VectorStep}: locals, assignments
 * to the cell's own scalar attributes, neighbour reads at constant offsets, blocks; here also inlined model methods
 * that return at their end only, and no guard), narrowed to what byte lanes compute exactly: the step marches
 * ({@link Window}), draws no random numbers, is not a predicate, reads and writes only {@code boolean} and
 * {@code byte} attributes, uses only {@code boolean} parameters, and every value is one of
 * <ul>
 * <li>a boolean (a literal, a boolean parameter, local or attribute, {@code ! & | ^ && || == !=} of booleans, a
 * comparison of ints, {@code c ? a : b} of booleans);</li>
 * <li>an int ({@code byte}, {@code short} or {@code int}) whose range lies in [0, 255] or in [-128, 127]: literals,
 * locals, byte attributes ([-128, 127]), {@code c ? a : b}, conversions between these types, and, on ranges within
 * [0, 255] only, {@code a + b} and {@code a * k} (k a literal &ge; 0) whose result still fits, {@code a - b}
 * where a &ge; b always, and {@code & | ^}.</li>
 * </ul>
 * Then no lane carries or borrows into the next, comparisons use the per-byte intrinsics of the range's
 * signedness, and the lanes hold exactly the low bytes of the values Java computes. Everything else is left to the
 * ordinary kernel.
 */
final class SwarStep {

    /** Cells (byte lanes) per thread. */
    static final int CELLS = 4;
    /**
     * Rows a thread of a SWAR kernel walks by default: GameOfLife's update on an H200 took 0.096, 0.088, 0.088 and
     * 0.095 ms at 9000² for 32, 16, 8 and 4 rows, 0.278, 0.274 and 0.279 ms at 16384² for 32, 16 and 8.
     */
    static final int ROWS = 16;

    /** A proven range of an int value, or of a boolean ([0, 1]). */
    record Range(int lo, int hi) {
        static final Range BOOLEAN = new Range(0, 1);

        /** Whether every value reads back from its lane as an unsigned byte. */
        boolean unsigned() {
            return lo >= 0 && hi <= 255;
        }

        /** Whether every value reads back from its lane as a signed byte. */
        boolean signed() {
            return lo >= -128 && hi <= 127;
        }

        Range hull(Range o) {
            return new Range(Math.min(lo, o.lo), Math.max(hi, o.hi));
        }

        /** This range, or null where a lane cannot hold it. */
        Range orNull() {
            return unsigned() || signed() ? this : null;
        }

        /** This range, or null where it does not lie in [0, 255]. */
        Range unsignedOrNull() {
            return unsigned() ? this : null;
        }
    }

    private final Window window;
    private final List<Stmt> body;
    private final Set<Integer> params = new HashSet<>();

    private SwarStep(StepIr step, Window window, List<Stmt> body) {
        this.window = window;
        this.body = body;
        for (Local p : step.params()) {
            params.add(p.id());
        }
    }

    /** The SWAR form of a step, or null when the step does not qualify. */
    static SwarStep of(ModelIr model, StepIr step) {
        Window window = Window.of(model, step);
        if (window == null || step.usesRandom() || step.predicate()) {
            return null;
        }
        for (Window.Column c : window.columns()) {
            if (!lane(c.attr())) {
                return null;
            }
        }
        SwarStep s = new SwarStep(step, window, step.body());
        return s.statements(step.body(), s.new Ranges()) ? s : null;
    }

    /** The statements of a cell: the step's body, a labelled block. */
    List<Stmt> body() {
        return body;
    }

    /** The register window of the step's neighbour reads. */
    Window window() {
        return window;
    }

    /** Whether {@code local} is a parameter of the step (a boolean, the same for every lane). */
    boolean param(Local local) {
        return params.contains(local.id());
    }

    /** Whether an attribute is one the lanes can hold: a scalar boolean or byte of the model itself. */
    static boolean lane(AttributeRef a) {
        return !a.isArray() && a.owner().kind() == ModelRef.Kind.SELF
                && (a.type() == IrType.BOOLEAN || a.type() == IrType.BYTE);
    }

    private boolean statements(List<Stmt> list, Ranges ranges) {
        for (Stmt s : list) {
            boolean ok = switch (s) {
                case Stmt.Declare d when d.local().type() == IrType.PLACE -> d.init() != null && window.at(d.init()) != null;
                case Stmt.Declare d -> ranges.declare(d.local(), d.init());
                case Stmt.AssignLocal a -> ranges.assign(a.local(), a.value());
                case Stmt.AssignAttr a -> a.element() == null && lane(a.attr()) && ranges.of(a.value()) != null;
                case Stmt.Block b -> statements(b.body(), ranges);
                // The step's body, or an inlined model method: straight-line where it is left at its end only.
                case Stmt.Labeled l -> statements(body(l), ranges);
                default -> false;
            };
            if (!ok) {
                return false;
            }
        }
        return true;
    }

    /** The statements of a labelled block without the {@code Exit} that may end it (a return at its end). */
    static List<Stmt> body(Stmt.Labeled l) {
        List<Stmt> b = l.body();
        return !b.isEmpty() && b.get(b.size() - 1) instanceof Stmt.Exit e && e.labelId() == l.id()
                ? b.subList(0, b.size() - 1) : b;
    }

    /**
     * The ranges of a step's values, statement by statement: a local's range is that of the value it was last
     * given, which is exact in straight-line code. The kernel printer walks the statements with its own copy, in
     * the same order.
     */
    final class Ranges {
        private final Map<Integer, Range> locals = new HashMap<>();

        /** Declares a local with its initial value (null: zero or false); false where the value has no lanes. */
        boolean declare(Local local, Expr init) {
            if (!lanes(local.type())) {
                return false;
            }
            Range r = init == null ? new Range(0, 0) : of(init);
            if (r == null) {
                return false;
            }
            locals.put(local.id(), r);
            return true;
        }

        /** Assigns a declared local; false where the value has no lanes. */
        boolean assign(Local local, Expr value) {
            Range r = locals.containsKey(local.id()) ? of(value) : null;
            if (r == null) {
                return false;
            }
            locals.put(local.id(), r);
            return true;
        }

        /** The proven range of a boolean or int expression, or null where it has no exact lane form. */
        Range of(Expr e) {
            return switch (e) {
                case Expr.Const c when c.type() == IrType.BOOLEAN -> Range.BOOLEAN;
                case Expr.Const c when lanes(c.type()) -> {
                    int v = ((Number) c.value()).intValue();
                    yield new Range(v, v).orNull();
                }
                case Expr.LocalRef l when param(l.local()) -> l.type() == IrType.BOOLEAN ? Range.BOOLEAN : null;
                case Expr.LocalRef l -> locals.get(l.local().id());
                case Expr.AttrRead r -> read(r);
                case Expr.Unary u -> u.op() == UnaryOp.NOT && of(u.operand()) != null
                        ? Range.BOOLEAN : null;
                case Expr.Binary b -> binary(b);
                case Expr.Conditional c -> {
                    Range cond = of(c.cond());
                    Range then = of(c.then());
                    Range otherwise = of(c.otherwise());
                    yield cond == null || then == null || otherwise == null ? null : then.hull(otherwise).orNull();
                }
                case Expr.Convert c -> convert(c);
                default -> null;
            };
        }

        private Range read(Expr.AttrRead r) {
            if (r.element() != null || !lane(r.attr()) || !r.isSelf() && window.at(r.place()) == null) {
                return null;
            }
            return r.attr().type() == IrType.BOOLEAN ? Range.BOOLEAN : new Range(-128, 127);
        }

        private Range binary(Expr.Binary b) {
            Range l = of(b.left());
            Range r = of(b.right());
            if (l == null || r == null) {
                return null;
            }
            IrType operands = b.left().type();
            if (operands == IrType.BOOLEAN) {
                return switch (b.op()) {
                    case AND, OR, XOR, COND_AND, COND_OR, EQ, NE -> Range.BOOLEAN;
                    default -> null;
                };
            }
            if (b.op().isComparison()) {
                return l.unsigned() && r.unsigned() || l.signed() && r.signed() ? Range.BOOLEAN : null;
            }
            if (!l.unsigned() || !r.unsigned()) {
                return null;
            }
            return switch (b.op()) {
                case ADD -> new Range(l.lo + r.lo, l.hi + r.hi).unsignedOrNull();
                case SUB -> l.lo >= r.hi ? new Range(l.lo - r.hi, l.hi - r.lo) : null;
                // Only by a literal: a product of two words is not a product of their lanes.
                case MUL -> b.left() instanceof Expr.Const || b.right() instanceof Expr.Const
                        ? new Range(l.lo * r.lo, l.hi * r.hi).unsignedOrNull() : null;
                case AND -> new Range(0, Math.min(l.hi, r.hi));
                case OR, XOR -> new Range(0, Math.max(l.hi, r.hi) == 0 ? 0 : Integer.highestOneBit(Math.max(l.hi, r.hi)) * 2 - 1);
                default -> null;
            };
        }

        private Range convert(Expr.Convert c) {
            Range r = of(c.operand());
            if (r == null || !lanes(c.type()) || !lanes(c.operand().type())) {
                return null;
            }
            if (c.type() != IrType.BYTE || r.signed()) {
                return r;
            }
            // (byte) v of v in [0, 255]: the lane keeps its bits, whose value is now signed.
            return r.lo >= 128 ? new Range(r.lo - 256, r.hi - 256) : new Range(-128, 127);
        }
    }

    /** Whether values of a type can live in lanes (with a proven range where an int). */
    private static boolean lanes(IrType t) {
        return t == IrType.BOOLEAN || t == IrType.BYTE || t == IrType.SHORT || t == IrType.INT;
    }
}
