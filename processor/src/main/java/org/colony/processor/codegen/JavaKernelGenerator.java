package org.colony.processor.codegen;

import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.FieldSpec;
import com.palantir.javapoet.MethodSpec;
import com.palantir.javapoet.ParameterizedTypeName;
import com.palantir.javapoet.TypeName;
import com.palantir.javapoet.TypeSpec;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import javax.lang.model.element.Modifier;
import org.colony.processor.ir.AttributeRef;
import org.colony.processor.ir.Expr;
import org.colony.processor.ir.IntrinsicOp;
import org.colony.processor.ir.Ir;
import org.colony.processor.ir.IrType;
import org.colony.processor.ir.Local;
import org.colony.processor.ir.ModelIr;
import org.colony.processor.ir.ModelRef;
import org.colony.processor.ir.SharedRef;
import org.colony.processor.ir.StepIr;
import org.colony.processor.ir.Stmt;

/**
 * Writes the CPU kernels of a model ({@code HeatCell_Kernels}): one static method per step. A place
 * kernel runs the translated body over a range of rows of a block; an agent kernel over a range of agent
 * slots. Both read and write structure-of-arrays columns directly. Instance-own values of attributes a
 * step buffers live in a local for the whole step and are stored to the second column at the end.
 *
 * <p>Where the compilation can see {@code jdk.incubator.vector}, a place step that {@link VectorStep}
 * accepts gets a second kernel in the nested class {@code Vectors} that runs a row's cells a vector at a
 * time; the scalar kernel calls it first when the running JVM has the module ({@code KernelSupport.VECTORS}).
 */
public final class JavaKernelGenerator {

    static final ClassName CPU_BLOCK = RuntimeNames.CPU_BLOCK;
    static final ClassName AGENT_BLOCK = RuntimeNames.AGENT_BLOCK;
    static final ClassName AGENT_VIEW = RuntimeNames.AGENT_VIEW;
    static final ClassName LAYOUT = RuntimeNames.LAYOUT;
    static final ClassName RANDOM_STREAM = RuntimeNames.RANDOM_STREAM;
    private static final String SUPPORT = RuntimeNames.KERNEL_SUPPORT.canonicalName();

    /** The name of the kernels class of a model. */
    public static String className(ModelIr model) {
        return model.simpleName() + "_Kernels";
    }

    /** Builds the kernels class without vector forms. */
    public TypeSpec generate(ModelIr model) {
        return generate(model, false);
    }

    /**
     * Builds the kernels class.
     *
     * @param vectors whether the compilation can use {@code jdk.incubator.vector}, so that steps that allow
     *     it get a vector form
     */
    public TypeSpec generate(ModelIr model, boolean vectors) {
        TypeSpec.Builder type = TypeSpec.classBuilder(className(model))
                .addModifiers(Modifier.FINAL)
                .addJavadoc("CPU kernels of {@code $L}: one method per step, over a range of $L.\n",
                        model.qualifiedName(), model.agent() ? "agent slots" : "rows of a block")
                .addMethod(MethodSpec.constructorBuilder().addModifiers(Modifier.PRIVATE).build());
        List<MethodSpec> vectorKernels = new ArrayList<>();
        Set<IrType> elements = new LinkedHashSet<>();
        Set<IrType> booleans = new LinkedHashSet<>();
        for (StepIr step : model.steps()) {
            VectorStep v = vectors ? VectorStep.of(model, step, model.dimensions() >= 1 && usesOnBoundary(step)) : null;
            if (v != null) {
                vectorKernels.add(new StepKernel(model, step, v, false).method());
                elements.add(v.element());
                if (v.booleans()) {
                    booleans.add(v.element());
                }
            }
            type.addMethod(new StepKernel(model, step, null, v != null).method());
        }
        if (!vectorKernels.isEmpty()) {
            type.addType(vectorsClass(vectorKernels, elements, booleans));
        }
        return type.build();
    }

    private static boolean usesOnBoundary(StepIr step) {
        boolean[] found = new boolean[1];
        Ir.forEachExpr(step.body(), e -> found[0] |= e instanceof Expr.Intrinsic i && i.op() == IntrinsicOp.ON_BOUNDARY);
        return found[0];
    }

