package org.colony.processor.model;

import javax.lang.model.element.VariableElement;
import org.colony.processor.ir.IrType;

/**
 * An {@code @Attribute} field.
 *
 * @param element the field
 * @param name its name
 * @param type its element type, or {@code null} when Colony does not support the declared type
 * @param isArray whether the field is declared as an array
 * @param length the annotation's length (0 when absent)
 * @param ordinal its position among the model's attributes
 * @param priority whether it carries {@code @Priority}
 */
public record AttributeModel(VariableElement element, String name, IrType type, boolean isArray, int length,
        int ordinal, boolean priority) {
}
