package org.colony.processor.codegen;

import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.MethodSpec;
import com.palantir.javapoet.TypeName;
import com.palantir.javapoet.TypeSpec;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import javax.lang.model.element.Modifier;
import org.colony.processor.ir.AttributeRef;
import org.colony.processor.ir.Expr;
import org.colony.processor.ir.Ir;
import org.colony.processor.ir.IntrinsicOp;
import org.colony.processor.ir.IrType;
import org.colony.processor.ir.Local;
import org.colony.processor.ir.ModelIr;
import org.colony.processor.ir.SharedRef;
import org.colony.processor.ir.StepIr;
import org.colony.processor.ir.Stmt;

/**
 * Writes the CPU kernels of a model ({@code HeatCell_Kernels}): one static method per step that runs
 * the translated body over a range of rows of a block, reading and writing the block's columns
 * directly (structure of arrays). Instance-own values of double-buffered attributes live in a local
 * for the whole step and are stored to the second column at the end.
 */
public final class JavaKernelGenerator {

    static final ClassName CPU_BLOCK = ClassName.get("org.colony.runtime.spi", "CpuBlock");
    static final ClassName LAYOUT = ClassName.get("org.colony.runtime.spi", "Layout");
    static final ClassName RANDOM_STREAM = ClassName.get("org.colony.runtime.random", "RandomStream");

    /** The name of the kernels class of a model. */
    public static String className(ModelIr model) {
        return model.simpleName() + "_Kernels";
    }

    /** Builds the kernels class. */
    public TypeSpec generate(ModelIr model) {
        TypeSpec.Builder type = TypeSpec.classBuilder(className(model))
                .addModifiers(Modifier.FINAL)
                .addJavadoc("CPU kernels of {@code $L}: one method per step, over a range of rows of a block.\n",
                        model.qualifiedName())
                .addMethod(MethodSpec.constructorBuilder().addModifiers(Modifier.PRIVATE).build());
        for (StepIr step : model.steps()) {
            type.addMethod(new StepKernel(model, step).method());
        }
        return type.build();
    }

    /** The kernel of one step. */
    private static final class StepKernel implements JavaExpressions.Names {
        private final ModelIr model;
        private final StepIr step;
        private final JavaExpressions printer;
        private final Map<String, String> offsetLocals = new LinkedHashMap<>();
        private final Set<Integer> usedLoops = new HashSet<>();
        private final Set<String> used = new HashSet<>();
        /** The source line of the statement being printed, for run-time errors that point at the user's line. */
        private int line;

        StepKernel(ModelIr model, StepIr step) {
            this.model = model;
            this.step = step;
            this.printer = new JavaExpressions(this);
            this.line = step.line();
        }

        /**
         * The local holding an attribute's current column. The suffix keeps it apart from the kernel's own
         * names ({@code s$}, {@code row$}, {@code time$}, ...), which an attribute named {@code s} would hit.
         */
        private static String column(AttributeRef a) {
            return a.name() + "$col";
        }

        /** The local holding a shared value or array, named apart from the kernel's own names. */
        private static String sharedValue(SharedRef s) {
            return s.name() + "$shared";
        }

        private boolean buffered(AttributeRef a) {
            return step.writes().contains(a.ordinal()) && step.remoteReads().contains(a.ordinal());
        }

