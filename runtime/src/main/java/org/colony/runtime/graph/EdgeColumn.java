package org.colony.runtime.graph;

import java.lang.reflect.Array;
import org.colony.ColonyException;
import org.colony.kernel.EdgeColumnNames;
import org.colony.kernel.ScalarType;

/**
 * One named attribute of every edge of a graph (a road's {@code length}, its {@code lanes}): a primitive array of
 * one of the model language's scalar types, one value per edge. Given to a graph's factory with one value per input
 * edge ({@link Graph#undirected(int, int[], int[], double[], EdgeRules, EdgeColumn...)}), it follows its edge through
 * the sorting of the rows, the two directions of an undirected edge and the merging of duplicates, as weights do;
 * read back from a graph ({@link Graph#edgeColumn}) it has one value per stored entry, aligned with
 * {@link Graph#targets()}. The steps of a model read it as the field of the same name of their edge class.
 *
 * <pre>{@code
 * Graph roads = Graph.undirected(n, from, to, lengths, EdgeRules.SIMPLE,
 *         EdgeColumn.of("length", lengths), EdgeColumn.of("lanes", lanes));
 * }</pre>
 */
public final class EdgeColumn {

    private final String name;
    private final ScalarType type;
    private final Object values;

    private EdgeColumn(String name, ScalarType type, Object values) {
        this.name = checkName(name);
        this.type = type;
        this.values = values;
    }

    /** {@return a column of the values given (not copied), refused where a float or double value is not finite} */
    private static EdgeColumn finite(String name, ScalarType type, Object values) {
        EdgeColumn column = new EdgeColumn(name, type, values);
        column.checkFinite();
        return column;
    }

    /**
     * {@return a column of doubles}
     *
     * @param name a Java identifier, the edge class's field name; not a keyword, {@code from}, {@code to} or
     *     {@code weight}
     * @param values one per edge, finite (a copy is kept)
     * @throws ColonyException for a bad name, or a value that is NaN or infinite (naming its edge)
     */
    public static EdgeColumn of(String name, double[] values) {
        return finite(name, ScalarType.DOUBLE, values.clone());
    }

    /**
     * {@return a column of floats}
     *
     * @param name a Java identifier, the edge class's field name
     * @param values one per edge, finite (a copy is kept)
     * @throws ColonyException for a bad name, or a value that is NaN or infinite (naming its edge)
     */
    public static EdgeColumn of(String name, float[] values) {
        return finite(name, ScalarType.FLOAT, values.clone());
    }

    /**
     * {@return a column of longs}
     *
     * @param name a Java identifier, the edge class's field name
     * @param values one per edge (a copy is kept)
     */
    public static EdgeColumn of(String name, long[] values) {
        return new EdgeColumn(name, ScalarType.LONG, values.clone());
    }

    /**
     * {@return a column of ints}
     *
     * @param name a Java identifier, the edge class's field name
     * @param values one per edge (a copy is kept)
     */
    public static EdgeColumn of(String name, int[] values) {
        return new EdgeColumn(name, ScalarType.INT, values.clone());
    }

    /**
     * {@return a column of shorts}
     *
     * @param name a Java identifier, the edge class's field name
     * @param values one per edge (a copy is kept)
     */
    public static EdgeColumn of(String name, short[] values) {
        return new EdgeColumn(name, ScalarType.SHORT, values.clone());
    }

    /**
     * {@return a column of bytes}
     *
     * @param name a Java identifier, the edge class's field name
     * @param values one per edge (a copy is kept)
     */
    public static EdgeColumn of(String name, byte[] values) {
        return new EdgeColumn(name, ScalarType.BYTE, values.clone());
    }

    /**
     * {@return a column of booleans}
     *
     * @param name a Java identifier, the edge class's field name
     * @param values one per edge (a copy is kept)
     */
    public static EdgeColumn of(String name, boolean[] values) {
        return new EdgeColumn(name, ScalarType.BOOLEAN, values.clone());
    }

    /**
     * Refuses a float or double value that is NaN or infinite, which no edge list could hold, naming the first.
     *
     * @throws ColonyException {@code the edge column length has NaN for edge 2; its values are finite numbers}
     */
    void checkFinite() {
        for (int i = 0; i < length() && (type == ScalarType.DOUBLE || type == ScalarType.FLOAT); i++) {
            double x = doubleValue(i);
            if (!Double.isFinite(x)) {
                throw new ColonyException("the edge column " + name + " has " + format(i) + " for edge " + i
                        + "; its values are finite numbers");
            }
        }
    }

    /** A column of the values given, not copied (this package's builders and readers). */
    static EdgeColumn wrap(String name, ScalarType type, Object values) {
        return new EdgeColumn(name, type, values);
    }

