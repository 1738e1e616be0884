package org.colony.processor.codegen.cuda;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.colony.kernel.AgentAction;
import org.colony.kernel.Combine;
import org.colony.processor.ir.AttributeRef;
import org.colony.processor.ir.Expr;
import org.colony.processor.ir.Ir;
import org.colony.processor.ir.IrType;
import org.colony.processor.ir.Stmt;

/**
 * Prints IR statements as CUDA C++, the twin of {@link CudaExpressions}: every statement after a {@code #line}
 * directive to the user's line, loops as plain {@code for}/{@code do} where they are simple, {@code break} and
 * {@code continue} out of nested loops and early exits as {@code goto}, loops over the agents on a place, and the
 * place writes and life-cycle intents of agent steps. Storage is named by the kernel's {@link CudaStorage}.
 */
final class CudaStatements {

    private final CudaSource source;
    private final CudaStorage storage;
    private final CudaExpressions printer;
    private final String sourceFile;
    private final Deque<Integer> loops = new ArrayDeque<>();
    /** Appended to every label: a marching kernel emits the step once per lane, in one function. */
    private String labels = "";
    /** Loops whose {@code break} is a goto even from their own body: neighbours loops, whose body sits in a chunk. */
    private final Set<Integer> breakByGoto = new HashSet<>();
    /** Whether the statements are a hub's, run by every lane of a warp alike (see {@link #hub(boolean)}). */
    private boolean hub;

    CudaStatements(CudaSource source, CudaStorage storage, CudaExpressions printer, String sourceFile) {
        this.source = source;
        this.storage = storage;
        this.printer = printer;
        this.sourceFile = sourceFile;
    }

    /** Prints neighbours loops for one warp per vertex ({@code true}, the hub path), or one thread per vertex. */
    void hub(boolean warp) {
        this.hub = warp;
    }

    /** Sets the suffix of the labels printed from now on ({@code _<lane>} in a marching kernel). */
    void labels(String suffix) {
        this.labels = suffix;
    }

    private String p(Expr e) {
        return printer.print(e);
    }

    private void emit(String line) {
        source.emit(line);
    }

    /** Prints statements, each after a {@code #line} directive where its line differs from the one before. */
    void statements(List<Stmt> list) {
        for (Stmt s : list) {
            int outer = storage.line();
            if (s.line() > 0 && s.line() != outer) {
                storage.line(s.line());
                source.lineDirective(s.line(), sourceFile);
            }
            statement(s);
            storage.line(outer);
        }
    }

    private void block(List<Stmt> body) {
        emit("{");
        source.indent();
        statements(body);
        source.outdent();
        emit("}");
    }

