package org.colony.runtime.graph;

import java.util.Arrays;
import java.util.HashSet;
import java.util.Locale;
import java.util.Set;
import java.util.function.Function;
import java.util.regex.Pattern;
import org.colony.ColonyException;
import org.colony.kernel.ScalarType;

/**
 * The named columns of a text edge list, declared by its {@code # columns: from to [weight] NAME[:TYPE]...} header:
 * the fields of each edge line, and the values of the edge columns as they are read (growing with the lines).
 */
final class TextColumns {

    private static final Pattern WHOLE = Pattern.compile("[+-]?\\d+");
    private static final Pattern DECIMAL = Pattern.compile("[+-]?(\\d+(\\.\\d*)?|\\.\\d+)([eE][+-]?\\d+)?");

    private final String header;
    private final boolean weighted;
    private final String[] names;
    private final ScalarType[] types;
    private final Object[] values;

    private TextColumns(String header, boolean weighted, String[] names, ScalarType[] types) {
        this.header = header;
        this.weighted = weighted;
        this.names = names;
        this.types = types;
        this.values = new Object[names.length];
        for (int c = 0; c < names.length; c++) {
            values[c] = types[c].newArray(1024);
        }
    }

    /**
     * {@return the columns a header declares}
     *
     * @param fields the header's fields after {@code columns:}
     * @param refuse how the reader refuses the header, at its line
     */
    static TextColumns parse(String[] fields, Function<String, ColonyException> refuse) {
        String header = "# columns: " + String.join(" ", fields);
        if (fields.length < 2 || !fields[0].equals("from") || !fields[1].equals("to")) {
            throw refuse.apply("the header \"" + header + "\" does not start with from to; it is \"# columns: from "
                    + "to [weight] NAME[:TYPE]...\"");
        }
        boolean weighted = fields.length > 2 && fields[2].equals("weight");
        int first = weighted ? 3 : 2;
        String[] names = new String[fields.length - first];
        ScalarType[] types = new ScalarType[names.length];
        Set<String> seen = new HashSet<>();
        for (int c = 0; c < names.length; c++) {
            String field = fields[first + c];
            int colon = field.indexOf(':');
            names[c] = colon < 0 ? field : field.substring(0, colon);
            String type = colon < 0 ? "double" : field.substring(colon + 1);
            try {
                EdgeColumn.checkName(names[c]);
            } catch (ColonyException e) {
                throw refuse.apply(e.getMessage());
            }
            if (!seen.add(names[c])) {
                throw refuse.apply("the header names the column " + names[c] + " twice; name each column once");
            }
            for (ScalarType t : ScalarType.values()) {
                types[c] = t.javaName().equals(type) ? t : types[c];
            }
            if (types[c] == null) {
                throw refuse.apply("the column " + names[c] + " has the type \"" + type + "\"; a column's type is "
                        + "double (the default), float, long, int, short, byte or boolean");
            }
        }
        return new TextColumns(header, weighted, names, types);
    }

    /** {@return the header that declares the columns of {@code graph}, or null where it has none} */
    static String header(Graph graph) {
        EdgeColumn[] columns = graph.rawColumns();
        if (columns.length == 0) {
            return null;
        }
        StringBuilder text = new StringBuilder("# columns: from to").append(graph.weighted() ? " weight" : "");
        for (EdgeColumn c : columns) {
            text.append(' ').append(c.name()).append(':').append(c.type().javaName());
        }
        return text.toString();
    }

    /** {@return whether each edge line has a weight after its ids} */
    boolean weighted() {
        return weighted;
    }

    /** {@return the fields of an edge line} */
    int fields() {
        return (weighted ? 3 : 2) + names.length;
    }

    /** {@return the header, for messages} */
    String header() {
        return header;
    }

    /**
     * Reads the columns' values of edge {@code m} from the line's fields.
     *
     * @param m the edge's index
     * @param fields the line's fields
     * @param refuse how the reader refuses the line
     */
    void add(int m, String[] fields, Function<String, ColonyException> refuse) {
        int first = weighted ? 3 : 2;
        for (int c = 0; c < names.length; c++) {
            if (m == java.lang.reflect.Array.getLength(values[c])) {
                values[c] = grow(values[c], (int) Math.min(CsrBuilder.MAX_ARCS, 2L * m));
            }
            String field = fields[first + c];
            String why = store(values[c], m, field);
            if (why != null) {
                throw refuse.apply("the " + names[c] + " value \"" + field + "\" is not " + why);
            }
        }
    }

    /** {@return the columns of the first {@code m} edges} */
    EdgeColumn[] build(int m) {
        EdgeColumn[] columns = new EdgeColumn[names.length];
        for (int c = 0; c < names.length; c++) {
            columns[c] = EdgeColumn.wrap(names[c], types[c], grow(values[c], m));
        }
        return columns;
    }

    private static Object grow(Object array, int length) {
        return switch (array) {
            case double[] d -> Arrays.copyOf(d, length);
            case float[] f -> Arrays.copyOf(f, length);
            case long[] l -> Arrays.copyOf(l, length);
            case int[] n -> Arrays.copyOf(n, length);
            case short[] s -> Arrays.copyOf(s, length);
            case byte[] b -> Arrays.copyOf(b, length);
            case boolean[] z -> Arrays.copyOf(z, length);
            default -> throw new IllegalStateException(array.getClass().toString());
        };
    }

    /** Stores a field's value; {@return null, or what the value should have been where the field is not one} */
    private static String store(Object column, int i, String field) {
        switch (column) {
            case double[] d -> {
                if (!DECIMAL.matcher(field).matches() || !Double.isFinite(Double.parseDouble(field))) {
                    return "a finite decimal number such as 0.25";
                }
                d[i] = Double.parseDouble(field);
            }
            case float[] f -> {
                if (!DECIMAL.matcher(field).matches() || !Float.isFinite(Float.parseFloat(field))) {
                    return "a finite decimal number within a float's range";
                }
                f[i] = Float.parseFloat(field);
            }
            case boolean[] z -> {
                String lower = field.toLowerCase(Locale.ROOT);
                if (!lower.equals("true") && !lower.equals("false")) {
                    return "true or false";
                }
                z[i] = lower.equals("true");
            }
            default -> {
                ScalarType type = column instanceof long[] ? ScalarType.LONG : column instanceof int[] ? ScalarType.INT
                        : column instanceof short[] ? ScalarType.SHORT : ScalarType.BYTE;
                long max = switch (type) {
                    case INT -> Integer.MAX_VALUE;
                    case SHORT -> Short.MAX_VALUE;
                    case BYTE -> Byte.MAX_VALUE;
                    default -> Long.MAX_VALUE;
                };
                long value;
                try {
                    value = WHOLE.matcher(field).matches() ? Long.parseLong(field) : Long.MIN_VALUE;
                } catch (NumberFormatException e) {
                    value = Long.MIN_VALUE;
                }
                if (value > max || value < -max - 1 || value == Long.MIN_VALUE && !field.equals("-9223372036854775808")) {
                    return "a whole number from " + (-max - 1) + " to " + max + " (of type " + type.javaName() + ")";
                }
                switch (column) {
                    case long[] l -> l[i] = value;
                    case int[] n -> n[i] = (int) value;
                    case short[] s -> s[i] = (short) value;
                    default -> ((byte[]) column)[i] = (byte) value;
                }
            }
        }
        return null;
    }
}
