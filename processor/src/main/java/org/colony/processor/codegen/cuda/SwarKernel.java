package org.colony.processor.codegen.cuda;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;
import org.colony.kernel.cuda.CudaStep;
import org.colony.processor.ir.AttributeRef;
import org.colony.processor.ir.BinaryOp;
import org.colony.processor.ir.Expr;
import org.colony.processor.ir.Ir;
import org.colony.processor.ir.IrType;
import org.colony.processor.ir.ModelIr;
import org.colony.processor.ir.StepIr;
import org.colony.processor.ir.Stmt;

/**
 * Prints the SWAR form of a step ({@link SwarStep}) as a second kernel, {@code <Model>__<step>__swar}, with the
 * parameters of the ordinary one. Each thread owns four consecutive cells of a row, x0 = 4 * its x, and walks
 * {@code f.march} rows like the ordinary marching kernel; a register of its window holds the four cells' values
 * at one neighbour offset, one per byte lane. A new row costs, per attribute, the aligned 32-bit words that hold
 * the bytes the thread needs (a row's first cell need not be aligned, so {@code colony::swarLoad} realigns them
 * with funnel shifts), and the results go back with the widest stores that touch only the thread's own cells
 * ({@code colony::swarStore}).
 *
 * <p>Booleans are lanes of ones (0x01) or, straight out of a comparison, masks (0xFF); a value is turned into
 * the other kind only where an operation needs it. Ints are lanes of their low byte.
 */
final class SwarKernel {

    /** How a value's lanes hold it. */
    private enum Kind {
        /** Booleans as 0x00 / 0x01. */
        ONES,
        /** Booleans as 0x00 / 0xFF. */
        MASK,
        /** Ints as their low byte. */
        INT
    }

    private record Val(String code, Kind kind) {
    }

    private static final String ONES = "0x01010101u";

    private final ModelIr model;
    private final StepIr step;
    /** The step's launch facts: its SWAR kernel's name and the parameters it declares. */
    private final CudaStep launch;
    private final SwarStep swar;
    private final Window window;
    private final CudaSource source;
    private SwarStep.Ranges ranges;
    private int line;

    SwarKernel(ModelIr model, StepIr step, SwarStep swar, CudaStep launch, StringBuilder out) {
        this.model = model;
        this.step = step;
        this.launch = launch;
        this.swar = swar;
        this.window = swar.window();
        this.source = new CudaSource(out);
        this.line = step.line();
    }

    private void emit(String text) {
        source.emit(text);
    }

    void print() {
        source.raw("// Step " + step.name() + " (" + step.sourceFile() + ':' + step.line() + "), " + SwarStep.CELLS
                + " cells per thread in the byte lanes of a word\n");
        source.raw("extern \"C\" __global__ void " + launch.swar().name() + "(\n        "
                + String.join(",\n        ", CudaLaunchFacts.declarations(model, step, launch.params())) + ")\n{\n");
        emit("const jlong x0l = ((jlong) blockIdx.x * blockDim.x + threadIdx.x) * " + SwarStep.CELLS + ";");
        emit("if (x0l >= f.extent0) return;");
        emit("const jint x0 = (jint) x0l;");
        emit("const jint cells = f.extent0 - x0 < " + SwarStep.CELLS + " ? f.extent0 - x0 : " + SwarStep.CELLS + ";");
        emit("for (jlong seg = (jlong) blockIdx.y * blockDim.y + threadIdx.y; seg * f.march < f.rows; "
                + "seg += (jlong) gridDim.y * blockDim.y) {");
        source.indent();
        emit("const jint ly0 = (jint) (seg * f.march);");
        emit("const jint lyEnd = (jint) (seg * f.march + f.march < f.rows ? seg * f.march + f.march : f.rows);");
        emit("jlong s0 = f.base + x0 + (jlong) ly0 * f.strideY;");
        declare();
        emit("for (jint ly = ly0; ly < lyEnd; ly++, s0 += f.strideY) {");
        source.indent();
        cell();
        advance();
        source.outdent();
        emit("}");
        source.outdent();
        emit("}");
        source.raw("}\n\n");
    }

    // ---- the window --------------------------------------------------------------------------------

