package org.colony.processor.codegen.java;

import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.CodeBlock;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.colony.processor.ir.AttributeRef;
import org.colony.processor.ir.BinaryOp;
import org.colony.processor.ir.BoundarySplit;
import org.colony.processor.ir.Expr;
import org.colony.processor.ir.Ir;
import org.colony.processor.ir.IrType;
import org.colony.processor.ir.Local;
import org.colony.processor.ir.ModelIr;
import org.colony.processor.ir.ModelRef;
import org.colony.processor.ir.StepIr;
import org.colony.processor.ir.Stmt;
import org.colony.processor.ir.UnaryOp;

/**
 * The vector form of a place step for the CPU backend: the cells of a row, a vector of them at a time,
 * through {@code jdk.incubator.vector}. C2 does not vectorize a stencil whose loads and store are on two
 * arrays it cannot tell apart; the Vector API says what to do lane by lane instead.
 *
 * <p>Only straight-line steps qualify: locals, assignments to the cell's own scalar attributes, neighbour
 * reads at constant offsets, {@code + - * /} (floating division only), comparisons, boolean operators and
 * {@code ?:}, all on one element type (int, long, float or double) and booleans, with an optional
 * {@code if (c) return;} first whose condition is the same for the whole row ({@code onBoundary()} between a
 * row's first and last columns, parameters, shared values, sizes, the time). A step split between the interior
 * and the boundary ({@link BoundarySplit}) qualifies when its interior statements do: rows on the boundary run
 * the whole body cell by cell, the others run the interior statements a vector at a time. Lane operations are
 * IEEE operations in the order the step writes them, never fused, so the results are those of the scalar loop,
 * bit for bit. Anything else is left to the scalar kernel.
 */
final class VectorStep {

    static final String PACKAGE = "jdk.incubator.vector";
    static final ClassName SPECIES = ClassName.get(PACKAGE, "VectorSpecies");
    static final ClassName SHAPE = ClassName.get(PACKAGE, "VectorShape");
    static final ClassName MASK = ClassName.get(PACKAGE, "VectorMask");
    static final ClassName OPERATORS = ClassName.get(PACKAGE, "VectorOperators");
    static final ClassName BYTE_VECTOR = ClassName.get(PACKAGE, "ByteVector");

    /** How the kernel around the vector form names its storage. */
    interface Names {
        /** A uniform expression printed as a scalar. */
        CodeBlock scalar(Expr e);

        /** The storage index of a place at constant offsets (a neighbour, or a local holding one) in lane 0. */
        CodeBlock index(Expr place);

        /** The column of an attribute of the model. */
        String column(AttributeRef a);

        /** The second column of an attribute the step buffers. */
        String next(AttributeRef a);
    }

    private final StepIr step;
    private final boolean interior;
    private final Set<Integer> params = new HashSet<>();
    private final Set<Integer> reassigned = new HashSet<>();
    private final Set<Integer> uniformLocals = new HashSet<>();
    private final Set<Integer> vectorLocals = new HashSet<>();
    private final Set<Integer> placeLocals = new HashSet<>();
    /** The cell's own scalar attributes the step reads or writes, by ordinal. */
    private final Map<Integer, AttributeRef> own = new LinkedHashMap<>();
    private IrType element;
    private boolean booleans;
    private Expr guard;
    private List<Stmt> body;

    private VectorStep(StepIr step, boolean interior) {
        this.step = step;
        this.interior = interior;
    }

