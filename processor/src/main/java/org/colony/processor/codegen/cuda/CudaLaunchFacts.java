package org.colony.processor.codegen.cuda;

import java.util.ArrayList;
import java.util.List;
import org.colony.processor.ir.AttributeRef;
import org.colony.processor.ir.Expr;
import org.colony.processor.ir.Ir;
import org.colony.processor.ir.Local;
import org.colony.processor.ir.ModelIr;
import org.colony.processor.ir.ModelShape;
import org.colony.processor.ir.RandomKind;
import org.colony.processor.ir.SharedRef;
import org.colony.processor.ir.StepIr;
import org.colony.processor.ir.Stmt;

/**
 * What the CUDA backend must know to find, load and launch a model's kernels, in one place: the resource path
 * of the source, the names of kernels and constant-memory symbols, the parameter list of every kernel, whether
 * a kernel marches rows or has a SWAR form, and why a model cannot run on the GPU at all. The backend mirrors
 * these facts; the launch facts travel to it as the comment lines of {@link #launchLines}.
 */
public final class CudaLaunchFacts {

    private CudaLaunchFacts() {
    }

    /** The resource path of a model's CUDA source, under the class output. */
    public static String resourcePath(ModelIr model) {
        return "META-INF/colony/cuda/" + model.binaryName() + ".cu";
    }

    /** The kernel name of a step. */
    public static String kernelName(ModelIr model, StepIr step) {
        return model.simpleName() + "__" + step.name();
    }

    /** The name of the SWAR kernel of a step. */
    public static String swarKernelName(ModelIr model, StepIr step) {
        return kernelName(model, step) + "__swar";
    }

    /** The constant-memory symbol of a shared attribute. */
    public static String sharedSymbol(ModelIr model, SharedRef s) {
        return model.simpleName() + "_shared_" + s.name();
    }

    /** Whether the kernel of {@code step} marches over rows (so the runtime passes a row count per thread). */
    public static boolean marches(ModelIr model, StepIr step) {
        return Window.of(model, step) != null;
    }

    /**
     * The SWAR form of a step, a second kernel that the runtime launches in place of the ordinary one (see
     * {@link SwarStep}), or null when the step has none.
     */
    static SwarStep swar(ModelIr model, StepIr step) {
        for (StepIr other : model.steps()) {
            if (kernelName(model, other).equals(swarKernelName(model, step))) {
                return null;
            }
        }
        return SwarStep.of(model, step);
    }

    /** Whether every step of the model can run on the CUDA backend (null); otherwise why not. */
    public static String unsupportedReason(ModelIr model) {
        for (StepIr s : model.steps()) {
            String[] why = new String[1];
            Ir.forEachExpr(s.body(), e -> {
                if (e instanceof Expr.MathCall m && !CudaExpressions.supported(m.function())) {
                    why[0] = "step " + s.name() + " calls Math." + m.function().methodName();
                }
            });
            Ir.forEachStmt(s.body(), st -> {
                if (st instanceof Stmt.RandomDraw r && r.kind() == RandomKind.NORMAL) {
                    why[0] = "step " + s.name() + " draws normal()";
                }
            });
            if (why[0] != null) {
                return why[0] + ", whose bit-exact (fdlibm) CUDA version is not available yet";
            }
        }
        return null;
    }

    // ---- the launch facts as comment lines of the source ------------------------------------------

    /**
     * The comment lines at the top of a model's source that the backend reads back: why the model cannot run on
     * the GPU ({@code unsupported}, or null), and per marching kernel its default lanes and rows, and its SWAR
     * kernel.
     */
    static String launchLines(ModelIr model, String unsupported) {
        StringBuilder lines = new StringBuilder();
        if (unsupported != null) {
            lines.append(unsupportedLine(unsupported));
        }
        for (StepIr step : model.steps()) {
            if (marches(model, step)) {
                Window window = Window.of(model, step);
                lines.append(marchLine(kernelName(model, step), window.defaultLanes(), window.defaultRows()));
                if (swar(model, step) != null) {
                    // The SWAR form marches 4 adjacent cells per thread (its "lanes"), whatever colony.cuda.lanes says.
                    lines.append(marchLine(swarKernelName(model, step), SwarStep.CELLS, SwarStep.ROWS));
                    lines.append(swarLine(kernelName(model, step), swarKernelName(model, step)));
                }
            }
        }
        return lines.toString();
    }

    /** {@code // colony-unsupported: <reason>}. */
    private static String unsupportedLine(String reason) {
        return "// colony-unsupported: " + reason + '\n';
    }

    /** {@code // colony-march: <kernel> <lanes> <rows>}. */
    private static String marchLine(String kernel, int lanes, int rows) {
        return "// colony-march: " + kernel + ' ' + lanes + ' ' + rows + '\n';
    }

    /** {@code // colony-swar: <kernel> <its SWAR kernel>}. */
    private static String swarLine(String kernel, String swarKernel) {
        return "// colony-swar: " + kernel + ' ' + swarKernel + '\n';
    }

    // ---- the kernel parameters ----------------------------------------------------------------------

    /** The kernel parameter of an attribute's column. */
    static String col(AttributeRef a) {
        return a.name() + "_col";
    }

    /** The kernel parameter of an attribute's second column, where the model double buffers it. */
    static String next(AttributeRef a) {
        return a.name() + "_next";
    }

    /**
     * The parameters of a step's kernels, in the order the CUDA backend passes them: the frame, then every
     * attribute of the model in ordinal order (its column, and its second column where the model double
     * buffers it), then for agent models their bookkeeping and their places' columns, then per iterated agent
     * class its index and columns, then a predicate's counter, then the step's own parameters.
     */
    static List<String> parameters(ModelIr model, StepIr step) {
        List<String> params = new ArrayList<>();
        params.add("const colony::Frame f");
        for (int i = 0; i < model.attributes().size(); i++) {
            AttributeRef a = model.attributes().get(i);
            String type = CudaExpressions.type(a.type());
            params.add(type + "* __restrict__ " + col(a));
            if (model.doubleBuffered().get(i)) {
                params.add(type + "* __restrict__ " + next(a));
            }
        }
        if (model.agent()) {
            params.add("const jlong* __restrict__ ids");
            params.add("const jlong* __restrict__ locations");
            params.add("bool* __restrict__ killed");
            params.add("jlong* __restrict__ targets");
            params.add("jint* __restrict__ spawns");
            for (AttributeRef a : model.place().attributes()) {
                params.add("const " + CudaExpressions.type(a.type()) + "* __restrict__ " + a.name() + "_place");
            }
            for (AttributeRef a : model.place().attributes()) {
                params.add(CudaExpressions.type(a.type()) + "* __restrict__ " + a.name() + "_contrib");
                params.add("bool* __restrict__ " + a.name() + "_wrote");
            }
        }
        for (ModelShape m : model.agentModels()) {
            int slot = m.ref().slot();
            params.add("const jint* __restrict__ start" + slot);
            params.add("const jint* __restrict__ order" + slot);
            params.add("const jlong* __restrict__ ids" + slot);
            params.add("const jlong agentPitch" + slot);
            for (AttributeRef a : m.attributes()) {
                params.add("const " + CudaExpressions.type(a.type()) + "* __restrict__ " + a.name() + "_a" + slot);
            }
        }
        if (step.predicate()) {
            params.add("julong* __restrict__ count");
        }
        for (Local l : step.params()) {
            params.add("const " + CudaExpressions.type(l.type()) + " " + CudaExpressions.local(l.name()));
        }
        return params;
    }
}