    /** The nested class of vector kernels, with the species (and boolean helpers) of their element types. */
    private static TypeSpec vectorsClass(List<MethodSpec> kernels, Set<IrType> elements, Set<IrType> booleans) {
        TypeSpec.Builder t = TypeSpec.classBuilder(VECTORS)
                .addModifiers(Modifier.PRIVATE, Modifier.STATIC, Modifier.FINAL)
                .addJavadoc("The steps that can, a vector of cells at a time ({@code $L}); loaded only when the JVM has "
                        + "that module.\n", VectorStep.PACKAGE)
                .addMethod(MethodSpec.constructorBuilder().addModifiers(Modifier.PRIVATE).build());
        ClassName byteBox = ClassName.get(Byte.class);
        for (IrType e : elements) {
            TypeName box = JavaPoetTypes.of(e).box();
            String species = VectorStep.species(e);
            t.addField(FieldSpec.builder(ParameterizedTypeName.get(VectorStep.SPECIES, box), species, Modifier.PRIVATE,
                    Modifier.STATIC, Modifier.FINAL).initializer("$T.SPECIES_PREFERRED", VectorStep.vectorClass(e)).build());
            if (!booleans.contains(e)) {
                continue;
            }
            String bytes = VectorStep.byteSpecies(e);
            t.addField(FieldSpec.builder(ParameterizedTypeName.get(VectorStep.SPECIES, byteBox), bytes, Modifier.PRIVATE,
                    Modifier.STATIC, Modifier.FINAL)
                    .addJavadoc("Booleans in as many lanes, or null where no byte vector has that many.\n")
                    .initializer("$L.length() >= 8 ? $T.of(byte.class, $T.forBitSize($L.length() * 8)) : null", species,
                            VectorStep.SPECIES, VectorStep.SHAPE, species)
                    .build());
            TypeName mask = ParameterizedTypeName.get(VectorStep.MASK, box);
            t.addMethod(MethodSpec.methodBuilder(VectorStep.booleanHelper(e))
                    .addModifiers(Modifier.PRIVATE, Modifier.STATIC)
                    .returns(mask)
                    .addParameter(boolean[].class, "a")
                    .addParameter(TypeName.INT, "i")
                    .addStatement("return $T.fromBooleanArray($L, a, i).compare($T.NE, (byte) 0).cast($L)",
                            VectorStep.BYTE_VECTOR, bytes, VectorStep.OPERATORS, species)
                    .build());
            if (e == IrType.INT) {
                t.addMethod(MethodSpec.methodBuilder(VectorStep.onesHelper(e))
                        .addModifiers(Modifier.PRIVATE, Modifier.STATIC)
                        .returns(VectorStep.vectorClass(e))
                        .addParameter(boolean[].class, "a")
                        .addParameter(TypeName.INT, "i")
                        .addStatement("return ($T) $T.fromBooleanArray($L, a, i).convertShape($T.B2I, $L, 0)",
                                VectorStep.vectorClass(e), VectorStep.BYTE_VECTOR, bytes, VectorStep.OPERATORS, species)
                        .build());
            }
            t.addMethod(MethodSpec.methodBuilder(VectorStep.booleanHelper(e))
                    .addModifiers(Modifier.PRIVATE, Modifier.STATIC)
                    .addParameter(mask, "m")
                    .addParameter(boolean[].class, "a")
                    .addParameter(TypeName.INT, "i")
                    .addStatement("(($T) m.cast($L).toVector()).intoBooleanArray(a, i)", VectorStep.BYTE_VECTOR, bytes)
                    .build());
        }
        t.addMethods(kernels);
        return t.build();
    }

    private static final String VECTORS = "Vectors";

    /** The kernel of one step. */
    private static final class StepKernel implements JavaExpressions.Names {
        private final ModelIr model;
        private final StepIr step;
        private final boolean agent;
        /** The index of the instance itself: a cell's storage index, or an agent's slot. */
        private final String self;
        private final JavaExpressions printer;
        /** Locals of the kernel's prologue, in order of first use: name -> initializer. */
        private final Map<String, String> decls = new LinkedHashMap<>();
        private final Map<String, String> offsetLocals = new LinkedHashMap<>();
        /** Storage indices of the neighbouring rows a place kernel reads, set at each row: name -> initializer. */
        private final Map<String, String> rowLocals = new LinkedHashMap<>();
        private final Set<Integer> usedLoops = new HashSet<>();
        private final Set<String> used = new HashSet<>();
        /** The source line of the statement being printed, for run-time errors that point at the user's line. */
        private int line;
        /** The vector form being printed (this kernel is its {@code Vectors} method), or null. */
        private final VectorStep vector;
        /** Whether this scalar kernel first tries its vector form. */
        private final boolean dispatch;

        StepKernel(ModelIr model, StepIr step, VectorStep vector, boolean dispatch) {
            this.model = model;
            this.step = step;
            this.vector = vector;
            this.dispatch = dispatch;
            this.agent = model.agent();
            this.self = agent ? "a$" : "s$";
            this.printer = new JavaExpressions(this);
            this.line = step.line();
        }

        /** Registers a prologue local and returns its name. */
        private String decl(String name, String type, String init) {
            decls.putIfAbsent(name, "final " + type + " " + name + " = " + init);
            return name;
        }

        private String layoutValue(String name, String accessor) {
            return decl(name, "int", "layout$." + accessor + "()");
        }

        /**
         * The local holding a column of the model's own attribute. The suffix keeps it apart from the
         * kernel's own names ({@code s$}, {@code row$}, {@code time$}, ...), which an attribute named
         * {@code s} would hit.
         */
        private String column(AttributeRef a) {
            String t = arrayType(a);
            return decl(a.name() + "$col", t, "(" + t + ") " + (agent ? "ab$" : "blk$") + ".column(" + a.ordinal() + ")");
        }

        private String next(AttributeRef a) {
            String t = arrayType(a);
            return decl(a.name() + "$next", t, "(" + t + ") " + (agent ? "ab$" : "blk$") + ".next(" + a.ordinal() + ")");
        }