    /** The window's columns by attribute ordinal. */
    private Map<Integer, List<Window.Column>> byAttribute() {
        Map<Integer, List<Window.Column>> m = new TreeMap<>();
        for (Window.Column c : window.columns()) {
            m.computeIfAbsent(c.attr().ordinal(), k -> new ArrayList<>()).add(c);
        }
        return m;
    }

    private static String register(Window.Column c, int dy) {
        return c.register(dy, 0);
    }

    /** Declares the window's registers and fills them for the thread's first row. */
    private void declare() {
        for (Window.Column c : window.columns()) {
            List<String> registers = new ArrayList<>();
            for (int dy = c.dyMin(); dy <= c.dyMax(); dy++) {
                registers.add(register(c, dy));
            }
            emit("juint " + String.join(", ", registers) + ";");
        }
        for (List<Window.Column> columns : byAttribute().values()) {
            TreeSet<Integer> rows = new TreeSet<>();
            for (Window.Column c : columns) {
                for (int dy = c.dyMin(); dy <= c.dyMax(); dy++) {
                    rows.add(dy);
                }
            }
            for (int dy : rows) {
                List<Window.Column> at = new ArrayList<>();
                for (Window.Column c : columns) {
                    if (c.dyMin() <= dy && dy <= c.dyMax()) {
                        at.add(c);
                    }
                }
                load(at, dy, dy);
            }
        }
    }

    /** Shifts the registers to the next row and loads the new bottom of every column, unless this was the last row. */
    private void advance() {
        emit("if (ly + 1 < lyEnd) {");
        source.indent();
        for (Window.Column c : window.columns()) {
            for (int dy = c.dyMin(); dy < c.dyMax(); dy++) {
                emit(register(c, dy) + " = " + register(c, dy + 1) + ";");
            }
        }
        for (List<Window.Column> columns : byAttribute().values()) {
            Map<Integer, List<Window.Column>> byBottom = new TreeMap<>();
            for (Window.Column c : columns) {
                byBottom.computeIfAbsent(c.dyMax(), k -> new ArrayList<>()).add(c);
            }
            for (var bottom : byBottom.entrySet()) {
                load(bottom.getValue(), bottom.getKey() + 1, bottom.getKey());
            }
        }
        source.outdent();
        emit("}");
    }

    /**
     * Loads row {@code dy} (relative to the current row) of one attribute for the given columns, into each
     * column's register of row {@code into}: the bytes from the least dx to the greatest, realigned per dx.
     */
    private void load(List<Window.Column> columns, int dy, int into) {
        int lo = Integer.MAX_VALUE;
        int hi = Integer.MIN_VALUE;
        for (Window.Column c : columns) {
            lo = Math.min(lo, c.dx());
            hi = Math.max(hi, c.dx());
        }
        int words = (SwarStep.CELLS + hi - lo + 3) / 4;
        AttributeRef a = columns.get(0).attr();
        emit("{");
        source.indent();
        emit("juint n[" + words + "];");
        emit("colony::swarLoad(" + CudaLaunchFacts.col(a) + ", s0 + (" + lo + ") + (jlong) (" + dy
                + ") * f.strideY, cells + " + (hi - lo) + ", n);");
        for (Window.Column c : columns) {
            int o = c.dx() - lo;
            emit(register(c, into) + " = " + (o % 4 == 0 ? "n[" + o / 4 + "]"
                    : "__funnelshift_r(n[" + o / 4 + "], n[" + (o / 4 + 1) + "], " + 8 * (o % 4) + ")") + ";");
        }
        source.outdent();
        emit("}");
    }

    // ---- a row of four cells -----------------------------------------------------------------------

    private static String self(AttributeRef a) {
        return a.name() + "_self";
    }