        MethodSpec method() {
            MethodSpec.Builder m = MethodSpec.methodBuilder(step.name())
                    .addModifiers(Modifier.STATIC)
                    .addJavadoc("Step {@code $L} ($L:$L).\n", step.name(), step.sourceFile(), step.line())
                    .returns(step.predicate() ? TypeName.LONG : TypeName.VOID)
                    .addParameter(CPU_BLOCK, "blk$")
                    .addParameter(TypeName.INT, "row0$")
                    .addParameter(TypeName.INT, "row1$")
                    .addParameter(TypeName.INT, "x0$")
                    .addParameter(TypeName.INT, "x1$");
            for (Local p : step.params()) {
                m.addParameter(JavaPoetTypes.of(p.type()), p.name());
            }
            // Print the body first: that records which layout values and offsets it needs.
            CodeBlock body = body();
            CodeBlock.Builder head = CodeBlock.builder();
            head.addStatement("final $T layout$$ = blk$$.layout()", LAYOUT);
            for (AttributeRef a : model.attributes()) {
                boolean reads = step.selfReads().contains(a.ordinal()) || step.remoteReads().contains(a.ordinal());
                boolean writes = step.writes().contains(a.ordinal());
                if (!reads && !writes) {
                    continue;
                }
                String t = a.type().javaName() + (a.isArray() ? "[][]" : "[]");
                head.addStatement("final $L $L = ($L) blk$$.column($L)", t, column(a), t, a.ordinal());
                if (buffered(a)) {
                    head.addStatement("final $L $L$$next = ($L) blk$$.next($L)", t, a.name(), t, a.ordinal());
                }
            }
            for (SharedRef s : model.shared()) {
                if (used.contains("shared:" + s.name())) {
                    String t = s.type().javaName();
                    if (s.isArray()) {
                        head.addStatement("final $L[] $L = ($L[]) blk$$.shared($L)", t, sharedValue(s), t, s.ordinal());
                    } else {
                        head.addStatement("final $L $L = (($L[]) blk$$.shared($L))[0]", t, sharedValue(s), t, s.ordinal());
                    }
                }
            }
            head.addStatement("final int dims$$ = layout$$.dims()");
            head.addStatement("final int strideY$$ = layout$$.strideY()");
            head.addStatement("final int strideZ$$ = layout$$.strideZ()");
            head.addStatement("final int extent1$$ = layout$$.extent1()");
            head.addStatement("final int base$$ = layout$$.base()");
            for (int d = 0; d < 3; d++) {
                if (used.contains("coord" + d)) {
                    head.addStatement("final int origin$L$$ = layout$$.origin$L()", d, d);
                }
                if (used.contains("size" + d)) {
                    head.addStatement("final int size$L$$ = layout$$.size$L()", d, d);
                }
            }
            if (used.contains("wrap")) {
                head.addStatement("final boolean wrap$$ = layout$$.wrap()");
            }
            if (used.contains("time")) {
                head.addStatement("final long time$$ = blk$$.time()");
            }
            if (step.usesRandom()) {
                head.addStatement("final $T rng$$ = new $T(blk$$.seed(), blk$$.epoch())", RANDOM_STREAM, RANDOM_STREAM);
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
            return m.build();
        }

        private CodeBlock body() {
            Ir.forEachStmt(step.body(), s -> {
                switch (s) {
                    case Stmt.Break b -> usedLoops.add(b.loopId());
                    case Stmt.Continue c -> usedLoops.add(c.loopId());
                    default -> {
                    }
                }
            });
            Ir.forEachExpr(step.body(), e -> {
                if (e instanceof Expr.Intrinsic i && i.op() == IntrinsicOp.HAS_NEIGHBOR) {
                    used.add("wrap");
                } else if (e instanceof Expr.Intrinsic i && i.op() == IntrinsicOp.TIME) {
                    used.add("time");
                }
            });
            // The work of one cell, printed first so that the coordinates it needs are known.
            current = CodeBlock.builder();
            List<String> writeBack = new ArrayList<>();
            for (AttributeRef a : model.attributes()) {
                if (!buffered(a)) {
                    continue;
                }
                if (a.isArray()) {
                    current.beginControlFlow("for (int k$$ = 0; k$$ < $L; k$$++)", a.length());
                    current.addStatement("$L$$next[k$$][s$$] = $L[k$$][s$$]", a.name(), column(a));
                    current.endControlFlow();
                } else {
                    current.addStatement("$L $L$$self = $L[s$$]", a.type().javaName(), a.name(), column(a));
                    writeBack.add(a.name() + "$next[s$] = " + a.name() + "$self");
                }
            }
            if (step.usesRandom()) {
                current.addStatement("rng$$.reset($L)",
                        printer.print(new Expr.Intrinsic(IntrinsicOp.INDEX, List.of(), IrType.LONG)));
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

            CodeBlock.Builder rows = CodeBlock.builder();
            rows.beginControlFlow("for (int row$$ = row0$$; row$$ < row1$$; row$$++)");
            rows.addStatement("final int ly$$ = row$$ % extent1$$");
            rows.addStatement("final int lz$$ = row$$ / extent1$$");
            if (used.contains("coord1")) {
                rows.addStatement("final int gy$$ = origin1$$ + ly$$");
            }
            if (used.contains("coord2")) {
                rows.addStatement("final int gz$$ = origin2$$ + lz$$");
            }
            rows.addStatement("final int rowBase$$ = base$$ + ly$$ * strideY$$ + lz$$ * strideZ$$");
            rows.beginControlFlow("for (int s$$ = rowBase$$ + x0$$, end$$ = rowBase$$ + x1$$; s$$ < end$$; s$$++)");
            if (used.contains("coord0")) {
                rows.addStatement("final int gx$$ = origin0$$ + (s$$ - rowBase$$)");
            }
            rows.add(cell);
            rows.endControlFlow();
            rows.endControlFlow();
            return rows.build();
        }

        private CodeBlock.Builder current;

        private CodeBlock.Builder out() {
            return current;
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
                    c.beginControlFlow("if ($L)", p(i.cond()));
                    statements(i.then());
                    List<Stmt> otherwise = i.otherwise();
                    while (otherwise.size() == 1 && otherwise.get(0) instanceof Stmt.If nested) {
                        line = nested.line() > 0 ? nested.line() : line;
                        out().nextControlFlow("else if ($L)", p(nested.cond()));
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
                out().endControlFlow("while ($L)", p(l.cond()));
                return;
            }
            String cond = l.cond() == null ? "" : p(l.cond());
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
                    out().beginControlFlow("if (!($L))", p(l.cond()));
                    out().addStatement("break");
                    out().endControlFlow();
                }
            } else {
                out().beginControlFlow("if (!$L)", first);
                statements(beforeTest);
                statements(l.condPrelude());
                if (l.cond() != null) {
                    out().beginControlFlow("if (!($L))", p(l.cond()));
                    out().addStatement("break loop$$$L", l.id());
                    out().endControlFlow();
                }
                out().endControlFlow();
            }
            statements(l.body());
            out().endControlFlow();
        }

