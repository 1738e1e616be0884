package org.colony.processor.codegen.cuda;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.function.Consumer;
import org.colony.processor.ir.AttributeRef;
import org.colony.processor.ir.BoundarySplit;
import org.colony.processor.ir.Expr;
import org.colony.processor.ir.IntrinsicOp;
import org.colony.processor.ir.Ir;
import org.colony.processor.ir.IrType;
import org.colony.processor.ir.ModelIr;
import org.colony.processor.ir.ModelRef;
import org.colony.processor.ir.StepIr;
import org.colony.processor.ir.Stmt;

/**
 * The register window of a row-marching CUDA kernel: for each attribute a 2-D place step reads through
 * neighbours at constant offsets, one register per offset (dx, dy) between the least and greatest dy read
 * in that column dx. Moving to the next row shifts each column up by one and loads its new bottom value,
 * so a row costs one load per column instead of one per neighbour. Only steps whose neighbour reads are
 * all at constant offsets (directly, or through locals that hold one constant neighbour) march, or steps split
 * between interior and boundary ({@link BoundarySplit}) whose interior statements' reads are: the window then
 * holds what the interior reads, and the boundary places, which run the same kernel's whole body, read the rest
 * (neighbours at computed offsets, say) from memory.
 *
 * <p>A thread marches {@code lanes} columns of cells at once, {@code blockDim.x} apart, each with its own
 * registers: the loads of all lanes of a row are independent, so they are in flight together.
 */
final class Window {

    /** One column of the window: an attribute at one dx, rows dyMin..dyMax. */
    record Column(AttributeRef attr, int dx, int dyMin, int dyMax) {
        String register(int dy, int lane) {
            return "w" + lane + "_" + attr.name() + "_" + name(dx) + "_" + name(dy);
        }

        private static String name(int v) {
            return v < 0 ? "m" + -v : Integer.toString(v);
        }
    }

    /** The most lanes a marching kernel may have. */
    static final int MAX_LANES = 4;

    private final List<Column> columns;
    private final Map<Integer, int[]> neighborLocals;
    private int lane;

    private Window(List<Column> columns, Map<Integer, int[]> neighborLocals) {
        this.columns = columns;
        this.neighborLocals = neighborLocals;
    }

    /** The window of a step, or null when the step does not march. */
    static Window of(ModelIr model, StepIr step) {
        if (model.agent() || model.dimensions() != 2 || !model.agentModels().isEmpty()) {
            return null;
        }
        // Locals that hold one constant neighbour for the whole step.
        Map<Integer, int[]> constant = new HashMap<>();
        Set<Integer> reassigned = new HashSet<>();
        boolean[] ok = {true};
        Ir.forEachStmt(step.body(), s -> {
            if (s instanceof Stmt.Declare d && d.local().type() == IrType.PLACE) {
                int[] o = d.init() == null ? null : offsets(d.init());
                if (o == null || constant.put(d.local().id(), o) != null) {
                    reassigned.add(d.local().id());
                }
            } else if (s instanceof Stmt.AssignLocal a && a.local().type() == IrType.PLACE) {
                reassigned.add(a.local().id());
            } else if (s instanceof Stmt.ForAgents) {
                ok[0] = false;
            }
        });
        for (int id : reassigned) {
            constant.remove(id);
        }
        if (!ok[0]) {
            return null;
        }
        // A step split between interior and boundary marches when its interior statements could: its boundary
        // places read what the window does not hold from memory, as the plain kernel does.
        List<Stmt> marched = step.body();
        if (!constantReads(marched, constant)) {
            BoundarySplit split = BoundarySplit.of(model, step);
            if (split == null || !constantReads(split.interior(), constant)) {
                return null;
            }
            marched = split.interior();
        }
        Map<Integer, TreeMap<Integer, TreeSet<Integer>>> reads = new TreeMap<>();
        Map<Integer, AttributeRef> attrs = new HashMap<>();
        Ir.forEachExpr(marched, e -> {
            if (e instanceof Expr.AttrRead a && !a.isSelf()) {
                int[] o = a.place() instanceof Expr.LocalRef l ? constant.get(l.local().id()) : offsets(a.place());
                attrs.put(a.attr().ordinal(), a.attr());
                reads.computeIfAbsent(a.attr().ordinal(), k -> new TreeMap<>())
                        .computeIfAbsent(o[0], k -> new TreeSet<>()).add(o[1]);
            }
        });
        if (reads.isEmpty()) {
            return null;
        }
        List<Column> columns = new ArrayList<>();
        for (var attr : reads.entrySet()) {
            for (var col : attr.getValue().entrySet()) {
                columns.add(new Column(attrs.get(attr.getKey()), col.getKey(), col.getValue().first(),
                        col.getValue().last()));
            }
        }
        return new Window(columns, constant);
    }

    /**
     * Whether every neighbour of {@code body} is at constant offsets and every attribute it reads on another place
     * is a scalar of the model read there or through a local in {@code constant}: what a window can hold.
     */
    private static boolean constantReads(List<Stmt> body, Map<Integer, int[]> constant) {
        boolean[] ok = {true};
        Ir.forEachExpr(body, e -> {
            if (e instanceof Expr.Neighbor n && (n.checked() || offsets(n) == null)) {
                ok[0] = false;
            } else if (e instanceof Expr.Intrinsic i && i.op() == IntrinsicOp.AGENT_COUNT) {
                ok[0] = false;
            } else if (e instanceof Expr.AttrRead a && !a.isSelf()) {
                int[] o = a.place() instanceof Expr.LocalRef l ? constant.get(l.local().id()) : offsets(a.place());
                ok[0] &= o != null && !a.attr().isArray() && a.attr().owner().kind() == ModelRef.Kind.SELF;
            }
        });
        return ok[0];
    }