    /** The cells' own attributes, their step, and the stores of what it wrote. */
    private void cell() {
        List<AttributeRef> written = new ArrayList<>();
        for (AttributeRef a : model.attributes()) {
            boolean reads = step.selfReads().contains(a.ordinal());
            boolean writes = step.writes().contains(a.ordinal());
            if (!reads && !writes) {
                continue;
            }
            String init;
            String known = window.self(a);
            if (!reads) {
                init = "0u";
            } else if (known != null) {
                init = known;
            } else if (writes && !step.buffers(a.ordinal())) {
                // Written in place: the neighbouring bytes are other threads' cells, being written.
                init = "colony::swarLoadBytes(" + CudaLaunchFacts.col(a) + ", s0, cells)";
            } else {
                init = "colony::swarLoadWord(" + CudaLaunchFacts.col(a) + ", s0, cells)";
            }
            emit("juint " + self(a) + " = " + init + ";");
            if (writes) {
                written.add(a);
            }
        }
        ranges = swar.new Ranges();
        statements(swar.body());
        for (AttributeRef a : written) {
            String column = step.buffers(a.ordinal()) ? CudaLaunchFacts.next(a) : CudaLaunchFacts.col(a);
            emit("colony::swarStore(" + column + ", s0, cells, " + self(a) + ");");
        }
    }

    private void statements(List<Stmt> list) {
        for (Stmt s : list) {
            if (s instanceof Stmt.Declare d && d.local().type() == IrType.PLACE) {
                continue; // a neighbour: its values are the window's registers
            }
            if (s.line() > 0 && s.line() != line) {
                line = s.line();
                source.lineDirective(line, step.sourceFile());
            }
            switch (s) {
                case Stmt.Declare d -> {
                    emit("juint " + CudaExpressions.local(d.local().name()) + " = "
                            + (d.init() == null ? "0u" : stored(d.init())) + ";");
                    ranges.declare(d.local(), d.init());
                }
                case Stmt.AssignLocal a -> {
                    emit(CudaExpressions.local(a.local().name()) + " = " + stored(a.value()) + ";");
                    ranges.assign(a.local(), a.value());
                }
                case Stmt.AssignAttr a -> emit(self(a.attr()) + " = " + stored(a.value()) + ";");
                case Stmt.Block b -> block(b.body());
                case Stmt.Labeled l -> block(SwarStep.body(l));
                default -> throw new IllegalStateException("no SWAR form of " + s);
            }
        }
    }

    private void block(List<Stmt> body) {
        emit("{");
        source.indent();
        statements(body);
        source.outdent();
        emit("}");
    }

    /** A value as locals and attributes hold it: booleans as ones. */
    private String stored(Expr e) {
        Val v = print(e);
        return v.kind() == Kind.MASK ? ones(v) : v.code();
    }

    // ---- expressions -------------------------------------------------------------------------------

    private Val print(Expr e) {
        return switch (e) {
            case Expr.Const c when c.type() == IrType.BOOLEAN -> new Val((Boolean) c.value() ? ONES : "0u", Kind.ONES);
            case Expr.Const c -> new Val(lanes(((Number) c.value()).intValue()), Kind.INT);
            case Expr.LocalRef l when swar.param(l.local()) ->
                new Val("(" + CudaExpressions.local(l.local().name()) + " ? " + ONES + " : 0u)", Kind.ONES);
            case Expr.LocalRef l -> new Val(CudaExpressions.local(l.local().name()), kind(l.type()));
            case Expr.AttrRead r -> new Val(r.isSelf() ? self(r.attr()) : window.value(r.attr(), r.place()),
                    kind(r.attr().type()));
            case Expr.Unary u -> not(print(u.operand()));
            case Expr.Binary b -> binary(b);
            case Expr.Conditional c -> conditional(c);
            case Expr.Convert c -> new Val(print(c.operand()).code(), Kind.INT);
            default -> throw new IllegalStateException("no SWAR form of " + e);
        };
    }

    private static Kind kind(IrType t) {
        return t == IrType.BOOLEAN ? Kind.ONES : Kind.INT;
    }

    /** An int in every lane: its low byte four times. */
    private static String lanes(int v) {
        return String.format("0x%08Xu", (v & 0xFF) * 0x01010101);
    }

    private static String ones(Val v) {
        return v.kind() == Kind.MASK ? "colony::swarOnes(" + v.code() + ")" : v.code();
    }

    private static String mask(Val v) {
        return v.kind() == Kind.MASK ? v.code() : "colony::swarMask(" + v.code() + ")";
    }

