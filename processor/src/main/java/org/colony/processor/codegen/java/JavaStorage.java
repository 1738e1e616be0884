package org.colony.processor.codegen.java;

import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import org.colony.processor.codegen.RuntimeNames;
import org.colony.processor.ir.AttributeRef;
import org.colony.processor.ir.Expr;
import org.colony.processor.ir.Ir;
import org.colony.processor.ir.ModelIr;
import org.colony.processor.ir.SharedRef;
import org.colony.processor.ir.StepIr;

/**
 * How a CPU kernel names its storage: the locals of its prologue (columns, agent views, layout values, shared
 * values, neighbour offsets), the storage index of the instance and its neighbours, and the global coordinates.
 * It records what the body uses, so that the kernel's head and loops declare only that.
 */
final class JavaStorage implements JavaExpressions.Names {

    private static final String SUPPORT = RuntimeNames.KERNEL_SUPPORT.canonicalName();

    private final ModelIr model;
    private final StepIr step;
    private final boolean agent;
    /** The index of the instance itself: a cell's storage index, or an agent's slot. */
    private final String self;
    /** Locals of the kernel's prologue, in order of first use: name -> declaration. */
    private final Map<String, String> decls = new LinkedHashMap<>();
    /** Constant neighbour offsets of the prologue: value -> name. */
    private final Map<String, String> offsetLocals = new LinkedHashMap<>();
    /** Storage indices of the neighbouring rows a place kernel reads, set at each row: name -> initializer. */
    private final Map<String, String> rowLocals = new LinkedHashMap<>();
    private final Set<String> used = new HashSet<>();
    /** The source line of the statement being printed, for run-time errors that point at the user's line. */
    private int line;
    /** While generating the interior copy of a split row: what onBoundary() prints as. */
    private String boundary;

    JavaStorage(ModelIr model, StepIr step) {
        this.model = model;
        this.step = step;
        this.agent = model.agent();
        this.self = agent ? "a$" : "s$";
        this.line = step.line();
    }

    /** The index of the instance itself: {@code s$} (a cell's storage index) or {@code a$} (an agent's slot). */
    String self() {
        return self;
    }

    /** The kernel's block parameter: {@code ab$} (agents) or {@code blk$} (places). */
    private String block() {
        return agent ? "ab$" : "blk$";
    }

    @Override
    public int line() {
        return line;
    }

    /** Sets the source line of the statement being printed. */
    void line(int line) {
        this.line = line;
    }

    /** Sets what {@code onBoundary()} prints as (null: the full test). */
    void boundary(String boundary) {
        this.boundary = boundary;
    }

    /** Whether the body used a name ({@code place}, {@code coord0}, {@code size1}...). */
    boolean uses(String name) {
        return used.contains(name);
    }

    /** The declarations of the prologue, in order of first use. */
    Iterable<String> declarations() {
        return decls.values();
    }

    /** The constant neighbour offsets of the prologue: value -> local name. */
    Map<String, String> offsetLocals() {
        return offsetLocals;
    }

    /** The neighbouring rows' storage indices, set at each row: local name -> initializer. */
    Map<String, String> rowLocals() {
        return rowLocals;
    }

    /** Registers a prologue local and returns its name. */
    String decl(String name, String type, String init) {
        decls.putIfAbsent(name, "final " + type + " " + name + " = " + init);
        return name;
    }

    /** A layout value as a prologue local ({@code layout$.accessor()}). */
    String layoutValue(String name, String accessor) {
        return decl(name, "int", "layout$." + accessor + "()");
    }

    /**
     * The local holding a column of the model's own attribute. The suffix keeps it apart from the
     * kernel's own names ({@code s$}, {@code row$}, {@code time$}, ...), which an attribute named
     * {@code s} would hit.
     */
    String column(AttributeRef a) {
        String type = arrayType(a);
        return decl(a.name() + "$col", type, "(" + type + ") " + block() + ".column(" + a.ordinal() + ")");
    }

    /** The local holding the second column of an attribute the model double buffers. */
    String next(AttributeRef a) {
        String type = arrayType(a);
        return decl(a.name() + "$next", type, "(" + type + ") " + block() + ".next(" + a.ordinal() + ")");
    }