        /** The column of a place attribute read by an agent kernel. */
        private String placeColumn(AttributeRef a) {
            String t = arrayType(a);
            return decl(a.name() + "$place", t, "(" + t + ") blk$.column(" + a.ordinal() + ")");
        }

        /** The column of an attribute of the agents in a slot. */
        private String agentColumn(AttributeRef a, int slot) {
            String t = arrayType(a);
            return decl(a.name() + "$a" + slot, t, "(" + t + ") " + view(slot) + ".column(" + a.ordinal() + ")");
        }

        private String view(int slot) {
            return decl("agents$" + slot, RuntimeNames.AGENT_VIEW.canonicalName(), (agent ? "ab$" : "blk$") + ".agents(" + slot
                    + ")");
        }

        private static String arrayType(AttributeRef a) {
            return a.type().javaName() + (a.isArray() ? "[][]" : "[]");
        }

        /** The local holding a shared value or array, named apart from the kernel's own names. */
        private String sharedValue(SharedRef s) {
            String t = s.type().javaName();
            String from = (agent ? "ab$" : "blk$") + ".shared(" + s.ordinal() + ")";
            return s.isArray() ? decl(s.name() + "$shared", t + "[]", "(" + t + "[]) " + from)
                    : decl(s.name() + "$shared", t, "((" + t + "[]) " + from + ")[0]");
        }

        private boolean buffered(AttributeRef a) {
            return step.buffers(a.ordinal());
        }

        MethodSpec method() {
            MethodSpec.Builder m = MethodSpec.methodBuilder(step.name())
                    .addModifiers(Modifier.STATIC)
                    .addJavadoc("Step {@code $L} ($L:$L)$L.\n", step.name(), step.sourceFile(), step.line(),
                            vector == null ? "" : ", a vector of cells at a time; false where the machine's vectors cannot")
                    .returns(vector != null ? TypeName.BOOLEAN : step.predicate() ? TypeName.LONG : TypeName.VOID);
            if (agent) {
                m.addParameter(AGENT_BLOCK, "ab$").addParameter(TypeName.INT, "from$").addParameter(TypeName.INT, "to$");
            } else {
                m.addParameter(CPU_BLOCK, "blk$")
                        .addParameter(TypeName.INT, "row0$")
                        .addParameter(TypeName.INT, "row1$")
                        .addParameter(TypeName.INT, "x0$")
                        .addParameter(TypeName.INT, "x1$");
            }
            for (Local p : step.params()) {
                m.addParameter(JavaPoetTypes.of(p.type()), p.name());
            }
            // Print the body first: that records which columns, layout values and offsets it needs.
            CodeBlock body = agent ? agentBody() : placeBody();
            CodeBlock.Builder head = CodeBlock.builder();
            if (dispatch) {
                List<String> args = new ArrayList<>(List.of("blk$", "row0$", "row1$", "x0$", "x1$"));
                for (Local p : step.params()) {
                    args.add(p.name());
                }
                head.beginControlFlow("if ($L.VECTORS && $L.$L($L))", SUPPORT, VECTORS, step.name(), String.join(", ", args));
                head.addStatement("return");
                head.endControlFlow();
            }
            if (vector != null) {
                String species = VectorStep.species(vector.element());
                head.beginControlFlow("if ($L.length() < 2$L)", species,
                        vector.booleans() ? " || " + VectorStep.byteSpecies(vector.element()) + " == null" : "");
                head.addStatement("return false");
                head.endControlFlow();
            }
            if (agent) {
                head.addStatement("final $T blk$$ = ab$$.places()", CPU_BLOCK);
            }
            head.addStatement("final $T layout$$ = blk$$.layout()", LAYOUT);
            for (String d : decls.values()) {
                head.addStatement("$L", d);
            }
            if (step.usesRandom()) {
                head.addStatement("final $T rng$$ = new $T($L.call().seed(), $L.call().epoch())", RANDOM_STREAM,
                        RANDOM_STREAM, agent ? "ab$" : "blk$", agent ? "ab$" : "blk$");
            }
            for (Map.Entry<String, String> o : offsetLocals.entrySet()) {
                head.addStatement("final int $L = $L", o.getValue(), o.getKey());
            }
            if (step.predicate()) {
                head.addStatement("long count$$ = 0");
            }
            m.addCode(head.build());
            m.addCode(body);
            if (step.predicate()) {
                m.addStatement("return count$$");
            }
            if (vector != null) {
                m.addStatement("return true");
            }
            return m.build();
        }

        private void scanBody() {
            Ir.forEachStmt(step.body(), s -> {
                switch (s) {
                    case Stmt.Break b -> usedLoops.add(b.loopId());
                    case Stmt.Continue c -> usedLoops.add(c.loopId());
                    default -> {
                    }
                }
            });
        }

