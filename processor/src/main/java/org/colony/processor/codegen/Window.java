package org.colony.processor.codegen;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import org.colony.processor.ir.AttributeRef;
import org.colony.processor.ir.Expr;
import org.colony.processor.ir.Ir;
import org.colony.processor.ir.IntrinsicOp;
import org.colony.processor.ir.ModelIr;
import org.colony.processor.ir.ModelRef;
import org.colony.processor.ir.StepIr;
import org.colony.processor.ir.Stmt;

/**
 * The register window of a row-marching CUDA kernel: for each attribute a 2-D place step reads through
 * neighbours at constant offsets, one register per offset (dx, dy) between the least and greatest dy read
 * in that column dx. Moving to the next row shifts each column up by one and loads its new bottom value,
 * so a row costs one load per column instead of one per neighbour. Only steps whose neighbour reads are
 * all at constant offsets (directly, or through locals that hold one constant neighbour) march.
 */
final class Window {

    /** One column of the window: an attribute at one dx, rows dyMin..dyMax. */
    private record Column(AttributeRef attr, int dx, int dyMin, int dyMax) {
        String register(int dy) {
            return "w_" + attr.name() + "_" + name(dx) + "_" + name(dy);
        }

        private static String name(int v) {
            return v < 0 ? "m" + -v : Integer.toString(v);
        }
    }

    private final List<Column> columns;
    private final Map<Integer, int[]> neighborLocals;

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
            if (s instanceof Stmt.Declare d && d.local().type() == org.colony.processor.ir.IrType.PLACE) {
                int[] o = d.init() == null ? null : offsets(d.init());
                if (o == null || constant.put(d.local().id(), o) != null) {
                    reassigned.add(d.local().id());
                }
            } else if (s instanceof Stmt.AssignLocal a && a.local().type() == org.colony.processor.ir.IrType.PLACE) {
                reassigned.add(a.local().id());
            } else if (s instanceof Stmt.ForAgents) {
                ok[0] = false;
            }
        });
        for (int id : reassigned) {
            constant.remove(id);
        }
        Map<Integer, TreeMap<Integer, TreeSet<Integer>>> reads = new TreeMap<>();
        Map<Integer, AttributeRef> attrs = new HashMap<>();
        Ir.forEachExpr(step.body(), e -> {
            if (e instanceof Expr.Neighbor n && (n.checked() || offsets(n) == null)) {
                ok[0] = false;
            } else if (e instanceof Expr.Intrinsic i && i.op() == IntrinsicOp.AGENT_COUNT) {
                ok[0] = false;
            } else if (e instanceof Expr.AttrRead a && !a.isSelf()) {
                int[] o = a.place() instanceof Expr.LocalRef l ? constant.get(l.local().id()) : offsets(a.place());
                if (o == null || a.attr().isArray() || a.attr().owner().kind() != ModelRef.Kind.SELF) {
                    ok[0] = false;
                    return;
                }
                attrs.put(a.attr().ordinal(), a.attr());
                reads.computeIfAbsent(a.attr().ordinal(), k -> new TreeMap<>())
                        .computeIfAbsent(o[0], k -> new TreeSet<>()).add(o[1]);
            }
        });
        if (!ok[0] || reads.isEmpty()) {
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

    /** Declares and fills the registers for the first row of a thread's rows ({@code s} is that row). */
    void declare(java.util.function.Consumer<String> emit) {
        for (Column c : columns) {
            for (int dy = c.dyMin(); dy <= c.dyMax(); dy++) {
                emit.accept(CudaExpressions.type(c.attr().type()) + " " + c.register(dy) + " = " + address(c, dy, "s")
                        + ";");
            }
        }
    }

    /** Shifts the registers to the next row and loads the new bottom of each column, unless this was the last row. */
    void advance(java.util.function.Consumer<String> emit) {
        emit.accept("if (ly + 1 < lyEnd) {");
        for (Column c : columns) {
            for (int dy = c.dyMin(); dy < c.dyMax(); dy++) {
                emit.accept("    " + c.register(dy) + " = " + c.register(dy + 1) + ";");
            }
            emit.accept("    " + c.register(c.dyMax()) + " = " + address(c, c.dyMax() + 1, "s") + ";");
        }
        emit.accept("}");
    }

    /** The register holding attribute {@code a} of the cell itself (offset 0, 0) in the current row, or null. */
    String self(AttributeRef a) {
        for (Column c : columns) {
            if (c.attr().ordinal() == a.ordinal() && c.dx() == 0 && c.dyMin() <= 0 && c.dyMax() >= 0) {
                return c.register(0);
            }
        }
        return null;
    }

    /** The register holding attribute {@code a} at {@code place} in the current row, or null. */
    String value(AttributeRef a, Expr place) {
        int[] o = place instanceof Expr.LocalRef l ? neighborLocals.get(l.local().id()) : offsets(place);
        if (o == null) {
            return null;
        }
        for (Column c : columns) {
            if (c.attr().ordinal() == a.ordinal() && c.dx() == o[0] && o[1] >= c.dyMin() && o[1] <= c.dyMax()) {
                return c.register(o[1]);
            }
        }
        return null;
    }
}
