package org.colony.processor.translate;

import com.sun.source.util.Trees;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import javax.lang.model.util.Elements;
import org.colony.kernel.AgentAction;
import org.colony.kernel.Combine;
import org.colony.processor.Diagnostics;
import org.colony.processor.Messages;
import org.colony.processor.ir.AttributeRef;
import org.colony.processor.ir.Expr;
import org.colony.processor.ir.IntrinsicOp;
import org.colony.processor.ir.Ir;
import org.colony.processor.ir.IrType;
import org.colony.processor.ir.Local;
import org.colony.processor.ir.ModelIr;
import org.colony.processor.ir.ModelRef;
import org.colony.processor.ir.ModelShape;
import org.colony.processor.ir.SharedRef;
import org.colony.processor.ir.StepIr;
import org.colony.processor.ir.Stmt;
import org.colony.processor.model.AttributeModel;
import org.colony.processor.model.IntrinsicMethod;
import org.colony.processor.model.MethodModel;
import org.colony.processor.model.ModelClass;
import org.colony.processor.model.ModelReader;
import org.colony.processor.model.SharedModel;

/**
 * Translates every step of a validated model class into IR and works out the model-wide facts:
 * dimensionality, reach, and which attributes need a second buffer for snapshot reads.
 */
public final class ModelTranslator {

    private final Diagnostics diagnostics;
    private final Trees trees;
    private final Elements elements;

    /**
     * @param diagnostics where errors go
     * @param trees the compiler's tree utilities
     * @param elements the element utilities
     */
    public ModelTranslator(Diagnostics diagnostics, Trees trees, Elements elements) {
        this.diagnostics = diagnostics;
        this.trees = trees;
        this.elements = elements;
    }

    /** Translates the model; returns null when errors were reported. */
    public ModelIr translate(ModelClass model) {
        int before = diagnostics.errorCount();
        ModelReader reader = new ModelReader(elements, trees);
        ModelClass placeModel = model.agent() ? reader.read(model.placeType()) : model;
        boolean graph = placeModel.graph(); // a vertex model, or an agent on one
        DimensionTracker dims = new DimensionTracker(diagnostics, model.unit(), graph ? 1 : model.declaredDimensions());
        AgentSlots slots = new AgentSlots(reader);
        EdgeClasses edges = new EdgeClasses(elements, trees);
        List<StepIr> steps = new ArrayList<>();
        for (MethodModel m : model.methods()) {
            if (m.step()) {
                StepIr s = translateStep(model, placeModel, slots, m, dims, edges);
                if (s != null) {
                    steps.add(s);
                }
            }
        }
        if (diagnostics.errorCount() != before) {
            return null;
        }
        ModelRef self = new ModelRef(ModelRef.Kind.SELF, 0, model.qualifiedName());
        List<AttributeRef> attributes = shape(self, model);
        List<SharedRef> shared = new ArrayList<>();
        for (SharedModel s : model.shared()) {
            shared.add(ExpressionTranslator.sharedRef(s));
        }
        List<Boolean> doubleBuffered = new ArrayList<>();
        for (AttributeRef a : attributes) {
            boolean db = false;
            for (StepIr s : steps) {
                db |= s.writes().contains(a.ordinal()) && s.remoteReads().contains(a.ordinal());
            }
            doubleBuffered.add(db);
        }
        String binary = elements.getBinaryName(model.element()).toString();
        ModelShape place = null;
        if (model.agent()) {
            ModelRef ref = new ModelRef(ModelRef.Kind.PLACE, 0, placeModel.qualifiedName());
            place = new ModelShape(ref, elements.getBinaryName(placeModel.element()).toString(),
                    shape(ref, placeModel));
        }
        List<ModelShape> agentModels = new ArrayList<>();
        for (int i = 0; i < slots.models().size(); i++) {
            ModelClass a = slots.model(i);
            agentModels.add(new ModelShape(slots.ref(i), elements.getBinaryName(a.element()).toString(),
                    shape(slots.ref(i), a)));
        }
        return new ModelIr(model.packageName(), model.generatedPrefix(), model.qualifiedName(), binary, model.agent(),
                dims.exact(), dims.minimum(), attributes, shared, steps, doubleBuffered, place, agentModels,
                model.attributes().stream().filter(AttributeModel::priority).mapToInt(AttributeModel::ordinal)
                        .findFirst().orElse(-1), graph, edges.shape());
    }

    private static List<AttributeRef> shape(ModelRef owner, ModelClass model) {
        List<AttributeRef> attributes = new ArrayList<>();
        for (AttributeModel a : model.attributes()) {
            attributes.add(ExpressionTranslator.attributeRef(owner, a));
        }
        return attributes;
    }

