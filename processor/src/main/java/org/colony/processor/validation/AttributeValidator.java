package org.colony.processor.validation;

import javax.lang.model.element.Modifier;
import javax.lang.model.element.VariableElement;
import javax.lang.model.util.ElementFilter;
import org.colony.processor.Diagnostics;
import org.colony.processor.Messages;
import org.colony.processor.model.Annotations;
import org.colony.processor.model.AttributeModel;
import org.colony.processor.model.ModelClass;
import org.colony.processor.model.ModelReader;

/** Checks {@code @Attribute} fields (type, array length, modifiers) and {@code @Priority}. */
public final class AttributeValidator {

    private final Diagnostics diagnostics;

    /** @param diagnostics where errors go */
    public AttributeValidator(Diagnostics diagnostics) {
        this.diagnostics = diagnostics;
    }

    /** Validates every attribute; returns whether all passed. */
    public boolean validate(ModelClass model) {
        int before = diagnostics.errorCount();
        for (AttributeModel a : model.attributes()) {
            var e = a.element();
            if (Annotations.find(e, ModelReader.SHARED) != null) {
                diagnostics.error(e, Messages.attributeAndShared(a.name()));
            }
            if (a.type() == null) {
                diagnostics.error(e, Messages.attributeType(a.name(), e.asType().toString()));
            } else if (a.isArray() && a.length() <= 0) {
                diagnostics.error(e, Annotations.find(e, ModelReader.ATTRIBUTE),
                        Annotations.value(e, ModelReader.ATTRIBUTE, "length"), Messages.attributeArrayLength(a.name()));
            } else if (!a.isArray() && a.length() != 0) {
                diagnostics.error(e, Annotations.find(e, ModelReader.ATTRIBUTE),
                        Annotations.value(e, ModelReader.ATTRIBUTE, "length"),
                        Messages.attributeLengthOnScalar(a.name()));
            }
            if (e.getModifiers().contains(Modifier.STATIC)) {
                diagnostics.error(e, Messages.attributeStatic(a.name()));
            }
            if (e.getModifiers().contains(Modifier.FINAL)) {
                diagnostics.error(e, Messages.attributeFinal(a.name()));
            }
        }
        priority(model);
        return diagnostics.errorCount() == before;
    }

    /** {@code @Priority}: on one scalar numeric attribute of an agent model. */
    private void priority(ModelClass model) {
        for (VariableElement field : ElementFilter.fieldsIn(model.element().getEnclosedElements())) {
            if (Annotations.find(field, ModelReader.PRIORITY) != null
                    && Annotations.find(field, ModelReader.ATTRIBUTE) == null) {
                diagnostics.error(field, Messages.priorityNotAttribute(field.getSimpleName().toString()));
            }
        }
        String first = null;
        for (AttributeModel a : model.attributes()) {
            if (!a.priority()) {
                continue;
            }
            VariableElement e = a.element();
            if (!model.agent()) {
                diagnostics.error(e, Messages.priorityOnPlace(a.name(), model.element().getSimpleName().toString()));
            } else if (a.type() != null && (a.isArray() || !a.type().isNumeric())) {
                diagnostics.error(e, Messages.priorityType(a.name(), e.asType().toString()));
            } else if (first != null) {
                diagnostics.error(e, Messages.priorityTwice(a.name(), first));
            }
            if (first == null) {
                first = a.name();
            }
        }
    }
}
