package org.colony.processor.translate;

import com.sun.source.tree.ExpressionTree;
import com.sun.source.tree.IdentifierTree;
import com.sun.source.tree.MemberSelectTree;
import com.sun.source.tree.MethodInvocationTree;
import com.sun.source.tree.Tree;
import java.util.ArrayList;
import java.util.List;
import javax.lang.model.element.TypeElement;
import javax.lang.model.type.DeclaredType;
import org.colony.processor.Messages;
import org.colony.processor.ir.Expr;
import org.colony.processor.ir.IntrinsicOp;
import org.colony.processor.ir.Ir;
import org.colony.processor.ir.IrType;
import org.colony.processor.ir.Local;
import org.colony.processor.ir.Stmt;
import org.colony.processor.model.IntrinsicMethod;
import org.colony.processor.model.ModelReader;

/**
 * Translates calls of the intrinsics of {@link IntrinsicMethod}: pure values become {@link Expr.Intrinsic}s,
 * neighbour views {@link Expr.Neighbor}s with their offsets bounded for the halo, random draws and agent
 * life-cycle intents statements. The agents on a place are left to the for-each loop that iterates them.
 */
final class Intrinsics {

    private final StepContext cx;
    private final ExpressionTranslator expressions;

    Intrinsics(StepContext cx, ExpressionTranslator expressions) {
        this.cx = cx;
        this.expressions = expressions;
    }