        /** The work of one instance: buffered values in locals, the body, write-back, the predicate count. */
        private CodeBlock instance() {
            current = CodeBlock.builder();
            List<String> writeBack = new ArrayList<>();
            for (AttributeRef a : model.attributes()) {
                if (!buffered(a)) {
                    continue;
                }
                if (a.isArray()) {
                    current.beginControlFlow("for (int k$$ = 0; k$$ < $L; k$$++)", a.length());
                    current.addStatement("$L[k$$][$L] = $L[k$$][$L]", next(a), self, column(a), self);
                    current.endControlFlow();
                } else {
                    current.addStatement("$L $L$$self = $L[$L]", a.type().javaName(), a.name(), column(a), self);
                    writeBack.add(next(a) + "[" + self + "] = " + a.name() + "$self");
                }
            }
            if (step.usesRandom()) {
                current.addStatement("rng$$.reset($L)", agent ? ids() + "[a$]"
                        : printer.print(new Expr.Intrinsic(IntrinsicOp.INDEX, List.of(), IrType.LONG)));
            }
            statements(step.body());
            for (String w : writeBack) {
                current.addStatement("$L", w);
            }
            if (step.predicate()) {
                current.beginControlFlow("if ($L)", step.result().name());
                current.addStatement("count$$++");
                current.endControlFlow();
            }
            CodeBlock cell = current.build();
            current = null;
            return cell;
        }

        /** While generating the interior copy of a split row: what onBoundary() prints as. */
        private String boundary;

        @Override
        public String boundary() {
            return boundary;
        }

        private CodeBlock placeBody() {
            scanBody();
            CodeBlock cell = instance();
            // A step that tests onBoundary() runs each row in three ranges of x: the first and last columns
            // of the grid with the full test, and the columns between, where only the row decides, so the
            // test leaves the inner loop (which the JIT can then unswitch and vectorize).
            CodeBlock interior = null;
            int dims = model.dimensions();
            if (dims >= 1 && usesOnBoundary(step)) {
                boundary = "rowEdge$";
                interior = instance();
                boundary = null;
                coord(0);
                if (dims >= 2) {
                    coord(1);
                }
                if (dims >= 3) {
                    coord(2);
                }
            }
            CodeBlock vectorCell = null;
            String guard = null;
            if (vector != null) {
                boundary = interior != null ? "rowEdge$" : null;
                vectorCell = vectorCell();
                guard = vector.guard() == null ? null : cond(vector.guard());
                boundary = null;
            }
            CodeBlock.Builder rows = CodeBlock.builder();
            String extent1 = layoutValue("extent1$", "extent1");
            String strideY = layoutValue("strideY$", "strideY");
            String strideZ = layoutValue("strideZ$", "strideZ");
            String base = layoutValue("base$", "base");
            rows.beginControlFlow("for (int row$$ = row0$$; row$$ < row1$$; row$$++)");
            rows.addStatement("final int ly$$ = row$$ % $L", extent1);
            rows.addStatement("final int lz$$ = row$$ / $L", extent1);
            if (used.contains("coord1")) {
                rows.addStatement("final int gy$$ = $L + ly$$", layoutValue("origin1$", "origin1"));
            }
            if (used.contains("coord2")) {
                rows.addStatement("final int gz$$ = $L + lz$$", layoutValue("origin2$", "origin2"));
            }
            rows.addStatement("final int rowBase$$ = $L + ly$$ * $L + lz$$ * $L", base, strideY, strideZ);
            for (Map.Entry<String, String> r : rowLocals.entrySet()) {
                rows.addStatement("final int $L = $L", r.getKey(), r.getValue());
            }
            if (interior == null) {
                if (vector != null) {
                    vectorLoop(rows, "x0$", "x1$", guard, vectorCell, cell);
                } else {
                    xLoop(rows, "x0$", "x1$", cell);
                }
            } else {
                StringBuilder edge = new StringBuilder(dims == 1 ? "false" : "");
                for (int d = 1; d < dims; d++) {
                    edge.append(d > 1 ? " || " : "").append(coord(d)).append(" == 0 || ").append(coord(d))
                            .append(" == ").append(size(d)).append(" - 1");
                }
                rows.addStatement("final boolean rowEdge$$ = $L", edge);
                String origin0 = layoutValue("origin0$", "origin0");
                rows.addStatement("final int xa$$ = Math.min(x1$$, Math.max(x0$$, 1 - $L))", origin0);
                rows.addStatement("final int xb$$ = Math.max(xa$$, Math.min(x1$$, $L - 1 - $L))", size(0), origin0);
                xLoop(rows, "x0$", "xa$", cell);
                if (step.boundaryOnly()) {
                    // Nothing happens off the boundary: only edge rows have work between the first and last
                    // columns, and the runtime copies buffered values back on the boundary instead of swapping.
                    rows.beginControlFlow("if (rowEdge$$)");
                    xLoop(rows, "xa$", "xb$", interior);
                    rows.endControlFlow();
                } else if (vector != null) {
                    vectorLoop(rows, "xa$", "xb$", guard, vectorCell, interior);
                } else {
                    xLoop(rows, "xa$", "xb$", interior);
                }
                xLoop(rows, "xb$", "x1$", cell);
            }
            rows.endControlFlow();
            return rows.build();
        }