    /** The column of a place attribute read by an agent kernel. */
    private String placeColumn(AttributeRef a) {
        String type = arrayType(a);
        return decl(a.name() + "$place", type, "(" + type + ") blk$.column(" + a.ordinal() + ")");
    }

    /** The column of an attribute of the agents in a slot. */
    private String agentColumn(AttributeRef a, int slot) {
        String type = arrayType(a);
        return decl(a.name() + "$a" + slot, type, "(" + type + ") " + view(slot) + ".column(" + a.ordinal() + ")");
    }

    /** The view of the agents in a slot. */
    String view(int slot) {
        return decl("agents$" + slot, RuntimeNames.AGENT_VIEW.canonicalName(), block() + ".agents(" + slot + ")");
    }

    /** The Java array type of an attribute's column. */
    static String arrayType(AttributeRef a) {
        return a.type().javaName() + (a.isArray() ? "[][]" : "[]");
    }

    /** The local holding a shared value or array, named apart from the kernel's own names. */
    private String sharedValue(SharedRef s) {
        String type = s.type().javaName();
        String from = block() + ".shared(" + s.ordinal() + ")";
        return s.isArray() ? decl(s.name() + "$shared", type + "[]", "(" + type + "[]) " + from)
                : decl(s.name() + "$shared", type, "((" + type + "[]) " + from + ")[0]");
    }

    /** Whether the step buffers an attribute (keeps the instance's own value in a local). */
    boolean buffered(AttributeRef a) {
        return step.buffers(a.ordinal());
    }

    /** The ids of the agents of an agent kernel. */
    String ids() {
        return decl("ids$", "long[]", "ab$.ids()");
    }

    /**
     * Where a place expression (Self, AgentPlace, Neighbor) is stored in the block: agent views are indexed by
     * storage index, halo included (a place off a non-wrapping grid is a halo cell without agents).
     */
    String storageIndex(Expr place, Function<Expr, String> print) {
        return switch (place) {
            case Expr.Self s -> "s$";
            case Expr.AgentPlace a -> agentPlace();
            case Expr.Neighbor n -> neighbor(n, print);
            default -> throw new IllegalStateException("agents of " + place);
        };
    }

    /** What an assignment to the instance's own attribute (or an element of it) stores into. */
    String attributeTarget(AttributeRef a, Expr element, Function<Expr, String> print) {
        if (buffered(a)) {
            return a.isArray() ? next(a) + "[" + print.apply(element) + "][" + self + "]" : a.name() + "$self";
        }
        return a.isArray() ? column(a) + "[" + print.apply(element) + "][" + self + "]" : column(a) + "[" + self + "]";
    }

    // ---- Names ---------------------------------------------------------------------------

    @Override
    public String boundary() {
        return boundary;
    }

    @Override
    public String attribute(Expr.AttrRead read, Function<Expr, String> print) {
        AttributeRef a = read.attr();
        if (read.isSelf()) {
            return attributeTarget(a, read.element(), print);
        }
        String where = print.apply(read.place());
        String col = switch (a.owner().kind()) {
            case SELF -> column(a);
            case PLACE -> placeColumn(a);
            case AGENT -> agentColumn(a, a.owner().slot());
        };
        return a.isArray() ? col + "[" + print.apply(read.element()) + "][" + where + "]" : col + "[" + where + "]";
    }

    @Override
    public String agentPlace() {
        used.add("place");
        return "s$";
    }

    @Override
    public String id(Expr ref, int slot, Function<Expr, String> print) {
        if (ref == null) {
            return ids() + "[a$]";
        }
        return decl("ids$" + slot, "long[]", view(slot) + ".ids()") + "[" + print.apply(ref) + "]";
    }

    @Override
    public String agentCount(Expr place, int slot, Function<Expr, String> print) {
        String start = decl("start$" + slot, "int[]", view(slot) + ".start()");
        return SUPPORT + ".agentCount(" + start + ", " + storageIndex(place, print) + ")";
    }

