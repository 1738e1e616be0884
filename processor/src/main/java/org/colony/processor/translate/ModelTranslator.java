package org.colony.processor.translate;

import com.sun.source.util.Trees;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import javax.lang.model.util.Elements;
import org.colony.processor.Diagnostics;
import org.colony.processor.Messages;
import org.colony.processor.ir.AttributeRef;
import org.colony.processor.ir.Expr;
import org.colony.processor.ir.Ir;
import org.colony.processor.ir.IrType;
import org.colony.processor.ir.Local;
import org.colony.processor.ir.ModelIr;
import org.colony.processor.ir.SharedRef;
import org.colony.processor.ir.StepIr;
import org.colony.processor.ir.Stmt;
import org.colony.processor.model.AttributeModel;
import org.colony.processor.model.MethodModel;
import org.colony.processor.model.ModelClass;
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
        DimensionTracker dims = new DimensionTracker(diagnostics, model.unit(), model.declaredDimensions());
        List<StepIr> steps = new ArrayList<>();
        for (MethodModel m : model.methods()) {
            if (m.step()) {
                StepIr s = translateStep(model, m, dims);
                if (s != null) {
                    steps.add(s);
                }
            }
        }
        if (diagnostics.errorCount() != before) {
            return null;
        }
        List<AttributeRef> attributes = new ArrayList<>();
        for (AttributeModel a : model.attributes()) {
            attributes.add(ExpressionTranslator.attributeRef(a));
        }
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
        return new ModelIr(model.packageName(), model.generatedPrefix(), model.qualifiedName(), binary, dims.exact(),
                dims.minimum(), attributes, shared, steps, doubleBuffered);
    }

    private StepIr translateStep(ModelClass model, MethodModel m, DimensionTracker dims) {
        StepContext cx = new StepContext(diagnostics, model, trees, elements, dims, m);
        int line = cx.line(m.tree());
        List<Local> params = new ArrayList<>();
        for (MethodModel.ParamModel p : m.params()) {
            Local l = cx.local(p.name(), p.type());
            params.add(l);
            cx.scope.declare(p.name(), l);
        }
        boolean predicate = m.returnType() == IrType.BOOLEAN;
        Local result = predicate ? cx.local("result", IrType.BOOLEAN) : null;
        int label = cx.id();
        cx.frames.push(new StepContext.Frame(m, result, label, Calls.Reassignments.of(m.tree())));
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
        boolean[] random = new boolean[1];
        boolean[] checked = new boolean[1];
        Ir.forEachStmt(whole, s -> {
            if (s instanceof Stmt.AssignAttr a) {
                writes.add(a.attr().ordinal());
            } else if (s instanceof Stmt.RandomDraw) {
                random[0] = true;
            }
        });
        Ir.forEachExpr(whole, e -> {
            if (e instanceof Expr.AttrRead a) {
                (a.isSelf() ? selfReads : remoteReads).add(a.attr().ordinal());
            } else if (e instanceof Expr.Neighbor n && n.checked()) {
                checked[0] = true;
            }
        });
        if (predicate && !writes.isEmpty()) {
            String attr = model.attributes().get(writes.iterator().next()).name();
            diagnostics.error(m.element(), Messages.predicateWrites(m.name(), attr));
            return null;
        }
        int reach = Math.max(cx.provenReach, checked[0] ? m.declaredReach() : 0);
        reach = Math.max(reach, m.declaredReach());
        return new StepIr(m.name(), params, predicate, result, label, whole, writes, selfReads, remoteReads, reach,
                m.declaredReach(), random[0], model.sourceFileName(), line);
    }
}
