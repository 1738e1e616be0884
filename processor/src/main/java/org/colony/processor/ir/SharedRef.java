package org.colony.processor.ir;

/**
 * A shared (one value for all instances) attribute of the model.
 *
 * @param ordinal position among the model's shared attributes
 * @param name the field name
 * @param type the element type
 * @param length 0 for a scalar, the element count of a shared array
 */
public record SharedRef(int ordinal, String name, IrType type, int length) {
    /** Whether this is a shared array. */
    public boolean isArray() {
        return length > 0;
    }
}
