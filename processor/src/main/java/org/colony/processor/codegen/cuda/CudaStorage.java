package org.colony.processor.codegen.cuda;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.Function;
import org.colony.processor.codegen.KernelNames;
import org.colony.processor.ir.AttributeRef;
import org.colony.processor.ir.Expr;
import org.colony.processor.ir.IntrinsicOp;
import org.colony.processor.ir.Ir;
import org.colony.processor.ir.IrType;
import org.colony.processor.ir.ModelIr;
import org.colony.processor.ir.ModelRef;
import org.colony.processor.ir.SharedRef;
import org.colony.processor.ir.StepIr;
import org.colony.processor.ir.Stmt;

/**
 * How a CUDA kernel names its storage: the kernel parameters of columns (see {@link CudaLaunchFacts#parameters}),
 * the registers of a marching kernel's window, neighbours' storage indices, global indices of places, shared
 * values in constant memory, and the checks of array indices against their length. It also keeps the source line
 * being printed, which device errors report.
 */
final class CudaStorage implements KernelNames<String> {

    private final ModelIr model;
    private final StepIr step;
    /** For row-marching kernels: the window of each attribute read through neighbours, else null. */
    private final Window window;
    /** The index of the instance itself: a cell's storage index, or an agent's slot. */
    private final String self;
    private int line;
    /** Whether every scalar attribute the step writes lives in a register (a hub's code). */
    private boolean allInRegisters;
    /** For an agent step's warp form: the places around the agent in shared memory, else null. */
    private AgentWindow agentWindow;
    /** The neighbours loops the code is inside, innermost last: what each loaded ahead for its variable. */
    private final Deque<Prefetched> prefetched = new ArrayDeque<>();

    /** Reads of {@code attributes} through loop variable {@code vertex} print as {@code prefix + name + index}. */
    private record Prefetched(int vertex, String prefix, String index, Set<Integer> attributes) {
    }

    /** Whether the model's places are a graph's vertices (a vertex model, or agents on one). */
    boolean onGraph() {
        return model.graph();
    }

    CudaStorage(ModelIr model, StepIr step, Window window) {
        this.model = model;
        this.step = step;
        this.window = window;
        this.self = model.agent() ? "a" : "s";
        this.line = step.line();
    }

    /** The index of the instance itself: {@code s} (a cell's storage index) or {@code a} (an agent's slot). */
    String self() {
        return self;
    }

    /** Sets the source line of the statement being printed. */
    void line(int line) {
        this.line = line;
    }

    @Override
    public int line() {
        return line;
    }

    /**
     * Keeps every scalar attribute the step writes in a register ({@code name_self}) from now on ({@code true}: a
     * hub's code, whose lanes must not read back what another lane wrote), or only the double-buffered ones.
     */
    void registers(boolean all) {
        this.allInRegisters = all;
    }

    /** Reads what {@code window} holds from it from now on (a warp form's code), or from memory ({@code null}). */
    void agentWindow(AgentWindow window) {
        this.agentWindow = window;
    }

    /** {@return whether every scalar attribute the step writes lives in a register (a hub's code)} */
    boolean allInRegisters() {
        return allInRegisters;
    }

    /** Whether the instance's attribute {@code a} lives in the register {@code name_self} while the step runs. */
    boolean inRegister(AttributeRef a) {
        return step.buffers(a.ordinal()) || allInRegisters && !a.isArray() && step.writes().contains(a.ordinal());
    }

    /** What an assignment to the instance's own attribute (or an element of it) stores into. */
    String target(AttributeRef a, Expr element, Function<Expr, String> print) {
        if (inRegister(a) && !a.isArray()) {
            return a.name() + "_self";
        }
        if (step.buffers(a.ordinal())) {
            return a.isArray() ? CudaLaunchFacts.next(a) + "[" + index(a, element, print) + " * f.pitch + " + self + "]"
                    : a.name() + "_self";
        }
        return a.isArray() ? CudaLaunchFacts.col(a) + "[" + index(a, element, print) + " * f.pitch + " + self + "]"
                : CudaLaunchFacts.col(a) + "[" + self + "]";
    }