    /**
     * The vector form of a place step, or null when the step does not qualify.
     *
     * @param interior whether the vector loop covers only the columns between a row's first and last, where
     *     {@code onBoundary()} is decided by the row
     */
    static VectorStep of(ModelIr model, StepIr step, boolean interior) {
        if (model.agent() || model.graph() || step.usesRandom() || step.predicate() || step.boundaryOnly()
                || model.dimensions() < 1 || model.dimensions() > 3) {
            return null;
        }
        VectorStep form = new VectorStep(step, interior);
        for (AttributeRef a : model.attributes()) {
            if (step.buffers(a.ordinal())) {
                if (a.isArray() || !form.lanes(a.type())) {
                    return null;
                }
                form.own.put(a.ordinal(), a);
                form.booleans |= a.type() == IrType.BOOLEAN;
            }
        }
        for (Local p : step.params()) {
            form.params.add(p.id());
        }
        Ir.forEachStmt(step.body(), s -> {
            if (s instanceof Stmt.AssignLocal a) {
                form.reassigned.add(a.local().id());
            }
        });
        List<Stmt> body = step.body();
        BoundarySplit split = BoundarySplit.of(model, step);
        if (body.size() == 1 && body.get(0) instanceof Stmt.Labeled l) {
            body = l.body();
            if (!body.isEmpty() && body.get(0) instanceof Stmt.If i && i.otherwise().isEmpty() && i.then().size() == 1
                    && i.then().get(0) instanceof Stmt.Exit e && e.labelId() == l.id()) {
                if (!form.uniform(i.cond())) {
                    return null;
                }
                form.guard = i.cond();
                body = body.subList(1, body.size());
            } else if (split != null) {
                // Rows where onBoundary() holds run the whole body cell by cell; the others, the interior statements.
                if (!form.uniform(split.onBoundary())) {
                    return null;
                }
                form.guard = split.onBoundary();
                body = split.interior();
            }
        }
        form.body = body;
        if (!form.statements(body)) {
            return null;
        }
        if (form.element == null) {
            form.element = IrType.INT;
        }
        return form;
    }

    /** The element type of the vectors (booleans are masks of vectors of this type). */
    IrType element() {
        return element;
    }

    /** Whether the step loads or stores a boolean column (which needs a byte species of as many lanes). */
    boolean booleans() {
        return booleans;
    }

    /**
     * The condition, the same for the whole row, under which its cells run the scalar code instead (the step leaves
     * them untouched, or they lie on the boundary of a split step); or null.
     */
    Expr guard() {
        return guard;
    }

    /** The statements a vector of cells runs, after the guard: the body's rest, or a split step's interior. */
    List<Stmt> body() {
        return body;
    }

    /** The cell's own scalar attributes the step reads, writes or buffers. */
    List<AttributeRef> own() {
        return List.copyOf(own.values());
    }

    /** Whether a type can be a lane type here: booleans, or the one element type of the step. */
    private boolean lanes(IrType t) {
        if (t == IrType.BOOLEAN) {
            return true;
        }
        if (t != IrType.INT && t != IrType.LONG && t != IrType.FLOAT && t != IrType.DOUBLE) {
            return false;
        }
        if (element == null) {
            element = t;
        }
        return element == t;
    }

    private boolean statements(List<Stmt> list) {
        for (Stmt s : list) {
            boolean ok = switch (s) {
                case Stmt.Declare d when d.local().type() == IrType.PLACE -> {
                    placeLocals.add(d.local().id());
                    yield !reassigned.contains(d.local().id()) && d.init() != null && constantNeighbor(d.init());
                }
                case Stmt.Declare d when d.init() != null && !reassigned.contains(d.local().id()) && uniform(d.init()) -> {
                    uniformLocals.add(d.local().id());
                    yield true;
                }
                case Stmt.Declare d -> {
                    vectorLocals.add(d.local().id());
                    yield lanes(d.local().type()) && (d.init() == null || vector(d.init()));
                }
                case Stmt.AssignLocal a -> vectorLocals.contains(a.local().id()) && vector(a.value());
                case Stmt.AssignAttr a -> {
                    AttributeRef attr = a.attr();
                    if (a.element() != null || attr.isArray() || attr.owner().kind() != ModelRef.Kind.SELF
                            || !lanes(attr.type())) {
                        yield false;
                    }
                    own.putIfAbsent(attr.ordinal(), attr);
                    booleans |= attr.type() == IrType.BOOLEAN;
                    yield vector(a.value());
                }
                case Stmt.Block b -> statements(b.body());
                default -> false;
            };
            if (!ok) {
                return false;
            }
        }
        return true;
    }

    private static boolean constantNeighbor(Expr e) {
        return e instanceof Expr.Neighbor n && !n.checked() && n.offsets().stream().allMatch(Ir::isConst);
    }