    private void statement(Stmt s) {
        switch (s) {
            case Stmt.Declare d -> emit(CudaExpressions.type(d.local().type()) + " "
                    + CudaExpressions.local(d.local().name()) + " = "
                    + (d.init() == null ? CudaExpressions.zero(d.local().type()) : p(d.init())) + ";");
            case Stmt.AssignLocal a -> emit(CudaExpressions.local(a.local().name()) + " = " + p(a.value()) + ";");
            case Stmt.AssignAttr a -> emit(storage.target(a.attr(), a.element(), this::p) + " = " + p(a.value()) + ";");
            case Stmt.RandomDraw r -> emit(CudaExpressions.type(r.target().type()) + " "
                    + CudaExpressions.local(r.target().name()) + " = " + switch (r.kind()) {
                        case UNIFORM -> "rng.uniform()";
                        case UNIFORM_INT -> "rng.uniformInt(" + p(r.bound()) + ", f, " + storage.line() + ")";
                        case NORMAL -> "rng.normal()";
                    } + ";");
            case Stmt.If i -> {
                emit("if (" + p(i.cond()) + ")");
                block(i.then());
                if (!i.otherwise().isEmpty()) {
                    emit("else");
                    block(i.otherwise());
                }
            }
            case Stmt.Loop l -> loop(l);
            case Stmt.Break b -> emit(loops.peek() != null && loops.peek() == b.loopId() && !breakByGoto.contains(b.loopId())
                    ? "break;"
                    : "goto loop" + b.loopId() + labels + "_break;");
            case Stmt.Continue c -> emit(loops.peek() != null && loops.peek() == c.loopId() ? "continue;"
                    : "goto loop" + c.loopId() + labels + "_continue;");
            case Stmt.Labeled l -> {
                block(l.body());
                if (exits(l.body(), l.id())) {
                    emit("label" + l.id() + labels + ": ;");
                }
            }
            case Stmt.Exit e -> emit("goto label" + e.labelId() + labels + ";");
            case Stmt.Block b -> block(b.body());
            case Stmt.ForAgents f -> forAgents(f);
            case Stmt.ForNeighbors f -> forNeighbors(f);
            case Stmt.PlaceWrite w -> placeWrite(w);
            case Stmt.Intent act -> intent(act);
            case Stmt.AgentWrite w -> {
                String op = switch (w.op()) {
                    case SUM -> "atomicSum";
                    case MIN -> "atomicMinimum";
                    default -> "atomicMaximum";
                };
                emit((hub ? "if (lane == 0) " : "") + "colony::" + op + "(&" + w.attr().name() + "_in"
                        + w.attr().owner().slot() + "[" + CudaExpressions.local(w.agent().name()) + "], " + p(w.value())
                        + ");");
            }
            case Stmt.Create c -> {
                String at = "creates" + c.agents().slot() + "[" + storage.self() + "]";
                emit("{ const jint n = " + p(c.count()) + "; const jlong asked = (jlong) " + at + " + n; if (asked > "
                        + "2147483647LL) colony::fail(f, colony::SPAWN, " + storage.line() + ", n, (juint) asked); else "
                        + at + " = (jint) asked; }");
            }
            case Stmt.AgentKill k -> emit("killed" + k.agents().slot() + "[" + CudaExpressions.local(k.agent().name())
                    + "] = true;");
        }
    }

    private static boolean exits(List<Stmt> body, int label) {
        boolean[] found = new boolean[1];
        Ir.forEachStmt(body, s -> found[0] |= s instanceof Stmt.Exit e && e.labelId() == label);
        return found[0];
    }

    /** Whether a break ({@code cont} false) or continue of {@code loop} sits inside an inner loop, so needs a label. */
    private static boolean gotoTargets(List<Stmt> body, int loop, boolean cont) {
        boolean[] found = new boolean[1];
        for (Stmt s : body) {
            Ir.forEachStmt(List.of(s), st -> {
                if (st instanceof Stmt.Loop || st instanceof Stmt.ForAgents || st instanceof Stmt.ForNeighbors) {
                    Ir.forEachStmt(Ir.nested(st).stream().flatMap(List::stream).toList(), inner -> {
                        if (cont ? inner instanceof Stmt.Continue c && c.loopId() == loop
                                : inner instanceof Stmt.Break b && b.loopId() == loop) {
                            found[0] = true;
                        }
                    });
                }
            });
        }
        return found[0];
    }