    /** An index into an array attribute, checked against its length unless it is a constant. */
    private String index(AttributeRef a, Expr element, Function<Expr, String> print) {
        String k = print.apply(element);
        return element instanceof Expr.Const ? k : "colony::checkIndex(" + k + ", " + a.length() + ", f, " + line + ")";
    }

    /** The global linear index of a place (Self, AgentPlace or Neighbor), negative off a non-wrapping grid. */
    String globalIndex(Expr place, Function<Expr, String> print) {
        return switch (place) {
            case Expr.Self s -> print.apply(new Expr.Intrinsic(IntrinsicOp.INDEX, List.of(), IrType.LONG));
            case Expr.AgentPlace a -> "g";
            case Expr.Neighbor n -> {
                List<String> offsets = new ArrayList<>();
                for (int d = 0; d < 3; d++) {
                    offsets.add(d < n.offsets().size() ? print.apply(n.offsets().get(d)) : "0");
                }
                yield "colony::neighborIndex(f, gx, gy, gz, " + String.join(", ", offsets) + ")";
            }
            default -> throw new IllegalStateException("agents of " + place);
        };
    }

    /**
     * {@return the row of the graph a neighbours loop walks: the place kernel's vertex ({@code vrow}, its storage index
     * less the halo, whether the launch runs all rows or a box of them), or the vertex an agent lives on (its storage
     * index less the block's base)}
     */
    String neighborRow() {
        return model.agent() ? "((jint) (s - f.base))" : "vrow";
    }

    /**
     * {@return the scalar attributes of the vertices (the model itself, or an agent's place model) that a neighbours
     * loop's body reads through its variable, in ordinal order: what the loop loads ahead}
     */
    static List<AttributeRef> readThrough(Stmt.ForNeighbors f) {
        TreeMap<Integer, AttributeRef> found = new TreeMap<>();
        Ir.forEachExpr(f.body(), e -> {
            if (e instanceof Expr.AttrRead r && r.place() instanceof Expr.LocalRef l
                    && l.local().id() == f.vertex().id() && r.attr().owner().kind() != ModelRef.Kind.AGENT
                    && !r.attr().isArray()) {
                found.put(r.attr().ordinal(), r.attr());
            }
        });
        return List.copyOf(found.values());
    }

    /** {@return the kernel parameter of a vertex attribute's column: the model's own, or an agent's place's} */
    static String vertexColumn(AttributeRef a) {
        return a.owner().kind() == ModelRef.Kind.PLACE ? a.name() + "_place" : CudaLaunchFacts.col(a);
    }

    /**
     * Reads of {@code attributes} through the neighbours loop variable {@code vertex} print as {@code prefix + name +
     * index} from now on (the values the loop loaded ahead), also inside loops nested in it; {@code prefix} null ends
     * the innermost such scope.
     */
    void prefetched(int vertex, String prefix, String index, List<AttributeRef> attributes) {
        if (prefix == null) {
            prefetched.removeLast();
            return;
        }
        Set<Integer> ordinals = new HashSet<>();
        for (AttributeRef a : attributes) {
            ordinals.add(a.ordinal());
        }
        prefetched.addLast(new Prefetched(vertex, prefix, index, ordinals));
    }

    // ---- names ---------------------------------------------------------------------------

    @Override
    public String attribute(Expr.AttrRead read, Function<Expr, String> print) {
        AttributeRef a = read.attr();
        if (read.isSelf()) {
            return target(a, read.element(), print);
        }
        if (read.place() instanceof Expr.LocalRef l && a.owner().kind() != ModelRef.Kind.AGENT) {
            for (Prefetched p : prefetched) {
                if (p.vertex() == l.local().id() && p.attributes().contains(a.ordinal())) {
                    return p.prefix() + a.name() + p.index();
                }
            }
        }
        if (agentWindow != null) {
            String held = agentWindow.attribute(read, print);
            if (held != null) {
                return held;
            }
        }
        if (window != null && a.owner().kind() == ModelRef.Kind.SELF) {
            String register = window.value(a, read.place());
            if (register != null) {
                return register;
            }
        }
        String where = print.apply(read.place());
        return switch (a.owner().kind()) {
            case SELF -> a.isArray() ? CudaLaunchFacts.col(a) + "[" + index(a, read.element(), print) + " * f.pitch + "
                    + where + "]" : CudaLaunchFacts.col(a) + "[" + where + "]";
            case PLACE -> a.isArray() ? a.name() + "_place[" + index(a, read.element(), print) + " * f.placePitch + "
                    + where + "]" : a.name() + "_place[" + where + "]";
            case AGENT -> {
                int slot = a.owner().slot();
                yield a.isArray() ? a.name() + "_a" + slot + "[" + index(a, read.element(), print) + " * agentPitch"
                        + slot + " + " + where + "]" : a.name() + "_a" + slot + "[" + where + "]";
            }
        };
    }