    /**
     * Whether an expression has one value for the whole row and cannot fail: it is computed once per vector
     * as a scalar and broadcast.
     */
    private boolean uniform(Expr e) {
        boolean own = switch (e) {
            case Expr.Const c -> true;
            case Expr.LocalRef l -> params.contains(l.local().id()) || uniformLocals.contains(l.local().id());
            case Expr.SharedRead s -> s.element() == null;
            case Expr.Binary b -> !(b.type().isIntegral() && (b.op() == BinaryOp.DIV || b.op() == BinaryOp.REM));
            case Expr.Unary u -> true;
            case Expr.Convert c -> true;
            case Expr.Conditional c -> true;
            case Expr.MathCall m -> true;
            case Expr.Intrinsic i -> switch (i.op()) {
                case SIZE, TIME -> true;
                case COORD -> (Integer) ((Expr.Const) i.args().get(0)).value() > 0;
                case ON_BOUNDARY -> interior;
                default -> false;
            };
            default -> false;
        };
        if (!own) {
            return false;
        }
        if (e instanceof Expr.Intrinsic || e instanceof Expr.SharedRead) {
            return true;
        }
        for (Expr c : Ir.children(e)) {
            if (!uniform(c)) {
                return false;
            }
        }
        return true;
    }

    /** Whether an expression has a vector form (a uniform one is broadcast). */
    private boolean vector(Expr e) {
        if (uniform(e)) {
            return e.type() == IrType.BOOLEAN || lanes(e.type());
        }
        return switch (e) {
            case Expr.LocalRef l -> vectorLocals.contains(l.local().id());
            case Expr.AttrRead r -> {
                AttributeRef a = r.attr();
                if (r.element() != null || a.isArray() || a.owner().kind() != ModelRef.Kind.SELF || !lanes(a.type())) {
                    yield false;
                }
                booleans |= a.type() == IrType.BOOLEAN;
                if (r.isSelf()) {
                    own.putIfAbsent(a.ordinal(), a);
                    yield true;
                }
                yield constantNeighbor(r.place())
                        || r.place() instanceof Expr.LocalRef l && placeLocals.contains(l.local().id());
            }
            case Expr.Unary u -> switch (u.op()) {
                case NEG -> u.type().isNumeric() && lanes(u.type());
                case NOT -> u.type() == IrType.BOOLEAN;
                case BIT_NOT -> u.type().isIntegral() && lanes(u.type());
            } && vector(u.operand());
            case Expr.Binary b -> switch (b.op()) {
                case ADD, SUB, MUL -> lanes(b.type()) && b.type() != IrType.BOOLEAN;
                case DIV -> b.type().isFloating() && lanes(b.type());
                case AND, OR, XOR -> b.type() == IrType.BOOLEAN || b.type().isIntegral() && lanes(b.type());
                case COND_AND, COND_OR -> true;
                case LT, LE, GT, GE, EQ, NE -> b.left().type().isNumeric() && lanes(b.left().type());
                default -> false;
            } && vector(b.left()) && vector(b.right());
            case Expr.Conditional c -> lanes(c.type()) && vector(c.cond()) && vector(c.then()) && vector(c.otherwise());
            default -> false;
        };
    }

    // ---- printing ----------------------------------------------------------------------------

    /** The vector class of an element type. */
    static ClassName vectorClass(IrType t) {
        String name = switch (t) {
            case INT -> "IntVector";
            case LONG -> "LongVector";
            case FLOAT -> "FloatVector";
            case DOUBLE -> "DoubleVector";
            default -> throw new IllegalArgumentException(t.toString());
        };
        return ClassName.get(PACKAGE, name);
    }

    /** The name of the species field of an element type in the kernels' vector class. */
    static String species(IrType t) {
        return t.name() + "$";
    }

    /** The name of the byte species of as many lanes, for boolean columns. */
    static String byteSpecies(IrType t) {
        return t.name() + "$BYTES";
    }

    /** The name of the helper that loads (or stores) a boolean column as a mask. */
    static String booleanHelper(IrType t) {
        return "bools$" + t.name();
    }

    /** The name of the helper that loads a boolean column as lanes of 1 (true) and 0 (false). */
    static String onesHelper(IrType t) {
        return "ones$" + t.name();
    }

    /** Whether {@code c} is (a boolean attribute of another place ? 1 : 0). */
    private static boolean ones(Expr.Conditional c) {
        return c.cond() instanceof Expr.AttrRead r && !r.isSelf() && r.attr().type() == IrType.BOOLEAN
                && c.then() instanceof Expr.Const t && Ir.isNumber(t.value(), 1)
                && c.otherwise() instanceof Expr.Const o && Ir.isNumber(o.value(), 0);
    }

    /** The local holding the cell's own value of an attribute for a vector of cells. */
    static String self(AttributeRef a) {
        return a.name() + "$self";
    }

