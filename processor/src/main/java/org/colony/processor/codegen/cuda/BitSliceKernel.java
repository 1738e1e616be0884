package org.colony.processor.codegen.cuda;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.colony.kernel.cuda.CudaStep;
import org.colony.kernel.cuda.KernelParam;
import org.colony.processor.ir.AttributeRef;
import org.colony.processor.ir.BinaryOp;
import org.colony.processor.ir.Expr;
import org.colony.processor.ir.IrType;
import org.colony.processor.ir.ModelIr;
import org.colony.processor.ir.StepIr;
import org.colony.processor.ir.Stmt;
import org.colony.processor.ir.UnaryOp;

/**
 * The bit-sliced form of a step that has a SWAR form ({@link SwarStep}) on {@code boolean} attributes alone:
 * {@code <kernel>__bits}, a device function that computes 32 cells of a row at once, one cell per bit of a 32-bit
 * word (bit j is the cell j places right of the word's first), for the CUDA backend's held steps, which keep a tile
 * of such words in shared memory. A boolean is one word; an int, whose range the SWAR analysis proved to lie in
 * [0, 255], is its bits as words ("planes", the least significant first), added with ripple-carry adders (a sum of
 * several terms as a balanced tree of them), compared
 * with magnitude comparators and selected bit by bit, so every bit is the exact Java value of its cell. Signed
 * ranges (byte attributes, negative values) have no such form.
 *
 * <p>{@code void K__bits(const jint w, const jint WW, const juint keep, ...)}: the word at index {@code w} of tiles
 * {@code WW} words wide; a neighbour at (dx, dy) is word {@code w + dy * WW} funnel-shifted with the word beside it;
 * what the step writes goes to its column's word {@code w} (or its second's, where it buffers), ANDed with
 * {@code keep}, the cells of the word on the grid (those off it stay false, as a grid's outside reads). The
 * parameters after {@code keep} are the kernel's, the columns as word arrays.
 */
public final class BitSliceKernel {

    /** Thrown where an expression has no bit-sliced form. */
    private static final class Unsupported extends RuntimeException {
        private static final long serialVersionUID = 1L;

        Unsupported(String what) {
            super(what, null, false, false);
        }
    }

    private final ModelIr model;
    private final StepIr step;
    private final SwarStep swar;
    private final CudaSource source;
    /** Whether the statements are Java's (64-bit {@code long} words, for the CPU kernels) rather than CUDA's. */
    private final boolean java;
    /** A word of all cells true, and of none. */
    private final String all;
    private final String none;
    private final Map<Integer, List<String>> locals = new HashMap<>();
    private SwarStep.Ranges ranges;
    private int temp;

    private BitSliceKernel(ModelIr model, StepIr step, SwarStep swar, StringBuilder out) {
        this(model, step, swar, out, false);
    }

    private BitSliceKernel(ModelIr model, StepIr step, SwarStep swar, StringBuilder out, boolean java) {
        this.model = model;
        this.step = step;
        this.swar = swar;
        this.source = new CudaSource(out);
        this.java = java;
        this.all = java ? "-1L" : "0xFFFFFFFFu";
        this.none = java ? "0L" : "0u";
    }

    /**
     * The statements of a step's bit-sliced form in Java, for the CPU kernels, where the step has one (its CUDA
     * facts say so: {@link CudaStep#bits()}); else null. They compute one word of 64 cells (bit j the cell j places
     * right of the word's first) in the {@code long[] scratch$}: attribute {@code a}'s word of the cell at
     * {@code scratch$[in<a>$ + w0$]} (rows {@code WW$} words apart), each written attribute's word, ANDed with
     * {@code keep$}, to {@code scratch$[out<a>$ + o$]}, where {@code <a>} is the attribute's ordinal; the step's
     * boolean arguments are {@code <name>$p}. Every name the statements use is one of these, a temporary
     * {@code b<n>} or {@code <attribute>_self}, so no attribute's or argument's name can meet another. The arithmetic
     * is the CUDA form's, plane for plane, on 64 bits instead of 32.
     */
    public static List<String> javaWord(ModelIr model, StepIr step, CudaStep facts) {
        if (!facts.bits()) {
            return null;
        }
        StringBuilder out = new StringBuilder();
        new BitSliceKernel(model, step, SwarStep.of(model, step), out, true).body();
        List<String> lines = new ArrayList<>();
        for (String line : out.toString().split("\n")) {
            if (!line.isBlank()) {
                lines.add(line.strip());
            }
        }
        return lines;
    }

