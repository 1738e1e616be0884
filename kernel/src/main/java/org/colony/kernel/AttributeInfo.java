package org.colony.kernel;

/**
 * An attribute of a model, as the processor described it.
 *
 * @param name the field name
 * @param type the element type
 * @param length 0 for a scalar, the element count of an array attribute
 * @param doubleBuffered whether some step reads it through a neighbour and writes it, so storage keeps
 *     a second column for snapshot reads
 */
public record AttributeInfo(String name, ScalarType type, int length, boolean doubleBuffered) {
    /** Whether this is an array attribute. */
    public boolean isArray() {
        return length > 0;
    }

    /** The number of columns of one buffer: 1 for a scalar, the length of an array. */
    public int columns() {
        return Math.max(1, length);
    }
}
