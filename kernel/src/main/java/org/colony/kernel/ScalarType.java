package org.colony.kernel;

import java.lang.reflect.Array;

/** The primitive types an attribute, a shared value or a step parameter may have. */
public enum ScalarType {
    BOOLEAN(1, boolean.class, Boolean.class),
    BYTE(1, byte.class, Byte.class),
    SHORT(2, short.class, Short.class),
    INT(4, int.class, Integer.class),
    LONG(8, long.class, Long.class),
    FLOAT(4, float.class, Float.class),
    DOUBLE(8, double.class, Double.class);

    private final int bytes;
    private final Class<?> primitive;
    private final Class<?> boxed;

    ScalarType(int bytes, Class<?> primitive, Class<?> boxed) {
        this.bytes = bytes;
        this.primitive = primitive;
        this.boxed = boxed;
    }

    /** Bytes per value in storage. */
    public int bytes() {
        return bytes;
    }

    /** The Java primitive class. */
    public Class<?> primitive() {
        return primitive;
    }

    /** The Java wrapper class. */
    public Class<?> boxed() {
        return boxed;
    }

    /** The Java keyword. */
    public String javaName() {
        return primitive.getName();
    }

    /** Whether the type is float or double. */
    public boolean isFloating() {
        return this == FLOAT || this == DOUBLE;
    }

    /** A new zeroed Java array of this type. */
    public Object newArray(int length) {
        return Array.newInstance(primitive, length);
    }
}