    /**
     * Loops as {@code for (bool first = true; ; first = false) { if (!first) update; prelude; if (!cond)
     * break; { body } continue-label: ; }} in general, and as a plain while/for/do where they are simple.
     */
    private void loop(Stmt.Loop l) {
        boolean simple = l.condPrelude().isEmpty() && l.update().stream().allMatch(u -> u instanceof Stmt.AssignLocal);
        boolean needContinue = gotoTargets(l.body(), l.id(), true);
        boolean needBreak = gotoTargets(l.body(), l.id(), false);
        loops.push(l.id());
        if (simple && l.testFirst()) {
            List<String> updates = new ArrayList<>();
            for (Stmt u : l.update()) {
                Stmt.AssignLocal a = (Stmt.AssignLocal) u;
                updates.add(CudaExpressions.local(a.local().name()) + " = " + p(a.value()));
            }
            emit("for (; " + (l.cond() == null ? "" : p(l.cond())) + "; " + String.join(", ", updates) + ")");
            emit("{");
            source.indent();
            block(l.body());
            if (needContinue) {
                emit("loop" + l.id() + labels + "_continue: ;");
            }
            source.outdent();
            emit("}");
        } else if (simple) {
            emit("do");
            emit("{");
            source.indent();
            block(l.body());
            if (needContinue) {
                emit("loop" + l.id() + labels + "_continue: ;");
            }
            source.outdent();
            emit("} while (" + p(l.cond()) + ");");
        } else {
            String first = "first" + l.id();
            emit("for (bool " + first + " = true; ; " + first + " = false)");
            emit("{");
            source.indent();
            if (l.testFirst()) {
                if (!l.update().isEmpty()) {
                    emit("if (!" + first + ")");
                    block(l.update());
                }
                statements(l.condPrelude());
                if (l.cond() != null) {
                    emit("if (!(" + p(l.cond()) + ")) break;");
                }
            } else {
                emit("if (!" + first + ")");
                emit("{");
                source.indent();
                statements(l.condPrelude());
                if (l.cond() != null) {
                    emit("if (!(" + p(l.cond()) + ")) goto loop" + l.id() + labels + "_break;");
                    needBreak = true;
                }
                source.outdent();
                emit("}");
            }
            block(l.body());
            if (needContinue) {
                emit("loop" + l.id() + labels + "_continue: ;");
            }
            source.outdent();
            emit("}");
        }
        loops.pop();
        if (needBreak) {
            emit("loop" + l.id() + labels + "_break: ;");
        }
    }

    /** {@code for} over the agents of a slot on a place (none off a non-wrapping grid), in id order. */
    private void forAgents(Stmt.ForAgents f) {
        int slot = f.agents().slot();
        String place = "g" + f.id();
        emit("{");
        source.indent();
        emit("const jlong " + place + " = " + storage.globalIndex(f.place(), this::p) + ";");
        boolean needContinue = gotoTargets(f.body(), f.id(), true);
        boolean needBreak = gotoTargets(f.body(), f.id(), false);
        loops.push(f.id());
        emit("for (jint k" + f.id() + " = " + place + " < 0 ? 0 : start" + slot + "[" + place + "], e" + f.id() + " = "
                + place + " < 0 ? 0 : start" + slot + "[" + place + " + 1]; k" + f.id() + " < e" + f.id() + "; k"
                + f.id() + "++)");
        emit("{");
        source.indent();
        emit("const jint " + CudaExpressions.local(f.agent().name()) + " = order" + slot + "[k" + f.id() + "];");
        block(f.body());
        if (needContinue) {
            emit("loop" + f.id() + labels + "_continue: ;");
        }
        source.outdent();
        emit("}");
        loops.pop();
        if (needBreak) {
            emit("loop" + f.id() + labels + "_break: ;");
        }
        source.outdent();
        emit("}");
    }

