package org.colony.processor.codegen.cuda;

import java.util.ArrayList;
import java.util.List;
import org.colony.kernel.cuda.CudaStep;
import org.colony.processor.ir.AttributeRef;
import org.colony.processor.ir.BoundarySplit;
import org.colony.processor.ir.Ir;
import org.colony.processor.ir.ModelIr;
import org.colony.processor.ir.StepIr;
import org.colony.processor.ir.Stmt;

/**
 * The CUDA kernel of one step, {@code extern "C"} and named by {@link CudaLaunchFacts#kernelName}: one thread per
 * agent slot (agents; per place of the block, running its agents in id order, for a step that runs place by place),
 * per column walking rows (places), or per column marching {@code f.march} rows of
 * {@code lanes} columns with the neighbour values in registers ({@link Window}); around each cell or agent, its
 * random stream, buffered attributes, the step's statements ({@link CudaStatements}) and the write-back.
 */
final class CudaStepKernel {

    private final ModelIr model;
    private final StepIr step;
    /** The step's launch facts: its kernel's name and its parameters. */
    private final CudaStep launch;
    private final CudaSource source;
    private final CudaStorage storage;
    private final CudaExpressions printer;
    private final CudaStatements statements;
    /** For row-marching kernels: the window of each attribute read through neighbours, else null. */
    private final Window window;
    /** The statements a cell runs where not the step's whole body (an interior strip's), else null. */
    private List<Stmt> body;

    CudaStepKernel(ModelIr model, StepIr step, CudaStep launch, StringBuilder out) {
        this(model, step, launch, out, Window.of(model, step));
    }

    private CudaStepKernel(ModelIr model, StepIr step, CudaStep launch, StringBuilder out, Window window) {
        this.model = model;
        this.step = step;
        this.launch = launch;
        this.source = new CudaSource(out);
        this.window = window;
        this.storage = new CudaStorage(model, step, window);
        this.printer = new CudaExpressions(storage);
        this.statements = new CudaStatements(source, storage, printer, step.sourceFile());
    }

    private void emit(String line) {
        source.emit(line);
    }

    void print() {
        List<String> params = CudaLaunchFacts.declarations(model, step, launch.params());
        source.raw("// Step " + step.name() + " (" + step.sourceFile() + ':' + step.line() + ")\n");
        source.raw("extern \"C\" __global__ void " + launch.kernel().name() + "(\n        "
                + String.join(",\n        ", params) + ")\n{\n");
        boolean byPlace = step.byPlace(model);
        if (model.agent()) {
            // a retry step of rounds queued without a wait: nothing to do where the round before refused no move
            emit("if (colony::gatedOff(f)) return;");
        }
        if (byPlace) {
            // one thread a place of the block, running the agents on it in id order (StepIr.byPlace)
            emit("const jlong places = (jlong) f.extent0 * f.extent1 * f.extent2;");
            emit("for (jlong place = (jlong) blockIdx.x * blockDim.x + threadIdx.x; place < places; "
                    + "place += (jlong) gridDim.x * blockDim.x) {");
            source.indent();
            emit("const jlong at = (f.origin0 + place % f.extent0) + (jlong) f.size0 * ((f.origin1 + place / f.extent0"
                    + " % f.extent1) + (jlong) f.size1 * (f.origin2 + place / f.extent0 / f.extent1));");
            emit("for (jint own = ownStart[at]; own < ownStart[at + 1]; own++) {");
            source.indent();
            emit("const jlong a = ownOrder[own];");
        }
        if (model.agent()) {
            if (!byPlace) {
                emit("for (jlong a = (jlong) blockIdx.x * blockDim.x + threadIdx.x; a < f.rows; "
                        + "a += (jlong) gridDim.x * blockDim.x) {");
                source.indent();
            }
            agentPlace();
        } else if (window != null) {
            march();
            return;
        } else {
            if (CudaLaunchFacts.hasHubs(model, step)) {
                hubs();
            }
            emit("const jint x = (jint) (blockIdx.x * blockDim.x + threadIdx.x);");
            emit("if (x >= f.extent0) return;");
            emit("for (jlong row = (jlong) blockIdx.y * blockDim.y + threadIdx.y; row < f.rows; "
                    + "row += (jlong) gridDim.y * blockDim.y) {");
            source.indent();
            emit("const jint ly = f.extent2 == 1 ? (jint) row : (jint) (row % f.extent1);");
            emit("const jint lz = f.extent2 == 1 ? 0 : (jint) (row / f.extent1);");
            emit("const jlong s = f.base + x + (jlong) ly * f.strideY + (jlong) lz * f.strideZ;");
            emit("const jint gx = f.origin0 + x;");
            emit("const jint gy = f.origin1 + ly;");
            emit("const jint gz = f.origin2 + lz;");
            if (walksNeighbors()) {
                emit("const jint vrow = (jint) (s - f.pad); // the vertex's row (x counts from a box's first vertex)");
            }
            if (CudaLaunchFacts.hasHubs(model, step)) {
                emit("if (colony::max(g_offsets[vrow + 1] - g_offsets[vrow], g_inOffsets[vrow + 1] - g_inOffsets[vrow])"
                        + " >= g_hubs[1]) continue; // a hub: its warp runs it");
            }
        }
        cell();
        source.outdent();
        emit("}");
        if (byPlace) {
            source.outdent();
            emit("}");
        }
        source.raw("}\n\n");
    }

