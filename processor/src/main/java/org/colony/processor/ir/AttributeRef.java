package org.colony.processor.ir;

/**
 * An attribute of the model as the IR refers to it.
 *
 * @param ordinal position among the model's attributes, as the runtime numbers them
 * @param name the field name
 * @param type the element type
 * @param length 0 for a scalar, the element count of an array attribute
 */
public record AttributeRef(int ordinal, String name, IrType type, int length) {
    /** Whether this is an array attribute. */
    public boolean isArray() {
        return length > 0;
    }
}
