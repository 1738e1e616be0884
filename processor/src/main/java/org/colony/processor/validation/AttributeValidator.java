package org.colony.processor.validation;

import javax.lang.model.element.Modifier;
import org.colony.processor.Diagnostics;
import org.colony.processor.Messages;
import org.colony.processor.model.Annotations;
import org.colony.processor.model.AttributeModel;
import org.colony.processor.model.ModelClass;
import org.colony.processor.model.ModelReader;

/** Checks {@code @Attribute} fields: type, array length, modifiers. */
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
        return diagnostics.errorCount() == before;
    }
}
