package org.colony.processor.validation;

import org.colony.processor.Diagnostics;
import org.colony.processor.Messages;
import org.colony.processor.ir.IrType;
import org.colony.processor.model.Annotations;
import org.colony.processor.model.MethodModel;
import org.colony.processor.model.ModelClass;
import org.colony.processor.model.ModelReader;

/** Checks the signatures of {@code @Step} methods: modifiers, return type, parameters, reach. */
public final class StepValidator {

    private final Diagnostics diagnostics;

    /** @param diagnostics where errors go */
    public StepValidator(Diagnostics diagnostics) {
        this.diagnostics = diagnostics;
    }

    /** Validates every step; returns whether all passed. */
    public boolean validate(ModelClass model) {
        int before = diagnostics.errorCount();
        for (MethodModel m : model.methods()) {
            if (!m.step()) {
                continue;
            }
            var e = m.element();
            if (m.isStatic()) {
                diagnostics.error(e, Messages.stepStatic(m.name()));
            }
            if (m.returnType() != IrType.VOID && m.returnType() != IrType.BOOLEAN) {
                diagnostics.error(e, Messages.stepReturn(m.name(), e.getReturnType().toString()));
            }
            if (!e.getTypeParameters().isEmpty()) {
                diagnostics.error(e, Messages.stepGeneric(m.name()));
            }
            if (m.tree() == null) {
                diagnostics.error(e, Messages.stepNoBody(m.name()));
            }
            for (int i = 0; i < m.params().size(); i++) {
                MethodModel.ParamModel p = m.params().get(i);
                if (p.type() == null) {
                    diagnostics.error(e.getParameters().get(i), Messages.stepParameter(p.name(), m.name(), p.declared()));
                }
            }
            if (m.declaredReach() < 0 || m.declaredReach() > Messages.MAX_REACH) {
                diagnostics.error(e, Annotations.find(e, ModelReader.STEP),
                        Annotations.value(e, ModelReader.STEP, "reach"), Messages.stepReach(m.declaredReach()));
            }
        }
        return diagnostics.errorCount() == before;
    }
}
