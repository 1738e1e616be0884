package org.colony.processor.codegen.java;

import com.palantir.javapoet.ArrayTypeName;
import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.TypeName;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import org.colony.processor.codegen.JavaPoetTypes;
import org.colony.processor.codegen.RuntimeNames;
import org.colony.processor.ir.AttributeRef;
import org.colony.processor.ir.EdgeShape;
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

    private static final TypeName INT_ARRAY = ArrayTypeName.of(TypeName.INT);
    private static final TypeName LONG_ARRAY = ArrayTypeName.of(TypeName.LONG);
    private static final TypeName BOOLEAN_ARRAY = ArrayTypeName.of(TypeName.BOOLEAN);

    private final ModelIr model;
    private final StepIr step;
    private final boolean agent;
    /** The index of the instance itself: a cell's storage index, or an agent's slot. */
    private final String self;
    /** Locals of the kernel's prologue, in order of first use: name -> declaration. */
    private final Map<String, CodeBlock> decls = new LinkedHashMap<>();
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
    Iterable<CodeBlock> declarations() {
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
    String decl(String name, TypeName type, CodeBlock init) {
        decls.putIfAbsent(name, CodeBlock.of("final $T $L = $L", type, name, init));
        return name;
    }

    /** Registers a prologue local of an array type read from {@code from} ({@code (type) from}). */
    String declArray(String name, TypeName type, CodeBlock from) {
        return decl(name, type, CodeBlock.of("($T) $L", type, from));
    }

    /** A layout value as a prologue local ({@code layout$.accessor()}). */
    String layoutValue(String name, String accessor) {
        return decl(name, TypeName.INT, CodeBlock.of("layout$$.$L()", accessor));
    }

    /**
     * The local holding a column of the model's own attribute. The suffix keeps it apart from the
     * kernel's own names ({@code s$}, {@code row$}, {@code time$}, ...), which an attribute named
     * {@code s} would hit.
     */
    String column(AttributeRef a) {
        return declArray(a.name() + "$col", arrayType(a), CodeBlock.of("$L.column($L)", block(), a.ordinal()));
    }

    /** The local holding the second column of an attribute the model double buffers. */
    String next(AttributeRef a) {
        return declArray(a.name() + "$next", arrayType(a), CodeBlock.of("$L.next($L)", block(), a.ordinal()));
    }

    /** The column of a place attribute read by an agent kernel. */
    private String placeColumn(AttributeRef a) {
        return declArray(a.name() + "$place", arrayType(a), CodeBlock.of("blk$$.column($L)", a.ordinal()));
    }

    /** The column of an attribute of the agents in a slot. */
    private String agentColumn(AttributeRef a, int slot) {
        return declArray(a.name() + "$a" + slot, arrayType(a), CodeBlock.of("$L.column($L)", view(slot), a.ordinal()));
    }

    /** The view of the agents in a slot. */
    String view(int slot) {
        return decl("agents$" + slot, RuntimeNames.AGENT_VIEW, CodeBlock.of("$L.agents($L)", block(), slot));
    }

    /** A prologue local of an int array from the view of the agents in a slot ({@code start}, {@code order}). */
    String viewArray(String name, int slot, String accessor) {
        return decl(name + slot, INT_ARRAY, CodeBlock.of("$L.$L()", view(slot), accessor));
    }

    /** A prologue local of the incoming writes to attribute {@code a} of the agents in a slot. */
    String incoming(int slot, AttributeRef a) {
        TypeName column = ArrayTypeName.of(JavaPoetTypes.of(a.type()));
        return decl(a.name() + "$in" + slot, column, CodeBlock.of("($T) $L.incoming($L)", column, view(slot),
                a.ordinal()));
    }

    /** A prologue local of the agents of a slot's class each instance asks for, and the instance's index there. */
    String creates(int slot) {
        return decl("creates$" + slot, INT_ARRAY, CodeBlock.of("$L.creates($L)", block(), slot));
    }

    /** The index of the instance in its block's per-instance arrays: the agent's slot, or the place's storage index. */
    String selfIndex() {
        return agent ? "a$" : "s$";
    }

    /** A prologue local of the death intents of the agents in a slot. */
    String killed(int slot) {
        return decl("killed$" + slot, BOOLEAN_ARRAY, CodeBlock.of("$L.killed()", view(slot)));
    }

    /** A prologue local of the agent block ({@code ab$.accessor()}): ids, locations, kills, spawns, targets. */
    String agentArray(String name, TypeName type, String accessor) {
        return decl(name, type, CodeBlock.of("ab$$.$L()", accessor));
    }

    /** The Java array type of an attribute's column (one more dimension for array attributes). */
    static TypeName arrayType(AttributeRef a) {
        TypeName column = ArrayTypeName.of(JavaPoetTypes.of(a.type()));
        return a.isArray() ? ArrayTypeName.of(column) : column;
    }

    /** The array type of the flags that say which agents wrote an attribute of their place. */
    static TypeName flagsType(AttributeRef a) {
        return a.isArray() ? ArrayTypeName.of(BOOLEAN_ARRAY) : BOOLEAN_ARRAY;
    }

    /** The local holding a shared value or array, named apart from the kernel's own names. */
    private String sharedValue(SharedRef s) {
        TypeName array = ArrayTypeName.of(JavaPoetTypes.of(s.type()));
        CodeBlock from = CodeBlock.of("$L.shared($L)", block(), s.ordinal());
        return s.isArray() ? declArray(s.name() + "$shared", array, from)
                : decl(s.name() + "$shared", JavaPoetTypes.of(s.type()), CodeBlock.of("(($T) $L)[0]", array, from));
    }

    /** Whether the step buffers an attribute (keeps the instance's own value in a local). */
    boolean buffered(AttributeRef a) {
        return step.buffers(a.ordinal());
    }

    @Override
    public String ordinals() {
        return agentArray("ordinal$", ArrayTypeName.of(TypeName.INT), "ordinals");
    }

    /** The ids of the agents of an agent kernel. */
    String ids() {
        return agentArray("ids$", LONG_ARRAY, "ids");
    }

    /**
     * Where a place expression (Self, AgentPlace, Neighbor) is stored in the block: agent views are indexed by
     * storage index, halo included (a place off a non-wrapping grid is a halo cell without agents).
     */
    CodeBlock storageIndex(Expr place, Function<Expr, CodeBlock> print) {
        return switch (place) {
            case Expr.Self s -> CodeBlock.of("s$$");
            case Expr.AgentPlace a -> agentPlace();
            case Expr.Neighbor n -> neighbor(n, print);
            default -> throw new IllegalStateException("agents of " + place);
        };
    }

    /** What an assignment to the instance's own attribute (or an element of it) stores into. */
    CodeBlock attributeTarget(AttributeRef a, Expr element, Function<Expr, CodeBlock> print) {
        if (buffered(a)) {
            return a.isArray() ? CodeBlock.of("$L[$L][$L]", next(a), print.apply(element), self)
                    : CodeBlock.of("$L$$self", a.name());
        }
        return a.isArray() ? CodeBlock.of("$L[$L][$L]", column(a), print.apply(element), self)
                : CodeBlock.of("$L[$L]", column(a), self);
    }

    // ---- Names ---------------------------------------------------------------------------

    @Override
    public String boundary() {
        return boundary;
    }

    @Override
    public CodeBlock attribute(Expr.AttrRead read, Function<Expr, CodeBlock> print) {
        AttributeRef a = read.attr();
        if (read.isSelf()) {
            return attributeTarget(a, read.element(), print);
        }
        CodeBlock where = print.apply(read.place());
        String col = switch (a.owner().kind()) {
            case SELF -> column(a);
            case PLACE -> placeColumn(a);
            case AGENT -> agentColumn(a, a.owner().slot());
        };
        return a.isArray() ? CodeBlock.of("$L[$L][$L]", col, print.apply(read.element()), where)
                : CodeBlock.of("$L[$L]", col, where);
    }

    @Override
    public CodeBlock agentPlace() {
        used.add("place");
        return CodeBlock.of("s$$");
    }

    @Override
    public CodeBlock id(Expr ref, int slot, Function<Expr, CodeBlock> print) {
        if (ref == null) {
            return CodeBlock.of("$L[a$$]", ids());
        }
        String ids = decl("ids$" + slot, LONG_ARRAY, CodeBlock.of("$L.ids()", view(slot)));
        return CodeBlock.of("$L[$L]", ids, print.apply(ref));
    }

    @Override
    public CodeBlock agentCount(Expr place, int slot, Function<Expr, CodeBlock> print) {
        String start = viewArray("start$", slot, "start");
        return CodeBlock.of("$T.agentCount($L, $L)", RuntimeNames.KERNEL_SUPPORT, start, storageIndex(place, print));
    }

    @Override
    public String value(String name) {
        return switch (name) {
            case "time$" -> decl("time$", TypeName.LONG, CodeBlock.of("$L.call().time()", block()));
            case "wrap$" -> decl("wrap$", TypeName.BOOLEAN, CodeBlock.of("layout$$.wrap()"));
            case "dims$" -> decl("dims$", TypeName.INT, CodeBlock.of("layout$$.dims()"));
            default -> throw new IllegalArgumentException(name);
        };
    }

    @Override
    public CodeBlock neighbor(Expr.Neighbor n, Function<Expr, CodeBlock> print) {
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
            return CodeBlock.of("s$$ + $L", local);
        }
        CodeBlock.Builder index = CodeBlock.builder().add("s$$");
        for (int d = 0; d < offsets.size(); d++) {
            Expr offset = offsets.get(d);
            if (offset instanceof Expr.Const c && (Integer) c.value() == 0) {
                continue;
            }
            CodeBlock v = print.apply(offset);
            if (n.checked() && !(offset instanceof Expr.Const)) {
                v = CodeBlock.of("$T.checkOffset($L, $L, $S)", RuntimeNames.KERNEL_SUPPORT, v, step.declaredReach(),
                        step.sourceFile() + ":" + line);
            } else if (!(offset instanceof Expr.LocalRef || offset instanceof Expr.Const)) {
                v = CodeBlock.of("($L)", v);
            }
            index.add(" + $L$L", v, d == 0 ? "" : " * " + strides[d]);
        }
        return index.build();
    }

    /**
     * A place kernel's neighbour at constant offsets: {@code s$ + dx} in the cell's own row, else
     * {@code row$... + x$ + dx} with the neighbouring row's start set once per row.
     */
    private CodeBlock rowNeighbor(List<Expr> offsets, String[] strides) {
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
            return CodeBlock.of("s$$$L", x);
        }
        rowLocals.putIfAbsent(name.toString(), row.toString());
        return CodeBlock.of("$L + x$$$L", name, x);
    }

    /** Whether the model's places are a graph's vertices (a vertex model, or agents on one). */
    boolean onGraph() {
        return model.graph();
    }

    /** A prologue local of an array of the block's graph rows ({@code blk$.graph().accessor()}). */
    String graphArray(String accessor, TypeName type) {
        decl("graph$", RuntimeNames.GRAPH_ROWS, CodeBlock.of("blk$$.graph()"));
        return decl(accessor + "$g", type, CodeBlock.of("graph$$.$L()", accessor));
    }

    /**
     * {@return the row of the graph a neighbours loop walks: the place kernel's vertex ({@code x$}), or the vertex an
     * agent lives on (its storage index less the block's base)}
     */
    String neighborRow() {
        if (!agent) {
            return "x$";
        }
        String base = decl("gbase$", TypeName.INT, CodeBlock.of("blk$$.layout().base()"));
        return "(" + agentPlace() + " - " + base + ")";
    }

    /** The int-array rows of the graph: offsets, targets, degrees... */
    String graphInts(String accessor) {
        return graphArray(accessor, INT_ARRAY);
    }

    @Override
    public CodeBlock vertex(Expr.Intrinsic fact, Function<Expr, CodeBlock> print) {
        Expr arg = fact.args().get(0);
        CodeBlock at = arg instanceof Expr.Self ? CodeBlock.of("s$$") : print.apply(arg);
        return switch (fact.op()) {
            case DEGREE -> CodeBlock.of("$L[$L]", graphInts("degrees"), at);
            case IN_DEGREE -> CodeBlock.of("$L[$L]", graphInts("inDegrees"), at);
            case INDEX -> CodeBlock.of("(long) $L[$L]", graphInts("ids"), at);
            case EDGE_WEIGHT -> {
                boolean incoming = (Boolean) ((Expr.Const) fact.args().get(1)).value();
                String weights = graphArray(incoming ? "inWeights" : "weights", ArrayTypeName.of(TypeName.DOUBLE));
                yield CodeBlock.of("$T.weight($L, $L)", RuntimeNames.GRAPH_ROWS, weights, at);
            }
            case EDGE_ATTRIBUTE -> {
                boolean incoming = (Boolean) ((Expr.Const) fact.args().get(1)).value();
                int ordinal = (Integer) ((Expr.Const) fact.args().get(2)).value();
                EdgeShape.Attribute a = model.edges().attributes().get(ordinal);
                TypeName array = ArrayTypeName.of(JavaPoetTypes.of(a.type()));
                decl("graph$", RuntimeNames.GRAPH_ROWS, CodeBlock.of("blk$$.graph()"));
                String column = decl((incoming ? "inEdge$" : "edge$") + a.name(), array,
                        CodeBlock.of("($T) graph$$.edge($S, $L)", array, a.name(), incoming));
                yield CodeBlock.of("$L[$L]", column, at);
            }
            default -> throw new IllegalArgumentException("not a vertex fact: " + fact.op());
        };
    }

    @Override
    public CodeBlock shared(Expr.SharedRead read, Function<Expr, CodeBlock> print) {
        SharedRef s = read.shared();
        String v = sharedValue(s);
        return s.isArray() ? CodeBlock.of("$L[$L]", v, print.apply(read.element())) : CodeBlock.of("$L", v);
    }

    @Override
    public CodeBlock coord(int d) {
        used.add("coord" + d);
        return CodeBlock.of("$L", new String[] {"gx$", "gy$", "gz$"}[d]);
    }

    @Override
    public CodeBlock size(int d) {
        used.add("size" + d);
        return CodeBlock.of("$L", layoutValue("size" + d + "$", "size" + d));
    }

    @Override
    public int dims() {
        return model.dimensions();
    }
}