    /** Translates a call of {@code intrinsic}; returns its value, or null for an intent (a void call). */
    Expr call(IntrinsicMethod intrinsic, MethodInvocationTree t) {
        List<? extends ExpressionTree> args = t.getArguments();
        String call = intrinsic.spelling() + "(...)";
        int line = cx.line(t);
        if (intrinsic == IntrinsicMethod.SPAWN && args.size() == 2 && args.get(0) instanceof MemberSelectTree cls
                && cls.getIdentifier().contentEquals("class")) {
            // spawn(T.class, n): agents of another class of the same places, on this instance's place
            int slot = agentSlot(args.get(0), "spawn(...)", t);
            Expr n = Ir.convert(expressions.expr(args.get(1)), IrType.INT);
            cx.emit(new Stmt.Create(line, cx.slots.ref(slot), n));
            return null;
        }
        if (!intrinsic.owner().admits(cx.agentModel())) {
            throw cx.reject(t, cx.agentModel() ? Messages.placeOnly(call) : Messages.agentOnly(call));
        }
        if (cx.onGraph() && (intrinsic.gridOnly() || intrinsic == IntrinsicMethod.SPAWN && args.size() > 1)) {
            throw cx.reject(t, Messages.gridOnly(call));
        }
        if (!cx.onGraph() && intrinsic.graphOnly()) {
            throw cx.reject(t, Messages.graphOnly(call));
        }
        return switch (intrinsic) {
            case NEIGHBORS, IN_NEIGHBORS, PLACE_NEIGHBORS -> throw cx.reject(t, Messages.neighborsSource(call));
            case DEGREE, IN_DEGREE -> new Expr.Intrinsic(intrinsic.op(), List.of(new Expr.Self()), IrType.INT);
            case PLACE_DEGREE -> new Expr.Intrinsic(IntrinsicOp.DEGREE, List.of(new Expr.AgentPlace()), IrType.INT);
            case WEIGHT -> {
                Local edge = args.get(0) instanceof IdentifierTree id && cx.scope.lookup(id.getName().toString())
                        instanceof Local v ? cx.neighborEdges.get(v.id()) : null;
                if (edge == null) {
                    throw cx.reject(args.get(0), Messages.weightArgument(args.get(0).toString()));
                }
                Expr incoming = new Expr.Const(IrType.BOOLEAN, cx.incomingEdges.contains(edge.id()));
                yield new Expr.Intrinsic(IntrinsicOp.EDGE_WEIGHT, List.of(new Expr.LocalRef(edge), incoming),
                        IrType.DOUBLE);
            }
            case EDGE -> {
                cx.edges.loopEdge(args.get(0));
                throw cx.reject(t, Messages.edgeUse());
            }
            case HAS_NEIGHBOR, HAS_NEIGHBOR_PLACE -> new Expr.Intrinsic(intrinsic.op(), offsets(args, t), IrType.BOOLEAN);
            case NEIGHBOR, NEIGHBOR_PLACE -> neighbor(offsets(args, t), args, t);
            case PLACE -> new Expr.AgentPlace();
            case INDEX -> cx.model.graph() ? new Expr.Intrinsic(IntrinsicOp.INDEX, List.of(new Expr.Self()),
                    IrType.LONG) : new Expr.Intrinsic(intrinsic.op(), List.of(), IrType.LONG);
            case ID, TIME -> new Expr.Intrinsic(intrinsic.op(), List.of(), IrType.LONG);
            case ON_BOUNDARY -> new Expr.Intrinsic(intrinsic.op(), List.of(), IrType.BOOLEAN);
            case ORDINAL -> new Expr.Intrinsic(intrinsic.op(), List.of(), IrType.INT);
            case MOVE_TO -> {
                List<Expr> coords;
                if (cx.onGraph() && args.size() == 1 && args.get(0) instanceof IdentifierTree id
                        && cx.scope.lookup(id.getName().toString()) instanceof Local v && v.type() == IrType.PLACE) {
                    if (!cx.neighborEdges.containsKey(v.id())) {
                        throw cx.reject(args.get(0), Messages.moveToArgument(id.getName().toString()));
                    }
                    coords = List.of(Ir.convert(new Expr.Intrinsic(IntrinsicOp.INDEX, List.of(new Expr.LocalRef(v)),
                            IrType.LONG), IrType.INT));
                } else {
                    coords = offsets(args, t);
                }
                cx.emit(new Stmt.Intent(line, intrinsic.action(), coords));
                yield null;
            }
            case MIGRATE -> {
                List<Expr> coords = offsets(args, t);
                cx.emit(new Stmt.Intent(line, intrinsic.action(), coords));
                yield null;
            }
            case SPAWN -> {
                if (args.size() == 1) {
                    Expr n = Ir.convert(expressions.expr(args.get(0)), IrType.INT);
                    cx.emit(new Stmt.Intent(line, intrinsic.action(), List.of(n)));
                    yield null;
                }
                // spawn(n, dx[, dy[, dz]]): the count, then one offset per grid dimension, evaluated in order
                cx.dimensions.exactly(args.size() - 1, t);
                cx.emit(new Stmt.Intent(line, intrinsic.action(), ints(args, t)));
                yield null;
            }
            case SPAWN_NEAR -> {
                cx.emit(new Stmt.Intent(line, intrinsic.action(), ints(args, t)));
                yield null;
            }
            case KILL -> {
                cx.emit(new Stmt.Intent(line, intrinsic.action(), List.of()));
                yield null;
            }
            case SPAWN_IN_PLACE -> throw new IllegalStateException("spawn is named SPAWN"); // (see above)
            case AGENTS, AGENTS_HERE, AGENTS_AT -> throw cx.reject(t, Messages.agentIteration(call));
            case AGENT_COUNT, AGENT_COUNT_HERE, AGENT_COUNT_AT -> {
                int slot = agentSlot(args.isEmpty() ? null : args.get(0), call, t);
                Expr place = agentsPlace(intrinsic, args, t);
                yield new Expr.Intrinsic(intrinsic.op(), List.of(place, Ir.intConst(slot)), IrType.INT);
            }
            case X, Y, Z -> {
                int d = switch (intrinsic) {
                    case X -> 0;
                    case Y -> 1;
                    default -> 2;
                };
                cx.dimensions.atLeast(d + 1, t);
                yield new Expr.Intrinsic(intrinsic.op(), List.of(Ir.intConst(d)), IrType.INT);
            }
            case COORD, SIZE -> {
                Expr d = args.size() == 1 ? expressions.expr(args.get(0)) : null;
                if (!(d instanceof Expr.Const c) || !(c.value() instanceof Integer v) || v < 0 || v > 2) {
                    throw cx.reject(t, Messages.coordDimension(intrinsic.spelling() + "(d)"));
                }
                cx.dimensions.atLeast(v + 1, t);
                yield new Expr.Intrinsic(intrinsic.op(), List.of(c), IrType.INT);
            }
            case UNIFORM, NORMAL -> {
                Local v = cx.local(intrinsic.spelling(), IrType.DOUBLE);
                cx.emit(new Stmt.RandomDraw(line, v, intrinsic.draw(), null));
                yield new Expr.LocalRef(v);
            }
            case UNIFORM_INT -> {
                Expr bound = Ir.convert(expressions.expr(args.get(0)), IrType.INT);
                Local v = cx.local("draw", IrType.INT);
                cx.emit(new Stmt.RandomDraw(line, v, intrinsic.draw(), bound));
                yield new Expr.LocalRef(v);
            }
        };
    }