    /** The constant (dx, dy) of a neighbour expression, or null. */
    private static int[] offsets(Expr e) {
        if (!(e instanceof Expr.Neighbor n) || n.offsets().size() != 2) {
            return null;
        }
        int[] o = new int[2];
        for (int d = 0; d < 2; d++) {
            if (!(n.offsets().get(d) instanceof Expr.Const c)) {
                return null;
            }
            o[d] = (Integer) c.value();
        }
        return o;
    }

    private static String address(Column c, int dy, String row) {
        return c.attr().name() + "_col[" + row + " + (" + c.dx() + ") + (jlong) (" + dy + ") * f.strideY]";
    }

    private int widestBytes() {
        int widest = 1;
        for (Column c : columns) {
            widest = Math.max(widest, switch (c.attr().type()) {
                case BOOLEAN, BYTE -> 1;
                case SHORT -> 2;
                case INT, FLOAT -> 4;
                default -> 8;
            });
        }
        return widest;
    }

    /**
     * The lanes a thread marches unless the runtime overrides it, by the widest type the window holds
     * (measured on an H200 at 3000^2 to 16384^2: see docs/gpu.md): 4 for 4-byte types, 2 otherwise.
     */
    int defaultLanes() {
        return widestBytes() == 4 ? 4 : 2;
    }

    /**
     * The rows a thread marches, at most, by the widest type the window holds: few for wide types (more
     * threads, more loads in flight), many for narrow ones (fewer redundant loads per byte moved). The runtime
     * lowers it on grids too small to fill the device.
     */
    int defaultRows() {
        return widestBytes() <= 2 ? 32 : 4;
    }

    /** Chooses the lane whose registers {@link #self} and {@link #value} name. */
    void lane(int l) {
        this.lane = l;
    }

    /**
     * The storage index of lane {@code l}'s cell in the current row (at {@code s0}); lanes past the row's end
     * read the row's last cell instead, so every load is in bounds and none needs a branch.
     */
    private static String laneRow(int l) {
        return l == 0 ? "s0" : "(s0 + (colony::min(x0 + " + l + " * (jint) blockDim.x, f.extent0 - 1) - x0))";
    }

    /** Declares the registers of every lane and fills them for the thread's first row ({@code s0}). */
    void declare(Consumer<String> emit) {
        for (int l = 0; l < MAX_LANES; l++) {
            for (Column c : columns) {
                List<String> registers = new ArrayList<>();
                for (int dy = c.dyMin(); dy <= c.dyMax(); dy++) {
                    registers.add(c.register(dy, l));
                }
                emit.accept(CudaExpressions.type(c.attr().type()) + " " + String.join(", ", registers) + ";");
            }
        }
        for (int l = 0; l < MAX_LANES; l++) {
            emit.accept("if (lanes > " + l + ") {");
            emit.accept("    const jlong s = " + laneRow(l) + ";");
            for (Column c : columns) {
                for (int dy = c.dyMin(); dy <= c.dyMax(); dy++) {
                    emit.accept("    " + c.register(dy, l) + " = " + address(c, dy, "s") + ";");
                }
            }
            emit.accept("}");
        }
    }

    /** Shifts every lane's registers to the next row and loads its new bottom, unless this was the last row. */
    void advance(Consumer<String> emit) {
        shift("if (ly + 1 < lyEnd) {", emit);
    }

    /** Shifts every lane's registers to the next row and loads its new bottom, where there is a next row for sure. */
    void next(Consumer<String> emit) {
        shift("{", emit);
    }

    private void shift(String open, Consumer<String> emit) {
        emit.accept(open);
        for (int l = 0; l < MAX_LANES; l++) {
            emit.accept("    if (lanes > " + l + ") {");
            emit.accept("        const jlong s = " + laneRow(l) + ";");
            for (Column c : columns) {
                for (int dy = c.dyMin(); dy < c.dyMax(); dy++) {
                    emit.accept("        " + c.register(dy, l) + " = " + c.register(dy + 1, l) + ";");
                }
                emit.accept("        " + c.register(c.dyMax(), l) + " = " + address(c, c.dyMax() + 1, "s") + ";");
            }
            emit.accept("    }");
        }
        emit.accept("}");
    }

    /** The register holding attribute {@code a} of the cell itself (offset 0, 0) in the current row, or null. */
    String self(AttributeRef a) {
        for (Column c : columns) {
            if (c.attr().ordinal() == a.ordinal() && c.dx() == 0 && c.dyMin() <= 0 && c.dyMax() >= 0) {
                return c.register(0, lane);
            }
        }
        return null;
    }

    /** The columns of the window, by attribute ordinal, then dx. */
    List<Column> columns() {
        return columns;
    }

    /** The constant (dx, dy) of a place the step reads through: a neighbour, or a local holding one; else null. */
    int[] at(Expr place) {
        return place instanceof Expr.LocalRef l ? neighborLocals.get(l.local().id()) : offsets(place);
    }

    /** The register holding attribute {@code a} at {@code place} in the current row, or null. */
    String value(AttributeRef a, Expr place) {
        int[] o = at(place);
        if (o == null) {
            return null;
        }
        for (Column c : columns) {
            if (c.attr().ordinal() == a.ordinal() && c.dx() == o[0] && o[1] >= c.dyMin() && o[1] <= c.dyMax()) {
                return c.register(o[1], lane);
            }
        }
        return null;
    }
}