    /** Whether a local of the step is a scalar (one value for the whole row) in the vector form. */
    boolean scalar(Local local) {
        return uniformLocals.contains(local.id());
    }

    /** A vector of zeros (or falses) of a type. */
    CodeBlock zero(IrType t) {
        return t == IrType.BOOLEAN ? CodeBlock.of("$L.maskAll(false)", species(element))
                : CodeBlock.of("$T.zero($L)", vectorClass(element), species(element));
    }

    /** Loads lanes of a column from storage index {@code index}. */
    CodeBlock load(AttributeRef a, String column, CodeBlock index) {
        return a.type() == IrType.BOOLEAN ? CodeBlock.of("$L($L, $L)", booleanHelper(element), column, index)
                : CodeBlock.of("$T.fromArray($L, $L, $L)", vectorClass(element), species(element), column, index);
    }

    /** Stores lanes of a value into a column at storage index {@code index}. */
    CodeBlock store(AttributeRef a, String value, String column, CodeBlock index) {
        return a.type() == IrType.BOOLEAN ? CodeBlock.of("$L($L, $L, $L)", booleanHelper(element), value, column, index)
                : CodeBlock.of("$L.intoArray($L, $L)", value, column, index);
    }

    /** The vector form of an expression. */
    CodeBlock print(Expr e, Names names) {
        if (uniform(e)) {
            CodeBlock scalar = names.scalar(e);
            return e.type() == IrType.BOOLEAN ? CodeBlock.of("$L.maskAll($L)", species(element), scalar)
                    : CodeBlock.of("$T.broadcast($L, $L)", vectorClass(element), species(element), scalar);
        }
        return switch (e) {
            case Expr.LocalRef l -> CodeBlock.of("$L", l.local().name());
            case Expr.AttrRead r -> r.isSelf() ? CodeBlock.of("$L", self(r.attr()))
                    : load(r.attr(), names.column(r.attr()), names.index(r.place()));
            case Expr.Unary u -> CodeBlock.of(u.op() == UnaryOp.NEG ? "$L.neg()" : "$L.not()",
                    print(u.operand(), names));
            case Expr.Binary b -> binary(b, print(b.left(), names), print(b.right(), names));
            case Expr.Conditional c when element == IrType.INT && ones(c) -> {
                // (a boolean neighbour ? 1 : 0) as a lane-wise conversion of its bytes: masks kept live for
                // every neighbour defeat the JIT's removal of vector boxes (an allocation per vector of cells).
                Expr.AttrRead r = (Expr.AttrRead) c.cond();
                yield CodeBlock.of("$L($L, $L)", onesHelper(element), names.column(r.attr()), names.index(r.place()));
            }
            case Expr.Conditional c -> {
                CodeBlock cond = print(c.cond(), names);
                CodeBlock then = print(c.then(), names);
                CodeBlock otherwise = print(c.otherwise(), names);
                yield c.type() == IrType.BOOLEAN
                        ? CodeBlock.of("$L.and($L).or($L.andNot($L))", then, cond, otherwise, cond)
                        : CodeBlock.of("$L.blend($L, $L)", otherwise, then, cond);
            }
            default -> throw new IllegalStateException(e.toString());
        };
    }

    private CodeBlock binary(Expr.Binary b, CodeBlock l, CodeBlock r) {
        boolean mask = b.type() == IrType.BOOLEAN && !b.op().isComparison();
        return switch (b.op()) {
            case ADD -> CodeBlock.of("$L.add($L)", l, r);
            case SUB -> CodeBlock.of("$L.sub($L)", l, r);
            case MUL -> CodeBlock.of("$L.mul($L)", l, r);
            case DIV -> CodeBlock.of("$L.div($L)", l, r);
            case AND, COND_AND -> CodeBlock.of("$L.and($L)", l, r);
            case OR, COND_OR -> CodeBlock.of("$L.or($L)", l, r);
            case XOR -> mask ? CodeBlock.of("$L.eq($L).not()", l, r) : CodeBlock.of("$L.lanewise($T.XOR, $L)", l, OPERATORS, r);
            case LT, LE, GT, GE, EQ, NE -> CodeBlock.of("$L.compare($T.$L, $L)", l, OPERATORS, b.op().name(), r);
            default -> throw new IllegalStateException(b.toString());
        };
    }
}