    /** The place of agent {@code a}: its global index {@code g}, coordinates and storage index {@code s}. */
    private void agentPlace() {
        emit("const jlong g = locations[a];");
        // A slot whose agent left for another partition, until the compaction it waits for.
        emit("if (g < 0) continue;");
        emit("const jint gx = (jint) (g % f.size0);");
        emit("const jint gy = (jint) (g / f.size0 % f.size1);");
        emit("const jint gz = (jint) (g / f.size0 / f.size1);");
        emit("const jlong s = f.base + (gx - f.origin0) + (jlong) (gy - f.origin1) * f.strideY"
                + " + (jlong) (gz - f.origin2) * f.strideZ;");
    }

    /**
     * Prints the step's warp form ({@link CudaStep#warpName}): a warp an agent, whose lanes load the agent's
     * {@link AgentWindow} into shared memory together, after which lane 0 runs the step as the one-thread kernel does
     * (the same statements, draws and writes), reading the window's values from there.
     */
    void printWarp(AgentWindow window) {
        List<String> params = CudaLaunchFacts.declarations(model, step, launch.params());
        source.raw("// Step " + step.name() + ", a warp an agent (" + step.sourceFile() + ':' + step.line() + ")\n");
        // (a block of more threads than the windows have rows for fails to launch)
        source.raw("extern \"C\" __global__ void __launch_bounds__(" + CudaStep.WARP_BLOCK + ") " + launch.warpName()
                + "(\n        "
                + String.join(",\n        ", params) + ")\n{\n");
        emit("if (colony::gatedOff(f)) return;");
        window.declare(this::emit);
        emit("const jint lane = (jint) (threadIdx.x & 31);");
        emit("const jint wib = (jint) (threadIdx.x >> 5); // the warp in its block: blocks of "
                + CudaStep.WARP_BLOCK + " threads");
        emit("for (jlong a = ((jlong) blockIdx.x * blockDim.x + threadIdx.x) >> 5; a < f.rows; "
                + "a += ((jlong) gridDim.x * blockDim.x) >> 5) {");
        source.indent();
        agentPlace();
        window.load(this::emit);
        emit("__syncwarp();");
        emit("if (lane == 0) {");
        source.indent();
        storage.agentWindow(window);
        cell();
        storage.agentWindow(null);
        source.outdent();
        emit("}");
        emit("__syncwarp(); // lane 0 has read the window before the lanes load the next agent's");
        source.outdent();
        emit("}");
        source.raw("}\n\n");
    }

    /**
     * Prints the step's cell function ({@link CudaStep#cell}): the body of one cell as the kernel without a window
     * runs it, reading every value from its column at {@code s} and the offsets the step reaches, so a caller may
     * pass columns of a tile in shared memory with a frame whose {@code strideY} is the tile's.
     */
    static void printCell(ModelIr model, StepIr step, CudaStep launch, StringBuilder out) {
        new CudaStepKernel(model, step, launch, out, null).cellFunction();
    }

    private void cellFunction() {
        List<String> params = new ArrayList<>(CudaLaunchFacts.declarations(model, step, launch.params()));
        params.set(0, "const colony::Frame& f");
        params.addAll(1, List.of("const jlong s", "const jint gx", "const jint gy", "const jint gz"));
        source.raw("// Step " + step.name() + " on one cell, for held steps (" + step.sourceFile() + ':' + step.line()
                + ")\n");
        source.raw("__device__ __forceinline__ void " + launch.cellName() + "(\n        "
                + String.join(",\n        ", params) + ")\n{\n");
        cell();
        source.raw("}\n\n");
    }

    /** {@return whether the step walks its vertex's neighbours (and so reads its row of the graph)} */
    private boolean walksNeighbors() {
        boolean[] loops = new boolean[1];
        Ir.forEachStmt(step.body(), s -> loops[0] |= s instanceof Stmt.ForNeighbors);
        return loops[0];
    }

