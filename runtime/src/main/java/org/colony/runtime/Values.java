package org.colony.runtime;

import org.colony.kernel.AttributeInfo;
import org.colony.kernel.ModelInfo;
import org.colony.kernel.ScalarType;
import org.colony.runtime.spi.Store;

/** Conversions of boxed values to attribute and parameter types, with Java's widening rules, and checksums. */
final class Values {

    private Values() {
    }

    /** {@code v} as a boxed value of {@code type}, or null when Java would not widen it to that type. */
    static Object convert(Object v, ScalarType type) {
        if (v == null) {
            return null;
        }
        if (type == ScalarType.BOOLEAN) {
            return v instanceof Boolean ? v : null;
        }
        int rank = switch (v) {
            case Byte b -> 0;
            case Short s -> 1;
            case Character c -> -1;
            case Integer i -> 2;
            case Long l -> 3;
            case Float f -> 4;
            case Double d -> 5;
            default -> -1;
        };
        int target = switch (type) {
            case BYTE -> 0;
            case SHORT -> 1;
            case INT -> 2;
            case LONG -> 3;
            case FLOAT -> 4;
            default -> 5;
        };
        if (rank < 0 || rank > target) {
            return null;
        }
        Number n = (Number) v;
        return switch (type) {
            case BYTE -> n.byteValue();
            case SHORT -> n.shortValue();
            case INT -> n.intValue();
            case LONG -> n.longValue();
            case FLOAT -> v instanceof Long l ? (float) l : n.floatValue();
            default -> v instanceof Long l ? (double) l : n.doubleValue();
        };
    }

    /** How a value reads in a message. */
    static String describe(Object v) {
        if (v == null) {
            return "null";
        }
        if (v instanceof String s) {
            return "the String \"" + s + "\"";
        }
        return "the " + v.getClass().getSimpleName() + " " + v;
    }

    /**
     * {@return a 64-bit FNV-1a hash of every attribute of every instance of a store, as 16 hex digits} Raw bits,
     * attributes in declaration order, elements in order.
     */
    static String checksum(ModelInfo model, Store store, int cells) {
        long h = 0xcbf29ce484222325L;
        for (int a = 0; a < model.attributes().size(); a++) {
            AttributeInfo info = model.attributes().get(a);
            for (int k = 0; k < info.columns(); k++) {
                Object col = info.type().newArray(cells);
                store.read(a, k, col);
                h = hash(h, col);
            }
        }
        return String.format("%016x", h);
    }

    /** Feeds every value of a primitive array into a 64-bit FNV-1a hash, 8 bytes per value. */
    static long hash(long h, Object column) {
        switch (column) {
            case double[] c -> {
                for (double v : c) {
                    h = mix(h, Double.doubleToRawLongBits(v));
                }
            }
            case float[] c -> {
                for (float v : c) {
                    h = mix(h, Float.floatToRawIntBits(v));
                }
            }
            case long[] c -> {
                for (long v : c) {
                    h = mix(h, v);
                }
            }
            case int[] c -> {
                for (int v : c) {
                    h = mix(h, v);
                }
            }
            case short[] c -> {
                for (short v : c) {
                    h = mix(h, v);
                }
            }
            case byte[] c -> {
                for (byte v : c) {
                    h = mix(h, v);
                }
            }
            case boolean[] c -> {
                for (boolean v : c) {
                    h = mix(h, v ? 1 : 0);
                }
            }
            default -> throw new IllegalArgumentException(column.getClass().toString());
        }
        return h;
    }

    private static long mix(long h, long v) {
        for (int i = 0; i < 8; i++) {
            h ^= (v >>> (8 * i)) & 0xFF;
            h *= 0x100000001b3L;
        }
        return h;
    }
}
