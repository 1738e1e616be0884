package org.colony.processor.codegen.java;

import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.MethodSpec;
import com.palantir.javapoet.TypeName;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.colony.processor.codegen.RuntimeNames;
import org.colony.processor.ir.Expr;
import org.colony.processor.ir.Ir;
import org.colony.processor.ir.IntrinsicOp;
import org.colony.processor.ir.Local;
import org.colony.processor.ir.ModelIr;
import org.colony.processor.ir.StepIr;

/**
 * The CPU kernel of a place step: the cells of rows {@code row0$..row1$} and columns {@code x0$..x1$} of a block,
 * one by one. A step that tests {@code onBoundary()} runs each row in three ranges of x (see {@link #body()}); a
 * step with a vector form first tries it ({@code KernelSupport.VECTORS}).
 */
class PlaceKernel extends StepKernel {

    /** Whether this scalar kernel first tries its vector form. */
    private final boolean dispatch;
    /** Whether it first tries its bit-sliced form ({@link BitsKernel}), before the vector form. */
    private final boolean bits;

    PlaceKernel(ModelIr model, StepIr step, boolean dispatch) {
        this(model, step, dispatch, false);
    }

    PlaceKernel(ModelIr model, StepIr step, boolean dispatch, boolean bits) {
        super(model, step);
        this.dispatch = dispatch;
        this.bits = bits;
    }

    /** Whether a step calls {@code onBoundary()}. */
    static boolean usesOnBoundary(StepIr step) {
        boolean[] found = new boolean[1];
        Ir.forEachExpr(step.body(), e -> found[0] |= e instanceof Expr.Intrinsic i && i.op() == IntrinsicOp.ON_BOUNDARY);
        return found[0];
    }

    @Override
    void rangeParameters(MethodSpec.Builder method) {
        method.addParameter(RuntimeNames.CPU_BLOCK, "blk$")
                .addParameter(TypeName.INT, "row0$")
                .addParameter(TypeName.INT, "row1$")
                .addParameter(TypeName.INT, "x0$")
                .addParameter(TypeName.INT, "x1$");
    }

    @Override
    void head(CodeBlock.Builder head) {
        if (bits) {
            tryFirst(head, "BITS", BitsKernel.CLASS);
        }
        if (dispatch) {
            tryFirst(head, "VECTORS", VectorKernel.CLASS);
        }
    }

    /** Calls the step's kernel in nested class {@code kind} where {@code KernelSupport.<flag>}, and returns if it ran. */
    private void tryFirst(CodeBlock.Builder head, String flag, String kind) {
        List<String> args = new ArrayList<>(List.of("blk$", "row0$", "row1$", "x0$", "x1$"));
        for (Local p : step.params()) {
            args.add(p.name());
        }
        head.beginControlFlow("if ($T.$L && $L.$L($L))", RuntimeNames.KERNEL_SUPPORT, flag, kind, step.name(),
                String.join(", ", args));
        head.addStatement("return");
        head.endControlFlow();
    }

    /** Called once the scalar work of a cell is printed, before the rows: where the vector form prints its own. */
    void prepare(boolean split) {
    }

    /** The cells {@code from..to} of a row: one by one here, a vector at a time in {@link VectorKernel}. */
    void cells(CodeBlock.Builder rows, String from, String to, CodeBlock cell) {
        xLoop(rows, from, to, cell);
    }

    /**
     * The rows. A step that tests onBoundary() runs each row in three ranges of x: the first and last columns
     * of the grid with the full test, and the columns between, where only the row decides, so the test leaves
     * the inner loop (which the JIT can then unswitch and vectorize).
     */
    @Override
    final CodeBlock body() {
        CodeBlock cell = instance();
        CodeBlock interior = null;
        int dims = model.dimensions();
        if (dims >= 1 && usesOnBoundary(step)) {
            storage.boundary("rowEdge$");
            interior = instance();
            storage.boundary(null);
            storage.coord(0);
            if (dims >= 2) {
                storage.coord(1);
            }
            if (dims >= 3) {
                storage.coord(2);
            }
        }
        prepare(interior != null);
        CodeBlock.Builder rows = CodeBlock.builder();
        String extent1 = storage.layoutValue("extent1$", "extent1");
        String strideY = storage.layoutValue("strideY$", "strideY");
        String strideZ = storage.layoutValue("strideZ$", "strideZ");
        String base = storage.layoutValue("base$", "base");
        rows.beginControlFlow("for (int row$$ = row0$$; row$$ < row1$$; row$$++)");
        rows.addStatement("final int ly$$ = row$$ % $L", extent1);
        rows.addStatement("final int lz$$ = row$$ / $L", extent1);
        if (storage.uses("coord1")) {
            rows.addStatement("final int gy$$ = $L + ly$$", storage.layoutValue("origin1$", "origin1"));
        }
        if (storage.uses("coord2")) {
            rows.addStatement("final int gz$$ = $L + lz$$", storage.layoutValue("origin2$", "origin2"));
        }
        rows.addStatement("final int rowBase$$ = $L + ly$$ * $L + lz$$ * $L", base, strideY, strideZ);
        for (Map.Entry<String, String> row : storage.rowLocals().entrySet()) {
            rows.addStatement("final int $L = $L", row.getKey(), row.getValue());
        }
        if (interior == null) {
            cells(rows, "x0$", "x1$", cell);
        } else {
            CodeBlock.Builder edge = CodeBlock.builder().add(dims == 1 ? "false" : "");
            for (int d = 1; d < dims; d++) {
                edge.add("$L$L == 0 || $L == $L - 1", d > 1 ? " || " : "", storage.coord(d), storage.coord(d),
                        storage.size(d));
            }
            rows.addStatement("final boolean rowEdge$$ = $L", edge.build());
            String origin0 = storage.layoutValue("origin0$", "origin0");
            rows.addStatement("final int xa$$ = Math.min(x1$$, Math.max(x0$$, 1 - $L))", origin0);
            rows.addStatement("final int xb$$ = Math.max(xa$$, Math.min(x1$$, $L - 1 - $L))", storage.size(0), origin0);
            xLoop(rows, "x0$", "xa$", cell);
            if (step.boundaryOnly()) {
                // Nothing happens off the boundary: only edge rows have work between the first and last
                // columns, and the runtime copies buffered values back on the boundary instead of swapping.
                rows.beginControlFlow("if (rowEdge$$)");
                xLoop(rows, "xa$", "xb$", interior);
                rows.endControlFlow();
            } else {
                cells(rows, "xa$", "xb$", interior);
            }
            xLoop(rows, "xb$", "x1$", cell);
        }
        rows.endControlFlow();
        return rows.build();
    }

    /** The cells {@code from..to} of a row, one by one. */
    final void xLoop(CodeBlock.Builder rows, String from, String to, CodeBlock cell) {
        // x from 0 is the loop variable and neighbours are (row + x + dx): the JIT then keeps one base per row
        // read and folds dx into the address, where s + (an invariant offset per neighbour) costs a register each.
        rows.beginControlFlow("for (int x$$ = $L; x$$ < $L; x$$++)", from, to);
        rows.addStatement("final int s$$ = rowBase$$ + x$$");
        if (storage.uses("coord0")) {
            rows.addStatement("final int gx$$ = $L + x$$", storage.layoutValue("origin0$", "origin0"));
        }
        rows.add(cell);
        rows.endControlFlow();
    }
}