    /** Whether a step has a bit-sliced form. */
    static boolean has(ModelIr model, StepIr step, List<KernelParam> signature) {
        SwarStep swar = SwarStep.of(model, step);
        if (swar == null || !CudaLaunchFacts.cell(model, step, signature)) {
            return false;
        }
        for (AttributeRef a : model.attributes()) {
            boolean used = step.selfReads().contains(a.ordinal()) || step.writes().contains(a.ordinal())
                    || step.remoteReads().contains(a.ordinal());
            if (used && (a.type() != IrType.BOOLEAN || a.isArray())) {
                return false;
            }
        }
        for (Window.Column c : swar.window().columns()) {
            if (Math.abs(c.dx()) > 31) {
                return false;
            }
        }
        try {
            new BitSliceKernel(model, step, swar, new StringBuilder()).body();
            return true;
        } catch (Unsupported e) {
            return false;
        }
    }

    /** Prints the bit-sliced function of a step that {@link #has} one. */
    static void print(ModelIr model, StepIr step, CudaStep launch, StringBuilder out) {
        BitSliceKernel k = new BitSliceKernel(model, step, SwarStep.of(model, step), out);
        List<String> params = new ArrayList<>(List.of("const jint w", "const jint WW", "const juint keep"));
        for (KernelParam p : launch.params()) {
            switch (p.kind()) {
                case FRAME -> { }
                case COLUMN -> params.add("juint* " + CudaLaunchFacts.col(model.attributes().get(p.index())));
                case NEXT -> params.add("juint* " + CudaLaunchFacts.next(model.attributes().get(p.index())));
                case ARGUMENT -> params.add("const bool " + CudaExpressions.local(step.params().get(p.index()).name()));
                default -> throw new IllegalStateException(p + " in a bit-sliced step");
            }
        }
        out.append("// Step ").append(step.name()).append(" on 32 cells a word, bit-sliced, for held steps (")
                .append(step.sourceFile()).append(':').append(step.line()).append(")\n");
        out.append("__device__ __forceinline__ void ").append(launch.bitsName()).append("(\n        ")
                .append(String.join(",\n        ", params)).append(")\n{\n");
        k.body();
        out.append("}\n\n");
    }

    private void emit(String line) {
        source.emit(line);
    }

    private String fresh(String value) {
        String name = "b" + temp++;
        emit((java ? "final long " : "const juint ") + name + " = " + value + ";");
        return name;
    }

    private void body() {
        List<AttributeRef> written = new ArrayList<>();
        for (AttributeRef a : model.attributes()) {
            boolean reads = step.selfReads().contains(a.ordinal());
            boolean writes = step.writes().contains(a.ordinal());
            if (reads || writes) {
                emit((java ? "long " : "juint ") + a.name() + "_self = " + (reads ? word(a, "") : none) + ";");
            }
            if (writes) {
                written.add(a);
            }
        }
        ranges = swar.new Ranges();
        statements(swar.body());
        for (AttributeRef a : written) {
            if (java) {
                emit("scratch$[out" + a.ordinal() + "$ + o$] = " + a.name() + "_self & keep$;");
            } else {
                String column = step.buffers(a.ordinal()) ? CudaLaunchFacts.next(a) : CudaLaunchFacts.col(a);
                emit(column + "[w] = " + a.name() + "_self & keep;");
            }
        }
    }

    /** The word of an attribute at the cell's word plus {@code offset} (an expression, or empty). */
    private String word(AttributeRef a, String offset) {
        return java ? "scratch$[in" + a.ordinal() + "$ + w0$" + offset + "]" : CudaLaunchFacts.col(a) + "[w" + offset
                + "]";
    }

    private void statements(List<Stmt> list) {
        for (Stmt s : list) {
            switch (s) {
                case Stmt.Declare d when d.local().type() == IrType.PLACE -> { } // a neighbour: read where used
                case Stmt.Declare d -> {
                    locals.put(d.local().id(), d.init() == null ? List.of(none) : planes(d.init()));
                    ranges.declare(d.local(), d.init());
                }
                case Stmt.AssignLocal a -> {
                    locals.put(a.local().id(), planes(a.value()));
                    ranges.assign(a.local(), a.value());
                }
                case Stmt.AssignAttr a -> emit(a.attr().name() + "_self = " + planes(a.value()).get(0) + ";");
                case Stmt.Block b -> statements(b.body());
                case Stmt.Labeled l -> statements(SwarStep.body(l));
                default -> throw new Unsupported(s.toString());
            }
        }
    }

    /** The range of an int expression, which must be unsigned. */
    private SwarStep.Range range(Expr e) {
        SwarStep.Range r = ranges.of(e);
        if (r == null || !r.unsigned()) {
            throw new Unsupported("a signed value: " + e);
        }
        return r;
    }

    private static int bits(int hi) {
        return Math.max(1, 32 - Integer.numberOfLeadingZeros(hi));
    }