    private static Val not(Val v) {
        return v.kind() == Kind.MASK ? new Val("(~" + v.code() + ")", Kind.MASK)
                : new Val("(" + v.code() + " ^ " + ONES + ")", Kind.ONES);
    }

    private Val binary(Expr.Binary b) {
        if (b.left().type() == IrType.BOOLEAN) {
            return logic(b.op(), print(b.left()), print(b.right()));
        }
        if (b.op().isComparison()) {
            SwarStep.Range l = ranges.of(b.left());
            SwarStep.Range r = ranges.of(b.right());
            String sign = l.unsigned() && r.unsigned() ? "u" : "s";
            String fn = switch (b.op()) {
                case EQ -> "__vcmpeq4";
                case NE -> "__vcmpne4";
                case LT -> "__vcmplt" + sign + "4";
                case LE -> "__vcmple" + sign + "4";
                case GT -> "__vcmpgt" + sign + "4";
                case GE -> "__vcmpge" + sign + "4";
                default -> throw new IllegalStateException(b.op().toString());
            };
            return new Val(fn + "(" + print(b.left()).code() + ", " + print(b.right()).code() + ")", Kind.MASK);
        }
        if (b.op() == BinaryOp.MUL) {
            // By a literal (SwarStep): the word times the literal itself multiplies every lane.
            boolean left = b.left() instanceof Expr.Const;
            Expr literal = left ? b.left() : b.right();
            Expr factor = left ? b.right() : b.left();
            int k = ((Number) ((Expr.Const) literal).value()).intValue();
            return new Val("(" + print(factor).code() + " * " + k + "u)", Kind.INT);
        }
        String op = switch (b.op()) {
            case ADD, SUB, AND, OR, XOR -> b.op().symbol();
            default -> throw new IllegalStateException(b.op().toString());
        };
        return new Val("(" + print(b.left()).code() + " " + op + " " + print(b.right()).code() + ")", Kind.INT);
    }

    /** A boolean operator, on the kinds its operands come in where they agree, else on ones. */
    private static Val logic(BinaryOp op, Val l, Val r) {
        boolean same = l.kind() == r.kind();
        switch (op) {
            case AND, COND_AND -> {
                // Ones and a mask give ones.
                return new Val("(" + l.code() + " & " + r.code() + ")", same ? l.kind() : Kind.ONES);
            }
            case OR, COND_OR, XOR, EQ, NE -> {
                Kind kind = same ? l.kind() : Kind.ONES;
                String left = same ? l.code() : ones(l);
                String right = same ? r.code() : ones(r);
                String full = kind == Kind.MASK ? "0xFFFFFFFFu" : ONES;
                return switch (op) {
                    case OR, COND_OR -> new Val("(" + left + " | " + right + ")", kind);
                    case XOR, NE -> new Val("(" + left + " ^ " + right + ")", kind);
                    default -> new Val("(" + left + " ^ " + right + " ^ " + full + ")", kind);
                };
            }
            default -> throw new IllegalStateException(op.toString());
        }
    }

    private static Val times(String ones, int k) {
        return new Val(k == 1 ? ones : "(" + ones + " * " + k + "u)", Kind.INT);
    }

    private Val conditional(Expr.Conditional c) {
        Val cond = print(c.cond());
        if (c.type() != IrType.BOOLEAN && c.then() instanceof Expr.Const t && c.otherwise() instanceof Expr.Const o) {
            // (c ? k : 0) is c's ones times k, the lane bits of k: no lane exceeds 0xFF.
            if (Ir.isNumber(o.value(), 0)) {
                return times(ones(cond), ((Number) t.value()).intValue() & 0xFF);
            }
            if (Ir.isNumber(t.value(), 0)) {
                return times(ones(not(cond)), ((Number) o.value()).intValue() & 0xFF);
            }
        }
        Val then = print(c.then());
        Val otherwise = print(c.otherwise());
        Kind kind = then.kind() == otherwise.kind() ? then.kind() : Kind.ONES;
        String whenTrue = kind == then.kind() ? then.code() : ones(then);
        String whenFalse = kind == otherwise.kind() ? otherwise.code() : ones(otherwise);
        return new Val("colony::swarSelect(" + mask(cond) + ", " + whenTrue + ", " + whenFalse + ")", kind);
    }
}
