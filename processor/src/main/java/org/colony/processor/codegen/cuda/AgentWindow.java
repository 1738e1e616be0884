package org.colony.processor.codegen.cuda;

import java.util.List;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.function.Consumer;
import java.util.function.Function;
import org.colony.kernel.cuda.CudaStep;
import org.colony.processor.ir.AttributeRef;
import org.colony.processor.ir.Expr;
import org.colony.processor.ir.IntrinsicOp;
import org.colony.processor.ir.Ir;
import org.colony.processor.ir.ModelIr;
import org.colony.processor.ir.ModelRef;
import org.colony.processor.ir.StepIr;
import org.colony.processor.ir.Stmt;

/**
 * The window of an agent step's warp form ({@code <kernel>__warp}): the places within the step's reach around the
 * agent, as the step's loops read them (its places' scalar attributes, and counts of agents, at offsets proven within
 * the reach), loaded into shared memory by the 32 lanes of the agent's warp together before one lane runs the step
 * reading them there. One thread scanning 81 cells waits for each cell's loads in turn (StupidModel's {@code look});
 * the warp's loads are in flight together. The values are the very ones the step would read from memory: a step
 * reads its places' values from before it and counts from the index built before it, and the window holds every
 * offset within the reach, whose halo the places keep.
 */
final class AgentWindow {

    /** The most shared memory one warp's window may take (a block of 8 warps: 16 KiB). */
    static final int MOST_BYTES = 2048;

    /** The warps of a block of the warp form ({@link CudaStep#WARP_BLOCK} threads). */
    static final int WARPS = CudaStep.WARP_BLOCK / 32;

    private final int reach;
    private final List<AttributeRef> attributes;
    private final List<Integer> counts;

    private AgentWindow(int reach, List<AttributeRef> attributes, List<Integer> counts) {
        this.reach = reach;
        this.attributes = attributes;
        this.counts = counts;
    }

    /**
     * The window of an agent step, or null where the step has no warp form: agents on a 2-D grid (not a graph), a
     * step that runs agent by agent with a reach, whose loops read the places around (a place's scalar attribute or
     * a count of agents, at offsets proven within the reach), and a window of at most {@link #MOST_BYTES}.
     */
    static AgentWindow of(ModelIr model, StepIr step) {
        if (!model.agent() || model.graph() || model.dimensions() != 2 || step.byPlace(model) || step.reach() < 1) {
            return null;
        }
        TreeMap<Integer, AttributeRef> attributes = new TreeMap<>();
        TreeSet<Integer> counts = new TreeSet<>();
        Ir.forEachStmt(step.body(), s -> {
            if (s instanceof Stmt.Loop loop) {
                Ir.forEachExpr(List.of(loop), e -> {
                    if (placeRead(e) instanceof AttributeRef a) {
                        attributes.put(a.ordinal(), a);
                    } else if (countRead(step, e) instanceof Integer slot) {
                        counts.add(slot);
                    }
                });
            }
        });
        if (attributes.isEmpty() && counts.isEmpty()) {
            return null;
        }
        int side = 2 * step.reach() + 1;
        long bytes = 4L * counts.size();
        for (AttributeRef a : attributes.values()) {
            bytes += a.type().scalar().bytes();
        }
        if (bytes * side * side > MOST_BYTES) {
            return null;
        }
        return new AgentWindow(step.reach(), List.copyOf(attributes.values()), List.copyOf(counts));
    }

    /** {@code place} where it is a neighbour on a 2-D grid at offsets proven within the reach, or null. */
    private static Expr.Neighbor proven(Expr place) {
        return place instanceof Expr.Neighbor n && !n.checked() && n.offsets().size() == 2 ? n : null;
    }

    /** The place attribute {@code e} reads at a neighbour offset proven within reach, or null. */
    private static AttributeRef placeRead(Expr e) {
        return e instanceof Expr.AttrRead r && proven(r.place()) != null
                && r.attr().owner().kind() == ModelRef.Kind.PLACE && !r.attr().isArray() ? r.attr() : null;
    }

    /** The slot of the agents {@code e} counts at a neighbour offset proven within reach from their counts, or null. */
    private static Integer countRead(StepIr step, Expr e) {
        if (e instanceof Expr.Intrinsic i && i.op() == IntrinsicOp.AGENT_COUNT && proven(i.args().get(0)) != null) {
            int slot = (Integer) ((Expr.Const) i.args().get(1)).value();
            return CudaLaunchFacts.countsOnly(step, slot) ? slot : null;
        }
        return null;
    }

    private int side() {
        return 2 * reach + 1;
    }

    private static String name(AttributeRef a) {
        return "wnd_" + a.name();
    }

    /** (apart from the attributes' {@code wnd_<name>}, whatever a place attribute is called) */
    private static String countName(int slot) {
        return "wcnt_" + slot;
    }

    /** Declares the window's shared arrays: one row of the window's cells per warp of the block. */
    void declare(Consumer<String> emit) {
        int cells = side() * side();
        for (AttributeRef a : attributes) {
            emit.accept("__shared__ " + CudaExpressions.type(a.type()) + " " + name(a) + "[" + WARPS + "][" + cells
                    + "];");
        }
        for (int slot : counts) {
            emit.accept("__shared__ jint " + countName(slot) + "[" + WARPS + "][" + cells + "];");
        }
    }

    /**
     * Loads the agent's window (its place at {@code s}, coordinates {@code gx, gy, gz}) lane by lane, each value as
     * the step reads it: a place's column at the storage offset, a count at the neighbour's global index.
     */
    void load(Consumer<String> emit) {
        int side = side();
        emit.accept("for (jint k = lane; k < " + side * side + "; k += 32) {");
        emit.accept("    const jint dx = k % " + side + " - " + reach + ";");
        emit.accept("    const jint dy = k / " + side + " - " + reach + ";");
        for (AttributeRef a : attributes) {
            emit.accept("    " + name(a) + "[wib][k] = " + a.name()
                    + "_place[s + (jlong) dx + (jlong) dy * f.strideY];");
        }
        for (int slot : counts) {
            emit.accept("    " + countName(slot) + "[wib][k] = colony::countAt(counts" + slot
                    + ", colony::neighborIndex(f, gx, gy, gz, dx, dy, 0));");
        }
        emit.accept("}");
    }

    /** {@return where the window holds what {@code read} reads, or null where it does not} */
    String attribute(Expr.AttrRead read, Function<Expr, String> print) {
        AttributeRef a = placeRead(read);
        if (a == null || !attributes.contains(a)) {
            return null;
        }
        return name(a) + "[wib][" + cell((Expr.Neighbor) read.place(), print) + "]";
    }

    /** {@return where the window holds the count of agents of {@code slot} at {@code place}, or null} */
    String count(Expr place, int slot, Function<Expr, String> print) {
        Expr.Neighbor n = proven(place);
        return n == null || !counts.contains(slot) ? null : countName(slot) + "[wib][" + cell(n, print) + "]";
    }

    /** The window's cell of neighbour {@code n}: offsets within the reach (proven), the row of dy, then dx. */
    private String cell(Expr.Neighbor n, Function<Expr, String> print) {
        int side = side();
        return "(" + print.apply(n.offsets().get(1)) + ") * " + side + " + (" + print.apply(n.offsets().get(0))
                + ") + " + (reach * side + reach);
    }
}