    /**
     * {@code for} over the edges of the vertex's row, in the graph's order, a chunk of edges at a time: the chunk's
     * targets, then the attributes the body reads through them, are loaded first (independent loads, in flight
     * together), then the body runs on each edge of the chunk in turn, reading those values. On one thread the chunk
     * is {@code COLONY_NEIGHBOR_CHUNK} edges in arrays; in a hub (every lane of a warp running the same vertex alike)
     * it is 32 edges, lane {@code j} loading edge {@code j}, their values shuffled to every lane. A {@code break}
     * leaves the whole loop (a goto), a {@code continue} goes to the next edge.
     */
    private void forNeighbors(Stmt.ForNeighbors f) {
        String offsets = f.incoming() ? "g_inOffsets" : "g_offsets";
        String targets = f.incoming() ? "g_inTargets" : "g_targets";
        int id = f.id();
        String end = "e" + id;
        String chunk = "c" + id;
        String k = "k" + id;
        String loaded = "t" + id;
        String edge = CudaExpressions.local(f.edge().name());
        String vertex = CudaExpressions.local(f.vertex().name());
        List<AttributeRef> read = CudaStorage.readThrough(f);
        emit("{");
        source.indent();
        String row = storage.neighborRow();
        emit("const jint " + end + " = " + offsets + "[" + row + " + 1];");
        emit("for (jint " + chunk + " = " + offsets + "[" + row + "]; " + chunk + " < " + end + "; " + chunk
                + (hub ? " += 32)" : " += COLONY_NEIGHBOR_CHUNK)"));
        emit("{");
        source.indent();
        String prefix;
        String index;
        if (hub) {
            emit("const jlong " + loaded + " = " + chunk + " + lane < " + end + " ? (jlong) " + targets + "[" + chunk
                    + " + lane] : 0;");
            for (AttributeRef a : read) {
                String type = CudaExpressions.type(a.type());
                emit("const " + type + " " + loaded + "_" + a.name() + " = " + chunk + " + lane < " + end + " ? "
                        + CudaStorage.vertexColumn(a) + "[" + loaded + "] : (" + type + ") 0;");
            }
            emit("const jint m" + id + " = " + end + " - " + chunk + " < 32 ? " + end + " - " + chunk + " : 32;");
            emit("for (jint " + k + " = 0; " + k + " < m" + id + "; " + k + "++)");
            emit("{");
            source.indent();
            emit("const jint " + edge + " = " + chunk + " + " + k + ";");
            emit("const jlong " + vertex + " = colony::shuffle(" + loaded + ", " + k + ");");
            for (AttributeRef a : read) {
                emit("const " + CudaExpressions.type(a.type()) + " s" + id + "_" + a.name() + " = colony::shuffle("
                        + loaded + "_" + a.name() + ", " + k + ");");
            }
            prefix = "s" + id + "_";
            index = "";
        } else {
            emit("jlong " + loaded + "[COLONY_NEIGHBOR_CHUNK];");
            emit("#pragma unroll");
            emit("for (jint " + k + " = 0; " + k + " < COLONY_NEIGHBOR_CHUNK; " + k + "++) " + loaded + "[" + k
                    + "] = " + chunk + " + " + k + " < " + end + " ? (jlong) " + targets + "[" + chunk + " + " + k
                    + "] : 0;");
            for (AttributeRef a : read) {
                String values = loaded + "_" + a.name();
                emit(CudaExpressions.type(a.type()) + " " + values + "[COLONY_NEIGHBOR_CHUNK];");
                emit("#pragma unroll");
                emit("for (jint " + k + " = 0; " + k + " < COLONY_NEIGHBOR_CHUNK; " + k + "++) " + values + "[" + k
                        + "] = " + chunk + " + " + k + " < " + end + " ? " + CudaStorage.vertexColumn(a) + "["
                        + loaded + "[" + k + "]] : (" + CudaExpressions.type(a.type()) + ") 0;");
            }
            emit("#pragma unroll");
            emit("for (jint " + k + " = 0; " + k + " < COLONY_NEIGHBOR_CHUNK; " + k + "++)");
            emit("if (" + chunk + " + " + k + " < " + end + ")");
            emit("{");
            source.indent();
            emit("const jint " + edge + " = " + chunk + " + " + k + ";");
            emit("const jlong " + vertex + " = " + loaded + "[" + k + "];");
            prefix = loaded + "_";
            index = "[" + k + "]";
        }
        storage.prefetched(f.vertex().id(), prefix, index, read);
        loops.push(id);
        breakByGoto.add(id);
        block(f.body());
        loops.pop();
        storage.prefetched(f.vertex().id(), null, null, List.of());
        if (gotoTargets(f.body(), id, true)) {
            emit("loop" + id + labels + "_continue: ;");
        }
        source.outdent();
        emit("}");
        source.outdent();
        emit("}");
        boolean[] breaks = new boolean[1];
        Ir.forEachStmt(f.body(), s -> breaks[0] |= s instanceof Stmt.Break b && b.loopId() == id);
        if (breaks[0]) {
            emit("loop" + id + labels + "_break: ;");
        }
        source.outdent();
        emit("}");
    }