    /** The value's planes, the least significant first (one for a boolean). */
    private List<String> planes(Expr e) {
        return switch (e) {
            case Expr.Const c when c.type() == IrType.BOOLEAN -> List.of((Boolean) c.value() ? all : none);
            case Expr.Const c -> constant(((Number) c.value()).intValue());
            case Expr.LocalRef l when swar.param(l.local()) ->
                List.of(fresh("(" + (java ? l.local().name() + "$p" : CudaExpressions.local(l.local().name())) + " ? "
                        + all + " : " + none + ")"));
            case Expr.LocalRef l -> {
                List<String> p = locals.get(l.local().id());
                if (p == null) {
                    throw new Unsupported("local " + l.local().name());
                }
                yield p;
            }
            case Expr.AttrRead r -> List.of(fresh(read(r)));
            case Expr.Unary u when u.op() == UnaryOp.NOT -> List.of(fresh("~" + planes(u.operand()).get(0)));
            case Expr.Binary b -> binary(b);
            case Expr.Conditional c -> conditional(c);
            case Expr.Convert c -> {
                SwarStep.Range r = range(c.operand());
                if (c.type() == IrType.BYTE && r.hi() > 127) {
                    throw new Unsupported("a byte conversion that changes the value");
                }
                yield planes(c.operand());
            }
            default -> throw new Unsupported(e.toString());
        };
    }

    private List<String> constant(int v) {
        if (v < 0) {
            throw new Unsupported("a negative literal");
        }
        List<String> p = new ArrayList<>();
        for (int i = 0; i < bits(v); i++) {
            p.add((v >> i & 1) == 1 ? all : none);
        }
        return p;
    }

    private String read(Expr.AttrRead r) {
        if (r.element() != null || r.attr().type() != IrType.BOOLEAN) {
            throw new Unsupported("a read of " + r.attr().name());
        }
        if (r.isSelf()) {
            return r.attr().name() + "_self";
        }
        int[] o = swar.window().at(r.place());
        if (o == null) {
            throw new Unsupported("a neighbour at computed offsets");
        }
        String row = " + (" + o[1] + ") * " + (java ? "WW$" : "WW");
        String here = word(r.attr(), row);
        if (o[0] == 0) {
            return here;
        }
        String next = word(r.attr(), row + " + 1");
        String before = word(r.attr(), row + " - 1");
        if (java) { // the cell dx places right: (this word, the next) shifted right; left: (the one before, this) left
            return o[0] > 0 ? "((" + here + " >>> " + o[0] + ") | (" + next + " << " + (64 - o[0]) + "))"
                    : "((" + here + " << " + -o[0] + ") | (" + before + " >>> " + (64 + o[0]) + "))";
        }
        return o[0] > 0 ? "__funnelshift_r(" + here + ", " + next + ", " + o[0] + ")"
                : "__funnelshift_l(" + before + ", " + here + ", " + -o[0] + ")";
    }

    private String plane(List<String> p, int i) {
        return i < p.size() ? p.get(i) : none;
    }

    private List<String> binary(Expr.Binary b) {
        if (b.left().type() == IrType.BOOLEAN) {
            String l = planes(b.left()).get(0);
            String r = planes(b.right()).get(0);
            return List.of(fresh(switch (b.op()) {
                case AND, COND_AND -> l + " & " + r;
                case OR, COND_OR -> l + " | " + r;
                case XOR, NE -> l + " ^ " + r;
                case EQ -> "~(" + l + " ^ " + r + ")";
                default -> throw new Unsupported(b.op().toString());
            }));
        }
        if (b.op() == BinaryOp.ADD) {
            return sum(b);
        }
        SwarStep.Range lr = range(b.left());
        SwarStep.Range rr = range(b.right());
        List<String> l = planes(b.left());
        List<String> r = planes(b.right());
        if (b.op().isComparison()) {
            return List.of(compare(b.op(), l, r, Math.max(bits(lr.hi()), bits(rr.hi()))));
        }
        SwarStep.Range result = range(b);
        int n = bits(result.hi());
        return switch (b.op()) {
            case SUB -> subtract(l, r, n);
            case MUL -> {
                boolean literalLeft = b.left() instanceof Expr.Const;
                int k = ((Number) ((Expr.Const) (literalLeft ? b.left() : b.right())).value()).intValue();
                List<String> factor = literalLeft ? r : l;
                List<String> sum = List.of(none);
                for (int j = 0; j < 31; j++) {
                    if ((k >> j & 1) == 1) {
                        List<String> shifted = new ArrayList<>();
                        for (int i = 0; i < j; i++) {
                            shifted.add(none);
                        }
                        shifted.addAll(factor);
                        sum = add(sum, shifted, n);
                    }
                }
                yield sum;
            }
            case AND, OR, XOR -> {
                String op = b.op().symbol();
                List<String> p = new ArrayList<>();
                for (int i = 0; i < n; i++) {
                    p.add(fresh(plane(l, i) + " " + op + " " + plane(r, i)));
                }
                yield p;
            }
            default -> throw new Unsupported(b.op().toString());
        };
    }

