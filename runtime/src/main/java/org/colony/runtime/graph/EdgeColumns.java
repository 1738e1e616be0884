package org.colony.runtime.graph;

import java.util.HashSet;
import java.util.Set;
import org.colony.ColonyException;
import org.colony.kernel.AttributeInfo;
import org.colony.kernel.EdgeInfo;
import org.colony.kernel.ScalarType;

/** The checks and derivations of a graph's edge columns: lengths, names, derived values, a model's needs. */
final class EdgeColumns {

    private EdgeColumns() {
    }

    /** Refuses columns of another length than {@code length} or of a name given twice. */
    static void check(EdgeColumn[] columns, int length, String what) {
        Set<String> names = new HashSet<>();
        for (EdgeColumn c : columns) {
            if (c.length() != length) {
                throw new ColonyException("the edge column " + c.name() + " has " + c.length() + " values for " + length
                        + " " + what + "; give one value per " + (what.equals("edges") ? "edge" : "entry"));
            }
            if (!names.add(c.name())) {
                throw new ColonyException("the edge column " + c.name() + " is given twice; give each column once");
            }
        }
    }

    /** {@return the index of column {@code name}} */
    static int index(EdgeColumn[] columns, String name, Graph graph) {
        for (int c = 0; c < columns.length; c++) {
            if (columns[c].name().equals(name)) {
                return c;
            }
        }
        throw new ColonyException("the " + graph + " has no edge column " + name + "; its columns are "
                + (columns.length == 0 ? "none" : graph.edgeAttributes()));
    }

    /** {@return the column {@code name} of {@code type} whose value on each entry of the graph {@code values} gives} */
    static EdgeColumn derive(Graph graph, String name, Class<?> type, EdgeFunction values) {
        EdgeColumn.checkName(name);
        ScalarType scalar = null;
        for (ScalarType t : ScalarType.values()) {
            scalar = t.primitive() == type ? t : scalar;
        }
        if (scalar == null) {
            throw new ColonyException("the edge column " + name + " cannot be of type " + type + "; its type is double, "
                    + "float, long, int, short, byte or boolean");
        }
        int arcs = graph.arcs();
        Object column = scalar.newArray(arcs);
        for (int v = 0; v < graph.vertices(); v++) {
            for (int i = graph.offset(v); i < graph.offset(v + 1); i++) {
                int u = graph.target(i);
                if (!graph.directed() && u < v) {
                    continue; // copied from the entry of the smaller end, below
                }
                double x = values.value(v, u, graph.weight(i));
                if (!Double.isFinite(x) && (scalar == ScalarType.DOUBLE || scalar == ScalarType.FLOAT)) {
                    throw new ColonyException("the edge column " + name + " gets " + x + " on entry " + i + " ("
                            + v + (graph.directed() ? " -> " : " - ") + u + "), which is not a finite number");
                }
                if (!store(column, i, x)) {
                    throw new ColonyException("the edge column " + name + " gets " + x + " on entry " + i + " ("
                            + v + (graph.directed() ? " -> " : " - ") + u + "), which its type "
                            + scalar.javaName() + " cannot hold exactly");
                }
                if (!graph.directed() && u > v) {
                    EdgeColumn.set(column, mirror(graph, v, u, i), column, i);
                }
            }
        }
        return EdgeColumn.wrap(name, scalar, column);
    }

    /**
     * {@return the entry of row {@code u} that stores the same undirected edge as entry {@code i} of row {@code v}}
     * Rows are sorted by target, and the copies of a repeated edge are in input order in both rows, so the k-th entry
     * of {@code v} to {@code u} is the k-th of {@code u} to {@code v}.
     */
    private static int mirror(Graph graph, int v, int u, int i) {
        return firstTo(graph, u, v) + i - firstTo(graph, v, u);
    }

    /** {@return the first entry of row {@code row} whose target is {@code target} (rows are sorted by target)} */
    private static int firstTo(Graph graph, int row, int target) {
        int low = graph.offset(row);
        int high = graph.offset(row + 1);
        while (low < high) {
            int mid = (low + high) >>> 1;
            if (graph.target(mid) < target) {
                low = mid + 1;
            } else {
                high = mid;
            }
        }
        return low;
    }

    /** Stores {@code x} at {@code i}; {@return false where the column's type cannot hold it exactly} */
    private static boolean store(Object column, int i, double x) {
        switch (column) {
            case double[] d -> d[i] = x;
            case float[] f -> {
                f[i] = (float) x;
                return f[i] == x;
            }
            case long[] l -> {
                l[i] = (long) x;
                return l[i] == x && x != 0x1p63;
            }
            case int[] n -> {
                n[i] = (int) x;
                return n[i] == x;
            }
            case short[] s -> {
                s[i] = (short) x;
                return s[i] == x;
            }
            case byte[] b -> {
                b[i] = (byte) x;
                return b[i] == x;
            }
            case boolean[] z -> {
                z[i] = x == 1;
                return x == 0 || x == 1;
            }
            default -> throw new IllegalStateException(column.getClass().toString());
        }
        return true;
    }

    /** Refuses a graph that lacks a column of {@code edges}, or has it of another type. */
    static void require(Graph graph, EdgeColumn[] columns, EdgeInfo edges, Class<?> model) {
        for (AttributeInfo a : edges.attributes()) {
            EdgeColumn found = null;
            for (EdgeColumn c : columns) {
                found = c.name().equals(a.name()) ? c : found;
            }
            String what = model.getSimpleName() + " reads edges as " + edges.edgeClass().getSimpleName() + ", whose "
                    + a.name() + " is of type " + a.type().javaName();
            if (found == null) {
                throw new ColonyException("the " + graph + " has no edge column " + a.name() + ", which "
                        + model.getSimpleName() + " needs: it " + what.substring(model.getSimpleName().length() + 1)
                        + "; give the graph that column");
            }
            if (found.type() != a.type()) {
                throw new ColonyException("the edge column " + a.name() + " of the " + graph + " holds "
                        + found.type().javaName() + " values, but " + what + "; give the column that type");
            }
        }
    }
}
