package org.colony.processor.codegen.java;

import com.palantir.javapoet.ArrayTypeName;
import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.TypeName;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.colony.kernel.AgentAction;
import org.colony.kernel.Combine;
import org.colony.processor.codegen.LineMarks;
import org.colony.processor.codegen.RuntimeNames;
import org.colony.processor.ir.AttributeRef;
import org.colony.processor.ir.BinaryOp;
import org.colony.processor.ir.Expr;
import org.colony.processor.ir.Ir;
import org.colony.processor.ir.IrType;
import org.colony.processor.ir.StepIr;
import org.colony.processor.ir.Stmt;

/**
 * Prints IR statements as Java source, the twin of {@link JavaExpressions}: locals, assignments, random draws,
 * branches, loops (as plain {@code for}/{@code while}/{@code do} where they are simple), labelled blocks, loops
 * over the agents on a place, and the place writes and life-cycle intents of agent steps. Storage is named by
 * the kernel's {@link JavaStorage}, which also keeps the source line being printed.
 */
final class JavaStatements {

    private final JavaStorage storage;
    private final JavaExpressions printer;
    /** The loops that a {@code break} or {@code continue} names, which get a label. */
    private final Set<Integer> usedLoops = new HashSet<>();
    private CodeBlock.Builder current;

    JavaStatements(StepIr step, JavaStorage storage, JavaExpressions printer) {
        this.storage = storage;
        this.printer = printer;
        Ir.forEachStmt(step.body(), s -> {
            switch (s) {
                case Stmt.Break b -> usedLoops.add(b.loopId());
                case Stmt.Continue c -> usedLoops.add(c.loopId());
                default -> {
                }
            }
        });
    }

    /** Prints statements into {@code out}. */
    void print(List<Stmt> list, CodeBlock.Builder out) {
        CodeBlock.Builder outer = current;
        current = out;
        try {
            statements(list);
        } finally {
            current = outer;
        }
    }

    private CodeBlock.Builder out() {
        return current;
    }

    /** Says that the generated lines from here on come from model line {@code line} (see {@link LineMarks}). */
    private void mark(int line) {
        current.add(LineMarks.at(line));
    }

    /** A branch's condition: printed as written (its int comparisons are not turned into arithmetic). */
    CodeBlock cond(Expr e) {
        return printer.printCondition(e);
    }

    private CodeBlock p(Expr e) {
        return printer.print(e);
    }

    private void statements(List<Stmt> list) {
        for (Stmt s : list) {
            // for (int i = 0; cond; i++) when a block holds just a declaration and a simple loop.
            if (s instanceof Stmt.Block b && b.body().size() == 2 && b.body().get(0) instanceof Stmt.Declare d
                    && d.init() != null && b.body().get(1) instanceof Stmt.Loop l && l.testFirst() && simpleLoop(l)) {
                int outer = storage.line();
                storage.line(b.line() > 0 ? b.line() : outer);
                mark(storage.line());
                try {
                    loop(l, CodeBlock.of("$L $L = $L", JavaExpressions.javaType(d.local().type()), d.local().name(),
                            p(d.init())));
                } finally {
                    storage.line(outer);
                }
                continue;
            }
            statement(s);
        }
    }

    private void statement(Stmt s) {
        int outer = storage.line();
        if (s.line() > 0) {
            storage.line(s.line());
        }
        mark(storage.line());
        try {
            print(s);
        } finally {
            storage.line(outer);
        }
    }

