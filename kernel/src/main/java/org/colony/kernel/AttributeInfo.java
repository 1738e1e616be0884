package org.colony.kernel;

import java.lang.reflect.Array;

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
    /** {@return whether this is an array attribute} */
    public boolean isArray() {
        return length > 0;
    }

    /** {@return the number of columns of one buffer: 1 for a scalar, the length of an array} */
    public int columns() {
        return Math.max(1, length);
    }

    /**
     * {@return a new zeroed column of {@code n} values: a primitive array ({@code double[]}) for a scalar, an array of
     * them ({@code double[][]}, one per element) for an array attribute, as {@link CpuBlock#column} returns it}
     *
     * @param n the number of values: the block's stored cells, or the agent slots
     */
    public Object newColumn(int n) {
        if (!isArray()) {
            return type.newArray(n);
        }
        Object[] elements = (Object[]) Array.newInstance(type.primitive().arrayType(), length);
        for (int k = 0; k < length; k++) {
            elements[k] = type.newArray(n);
        }
        return elements;
    }
}