        private void xLoop(CodeBlock.Builder rows, String from, String to, CodeBlock cell) {
            // x from 0 is the loop variable and neighbours are (row + x + dx): the JIT then keeps one base per row
            // read and folds dx into the address, where s + (an invariant offset per neighbour) costs a register each.
            rows.beginControlFlow("for (int x$$ = $L; x$$ < $L; x$$++)", from, to);
            rows.addStatement("final int s$$ = rowBase$$ + x$$");
            if (used.contains("coord0")) {
                rows.addStatement("final int gx$$ = $L + x$$", layoutValue("origin0$", "origin0"));
            }
            rows.add(cell);
            rows.endControlFlow();
        }

        /**
         * The cells from {@code from} to {@code to} a vector at a time (unless the row-wide {@code guard} holds),
         * then the rest one by one.
         */
        private void vectorLoop(CodeBlock.Builder rows, String from, String to, String guard, CodeBlock vectorCell,
                CodeBlock cell) {
            String species = VectorStep.species(vector.element());
            rows.addStatement("int xv$$ = $L", from);
            if (guard != null) {
                rows.beginControlFlow("if (!($L))", guard);
            }
            rows.addStatement("final int xe$$ = $L + $L.loopBound($L - $L)", from, species, to, from);
            rows.beginControlFlow("for (; xv$$ < xe$$; xv$$ += $L.length())", species);
            rows.addStatement("final int x$$ = xv$$");
            rows.addStatement("final int s$$ = rowBase$$ + x$$");
            rows.add(vectorCell);
            rows.endControlFlow();
            if (guard != null) {
                rows.endControlFlow();
            }
            xLoop(rows, "xv$", to, cell);
        }

        /** A vector of cells from {@code s$} on: own values in vector locals, the body, the stores. */
        private CodeBlock vectorCell() {
            VectorStep.Names names = new VectorStep.Names() {
                @Override
                public String scalar(Expr e) {
                    return p(e);
                }

                @Override
                public String index(Expr place) {
                    return place instanceof Expr.LocalRef l ? l.local().name() : p(place);
                }

                @Override
                public String column(AttributeRef a) {
                    return StepKernel.this.column(a);
                }

                @Override
                public String next(AttributeRef a) {
                    return StepKernel.this.next(a);
                }
            };
            CodeBlock.Builder c = CodeBlock.builder();
            for (AttributeRef a : vector.own()) {
                c.addStatement("var $L = $L", VectorStep.self(a), vector.load(a, column(a), "s$"));
            }
            vectorStatements(c, vector.body(), names);
            for (AttributeRef a : vector.own()) {
                if (buffered(a)) {
                    c.addStatement("$L", vector.store(a, VectorStep.self(a), next(a), "s$"));
                } else if (step.writes().contains(a.ordinal())) {
                    c.addStatement("$L", vector.store(a, VectorStep.self(a), column(a), "s$"));
                }
            }
            return c.build();
        }

        private void vectorStatements(CodeBlock.Builder c, List<Stmt> list, VectorStep.Names names) {
            for (Stmt s : list) {
                switch (s) {
                    case Stmt.Declare d when d.local().type() == IrType.PLACE || vector.scalar(d.local()) ->
                            c.addStatement("final $L $L = $L", JavaExpressions.javaType(d.local().type()), d.local().name(),
                                    p(d.init()));
                    case Stmt.Declare d -> c.addStatement("var $L = $L", d.local().name(), d.init() == null
                            ? vector.zero(d.local().type()) : vector.print(d.init(), names));
                    case Stmt.AssignLocal a -> c.addStatement("$L = $L", a.local().name(), vector.print(a.value(), names));
                    case Stmt.AssignAttr a -> c.addStatement("$L = $L", VectorStep.self(a.attr()),
                            vector.print(a.value(), names));
                    case Stmt.Block b -> {
                        c.add("{\n$>");
                        vectorStatements(c, b.body(), names);
                        c.add("$<}\n");
                    }
                    default -> throw new IllegalStateException(s.toString());
                }
            }
        }

        private String ids() {
            return decl("ids$", "long[]", "ab$.ids()");
        }

        private CodeBlock agentBody() {
            scanBody();
            CodeBlock cell = instance();
            CodeBlock.Builder loop = CodeBlock.builder();
            boolean place = used.contains("place") || used.contains("coord0") || used.contains("coord1")
                    || used.contains("coord2");
            loop.beginControlFlow("for (int a$$ = from$$; a$$ < to$$; a$$++)");
            if (place) {
                String loc = decl("loc$", "long[]", "ab$.locations()");
                String size0 = layoutValue("size0$", "size0");
                String size1 = layoutValue("size1$", "size1");
                loop.addStatement("final long g$$ = $L[a$$]", loc);
                loop.addStatement("final int gx$$ = (int) (g$$ % $L)", size0);
                loop.addStatement("final int gy$$ = (int) (g$$ / $L % $L)", size0, size1);
                loop.addStatement("final int gz$$ = (int) (g$$ / $L / $L)", size0, size1);
                if (used.contains("place")) {
                    loop.addStatement("final int s$$ = $L + (gx$$ - $L) + (gy$$ - $L) * $L + (gz$$ - $L) * $L",
                            layoutValue("base$", "base"), layoutValue("origin0$", "origin0"),
                            layoutValue("origin1$", "origin1"), layoutValue("strideY$", "strideY"),
                            layoutValue("origin2$", "origin2"), layoutValue("strideZ$", "strideZ"));
                }
            }
            loop.add(cell);
            loop.endControlFlow();
            return loop.build();
        }

