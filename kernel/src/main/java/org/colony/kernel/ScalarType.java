package org.colony.kernel;

import java.lang.reflect.Array;

/** The primitive types an attribute, a shared value or a step parameter may have. */
public enum ScalarType {
    /** {@code boolean}, stored in one byte. */
    BOOLEAN(1, boolean.class, Boolean.class),
    /** {@code byte}. */
    BYTE(1, byte.class, Byte.class),
    /** {@code short}. */
    SHORT(2, short.class, Short.class),
    /** {@code int}. */
    INT(4, int.class, Integer.class),
    /** {@code long}. */
    LONG(8, long.class, Long.class),
    /** {@code float}. */
    FLOAT(4, float.class, Float.class),
    /** {@code double}. */
    DOUBLE(8, double.class, Double.class);

    private final int bytes;
    private final Class<?> primitive;
    private final Class<?> boxed;

    ScalarType(int bytes, Class<?> primitive, Class<?> boxed) {
        this.bytes = bytes;
        this.primitive = primitive;
        this.boxed = boxed;
    }

    /** {@return bytes per value in storage} */
    public int bytes() {
        return bytes;
    }

    /** {@return the Java primitive class} */
    public Class<?> primitive() {
        return primitive;
    }

    /** {@return the Java wrapper class} */
    public Class<?> boxed() {
        return boxed;
    }

    /** {@return the Java keyword} */
    public String javaName() {
        return primitive.getName();
    }

    /** {@return whether the type is float or double} */
    public boolean isFloating() {
        return this == FLOAT || this == DOUBLE;
    }

    /**
     * {@return a new zeroed Java array of this type}
     *
     * @param length the number of elements
     */
    public Object newArray(int length) {
        return Array.newInstance(primitive, length);
    }
}