    @Override
    public String value(String name) {
        return switch (name) {
            case "time$" -> decl("time$", "long", block() + ".call().time()");
            case "wrap$" -> decl("wrap$", "boolean", "layout$.wrap()");
            case "dims$" -> decl("dims$", "int", "layout$.dims()");
            default -> throw new IllegalArgumentException(name);
        };
    }

    @Override
    public String neighbor(Expr.Neighbor n, Function<Expr, String> print) {
        if (agent) {
            used.add("place");
        }
        List<Expr> offsets = n.offsets();
        String[] strides = {"", layoutValue("strideY$", "strideY"), layoutValue("strideZ$", "strideZ")};
        if (!agent && offsets.stream().allMatch(Ir::isConst)) {
            return rowNeighbor(offsets, strides);
        }
        if (offsets.stream().allMatch(Ir::isConst)) {
            StringBuilder value = new StringBuilder();
            StringBuilder name = new StringBuilder("off");
            for (int d = 0; d < offsets.size(); d++) {
                int v = (Integer) ((Expr.Const) offsets.get(d)).value();
                name.append(v < 0 ? "$m" + -v : "$" + v);
                if (v == 0) {
                    continue;
                }
                String magnitude = d == 0 ? Integer.toString(Math.abs(v))
                        : Math.abs(v) == 1 ? strides[d] : Math.abs(v) + " * " + strides[d];
                value.append(value.isEmpty() ? (v < 0 ? "-" : "") : (v < 0 ? " - " : " + ")).append(magnitude);
            }
            String local = offsetLocals.computeIfAbsent(value.isEmpty() ? "0" : value.toString(),
                    k -> name.toString());
            return "s$ + " + local;
        }
        StringBuilder index = new StringBuilder("s$");
        for (int d = 0; d < offsets.size(); d++) {
            Expr offset = offsets.get(d);
            if (offset instanceof Expr.Const c && (Integer) c.value() == 0) {
                continue;
            }
            String v = print.apply(offset);
            if (n.checked() && !(offset instanceof Expr.Const)) {
                v = SUPPORT + ".checkOffset(" + v + ", " + step.declaredReach() + ", \"" + step.sourceFile() + ":"
                        + line + "\")";
            } else if (!(offset instanceof Expr.LocalRef || offset instanceof Expr.Const)) {
                v = "(" + v + ")";
            }
            index.append(" + ").append(v).append(d == 0 ? "" : " * " + strides[d]);
        }
        return index.toString();
    }

    /**
     * A place kernel's neighbour at constant offsets: {@code s$ + dx} in the cell's own row, else
     * {@code row$... + x$ + dx} with the neighbouring row's start set once per row.
     */
    private String rowNeighbor(List<Expr> offsets, String[] strides) {
        int dx = (Integer) ((Expr.Const) offsets.get(0)).value();
        StringBuilder row = new StringBuilder("rowBase$");
        StringBuilder name = new StringBuilder("row");
        for (int d = 1; d < offsets.size(); d++) {
            int v = (Integer) ((Expr.Const) offsets.get(d)).value();
            name.append(v < 0 ? "$m" + -v : "$" + v);
            if (v != 0) {
                row.append(v < 0 ? " - " : " + ").append(Math.abs(v) == 1 ? strides[d] : Math.abs(v) + " * " + strides[d]);
            }
        }
        String x = dx == 0 ? "" : dx < 0 ? " - " + -dx : " + " + dx;
        if (row.toString().equals("rowBase$")) {
            return "s$" + x;
        }
        rowLocals.putIfAbsent(name.toString(), row.toString());
        return name + " + x$" + x;
    }

    @Override
    public String shared(Expr.SharedRead read, Function<Expr, String> print) {
        SharedRef s = read.shared();
        String v = sharedValue(s);
        return s.isArray() ? v + "[" + print.apply(read.element()) + "]" : v;
    }

    @Override
    public String coord(int d) {
        used.add("coord" + d);
        return new String[] {"gx$", "gy$", "gz$"}[d];
    }

    @Override
    public String size(int d) {
        used.add("size" + d);
        return layoutValue("size" + d + "$", "size" + d);
    }

    @Override
    public int dims() {
        return model.dimensions();
    }
}