        private String attributeTarget(AttributeRef a, Expr element) {
            if (buffered(a)) {
                return a.isArray() ? a.name() + "$next[" + p(element) + "][s$]" : a.name() + "$self";
            }
            return a.isArray() ? column(a) + "[" + p(element) + "][s$]" : column(a) + "[s$]";
        }

        // ---- Names ---------------------------------------------------------------------------

        @Override
        public String attribute(Expr.AttrRead read, Function<Expr, String> print) {
            AttributeRef a = read.attr();
            if (read.isSelf()) {
                return attributeTarget(a, read.element());
            }
            String place = print.apply(read.place());
            return a.isArray() ? column(a) + "[" + print.apply(read.element()) + "][" + place + "]"
                    : column(a) + "[" + place + "]";
        }

        @Override
        public String neighbor(Expr.Neighbor n, Function<Expr, String> print) {
            List<Expr> o = n.offsets();
            String[] strides = {"", "strideY$", "strideZ$"};
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
                String v = print.apply(o.get(d));
                if (n.checked()) {
                    v = "org.colony.runtime.spi.KernelSupport.checkOffset(" + v + ", " + step.reach() + ", \"" + step.sourceFile() + ":"
                            + line + "\")";
                } else if (!(o.get(d) instanceof Expr.LocalRef || o.get(d) instanceof Expr.Const)) {
                    v = "(" + v + ")";
                }
                sb.append(" + ").append(v).append(d == 0 ? "" : " * " + strides[d]);
            }
            return sb.toString();
        }

        @Override
        public String shared(Expr.SharedRead read, Function<Expr, String> print) {
            used.add("shared:" + read.shared().name());
            SharedRef s = read.shared();
            return s.isArray() ? sharedValue(s) + "[" + print.apply(read.element()) + "]" : sharedValue(s);
        }

        @Override
        public String coord(int d) {
            used.add("coord" + d);
            return new String[] {"gx$", "gy$", "gz$"}[d];
        }

        @Override
        public String size(int d) {
            used.add("size" + d);
            return "size" + d + "$";
        }

        @Override
        public int dims() {
            return model.dimensions();
        }

    }
}