    /**
     * A sum of several terms ({@code a + b + c + ...}, as Java nests it), added as a balanced tree: neighbouring terms
     * first, so that most adders are narrow (a count of eight booleans takes four 1-bit adders, two 2-bit, one 3-bit,
     * rather than a chain of wider and wider ones). Every term is at least 0 (the ranges are unsigned), so no partial
     * sum exceeds the whole, and the value is Java's.
     */
    private List<String> sum(Expr.Binary b) {
        List<Expr> terms = new ArrayList<>();
        flatten(b, terms);
        List<List<String>> planes = new ArrayList<>();
        List<Integer> highs = new ArrayList<>();
        for (Expr t : terms) {
            highs.add(range(t).hi());
            planes.add(planes(t));
        }
        while (planes.size() > 1) {
            List<List<String>> nextPlanes = new ArrayList<>();
            List<Integer> nextHighs = new ArrayList<>();
            for (int i = 0; i + 1 < planes.size(); i += 2) {
                int hi = highs.get(i) + highs.get(i + 1);
                nextPlanes.add(add(planes.get(i), planes.get(i + 1), bits(hi)));
                nextHighs.add(hi);
            }
            if (planes.size() % 2 == 1) {
                nextPlanes.add(planes.getLast());
                nextHighs.add(highs.getLast());
            }
            planes = nextPlanes;
            highs = nextHighs;
        }
        return planes.getFirst();
    }

    /** The terms of a sum of ints, left to right. */
    private static void flatten(Expr e, List<Expr> terms) {
        if (e instanceof Expr.Binary b && b.op() == BinaryOp.ADD && b.left().type() != IrType.BOOLEAN) {
            flatten(b.left(), terms);
            flatten(b.right(), terms);
        } else {
            terms.add(e);
        }
    }

    /** The n low planes of a + b, by ripple-carry. */
    private List<String> add(List<String> a, List<String> b, int n) {
        return ripple(a, b, n, "");
    }

    /** The n low planes of a - b where a >= b always, by ripple-borrow. */
    private List<String> subtract(List<String> a, List<String> b, int n) {
        return ripple(a, b, n, "~");
    }

    /**
     * The n low planes of a + b ({@code invert} empty) or a - b ({@code invert} "~"): each plane is a ^ b ^ the carry
     * (or borrow) in, which goes on where both planes are 1, or one is and the carry was (for a borrow, where a's plane
     * is 0 and b's 1, or they agree and the borrow was).
     */
    private List<String> ripple(List<String> a, List<String> b, int n, String invert) {
        List<String> out = new ArrayList<>();
        String carry = none;
        for (int i = 0; i < n; i++) {
            String x = plane(a, i);
            String y = plane(b, i);
            String half = fresh(x + " ^ " + y);
            out.add(fresh(half + " ^ " + carry));
            if (i + 1 < n) {
                carry = fresh("(" + invert + x + " & " + y + ") | (" + invert + half + " & " + carry + ")");
            }
        }
        return out;
    }

    /** An unsigned comparison of two values of at most n planes, from the most significant plane down. */
    private String compare(BinaryOp op, List<String> a, List<String> b, int n) {
        boolean swap = op == BinaryOp.GT || op == BinaryOp.LE;
        List<String> x = swap ? b : a;
        List<String> y = swap ? a : b;
        String less = none;
        String equal = all;
        for (int i = n - 1; i >= 0; i--) {
            String xi = plane(x, i);
            String yi = plane(y, i);
            less = fresh(less + " | (" + equal + " & ~" + xi + " & " + yi + ")");
            equal = fresh(equal + " & ~(" + xi + " ^ " + yi + ")");
        }
        return switch (op) {
            case EQ -> equal;
            case NE -> fresh("~" + equal);
            case LT, GT -> less; // x < y, with x and y swapped for >
            case LE, GE -> fresh("~" + less); // a <= b is !(b < a): less is b < a for <=, a < b for >=
            default -> throw new Unsupported(op.toString());
        };
    }

    private List<String> conditional(Expr.Conditional c) {
        String cond = planes(c.cond()).get(0);
        List<String> t = planes(c.then());
        List<String> o = planes(c.otherwise());
        int n = c.type() == IrType.BOOLEAN ? 1 : bits(range(c).hi());
        List<String> p = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            p.add(fresh("(" + cond + " & " + plane(t, i) + ") | (~" + cond + " & " + plane(o, i) + ")"));
        }
        return p;
    }
}