    /**
     * The vertices of many edges ("hubs", listed in {@code g_hubs}: their count, the threshold, their rows; those of
     * the launch's box of rows), one warp each, in the blocks launched after those of the vertex-per-thread path: every lane runs the step on the same
     * vertex with the same values (so the same control flow and draws), while a neighbours loop loads 32 edges at a
     * time, one per lane, and hands each edge's values to all lanes by shuffles. Only lane 0 does what cannot be done
     * 32 times (atomics); plain writes of the same value by every lane are harmless.
     */
    private void hubs() {
        emit("const jint nb = (jint) ((f.extent0 + (jint) blockDim.x - 1) / (jint) blockDim.x);");
        emit("if ((jint) blockIdx.x >= nb) {");
        source.indent();
        emit("const jint w = ((jint) blockIdx.x - nb) * (jint) (blockDim.x * blockDim.y / 32)"
                + " + (jint) ((threadIdx.y * blockDim.x + threadIdx.x) / 32);");
        emit("if (w >= g_hubs[0]) return;");
        emit("const jint lane = (jint) (threadIdx.x & 31); // blockDim.x is a multiple of the warp");
        emit("const jint vrow = g_hubs[2 + w]; // the launch's hubs, by row of the whole block");
        emit("const jlong s = f.pad + vrow;");
        emit("const jint gx = f.origin0 + (jint) (s - f.base);");
        emit("const jint gy = f.origin1;");
        emit("const jint gz = f.origin2;");
        statements.hub(true);
        statements.labels("_h");
        storage.registers(true);
        cell();
        storage.registers(false);
        statements.labels("");
        statements.hub(false);
        emit("return;");
        source.outdent();
        emit("}");
    }

    /**
     * Row marching: each thread walks f.march rows of `lanes` columns blockDim.x apart, keeping the neighbour
     * values it reads in registers, so each row loads one new value per column of the window and lane, and the
     * loads of all lanes are in flight together.
     */
    private void march() {
        emit("constexpr jint lanes = COLONY_LANES > 0 ? COLONY_LANES : " + window.defaultLanes() + ";");
        emit("const jint x0 = (jint) (blockIdx.x * blockDim.x * lanes + threadIdx.x);");
        emit("if (x0 >= f.extent0) return;");
        emit("const jint gz = f.origin2;");
        emit("for (jlong seg = (jlong) blockIdx.y * blockDim.y + threadIdx.y; seg * f.march < f.rows; "
                + "seg += (jlong) gridDim.y * blockDim.y) {");
        source.indent();
        emit("const jint ly0 = (jint) (seg * f.march);");
        emit("const jint lyEnd = (jint) (seg * f.march + f.march < f.rows ? seg * f.march + f.march : f.rows);");
        marchRows(false);
        source.outdent();
        emit("}");
        source.raw("}\n\n");
    }

    /**
     * Prints the step's strip function, where it has a cell function and marches: the rows {@code ly0} to
     * {@code lyEnd} of the column {@code x0} of a block, as one lane of the marching kernel walks them with the
     * neighbour values in registers, for held steps to run on a tile in shared memory (whose frame gives the tile's
     * stride, origin and width).
     */
    static void printStrip(ModelIr model, StepIr step, CudaStep launch, StringBuilder out) {
        new CudaStepKernel(model, step, launch, out).stripFunction("__strip");
        if (launch.interior()) {
            CudaStepKernel k = new CudaStepKernel(model, step, launch, out);
            k.body = interior(model, step);
            k.stripFunction("__stripIn");
        }
    }

    /**
     * The statements of a step split between interior and boundary ({@link BoundarySplit}) that places off the
     * boundary run, where they leave the step only at their end; else null. An interior strip
     * ({@code <kernel>__stripIn}) runs them alone, without the boundary test, on a column none of whose cells is on
     * the grid's boundary.
     */
    static List<Stmt> interior(ModelIr model, StepIr step) {
        BoundarySplit split = BoundarySplit.of(model, step);
        if (split == null) {
            return null;
        }
        boolean[] exits = {false};
        Ir.forEachStmt(split.interior(), st -> exits[0] |= st instanceof Stmt.Exit);
        return exits[0] ? null : split.interior();
    }

    private void stripFunction(String suffix) {
        List<String> params = new ArrayList<>(CudaLaunchFacts.declarations(model, step, launch.params()));
        params.set(0, "const colony::Frame& f");
        params.addAll(1, List.of("const jint x0", "const jint ly0", "const jint lyEnd"));
        source.raw("// Step " + step.name() + " down a column, for held steps (" + step.sourceFile() + ':'
                + step.line() + ")\n");
        source.raw("__device__ __forceinline__ void " + launch.kernel().name() + suffix + "(\n        "
                + String.join(",\n        ", params) + ")\n{\n");
        emit("constexpr jint lanes = 1;");
        emit("const jint gz = f.origin2;");
        marchRows(true);
        source.raw("}\n\n");
    }