    /**
     * The place whose agents an agent intrinsic ({@link IntrinsicMethod.Form#AGENTS} or an agent count) is about:
     * the place itself, the agent's own place, or the neighbour at the offsets after the class literal.
     */
    Expr agentsPlace(IntrinsicMethod intrinsic, List<? extends ExpressionTree> args, Tree t) {
        return switch (intrinsic) {
            case AGENTS, AGENT_COUNT -> new Expr.Self();
            case AGENTS_AT, AGENT_COUNT_AT -> {
                List<? extends ExpressionTree> offsetTrees = args.subList(1, args.size());
                yield neighbor(offsets(offsetTrees, t), offsetTrees, t);
            }
            default -> new Expr.AgentPlace();
        };
    }

    /** Translates int arguments, evaluated in order. */
    private List<Expr> ints(List<? extends ExpressionTree> args, Tree t) {
        List<ExpressionTranslator.Part> parts = new ArrayList<>();
        for (ExpressionTree a : args) {
            parts.add(expressions.part(a));
        }
        List<Expr> values = new ArrayList<>();
        for (Expr e : expressions.sequence(parts, t)) {
            values.add(Ir.convert(e, IrType.INT));
        }
        return values;
    }

    /** Translates one int offset (or coordinate) per grid dimension, fixing the model's dimensionality. */
    List<Expr> offsets(List<? extends ExpressionTree> args, Tree t) {
        if (args.isEmpty() || args.size() > 3) {
            throw cx.reject(t, Messages.neighborArity(args.size()));
        }
        cx.dimensions.exactly(args.size(), t);
        List<ExpressionTranslator.Part> parts = new ArrayList<>();
        for (ExpressionTree a : args) {
            parts.add(expressions.part(a));
        }
        List<Expr> offsets = new ArrayList<>();
        for (Expr e : expressions.sequence(parts, t)) {
            offsets.add(Ir.convert(e, IrType.INT));
        }
        return offsets;
    }

    /** A neighbour reference, with its offsets bounded for the halo (or checked against the declared reach). */
    Expr.Neighbor neighbor(List<Expr> offsets, List<? extends ExpressionTree> args, Tree t) {
        boolean checked = false;
        for (int i = 0; i < offsets.size(); i++) {
            long bound = cx.bound(offsets.get(i));
            if (bound > Messages.MAX_REACH) {
                throw cx.reject(args.get(i), Messages.neighborOffset(bound));
            } else if (bound >= 0) {
                cx.provenReach = (int) Math.max(cx.provenReach, bound);
            } else if (cx.step.declaredReach() > 0) {
                checked = true;
            } else {
                throw cx.reject(args.get(i), Messages.neighborReach());
            }
        }
        return new Expr.Neighbor(offsets, checked);
    }

    /**
     * The slot of the agent model a class literal names ({@code Sheep.class}), checking that its agents
     * live on the places this model's steps see.
     */
    int agentSlot(ExpressionTree literal, String where, Tree t) {
        TypeElement type = null;
        if (literal instanceof MemberSelectTree ms && ms.getIdentifier().contentEquals("class")) {
            type = cx.types.resolve(ms.getExpression());
        }
        if (type == null || !livesOn(type, cx.placeModel.element())) {
            throw cx.reject(literal == null ? t : literal, Messages.agentClass(where,
                    cx.placeModel.element().getSimpleName().toString()));
        }
        return cx.slots.slot(type);
    }

    /** Whether {@code agent} is an agent model whose place model is {@code place}. */
    static boolean livesOn(TypeElement agent, TypeElement place) {
        if (agent.getSuperclass() instanceof DeclaredType sup
                && ((TypeElement) sup.asElement()).getQualifiedName().contentEquals(ModelReader.AGENT)
                && sup.getTypeArguments().size() == 1
                && sup.getTypeArguments().get(0) instanceof DeclaredType p) {
            return p.asElement().equals(place);
        }
        return false;
    }
}