        private CodeBlock.Builder current;

        private CodeBlock.Builder out() {
            return current;
        }

        /** A branch's condition: printed as written (its int comparisons are not turned into arithmetic). */
        private String cond(Expr e) {
            return printer.printCondition(e);
        }

        private String p(Expr e) {
            return printer.print(e);
        }

        private void statements(List<Stmt> list) {
            for (int i = 0; i < list.size(); i++) {
                Stmt s = list.get(i);
                // for (int i = 0; cond; i++) when a block holds just a declaration and a simple loop.
                if (s instanceof Stmt.Block b && b.body().size() == 2 && b.body().get(0) instanceof Stmt.Declare d
                        && d.init() != null && b.body().get(1) instanceof Stmt.Loop l && l.testFirst() && simpleLoop(l)) {
                    int outer = line;
                    line = b.line() > 0 ? b.line() : line;
                    try {
                        loop(l, JavaExpressions.javaType(d.local().type()) + " " + d.local().name() + " = " + p(d.init()));
                    } finally {
                        line = outer;
                    }
                    continue;
                }
                statement(s);
            }
        }

        private void statement(Stmt s) {
            int outer = line;
            if (s.line() > 0) {
                line = s.line();
            }
            try {
                print(s);
            } finally {
                line = outer;
            }
        }

        private void print(Stmt s) {
            CodeBlock.Builder c = out();
            switch (s) {
                case Stmt.Declare d -> c.addStatement("$L $L = $L", JavaExpressions.javaType(d.local().type()),
                        d.local().name(), d.init() == null ? JavaExpressions.zero(d.local().type()) : p(d.init()));
                case Stmt.AssignLocal a -> c.addStatement("$L", assignment(a));
                case Stmt.AssignAttr a -> c.addStatement("$L = $L", attributeTarget(a.attr(), a.element()), p(a.value()));
                case Stmt.RandomDraw r -> c.addStatement("$L $L = $L", JavaExpressions.javaType(r.target().type()),
                        r.target().name(), switch (r.kind()) {
                            case UNIFORM -> "rng$.uniform()";
                            case NORMAL -> "rng$.normal()";
                            case UNIFORM_INT -> "rng$.uniformInt(" + p(r.bound()) + ")";
                        });
                case Stmt.If i -> {
                    c.beginControlFlow("if ($L)", cond(i.cond()));
                    statements(i.then());
                    List<Stmt> otherwise = i.otherwise();
                    while (otherwise.size() == 1 && otherwise.get(0) instanceof Stmt.If nested) {
                        line = nested.line() > 0 ? nested.line() : line;
                        out().nextControlFlow("else if ($L)", cond(nested.cond()));
                        statements(nested.then());
                        otherwise = nested.otherwise();
                    }
                    if (!otherwise.isEmpty()) {
                        out().nextControlFlow("else");
                        statements(otherwise);
                    }
                    out().endControlFlow();
                }
                case Stmt.Loop l -> {
                    if (simpleLoop(l)) {
                        loop(l, "");
                    } else {
                        generalLoop(l);
                    }
                }
                case Stmt.Break b -> c.addStatement("break loop$$$L", b.loopId());
                case Stmt.Continue k -> c.addStatement("continue loop$$$L", k.loopId());
                case Stmt.Labeled l -> {
                    List<Stmt> body = l.body();
                    if (!body.isEmpty() && body.get(body.size() - 1) instanceof Stmt.Exit e && e.labelId() == l.id()
                            && countExits(body, l.id()) == 1) {
                        body = body.subList(0, body.size() - 1);
                    }
                    if (countExits(body, l.id()) == 0) {
                        if (!body.isEmpty()) {
                            c.add("{\n$>");
                            statements(body);
                            out().add("$<}\n");
                        }
                    } else {
                        c.beginControlFlow("label$$$L:", l.id());
                        statements(body);
                        out().endControlFlow();
                    }
                }
                case Stmt.Exit e -> c.addStatement("break label$$$L", e.labelId());
                case Stmt.Block b -> {
                    c.add("{\n$>");
                    statements(b.body());
                    out().add("$<}\n");
                }
                case Stmt.ForAgents f -> printForAgents(c, f);
                case Stmt.PlaceWrite w -> printAgentStatement(c, w);
                case Stmt.Intent a -> printAgentStatement(c, a);
            }
        }

        private static int countExits(List<Stmt> body, int label) {
            int[] n = new int[1];
            Ir.forEachStmt(body, s -> {
                if (s instanceof Stmt.Exit e && e.labelId() == label) {
                    n[0]++;
                }
            });
            return n[0];
        }

        private String assignment(Stmt.AssignLocal a) {
            String name = a.local().name();
            if (a.value() instanceof Expr.Binary b && b.left() instanceof Expr.LocalRef l && l.local().equals(a.local())
                    && b.right() instanceof Expr.Const k && (k.value().equals(1) || k.value().equals(1L))) {
                if (b.op() == org.colony.processor.ir.BinaryOp.ADD) {
                    return name + "++";
                }
                if (b.op() == org.colony.processor.ir.BinaryOp.SUB) {
                    return name + "--";
                }
            }
            return name + " = " + p(a.value());
        }