    /**
     * The rows {@code ly0} to {@code lyEnd} of a marching thread's columns, from {@code x0}. With {@code peel} (a held
     * pass's strip, bound by its instructions) every row but the last loads the next one unguarded and the last runs
     * alone, so the loop tests no row bound per cell (Heat2D {@code float}, 9000²: 0.1365 to 0.1165 ms a held step);
     * without (a kernel bound by memory) the loop tests it, a body's code once being faster there (0.26 against 0.29).
     */
    private void marchRows(boolean peel) {
        emit("jlong s0 = f.base + x0 + (jlong) ly0 * f.strideY;");
        if (peel) {
            for (int lane = 0; lane < Window.MAX_LANES; lane++) {
                emit("const bool in" + lane + " = " + inside(lane) + ";");
            }
        }
        window.declare(this::emit);
        if (peel) {
            emit("jint ly = ly0;");
        }
        emit("for (" + (peel ? "; ly + 1" : "jint ly = ly0; ly") + " < lyEnd; ly++, s0 += f.strideY) {");
        source.indent();
        row("", peel);
        if (peel) {
            window.next(this::emit);
        } else {
            window.advance(this::emit);
        }
        source.outdent();
        emit("}");
        if (peel) {
            emit("if (ly < lyEnd) { // the last row");
            source.indent();
            row("_last", true);
            source.outdent();
            emit("}");
        }
    }

    /**
     * One row of a marching thread's columns; {@code labels} keeps its labels apart from another copy's, {@code hoisted}
     * reads whether each lane has a column from {@code in<lane>} rather than testing it again.
     */
    private void row(String labels, boolean hoisted) {
        emit("const jint gy = f.origin1 + ly;");
        for (int lane = 0; lane < Window.MAX_LANES; lane++) {
            emit("if (" + (hoisted ? "in" + lane : inside(lane)) + ") {");
            source.indent();
            emit("const jint x = x0 + " + lane + " * (jint) blockDim.x;");
            emit("const jint gx = f.origin0 + x;");
            emit("const jlong s = s0 + " + lane + " * (jint) blockDim.x;");
            window.lane(lane);
            statements.labels("_" + lane + labels);
            cell();
            source.outdent();
            emit("}");
        }
    }

    /** Whether lane {@code lane} of a marching thread has a column of the block. */
    private static String inside(int lane) {
        return "lanes > " + lane + " && x0 + " + lane + " * (jint) blockDim.x < f.extent0";
    }

    /** The body of one cell or agent: its random stream, buffered attributes, the step, the write-back. */
    private void cell() {
        String self = storage.self();
        emit("(void) s; (void) gx; (void) gy; (void) gz;");
        if (step.usesRandom()) {
            emit("colony::Random rng(f.seed, f.epoch);");
            emit("rng.reset(" + (model.agent() ? "ids[a]" : printer.print(Ir.selfIndex(model))) + ");");
        }
        List<String> writeBack = new ArrayList<>();
        for (AttributeRef a : model.attributes()) {
            if (!step.buffers(a.ordinal())) {
                if (storage.inRegister(a)) { // a hub's: read once, written back once, by every lane alike
                    String col = CudaLaunchFacts.col(a);
                    emit(CudaExpressions.type(a.type()) + " " + a.name() + "_self = " + col + "[" + self + "];");
                    writeBack.add(col + "[" + self + "] = " + a.name() + "_self;");
                }
                continue;
            }
            String next = CudaLaunchFacts.next(a);
            String col = CudaLaunchFacts.col(a);
            if (a.isArray()) {
                emit("for (jint k = 0; k < " + a.length() + "; k++) " + next + "[k * f.pitch + " + self + "] = " + col
                        + "[k * f.pitch + " + self + "];");
            } else {
                String known = window == null ? null : window.self(a);
                emit(CudaExpressions.type(a.type()) + " " + a.name() + "_self = "
                        + (known != null ? known : col + "[" + self + "]") + ";");
                writeBack.add(next + "[" + self + "] = " + a.name() + "_self;");
            }
        }
        statements.statements(body == null ? step.body() : body);
        if (storage.allInRegisters() && !writeBack.isEmpty()) {
            emit("__syncwarp(); // every lane has read its cell before any writes it back");
        }
        for (String write : writeBack) {
            emit(write);
        }
        if (step.predicate()) {
            emit("if (" + CudaExpressions.local(step.result().name()) + ") atomicAdd(count, 1ull);");
        }
    }
}