    /**
     * {@return {@code name} if it may name a column}
     *
     * @throws ColonyException unless {@link EdgeColumnNames#allowed} it: a Java identifier, not a keyword, other than
     *     {@code from}, {@code to} and {@code weight}
     */
    static String checkName(String name) {
        if (!EdgeColumnNames.allowed(name)) {
            throw new ColonyException("the edge column name \"" + name + "\" is not a name a column may take; a "
                    + "column is named as its edge class's field (" + EdgeColumnNames.RULE + ")");
        }
        return name;
    }

    /** {@return the column's name} */
    public String name() {
        return name;
    }

    /** {@return the type of its values} */
    public ScalarType type() {
        return type;
    }

    /** {@return the number of values} */
    public int length() {
        return Array.getLength(values);
    }

    /**
     * {@return value {@code i} as a double (a long beyond 2<sup>53</sup> rounded; a boolean as 0 or 1)}
     *
     * @param i the value's index
     */
    public double doubleValue(int i) {
        return switch (values) {
            case double[] d -> d[i];
            case float[] f -> f[i];
            case long[] l -> l[i];
            case int[] n -> n[i];
            case short[] s -> s[i];
            case byte[] b -> b[i];
            case boolean[] z -> z[i] ? 1 : 0;
            default -> throw new IllegalStateException(values.getClass().toString());
        };
    }

    /**
     * {@return value {@code i} as Java writes its literal ({@code 2.5}, {@code 3}, {@code true}): what the edge list
     * writer writes, which reads back to the same bits}
     *
     * @param i the value's index
     */
    public String format(int i) {
        return String.valueOf(Array.get(values, i));
    }

    /** {@return the values themselves (never modified)} */
    Object raw() {
        return values;
    }

    /** {@return a copy of the values: a primitive array of {@link #type}} */
    public Object values() {
        return switch (values) {
            case double[] d -> d.clone();
            case float[] f -> f.clone();
            case long[] l -> l.clone();
            case int[] n -> n.clone();
            case short[] s -> s.clone();
            case byte[] b -> b.clone();
            case boolean[] z -> z.clone();
            default -> throw new IllegalStateException(values.getClass().toString());
        };
    }

    /** {@return whether values {@code i} and {@code j} are the same bits} */
    boolean same(int i, int j) {
        return switch (values) {
            case double[] d -> Double.doubleToLongBits(d[i]) == Double.doubleToLongBits(d[j]);
            case float[] f -> Float.floatToIntBits(f[i]) == Float.floatToIntBits(f[j]);
            default -> Array.get(values, i).equals(Array.get(values, j));
        };
    }

    /** {@return the bits of value {@code i}, for fingerprints} */
    long bits(int i) {
        return switch (values) {
            case double[] d -> Double.doubleToLongBits(d[i]);
            case float[] f -> Float.floatToIntBits(f[i]);
            case long[] l -> l[i];
            case int[] n -> n[i];
            case short[] s -> s[i];
            case byte[] b -> b[i];
            case boolean[] z -> z[i] ? 1 : 0;
            default -> throw new IllegalStateException(values.getClass().toString());
        };
    }

    /** {@return the column whose value {@code i} is this one's value {@code at[i]}} */
    EdgeColumn gather(int[] at) {
        return new EdgeColumn(name, type, valuesAt(at));
    }

    /**
     * {@return the values at these indices, in their order: a new primitive array of {@link #type}}
     *
     * @param at indices of values, each 0 to {@link #length} - 1
     */
    public Object valuesAt(int[] at) {
        Object to = type.newArray(at.length);
        for (int i = 0; i < at.length; i++) {
            set(to, i, values, at[i]);
        }
        return to;
    }

    /** {@code to[i] = from[j]} for primitive arrays of one type. */
    static void set(Object to, int i, Object from, int j) {
        switch (to) {
            case double[] d -> d[i] = ((double[]) from)[j];
            case float[] f -> f[i] = ((float[]) from)[j];
            case long[] l -> l[i] = ((long[]) from)[j];
            case int[] n -> n[i] = ((int[]) from)[j];
            case short[] s -> s[i] = ((short[]) from)[j];
            case byte[] b -> b[i] = ((byte[]) from)[j];
            case boolean[] z -> z[i] = ((boolean[]) from)[j];
            default -> throw new IllegalStateException(to.getClass().toString());
        }
    }

    /** {@return whether {@code o} is a column of the same name, type and values (compared by their bits)} */
    @Override
    public boolean equals(Object o) {
        if (!(o instanceof EdgeColumn c) || !c.name.equals(name) || c.type != type || c.length() != length()) {
            return false;
        }
        for (int i = 0; i < length(); i++) {
            if (c.bits(i) != bits(i)) {
                return false;
            }
        }
        return true;
    }

    @Override
    public int hashCode() {
        long h = name.hashCode() * 31L + type.ordinal();
        for (int i = 0; i < length(); i++) {
            h = h * 31 + bits(i);
        }
        return Long.hashCode(h);
    }

    /** {@return a description such as {@code edge column length (double, 5 values)}} */
    @Override
    public String toString() {
        return "edge column " + name + " (" + type.javaName() + ", " + length() + " values)";
    }
}
