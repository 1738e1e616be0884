package org.colony.kernel;

/**
 * A shared attribute of a model: one value (or one array) for all instances.
 *
 * @param name the field name
 * @param type the element type
 * @param length 0 for a scalar, the element count of a shared array
 */
public record SharedInfo(String name, ScalarType type, int length) {
    /** {@return whether this is a shared array} */
    public boolean isArray() {
        return length > 0;
    }
}