    @Override
    public String neighbor(Expr.Neighbor n, Function<Expr, String> print) {
        String[] strides = {"", " * f.strideY", " * f.strideZ"};
        StringBuilder index = new StringBuilder("(s");
        for (int d = 0; d < n.offsets().size(); d++) {
            Expr offset = n.offsets().get(d);
            if (offset instanceof Expr.Const c && (Integer) c.value() == 0) {
                continue;
            }
            String v = print.apply(offset);
            if (n.checked() && !(offset instanceof Expr.Const)) {
                v = "colony::checkOffset(" + v + ", " + step.declaredReach() + ", f, " + line + ")";
            }
            index.append(" + (jlong) ").append(v).append(strides[d]);
        }
        return index.append(')').toString();
    }

    @Override
    public String shared(Expr.SharedRead read, Function<Expr, String> print) {
        SharedRef s = read.shared();
        String symbol = CudaLaunchFacts.sharedSymbol(model, s);
        return s.isArray() ? symbol + "[colony::checkIndex(" + print.apply(read.element()) + ", " + s.length()
                + ", f, " + line + ")]" : symbol + "[0]";
    }

    @Override
    public String coord(int d) {
        return new String[] {"gx", "gy", "gz"}[d];
    }

    @Override
    public String size(int d) {
        return "f.size" + d;
    }

    @Override
    public int dims() {
        return model.dimensions();
    }

    @Override
    public String agentPlace() {
        return "s";
    }

    @Override
    public String id(Expr ref, int slot, Function<Expr, String> print) {
        return ref == null ? "ids[a]" : "ids" + slot + "[" + print.apply(ref) + "]";
    }

    @Override
    public String vertex(Expr.Intrinsic fact, Function<Expr, String> print) {
        Expr arg = fact.args().get(0);
        String at = arg instanceof Expr.Self ? "s" : print.apply(arg);
        return switch (fact.op()) {
            case DEGREE -> "g_degrees[" + at + "]";
            case IN_DEGREE -> "g_inDegrees[" + at + "]";
            case INDEX -> "((jlong) g_ids[" + at + "])";
            case EDGE_WEIGHT -> {
                String weights = (Boolean) ((Expr.Const) fact.args().get(1)).value() ? "g_inWeights" : "g_weights";
                yield "(" + weights + " == nullptr ? 1.0 : " + weights + "[" + at + "])";
            }
            case EDGE_ATTRIBUTE -> {
                boolean incoming = (Boolean) ((Expr.Const) fact.args().get(1)).value();
                int ordinal = (Integer) ((Expr.Const) fact.args().get(2)).value();
                yield edgeColumn(incoming, model.edges().attributes().get(ordinal).name()) + "[" + at + "]";
            }
            default -> throw new IllegalArgumentException("not a vertex fact: " + fact.op());
        };
    }

    /** {@return the kernel parameter of an edge column: by entry of the out-rows, or of the in-rows} */
    static String edgeColumn(boolean incoming, String attribute) {
        return (incoming ? "g_inEdge_" : "g_edge_") + attribute;
    }

    @Override
    public String agentCount(Expr place, int slot, Function<Expr, String> print) {
        String held = agentWindow == null ? null : agentWindow.count(place, slot, print);
        if (held != null) {
            return held;
        }
        if (CudaLaunchFacts.countsOnly(step, slot)) {
            return "colony::countAt(counts" + slot + ", " + globalIndex(place, print) + ")";
        }
        return "colony::agentCount(start" + slot + ", " + globalIndex(place, print) + ")";
    }
}
