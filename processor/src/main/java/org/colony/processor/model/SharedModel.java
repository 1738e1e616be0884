package org.colony.processor.model;

import javax.lang.model.element.VariableElement;
import org.colony.processor.ir.IrType;

/**
 * A {@code @Shared} field.
 *
 * @param element the field
 * @param name its name
 * @param type its element type, or {@code null} when Colony does not support the declared type
 * @param isArray whether the field is declared as an array
 * @param length the annotation's length (0 when absent)
 * @param ordinal its position among the model's shared fields
 */
public record SharedModel(VariableElement element, String name, IrType type, boolean isArray, int length,
        int ordinal) {
}