    /** An agent's write to its place: into its own slot of the contribution column, combined later. */
    private void placeWrite(Stmt.PlaceWrite w) {
        AttributeRef a = w.attr();
        String at = a.isArray() ? "[" + p(w.element()) + " * f.pitch + a]" : "[a]";
        String contrib = a.name() + "_contrib" + at;
        String wrote = a.name() + "_wrote" + at;
        String value = p(w.value());
        switch (w.op()) {
            case SET -> {
                emit(contrib + " = " + value + ";");
                emit(wrote + " = true;");
            }
            case SUM -> emit(contrib + " = " + (a.type().isIntegral()
                    ? "(" + CudaExpressions.type(a.type()) + ") colony::add((" + (a.type() == IrType.LONG ? "jlong" : "jint")
                            + ") " + contrib + ", (" + (a.type() == IrType.LONG ? "jlong" : "jint") + ") " + value + ")"
                    : "(" + contrib + " + " + value + ")") + ";");
            case MIN, MAX -> {
                String fn = w.op() == Combine.MIN ? "min" : "max";
                String cast = a.type() == IrType.BYTE || a.type() == IrType.SHORT
                        ? "(" + CudaExpressions.type(a.type()) + ") " : "";
                String widen = a.type() == IrType.BYTE || a.type() == IrType.SHORT ? "(jint) " : "";
                emit("if (" + wrote + ") " + contrib + " = " + cast + "colony::" + fn + "(" + widen + contrib + ", "
                        + widen + value + ");");
                emit("else { " + contrib + " = " + value + "; " + wrote + " = true; }");
            }
        }
    }

    /** An agent's life-cycle intent: kill, spawn, migrate or move, recorded in the agent's own slot. */
    private void intent(Stmt.Intent act) {
        switch (act.kind()) {
            case KILL -> emit("killed[a] = true;");
            case SPAWN, SPAWN_NEAR -> {
                String n = p(act.args().get(0));
                String place = "-1";
                String spread = "0";
                if (act.kind() == AgentAction.SPAWN_NEAR) {
                    place = "locations[a]";
                    spread = "colony::spread(f, " + p(act.args().get(1)) + ", " + p(act.args().get(2)) + ")";
                } else if (act.args().size() > 1) {
                    List<String> offsets = new ArrayList<>();
                    for (int d = 1; d < 4; d++) {
                        offsets.add(d < act.args().size() ? p(act.args().get(d)) : "0");
                    }
                    place = "colony::birthPlace(colony::neighborIndex(f, gx, gy, gz, " + String.join(", ", offsets)
                            + "))";
                }
                // One birth place (and spread) per agent and manageAll: another after children were asked for fails.
                emit("{ const jlong bp = " + place + "; const jint sp = " + spread + "; if (spawns[a] > 0 && "
                        + "(birthPlaces[a] != bp || birthSpreads[a] != sp)) colony::fail(f, colony::SPAWN_PLACE, "
                        + storage.line() + "); else { birthPlaces[a] = bp; birthSpreads[a] = sp; } }");
                // As on the CPU: calls add up, a total past int's range fails the step, a negative total is
                // refused by manageAll.
                emit("{ const jint n = " + n + "; const jlong asked = (jlong) spawns[a] + n; if (asked > 2147483647LL) "
                        + "colony::fail(f, colony::SPAWN, " + storage.line() + ", n, (juint) asked); else spawns[a] = "
                        + "(jint) asked; }");
            }
            case MIGRATE, MOVE_TO -> {
                List<String> coords = new ArrayList<>();
                for (int d = 0; d < 3; d++) {
                    coords.add(d < act.args().size() ? p(act.args().get(d)) : "0");
                }
                if (act.kind() == AgentAction.MOVE_TO && storage.onGraph()) {
                    // a vertex id: the place index agents on it hold, where the graph is cut into partitions
                    coords.set(0, "colony::vertexPlace(g_placeOf, f.size0, " + coords.get(0) + ")");
                }
                String target = act.kind() == AgentAction.MIGRATE
                        ? "colony::neighborIndex(f, gx, gy, gz, " + String.join(", ", coords) + ")"
                        : "colony::neighborIndex(f, 0, 0, 0, " + String.join(", ", coords) + ")";
                emit("{ const jlong t = " + target + "; targets[a] = t < 0 ? -2 : t; }");
            }
        }
    }
}
