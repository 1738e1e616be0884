package org.colony.processor.validation;

import javax.lang.model.element.Modifier;
import org.colony.processor.Diagnostics;
import org.colony.processor.Messages;
import org.colony.processor.model.Annotations;
import org.colony.processor.model.ModelClass;
import org.colony.processor.model.ModelReader;
import org.colony.processor.model.SharedModel;

/** Checks {@code @Shared} fields: type, array length, modifiers. */
public final class SharedValidator {

    private final Diagnostics diagnostics;

    /** @param diagnostics where errors go */
    public SharedValidator(Diagnostics diagnostics) {
        this.diagnostics = diagnostics;
    }

    /** Validates every shared field; returns whether all passed. */
    public boolean validate(ModelClass model) {
        int before = diagnostics.errorCount();
        for (SharedModel s : model.shared()) {
            var e = s.element();
            if (s.type() == null) {
                diagnostics.error(e, Messages.sharedType(s.name(), e.asType().toString()));
            } else if (s.isArray() && s.length() <= 0) {
                diagnostics.error(e, Annotations.find(e, ModelReader.SHARED),
                        Annotations.value(e, ModelReader.SHARED, "length"), Messages.sharedArrayLength(s.name()));
            } else if (!s.isArray() && s.length() != 0) {
                diagnostics.error(e, Annotations.find(e, ModelReader.SHARED),
                        Annotations.value(e, ModelReader.SHARED, "length"), Messages.sharedLengthOnScalar(s.name()));
            }
            if (e.getModifiers().contains(Modifier.STATIC)) {
                diagnostics.error(e, Messages.sharedStatic(s.name()));
            }
        }
        return diagnostics.errorCount() == before;
    }
}
