package org.colony.runtime;

import java.lang.reflect.Array;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.IntStream;
import org.colony.ColonyException;
import org.colony.kernel.AttributeInfo;
import org.colony.kernel.ModelInfo;
import org.colony.runtime.grid.Grid;
import org.colony.runtime.spi.AgentStore;

/**
 * The checks and columns of {@link Agents#add}: the values given per attribute, in the new agents' id order, and
 * the room on their places. Everything is checked before the store changes, so a refused add adds nothing.
 */
final class AgentAdditions {

    private AgentAdditions() {
    }

    /**
     * {@return the order in which the new agents take the values given: entry j is the index, in the placement's
     * order, of the j-th new agent in id order (the order of their places); the identity for a random placement}
     */
    static int[] order(long[] given, int n) {
        if (given == null) {
            return IntStream.range(0, n).toArray();
        }
        return IntStream.range(0, n).boxed().sorted(Comparator.comparingLong(i -> given[i]))
                .mapToInt(Integer::intValue).toArray();
    }

    /**
     * {@return per attribute ordinal, the new agents' values in id order, or null for zeros}
     *
     * @param values attribute name to values: one per new agent, in the placement's order; for an array attribute an
     *     array of element columns ({@code int[length][n]})
     */
    static Object[] columns(ModelInfo model, Map<String, ?> values, int n, int[] order, String name) {
        Object[] out = new Object[model.attributes().size()];
        for (Map.Entry<String, ?> e : values.entrySet()) {
            int a = model.attributeIndex(e.getKey());
            if (a < 0) {
                List<String> names = new ArrayList<>();
                model.attributes().forEach(i -> names.add(i.name()));
                throw new ColonyException("add(placement, values): " + name + " has no attribute '" + e.getKey()
                        + "'; its attributes are " + String.join(", ", names) + "; nothing was added");
            }
            AttributeInfo info = model.attributes().get(a);
            Object v = e.getValue();
            Class<?> column = info.type().primitive().arrayType();
            if (info.isArray()) {
                if (!(v instanceof Object[] elements) || v.getClass().getComponentType() != column
                        || elements.length != info.length()) {
                    throw new ColonyException("add(placement, values): array attribute " + name + "." + e.getKey()
                            + " takes a " + column.getSimpleName().replace("[]", "") + "[" + info.length() + "][" + n
                            + "] (its elements, each a value per new agent), not " + describe(v) + "; nothing was added");
                }
                Object[] permuted = (Object[]) Array.newInstance(column, info.length());
                for (int k = 0; k < info.length(); k++) {
                    permuted[k] = permute(elements[k], n, order, name + "." + e.getKey() + "[" + k + "]");
                }
                out[a] = permuted;
            } else {
                if (v == null || v.getClass() != column) {
                    throw new ColonyException("add(placement, values): " + name + "." + e.getKey() + " is "
                            + info.type().name().toLowerCase() + " and takes a " + column.getSimpleName() + ", not "
                            + describe(v) + "; nothing was added");
                }
                out[a] = permute(v, n, order, name + "." + e.getKey());
            }
        }
        return out;
    }

    private static String describe(Object v) {
        return v == null ? "null" : "a " + v.getClass().getSimpleName();
    }

    private static Object permute(Object column, int n, int[] order, String what) {
        if (column == null) {
            throw new ColonyException("add(placement, values): " + what + " is null; give " + n + " values");
        }
        int length = Array.getLength(column);
        if (length != n) {
            throw new ColonyException("add(placement, values): " + what + " has " + length + " values for " + n
                    + " new agents; nothing was added");
        }
        Object out = Array.newInstance(column.getClass().getComponentType(), n);
        for (int j = 0; j < n; j++) {
            Array.set(out, j, Array.get(column, order[j]));
        }
        return out;
    }

    /** {@return the agents on each place now, by global index} */
    static int[] occupancy(AgentStore store, Grid grid) {
        if (grid.cells() > Integer.MAX_VALUE - 8) {
            throw new ColonyException("a random placement beside agents with a capacity needs a grid below 2^31 "
                    + "places; give the places with Placement.at");
        }
        int[] on = new int[(int) grid.cells()];
        for (long g : store.places()) {
            on[(int) g]++;
        }
        return on;
    }

    /** Refuses new agents that would overfill a place, counting the agents there now. */
    static void checkRoom(AgentStore store, long[] where, int capacity, Grid grid, String name) {
        if (capacity == Integer.MAX_VALUE || where.length == 0) {
            return;
        }
        Map<Long, Integer> on = new HashMap<>();
        for (long g : where) {
            on.merge(g, 1, Integer::sum);
        }
        for (long g : store.places()) {
            on.computeIfPresent(g, (k, c) -> c + 1);
        }
        long[] full = on.entrySet().stream().filter(e -> e.getValue() > capacity).mapToLong(Map.Entry::getKey)
                .sorted().toArray();
        if (full.length > 0) {
            long g = full[0];
            int[] c = new int[grid.dimensions()];
            long rest = g;
            for (int d = 0; d < c.length; d++) {
                c[d] = (int) (rest % grid.size(d));
                rest /= grid.size(d);
            }
            throw new ColonyException("adding " + where.length + " " + name + " agents would put " + on.get(g)
                    + " on place " + Arrays.toString(c).replace('[', '(').replace(']', ')') + ", which holds at most "
                    + capacity + " (the collection's capacity)" + (full.length > 1 ? ", and " + (full.length - 1)
                    + " more places likewise" : "") + "; nothing was added");
        }
    }
}