    private void print(Stmt s) {
        CodeBlock.Builder code = out();
        switch (s) {
            case Stmt.Declare d -> code.addStatement("$L $L = $L", JavaExpressions.javaType(d.local().type()),
                    d.local().name(), d.init() == null ? CodeBlock.of("$L", JavaExpressions.zero(d.local().type()))
                            : p(d.init()));
            case Stmt.AssignLocal a -> code.addStatement("$L", assignment(a));
            case Stmt.AssignAttr a -> code.addStatement("$L = $L", storage.attributeTarget(a.attr(), a.element(), this::p),
                    p(a.value()));
            case Stmt.RandomDraw r -> code.addStatement("$L $L = $L", JavaExpressions.javaType(r.target().type()),
                    r.target().name(), switch (r.kind()) {
                        case UNIFORM -> CodeBlock.of("rng$$.uniform()");
                        case NORMAL -> CodeBlock.of("rng$$.normal()");
                        case UNIFORM_INT -> CodeBlock.of("rng$$.uniformInt($L)", p(r.bound()));
                    });
            case Stmt.If i -> {
                code.beginControlFlow("if ($L)", cond(i.cond()));
                statements(i.then());
                List<Stmt> otherwise = i.otherwise();
                while (otherwise.size() == 1 && otherwise.get(0) instanceof Stmt.If nested) {
                    storage.line(nested.line() > 0 ? nested.line() : storage.line());
                    mark(storage.line());
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
                    loop(l, CodeBlock.of(""));
                } else {
                    generalLoop(l);
                }
            }
            case Stmt.Break b -> code.addStatement("break loop$$$L", b.loopId());
            case Stmt.Continue k -> code.addStatement("continue loop$$$L", k.loopId());
            case Stmt.Labeled l -> labeled(code, l);
            case Stmt.Exit e -> code.addStatement("break label$$$L", e.labelId());
            case Stmt.Block b -> {
                code.add("{\n$>");
                statements(b.body());
                out().add("$<}\n");
            }
            case Stmt.ForAgents f -> forAgents(code, f);
            case Stmt.ForNeighbors f -> forNeighbors(code, f);
            case Stmt.PlaceWrite w -> placeWrite(code, w);
            case Stmt.Intent a -> intent(code, a);
            case Stmt.AgentWrite w -> agentWrite(code, w);
            case Stmt.Create c -> {
                String creates = storage.creates(c.agents().slot());
                code.addStatement("$L[$L] = $T.spawn($L[$L], $L)", creates, storage.selfIndex(),
                        RuntimeNames.KERNEL_SUPPORT, creates, storage.selfIndex(), p(c.count()));
            }
            case Stmt.AgentKill k -> code.addStatement("$L[$L] = true", storage.killed(k.agents().slot()),
                    k.agent().name());
        }
    }

