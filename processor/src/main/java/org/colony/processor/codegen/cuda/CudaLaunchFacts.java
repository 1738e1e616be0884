package org.colony.processor.codegen.cuda;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.colony.kernel.AgentAction;
import org.colony.kernel.cuda.CudaKernel;
import org.colony.kernel.cuda.CudaModel;
import org.colony.kernel.cuda.CudaStep;
import org.colony.kernel.cuda.KernelParam;
import org.colony.kernel.cuda.KernelParam.Kind;
import org.colony.processor.ir.AttributeRef;
import org.colony.processor.ir.EdgeShape;
import org.colony.processor.ir.Expr;
import org.colony.processor.ir.IntrinsicOp;
import org.colony.processor.ir.Ir;
import org.colony.processor.ir.Local;
import org.colony.processor.ir.ModelIr;
import org.colony.processor.ir.ModelShape;
import org.colony.processor.ir.SharedRef;
import org.colony.processor.ir.StepIr;
import org.colony.processor.ir.Stmt;

/**
 * What the CUDA backend must know to find, load and launch a model's kernels, in one place: the resource path
 * of the source, the names of kernels and constant-memory symbols, the parameter list of every kernel, and whether
 * a kernel marches rows or has a SWAR form. {@link #model} gathers
 * them into one {@link CudaModel}, from which the kernels are printed and which the model's descriptor carries
 * to the backend.
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

    /**
     * {@return whether an agent step has a warp form, {@code <kernel>__warp} ({@link AgentWindow}), unless another
     * step's kernel has that name}
     */
    static boolean warp(ModelIr model, StepIr step) {
        for (StepIr other : model.steps()) {
            if (kernelName(model, other).equals(kernelName(model, step) + "__warp")) {
                return false;
            }
        }
        return AgentWindow.of(model, step) != null;
    }

    // ---- the launch facts as data ------------------------------------------------------------------

    /**
     * What the CUDA backend needs to run the model: where its source is, per step its kernel
     * (marching or not, with its default lanes and rows), its SWAR form and the parameters both declare, and the
     * symbols of its shared values. The generators print the kernels from this value and the descriptor carries it
     * to the backend, so the two sides read the same facts.
     */
    public static CudaModel model(ModelIr model) {
        List<CudaStep> steps = new ArrayList<>();
        for (StepIr step : model.steps()) {
            Window window = Window.of(model, step);
            CudaKernel kernel = window == null ? CudaKernel.single(kernelName(model, step))
                    : CudaKernel.marching(kernelName(model, step), window.defaultLanes(), window.defaultRows());
            // The SWAR form marches 4 adjacent cells per thread (its "lanes"), whatever colony.cuda.lanes says.
            CudaKernel swar = window != null && swar(model, step) != null
                    ? CudaKernel.marching(swarKernelName(model, step), SwarStep.CELLS, SwarStep.ROWS) : null;
            List<KernelParam> signature = signature(model, step);
            boolean cell = cell(model, step, signature);
            steps.add(new CudaStep(kernel, swar, signature, cell,
                    swar != null && BitSliceKernel.has(model, step, signature),
                    cell && kernel.marches() && CudaStepKernel.interior(model, step) != null, warp(model, step)));
        }
        List<String> symbols = new ArrayList<>();
        for (SharedRef s : model.shared()) {
            symbols.add(sharedSymbol(model, s));
        }
        return new CudaModel(resourcePath(model), List.copyOf(steps), List.copyOf(symbols));
    }

    // ---- the kernel parameters ----------------------------------------------------------------------

    /**
     * {@return whether a step's kernel runs vertices of many edges one warp each (see {@code g_hubs}): the place steps
     * of models on a graph that walk neighbours, except predicates and steps that write array attributes or ask for
     * agents to be created ({@code spawn(T.class, n)})}
     */
    public static boolean hasHubs(ModelIr model, StepIr step) {
        if (!model.graph() || model.agent() || step.predicate()) {
            return false;
        }
        for (int a : step.writes()) {
            if (model.attributes().get(a).isArray()) {
                return false; // its elements live in memory, where one lane could read another's write
            }
        }
        boolean[] loops = new boolean[1];
        boolean[] creates = new boolean[1];
        Ir.forEachStmt(step.body(), s -> {
            loops[0] |= s instanceof Stmt.ForNeighbors;
            creates[0] |= s instanceof Stmt.Create; // a count each lane would add to
        });
        return loops[0] && !creates[0];
    }

    /** The ordinals of the edge attributes a step reads, by entry of the out-rows or of the in-rows, in order. */
    static Set<Integer> edgeReads(StepIr step, boolean incoming) {
        Set<Integer> reads = new TreeSet<>();
        Ir.forEachExpr(step.body(), e -> {
            if (e instanceof Expr.Intrinsic i && i.op() == IntrinsicOp.EDGE_ATTRIBUTE
                    && (Boolean) ((Expr.Const) i.args().get(1)).value() == incoming) {
                reads.add((Integer) ((Expr.Const) i.args().get(2)).value());
            }
        });
        return reads;
    }

    /** The kernel parameter of an attribute's column. */
    static String col(AttributeRef a) {
        return a.name() + "_col";
    }

    /** The kernel parameter of an attribute's second column, where the model double buffers it. */
    static String next(AttributeRef a) {
        return a.name() + "_next";
    }

    /**
     * Whether a step only counts the agents of class {@code slot} on places ({@code agentCountAt}, {@code
     * agentCountHere}) and never iterates, writes, kills or creates them: its kernels then get the agents' number per
     * place ({@link Kind#INDEX_COUNTS}, a histogram of their places) instead of the class's index by place, whose prefix
     * sum and scatter they would not read.
     */
    static boolean countsOnly(StepIr step, int slot) {
        if (!step.iterates().contains(slot) || step.agentWrites().containsKey(slot) || step.agentKills().contains(slot)
                || step.creates().contains(slot)) {
            return false;
        }
        boolean[] rows = new boolean[1];
        Ir.forEachStmt(step.body(), s -> rows[0] |= s instanceof Stmt.ForAgents f && f.agents().slot() == slot
                || s instanceof Stmt.Create c && c.agents().slot() == slot);
        return !rows[0];
    }

    /**
     * The parameters of a step's kernels, in the order they declare them and the CUDA backend passes them: the
     * frame, then every attribute of the model in ordinal order (its column, and its second column where the
     * model double buffers it), then for agent models their bookkeeping (with their own index by place where the
     * step runs place by place) and their places' columns, then per
     * iterated agent class its index and columns, then a predicate's counter, then the step's own parameters.
     */
    static List<KernelParam> signature(ModelIr model, StepIr step) {
        List<KernelParam> params = new ArrayList<>();
        params.add(KernelParam.frame());
        for (int i = 0; i < model.attributes().size(); i++) {
            params.add(KernelParam.column(i));
            if (model.doubleBuffered().get(i)) {
                params.add(KernelParam.next(i));
            }
        }
        if (model.graph()) {
            for (int i = 0; i < KernelParam.GRAPH_ARRAYS.size(); i++) {
                if ((i != KernelParam.GRAPH_HUBS || hasHubs(model, step))
                        && (i != KernelParam.GRAPH_PLACE_OF || model.agent())) {
                    params.add(KernelParam.graph(i));
                }
            }
            // the edge columns the step reads, out-rows then in-rows, by attribute
            for (int in = 0; in < 2; in++) {
                for (int a : edgeReads(step, in == 1)) {
                    params.add(KernelParam.edge(in == 1, a));
                }
            }
        }
        if (model.agent()) {
            for (Kind own : List.of(Kind.IDS, Kind.LOCATIONS, Kind.KILLED, Kind.TARGETS, Kind.SPAWNS)) {
                params.add(KernelParam.of(own));
            }
            // the birth places and ordinals only where the step asks for children or reads its ordinal
            if (step.actions().contains(AgentAction.SPAWN) || step.actions().contains(AgentAction.SPAWN_NEAR)) {
                params.add(KernelParam.of(Kind.BIRTH_PLACES));
                params.add(KernelParam.of(Kind.BIRTH_SPREADS));
            }
            boolean[] ordinal = new boolean[1];
            Ir.forEachExpr(step.body(), e -> ordinal[0] |= e instanceof Expr.Intrinsic i
                    && i.op() == IntrinsicOp.ORDINAL);
            if (ordinal[0]) {
                params.add(KernelParam.of(Kind.ORDINALS));
            }
            if (step.byPlace(model)) {
                params.add(KernelParam.of(Kind.OWN_START));
                params.add(KernelParam.of(Kind.OWN_ORDER));
            }
            List<AttributeRef> places = model.place().attributes();
            for (int i = 0; i < places.size(); i++) {
                params.add(KernelParam.place(Kind.PLACE_COLUMN, i));
            }
            for (int i = 0; i < places.size(); i++) {
                params.add(KernelParam.place(Kind.CONTRIBUTION, i));
                params.add(KernelParam.place(Kind.WROTE, i));
            }
        }
        for (ModelShape agents : model.agentModels()) {
            int slot = agents.ref().slot();
            if (countsOnly(step, slot)) {
                params.add(KernelParam.index(Kind.INDEX_COUNTS, slot));
                continue;
            }
            for (Kind index : List.of(Kind.INDEX_START, Kind.INDEX_ORDER, Kind.INDEX_IDS, Kind.INDEX_PITCH)) {
                params.add(KernelParam.index(index, slot));
            }
            for (int i = 0; i < agents.attributes().size(); i++) {
                params.add(KernelParam.indexedColumn(slot, i));
            }
            // what the step writes of these agents (on its own place): incoming columns, death intents
            for (int attribute : step.agentWrites().getOrDefault(slot, Map.of()).keySet()) {
                params.add(KernelParam.indexedIncoming(slot, attribute));
            }
            if (step.agentKills().contains(slot)) {
                params.add(KernelParam.index(Kind.INDEXED_KILLED, slot));
            }
            if (step.creates().contains(slot)) {
                params.add(KernelParam.index(Kind.CREATES, slot));
            }
        }
        if (step.predicate()) {
            params.add(KernelParam.of(Kind.COUNTER));
        }
        for (int i = 0; i < step.params().size(); i++) {
            params.add(KernelParam.argument(i));
        }
        return params;
    }

    /**
     * Whether a step gets a cell function ({@link CudaStep#cell}): a place step of a grid, no predicate, whose
     * kernel takes only its frame, its arguments and columns of attributes (an array's elements {@code f.pitch}
     * apart, which a held pass sets to its tile's area).
     */
    static boolean cell(ModelIr model, StepIr step, List<KernelParam> signature) {
        if (model.agent() || model.graph() || step.predicate()) {
            return false;
        }
        for (KernelParam p : signature) {
            switch (p.kind()) {
                case FRAME, ARGUMENT, COLUMN, NEXT -> { }
                default -> {
                    return false;
                }
            }
        }
        return true;
    }

    /** The C++ declarations of a step's kernel parameters, as {@link #signature} lists them. */
    static List<String> declarations(ModelIr model, StepIr step, List<KernelParam> signature) {
        List<String> out = new ArrayList<>(signature.size());
        for (KernelParam param : signature) {
            out.add(declaration(model, step, param));
        }
        return out;
    }

    private static String declaration(ModelIr model, StepIr step, KernelParam param) {
        return switch (param.kind()) {
            case FRAME -> "const colony::Frame f";
            case COLUMN -> pointer("", model.attributes().get(param.index()), col(model.attributes().get(param.index())));
            case NEXT -> pointer("", model.attributes().get(param.index()), next(model.attributes().get(param.index())));
            case IDS -> "const jlong* __restrict__ ids";
            case LOCATIONS -> "const jlong* __restrict__ locations";
            case KILLED -> "bool* __restrict__ killed";
            case TARGETS -> "jlong* __restrict__ targets";
            case SPAWNS -> "jint* __restrict__ spawns";
            case BIRTH_PLACES -> "jlong* __restrict__ birthPlaces";
            case BIRTH_SPREADS -> "jint* __restrict__ birthSpreads";
            case ORDINALS -> "const jint* __restrict__ ordinals";
            case OWN_START -> "const jint* __restrict__ ownStart";
            case OWN_ORDER -> "const jint* __restrict__ ownOrder";
            case PLACE_COLUMN -> placePointer(model, param, "const ", "_place");
            case CONTRIBUTION -> placePointer(model, param, "", "_contrib");
            case WROTE -> "bool* __restrict__ " + model.place().attributes().get(param.index()).name() + "_wrote";
            case INDEX_START -> "const jint* __restrict__ start" + param.slot();
            case INDEX_COUNTS -> "const jint* __restrict__ counts" + param.slot();
            case INDEX_ORDER -> "const jint* __restrict__ order" + param.slot();
            case INDEX_IDS -> "const jlong* __restrict__ ids" + param.slot();
            case INDEX_PITCH -> "const jlong agentPitch" + param.slot();
            case INDEXED_COLUMN -> {
                AttributeRef a = shape(model, param.slot()).attributes().get(param.index());
                yield pointer("const ", a, a.name() + "_a" + param.slot());
            }
            case INDEXED_INCOMING -> {
                AttributeRef a = shape(model, param.slot()).attributes().get(param.index());
                yield pointer("", a, a.name() + "_in" + param.slot());
            }
            case INDEXED_KILLED -> "bool* __restrict__ killed" + param.slot();
            case CREATES -> "jint* __restrict__ creates" + param.slot();
            case COUNTER -> "julong* __restrict__ count";
            case GRAPH -> {
                String array = KernelParam.GRAPH_ARRAYS.get(param.index());
                yield (array.endsWith("eights") ? "const double* __restrict__ g_" : "const jint* __restrict__ g_")
                        + array;
            }
            case EDGE -> {
                EdgeShape.Attribute a = model.edges().attributes().get(param.index());
                yield "const " + CudaExpressions.type(a.type()) + "* __restrict__ "
                        + CudaStorage.edgeColumn(param.slot() == 1, a.name());
            }
            case ARGUMENT -> {
                Local l = step.params().get(param.index());
                yield "const " + CudaExpressions.type(l.type()) + " " + CudaExpressions.local(l.name());
            }
        };
    }

    private static String pointer(String qualifier, AttributeRef a, String name) {
        return qualifier + CudaExpressions.type(a.type()) + "* __restrict__ " + name;
    }

    private static String placePointer(ModelIr model, KernelParam param, String qualifier, String suffix) {
        AttributeRef a = model.place().attributes().get(param.index());
        return pointer(qualifier, a, a.name() + suffix);
    }

    private static ModelShape shape(ModelIr model, int slot) {
        for (ModelShape m : model.agentModels()) {
            if (m.ref().slot() == slot) {
                return m;
            }
        }
        throw new IllegalArgumentException("no iterated agent class in slot " + slot);
    }
}