    private StepIr translateStep(ModelClass model, ModelClass placeModel, AgentSlots slots, MethodModel m,
            DimensionTracker dims, EdgeClasses edges) {
        StepContext cx = new StepContext(diagnostics, model, placeModel, slots, trees, elements, dims, m);
        cx.edgeClasses = edges;
        // The line of the method's return type: where the declaration starts after its annotations.
        int line = cx.line(m.tree().getReturnType() != null ? m.tree().getReturnType() : m.tree());
        List<Local> params = new ArrayList<>();
        for (MethodModel.ParamModel p : m.params()) {
            Local l = cx.local(p.name(), p.type());
            params.add(l);
            cx.scope.declare(p.name(), l);
        }
        boolean predicate = m.returnType() == IrType.BOOLEAN;
        Local result = predicate ? cx.local("result", IrType.BOOLEAN) : null;
        int label = cx.id();
        cx.frames.push(new StepContext.Frame(m, result, label, Reassignments.of(m.tree())));
        List<Stmt> body;
        try {
            body = cx.collect(() -> new StatementTranslator(cx).statements(m.tree().getBody().getStatements()));
        } catch (Rejected r) {
            return null;
        } finally {
            cx.frames.pop();
        }
        List<Stmt> whole = new ArrayList<>();
        if (result != null) {
            whole.add(new Stmt.Declare(line, result, null));
        }
        whole.add(new Stmt.Labeled(line, label, body));

        Set<Integer> writes = new TreeSet<>();
        Set<Integer> selfReads = new TreeSet<>();
        Set<Integer> remoteReads = new TreeSet<>();
        Set<Integer> placeReads = new TreeSet<>();
        Set<Integer> placeRemoteReads = new TreeSet<>();
        Map<Integer, Combine> placeWrites = new TreeMap<>();
        Set<Integer> iterates = new TreeSet<>();
        Set<Integer> remoteAgents = new TreeSet<>();
        Set<Integer> remoteAgentRows = new TreeSet<>();
        Set<AgentAction> actions = EnumSet.noneOf(AgentAction.class);
        boolean[] random = new boolean[1];
        boolean[] checked = new boolean[1];
        boolean[] time = new boolean[1];
        Ir.forEachStmt(whole, s -> {
            switch (s) {
                case Stmt.AssignAttr a -> writes.add(a.attr().ordinal());
                case Stmt.RandomDraw r -> random[0] = true;
                case Stmt.PlaceWrite w -> placeWrites.put(w.attr().ordinal(), w.op());
                case Stmt.ForAgents f -> {
                    iterates.add(f.agents().slot());
                    if (f.place() instanceof Expr.Neighbor) {
                        remoteAgents.add(f.agents().slot());
                        remoteAgentRows.add(f.agents().slot());
                    }
                }
                case Stmt.Intent a -> actions.add(a.kind());
                case Stmt.Create c -> iterates.add(c.agents().slot()); // the collection the agents go to is bound
                default -> {
                }
            }
        });
        String self = model.qualifiedName();
        Ir.forEachExpr(whole, e -> {
            if (e instanceof Expr.AttrRead a) {
                if (a.isSelf()) {
                    selfReads.add(a.attr().ordinal());
                } else if (a.attr().owner().qualifiedName().equals(self)) {
                    remoteReads.add(a.attr().ordinal());
                }
                if (a.attr().owner().kind() == ModelRef.Kind.PLACE) {
                    (a.place() instanceof Expr.AgentPlace ? placeReads : placeRemoteReads).add(a.attr().ordinal());
                }
            } else if (e instanceof Expr.Neighbor n && n.checked()) {
                checked[0] = true;
            } else if (e instanceof Expr.Intrinsic i && i.op() == IntrinsicOp.TIME) {
                time[0] = true;
            } else if (e instanceof Expr.Intrinsic i && i.op() == IntrinsicOp.AGENT_COUNT) {
                int slot = (Integer) ((Expr.Const) i.args().get(1)).value();
                iterates.add(slot);
                if (i.args().get(0) instanceof Expr.Neighbor) {
                    remoteAgents.add(slot);
                }
            }
        });
        if (predicate && !writes.isEmpty()) {
            String attr = model.attributes().get(writes.iterator().next()).name();
            diagnostics.error(m.element(), Messages.predicateWrites(m.name(), attr));
            return null;
        }
        if (predicate && !placeWrites.isEmpty()) {
            String attr = placeModel.attributes().get(placeWrites.keySet().iterator().next()).name();
            diagnostics.error(m.element(), Messages.predicateWrites(m.name(), "place()." + attr));
            return null;
        }
        boolean[] writesAgents = new boolean[1];
        Ir.forEachStmt(whole, s -> writesAgents[0] |= s instanceof Stmt.AgentWrite || s instanceof Stmt.AgentKill
                || s instanceof Stmt.Create);
        if (predicate && writesAgents[0]) {
            diagnostics.error(m.element(), Messages.predicateWrites(m.name(), "another agent"));
            return null;
        }
        if (predicate && !actions.isEmpty()) {
            String intrinsic = IntrinsicMethod.of(actions.iterator().next()).spelling();
            diagnostics.error(m.element(), Messages.predicateActs(m.name(), intrinsic + "(...)"));
            return null;
        }
        if (placeModel.graph() && m.declaredReach() > 0) {
            diagnostics.error(m.element(), Messages.gridOnly("@Step(reach = " + m.declaredReach() + ")"));
            return null;
        }
        int reach = Math.max(cx.provenReach, checked[0] ? m.declaredReach() : 0);
        reach = Math.max(reach, m.declaredReach());
        return new StepIr(m.name(), params, predicate, result, label, whole, writes, selfReads, remoteReads, placeReads,
                placeRemoteReads, placeWrites, iterates, remoteAgents, remoteAgentRows, actions, reach, m.declaredReach(), random[0],
                !model.agent() && !predicate && BoundaryOnly.holds(whole), time[0], model.sourceFileName(), line);
    }
}