        private boolean simpleLoop(Stmt.Loop l) {
            if (!l.condPrelude().isEmpty()) {
                return false;
            }
            for (Stmt u : l.update()) {
                if (!(u instanceof Stmt.AssignLocal)) {
                    return false;
                }
            }
            return l.testFirst() || l.update().isEmpty();
        }

        private void loop(Stmt.Loop l, String init) {
            String label = usedLoops.contains(l.id()) ? "loop$" + l.id() + ":\n" : "";
            CodeBlock.Builder c = out();
            if (!l.testFirst()) {
                c.beginControlFlow("$Ldo", label);
                statements(l.body());
                out().endControlFlow("while ($L)", cond(l.cond()));
                return;
            }
            String cond = l.cond() == null ? "" : cond(l.cond());
            if (init.isEmpty() && l.update().isEmpty()) {
                c.beginControlFlow("$Lwhile ($L)", label, cond.isEmpty() ? "true" : cond);
            } else {
                List<String> updates = new ArrayList<>();
                for (Stmt u : l.update()) {
                    updates.add(assignment((Stmt.AssignLocal) u));
                }
                c.beginControlFlow("$Lfor ($L; $L; $L)", label, init, cond, String.join(", ", updates));
            }
            statements(l.body());
            out().endControlFlow();
        }

        /**
         * A loop whose test needs statements first, or whose update is not a plain assignment:
         * {@code for (first = true; ; first = false) { if (!first) update; prelude; if (!cond) break; body }}.
         * {@code continue} reaches the update through the for's own update clause.
         */
        private void generalLoop(Stmt.Loop l) {
            String first = "first$" + l.id();
            out().beginControlFlow("loop$$$L:\nfor (boolean $L = true; ; $L = false)", l.id(), first, first);
            List<Stmt> beforeTest = new ArrayList<>(l.update());
            if (l.testFirst()) {
                if (!beforeTest.isEmpty()) {
                    out().beginControlFlow("if (!$L)", first);
                    statements(beforeTest);
                    out().endControlFlow();
                }
                statements(l.condPrelude());
                if (l.cond() != null) {
                    out().beginControlFlow("if (!($L))", cond(l.cond()));
                    out().addStatement("break");
                    out().endControlFlow();
                }
            } else {
                out().beginControlFlow("if (!$L)", first);
                statements(beforeTest);
                statements(l.condPrelude());
                if (l.cond() != null) {
                    out().beginControlFlow("if (!($L))", cond(l.cond()));
                    out().addStatement("break loop$$$L", l.id());
                    out().endControlFlow();
                }
                out().endControlFlow();
            }
            statements(l.body());
            out().endControlFlow();
        }

        /** Agent-model statements: place writes and life-cycle intents. */
        private void printAgentStatement(CodeBlock.Builder c, Stmt s) {
            switch (s) {
                case Stmt.PlaceWrite w -> {
                    AttributeRef a = w.attr();
                    String t = arrayType(a);
                    String contrib = decl(a.name() + "$contrib", t, "(" + t + ") ab$.contribution(" + a.ordinal() + ")");
                    String flags = a.isArray() ? "boolean[][]" : "boolean[]";
                    String wrote = decl(a.name() + "$wrote", flags, "(" + flags + ") ab$.contributed(" + a.ordinal() + ")");
                    String at = a.isArray() ? "[" + p(w.element()) + "][a$]" : "[a$]";
                    String v = p(w.value());
                    String narrow = a.type() == IrType.BYTE || a.type() == IrType.SHORT ? "(" + a.type().javaName() + ") "
                            : "";
                    switch (w.op()) {
                        case SET -> {
                            c.addStatement("$L$L = $L", contrib, at, v);
                            c.addStatement("$L$L = true", wrote, at);
                        }
                        case SUM -> c.addStatement("$L$L += $L", contrib, at, v);
                        case MIN, MAX -> {
                            String fn = w.op() == org.colony.kernel.Combine.MIN ? "min" : "max";
                            c.beginControlFlow("if ($L$L)", wrote, at);
                            c.addStatement("$L$L = $LMath.$L($L$L, $L)", contrib, at, narrow, fn, contrib, at, v);
                            c.nextControlFlow("else");
                            c.addStatement("$L$L = $L", contrib, at, v);
                            c.addStatement("$L$L = true", wrote, at);
                            c.endControlFlow();
                        }
                    }
                }
                case Stmt.Intent act -> {
                    switch (act.kind()) {
                        case KILL -> c.addStatement("$L[a$$] = true", decl("kill$", "boolean[]", "ab$.killed()"));
                        case SPAWN -> {
                            String spawns = decl("spawn$", "int[]", "ab$.spawns()");
                            c.addStatement("$L[a$$] = $L.spawn($L[a$$], $L)", spawns, SUPPORT, spawns,
                                    p(act.args().get(0)));
                        }
                        case MIGRATE, MOVE_TO -> {
                            List<String> a = new ArrayList<>();
                            for (int d = 0; d < 3; d++) {
                                a.add(d < act.args().size() ? p(act.args().get(d)) : "0");
                            }
                            String fn = act.kind() == org.colony.kernel.AgentAction.MIGRATE
                                    ? SUPPORT + ".migrate(" + coord(0) + ", " + coord(1) + ", " + coord(2) + ", "
                                    : SUPPORT + ".moveTo(";
                            c.addStatement("$L[a$$] = $L$L, $L, $L, $L, $L, $L, $L, $L)",
                                    decl("target$", "long[]", "ab$.targets()"), fn, a.get(0), a.get(1), a.get(2),
                                    size(0), size(1), size(2), value("dims$"), value("wrap$"));
                        }
                    }
                }
                default -> throw new IllegalStateException(s.toString());
            }
        }