    /** A labelled block: a plain block where nothing leaves it early (a return at its end needs no label). */
    private void labeled(CodeBlock.Builder code, Stmt.Labeled l) {
        List<Stmt> body = l.body();
        if (!body.isEmpty() && body.get(body.size() - 1) instanceof Stmt.Exit e && e.labelId() == l.id()
                && countExits(body, l.id()) == 1) {
            body = body.subList(0, body.size() - 1);
        }
        if (countExits(body, l.id()) == 0) {
            if (!body.isEmpty()) {
                code.add("{\n$>");
                statements(body);
                out().add("$<}\n");
            }
        } else {
            code.beginControlFlow("label$$$L:", l.id());
            statements(body);
            out().endControlFlow();
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

    private CodeBlock assignment(Stmt.AssignLocal a) {
        String name = a.local().name();
        if (a.value() instanceof Expr.Binary b && b.left() instanceof Expr.LocalRef l && l.local().equals(a.local())
                && b.right() instanceof Expr.Const k && (k.value().equals(1) || k.value().equals(1L))) {
            if (b.op() == BinaryOp.ADD) {
                return CodeBlock.of("$L++", name);
            }
            if (b.op() == BinaryOp.SUB) {
                return CodeBlock.of("$L--", name);
            }
        }
        return CodeBlock.of("$L = $L", name, p(a.value()));
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

    private void loop(Stmt.Loop l, CodeBlock init) {
        String label = usedLoops.contains(l.id()) ? "loop$" + l.id() + ":\n" : "";
        CodeBlock.Builder code = out();
        if (!l.testFirst()) {
            code.beginControlFlow("$Ldo", label);
            statements(l.body());
            mark(storage.line());
            out().endControlFlow("while ($L)", cond(l.cond()));
            return;
        }
        CodeBlock cond = l.cond() == null ? CodeBlock.of("") : cond(l.cond());
        if (init.isEmpty() && l.update().isEmpty()) {
            code.beginControlFlow("$Lwhile ($L)", label, cond.isEmpty() ? CodeBlock.of("true") : cond);
        } else {
            List<CodeBlock> updates = new ArrayList<>();
            for (Stmt u : l.update()) {
                updates.add(assignment((Stmt.AssignLocal) u));
            }
            code.beginControlFlow("$Lfor ($L; $L; $L)", label, init, cond, CodeBlock.join(updates, ", "));
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
                mark(storage.line());
                out().beginControlFlow("if (!($L))", cond(l.cond()));
                out().addStatement("break");
                out().endControlFlow();
            }
        } else {
            out().beginControlFlow("if (!$L)", first);
            statements(beforeTest);
            statements(l.condPrelude());
            if (l.cond() != null) {
                mark(storage.line());
                out().beginControlFlow("if (!($L))", cond(l.cond()));
                out().addStatement("break loop$$$L", l.id());
                out().endControlFlow();
            }
            out().endControlFlow();
        }
        statements(l.body());
        out().endControlFlow();
    }

    /** An agent's write to its place: into its own slot of the contribution column, combined later. */
    private void placeWrite(CodeBlock.Builder code, Stmt.PlaceWrite w) {
        AttributeRef a = w.attr();
        String contrib = storage.declArray(a.name() + "$contrib", JavaStorage.arrayType(a),
                CodeBlock.of("ab$$.contribution($L)", a.ordinal()));
        String wrote = storage.declArray(a.name() + "$wrote", JavaStorage.flagsType(a),
                CodeBlock.of("ab$$.contributed($L)", a.ordinal()));
        CodeBlock at = a.isArray() ? CodeBlock.of("[$L][a$$]", p(w.element())) : CodeBlock.of("[a$$]");
        CodeBlock value = p(w.value());
        String narrow = a.type() == IrType.BYTE || a.type() == IrType.SHORT ? "(" + a.type().javaName() + ") " : "";
        switch (w.op()) {
            case SET -> {
                code.addStatement("$L$L = $L", contrib, at, value);
                code.addStatement("$L$L = true", wrote, at);
            }
            case SUM -> code.addStatement("$L$L += $L", contrib, at, value);
            case MIN, MAX -> {
                String fn = w.op() == Combine.MIN ? "min" : "max";
                code.beginControlFlow("if ($L$L)", wrote, at);
                code.addStatement("$L$L = $LMath.$L($L$L, $L)", contrib, at, narrow, fn, contrib, at, value);
                code.nextControlFlow("else");
                code.addStatement("$L$L = $L", contrib, at, value);
                code.addStatement("$L$L = true", wrote, at);
                code.endControlFlow();
            }
        }
    }

    /** An agent's life-cycle intent: kill, spawn, migrate or move, recorded in the agent's own slot. */
    private void intent(CodeBlock.Builder code, Stmt.Intent act) {
        switch (act.kind()) {
            case KILL -> code.addStatement("$L[a$$] = true",
                    storage.agentArray("kill$", ArrayTypeName.of(TypeName.BOOLEAN), "killed"));
            case SPAWN, SPAWN_NEAR -> {
                String spawns = storage.agentArray("spawn$", ArrayTypeName.of(TypeName.INT), "spawns");
                String births = storage.agentArray("birth$", ArrayTypeName.of(TypeName.LONG), "birthPlaces");
                String spreads = storage.agentArray("spread$", ArrayTypeName.of(TypeName.INT), "birthSpreads");
                CodeBlock place = CodeBlock.of("-1L");
                CodeBlock spread = CodeBlock.of("0");
                if (act.kind() == AgentAction.SPAWN_NEAR) {
                    place = CodeBlock.of("$L[a$$]", storage.agentArray("loc$", ArrayTypeName.of(TypeName.LONG),
                            "locations"));
                    spread = CodeBlock.of("$T.spread($L, $L)", RuntimeNames.KERNEL_SUPPORT, p(act.args().get(1)),
                            p(act.args().get(2)));
                } else if (act.args().size() > 1) {
                    List<CodeBlock> offsets = new ArrayList<>();
                    for (int d = 1; d < 4; d++) {
                        offsets.add(d < act.args().size() ? p(act.args().get(d)) : CodeBlock.of("0"));
                    }
                    place = CodeBlock.of("$T.migrate($L, $L, $L, $L, $L, $L, $L, $L, $L, $L, $L)",
                            RuntimeNames.KERNEL_SUPPORT, storage.coord(0), storage.coord(1), storage.coord(2),
                            offsets.get(0), offsets.get(1), offsets.get(2), storage.size(0), storage.size(1),
                            storage.size(2), storage.value("dims$"), storage.value("wrap$"));
                }
                code.addStatement("$L[a$$] = $T.birthPlace($L[a$$], $L[a$$], $L[a$$], $L, $L)", births,
                        RuntimeNames.KERNEL_SUPPORT, births, spreads, spawns, place, spread);
                code.addStatement("$L[a$$] = $L", spreads, spread);
                code.addStatement("$L[a$$] = $T.spawn($L[a$$], $L)", spawns, RuntimeNames.KERNEL_SUPPORT, spawns,
                        p(act.args().get(0)));
            }
            case MIGRATE, MOVE_TO -> {
                List<CodeBlock> coords = new ArrayList<>();
                for (int d = 0; d < 3; d++) {
                    coords.add(d < act.args().size() ? p(act.args().get(d)) : CodeBlock.of("0"));
                }
                CodeBlock fn = act.kind() == AgentAction.MIGRATE
                        ? CodeBlock.of("$T.migrate($L, $L, $L, ", RuntimeNames.KERNEL_SUPPORT, storage.coord(0),
                                storage.coord(1), storage.coord(2))
                        : CodeBlock.of("$T.moveTo(", RuntimeNames.KERNEL_SUPPORT);
                if (storage.onGraph()) {
                    // a vertex id: the place index agents on it hold, where the graph is cut into partitions
                    coords.set(0, CodeBlock.of("$T.place($L, $L)", RuntimeNames.GRAPH_ROWS, storage.graphInts("placeOf"),
                            coords.get(0)));
                }
                code.addStatement("$L[a$$] = $L$L, $L, $L, $L, $L, $L, $L, $L)",
                        storage.agentArray("target$", ArrayTypeName.of(TypeName.LONG), "targets"), fn, coords.get(0),
                        coords.get(1), coords.get(2), storage.size(0), storage.size(1), storage.size(2),
                        storage.value("dims$"), storage.value("wrap$"));
            }
        }
    }

    /**
     * A write of another agent's attribute, combined into its incoming column: atomically where the order of the
     * writers cannot change the result, by the target's one writing thread for a floating-point sum.
     */
    private void agentWrite(CodeBlock.Builder code, Stmt.AgentWrite w) {
        String in = storage.incoming(w.attr().owner().slot(), w.attr());
        String type = switch (w.attr().type()) {
            case INT -> "Int";
            case LONG -> "Long";
            case FLOAT -> "Float";
            default -> "Double";
        };
        String op = switch (w.op()) {
            case SUM -> "add";
            case MIN -> "min";
            default -> "max";
        };
        code.addStatement("$T.$L$L($L, $L, $L)", RuntimeNames.KERNEL_SUPPORT, op, type, in, w.agent().name(),
                p(w.value()));
    }

    /** {@code for} over the agents of a slot on a place, in id order. */
    private void forAgents(CodeBlock.Builder code, Stmt.ForAgents f) {
        int slot = f.agents().slot();
        String start = storage.viewArray("start$", slot, "start");
        String order = storage.viewArray("order$", slot, "order");
        String place = "g$" + f.id();
        String k = "k$" + f.id();
        String end = "e$" + f.id();
        code.add("{\n$>");
        code.addStatement("final int $L = $L", place, storage.storageIndex(f.place(), this::p));
        String label = usedLoops.contains(f.id()) ? "loop$" + f.id() + ":\n" : "";
        code.beginControlFlow("$Lfor (int $L = $L[$L], $L = $L[$L + 1]; $L < $L; $L++)", label, k, start, place, end,
                start, place, k, end, k);
        code.addStatement("final int $L = $L[$L]", f.agent().name(), order, k);
        statements(f.body());
        out().endControlFlow();
        out().add("$<}\n");
    }

    /** {@code for} over the edges of the vertex's row (the kernel's vertex, or the agent's), in the graph's order. */
    private void forNeighbors(CodeBlock.Builder code, Stmt.ForNeighbors f) {
        String offsets = storage.graphInts(f.incoming() ? "inOffsets" : "offsets");
        String targets = storage.graphInts(f.incoming() ? "inTargets" : "targets");
        String edge = f.edge().name();
        String end = "e$" + f.id();
        code.add("{\n$>");
        String row = storage.neighborRow();
        code.addStatement("final int $L = $L[$L + 1]", end, offsets, row);
        String label = usedLoops.contains(f.id()) ? "loop$" + f.id() + ":\n" : "";
        code.beginControlFlow("$Lfor (int $L = $L[$L]; $L < $L; $L++)", label, edge, offsets, row, edge, end, edge);
        code.addStatement("final int $L = $L[$L]", f.vertex().name(), targets, edge);
        statements(f.body());
        out().endControlFlow();
        out().add("$<}\n");
    }
}