        /** {@code for} over the agents of a slot on a place, in id order. */
        private void printForAgents(CodeBlock.Builder c, Stmt.ForAgents f) {
            int slot = f.agents().slot();
            String start = decl("start$" + slot, "int[]", view(slot) + ".start()");
            String order = decl("order$" + slot, "int[]", view(slot) + ".order()");
            String g = "g$" + f.id();
            String k = "k$" + f.id();
            String end = "e$" + f.id();
            c.add("{\n$>");
            c.addStatement("final int $L = $L", g, storageIndex(f.place()));
            String label = usedLoops.contains(f.id()) ? "loop$" + f.id() + ":\n" : "";
            c.beginControlFlow("$Lfor (int $L = $L[$L], $L = $L[$L + 1]; $L < $L; $L++)", label, k, start, g, end,
                    start, g, k, end, k);
            c.addStatement("final int $L = $L[$L]", f.agent().name(), order, k);
            statements(f.body());
            out().endControlFlow();
            out().add("$<}\n");
        }

        /**
         * Where a place expression (Self, AgentPlace, Neighbor) is stored in the block: agent views are indexed by
         * storage index, halo included (a place off a non-wrapping grid is a halo cell without agents).
         */
        private String storageIndex(Expr place) {
            return switch (place) {
                case Expr.Self s -> "s$";
                case Expr.AgentPlace a -> agentPlace();
                case Expr.Neighbor n -> neighbor(n, this::p);
                default -> throw new IllegalStateException("agents of " + place);
            };
        }

        private String attributeTarget(AttributeRef a, Expr element) {
            if (buffered(a)) {
                return a.isArray() ? next(a) + "[" + p(element) + "][" + self + "]" : a.name() + "$self";
            }
            return a.isArray() ? column(a) + "[" + p(element) + "][" + self + "]" : column(a) + "[" + self + "]";
        }

        // ---- Names ---------------------------------------------------------------------------

        @Override
        public String attribute(Expr.AttrRead read, Function<Expr, String> print) {
            AttributeRef a = read.attr();
            if (read.isSelf()) {
                return attributeTarget(a, read.element());
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
            return SUPPORT + ".agentCount(" + start + ", " + storageIndex(place) + ")";
        }

        @Override
        public String value(String name) {
            return switch (name) {
                case "time$" -> decl("time$", "long", (agent ? "ab$" : "blk$") + ".call().time()");
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
            List<Expr> o = n.offsets();
            String[] strides = {"", layoutValue("strideY$", "strideY"), layoutValue("strideZ$", "strideZ")};
            if (!agent && o.stream().allMatch(Ir::isConst)) {
                return rowNeighbor(o, strides);
            }
            if (o.stream().allMatch(Ir::isConst)) {
                StringBuilder value = new StringBuilder();
                StringBuilder name = new StringBuilder("off");
                for (int d = 0; d < o.size(); d++) {
                    int v = (Integer) ((Expr.Const) o.get(d)).value();
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
            StringBuilder sb = new StringBuilder("s$");
            for (int d = 0; d < o.size(); d++) {
                Expr e = o.get(d);
                if (e instanceof Expr.Const c && (Integer) c.value() == 0) {
                    continue;
                }
                String v = print.apply(e);
                if (n.checked() && !(e instanceof Expr.Const)) {
                    v = SUPPORT + ".checkOffset(" + v + ", " + step.declaredReach() + ", \"" + step.sourceFile() + ":"
                            + line + "\")";
                } else if (!(e instanceof Expr.LocalRef || e instanceof Expr.Const)) {
                    v = "(" + v + ")";
                }
                sb.append(" + ").append(v).append(d == 0 ? "" : " * " + strides[d]);
            }
            return sb.toString();
        }

        /**
         * A place kernel's neighbour at constant offsets: {@code s$ + dx} in the cell's own row, else
         * {@code row$... + x$ + dx} with the neighbouring row's start set once per row.
         */
        private String rowNeighbor(List<Expr> o, String[] strides) {
            int dx = (Integer) ((Expr.Const) o.get(0)).value();
            StringBuilder row = new StringBuilder("rowBase$");
            StringBuilder name = new StringBuilder("row");
            for (int d = 1; d < o.size(); d++) {
                int v = (Integer) ((Expr.Const) o.get(d)).value();
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
}
