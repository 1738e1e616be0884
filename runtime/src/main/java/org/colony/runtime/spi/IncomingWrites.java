package org.colony.runtime.spi;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.Map;
import java.util.TreeMap;
import org.colony.kernel.Combine;
import org.colony.kernel.ModelInfo;
import org.colony.kernel.ScalarType;

/**
 * What one step writes into the agents of one collection (their incoming columns and death intents), as it travels
 * from the rows of agents of other partitions on a partition's halo ("ghosts") back to the partitions that own them:
 * per ghost row, the incoming value of every attribute written, in ordinal order, then whether the step killed it.
 * Rows are packed column by column (every row's value of the first attribute, then of the next, then the kills, one
 * byte each), in the order the rows came ({@link HaloAgents#packRows}). A row nobody wrote carries the identity of
 * its combination (0 for a sum, the largest value for a minimum, the least for a maximum, no kill), so it changes
 * nothing where it is combined.
 *
 * @param attributes the ordinals of the attributes written, increasing
 * @param types their types
 * @param ops how the writes into each combine
 * @param kills whether the step kills agents of the collection
 */
public record IncomingWrites(int[] attributes, ScalarType[] types, Combine[] ops, boolean kills) {

    /**
     * {@return what a step writes into agents of {@code model}}
     *
     * @param model the agents written
     * @param writes the attributes written (by ordinal) and how their writes combine
     * @param kills whether the step kills them
     */
    public static IncomingWrites of(ModelInfo model, Map<Integer, Combine> writes, boolean kills) {
        TreeMap<Integer, Combine> sorted = new TreeMap<>(writes); // the same order in every process
        int[] attributes = new int[sorted.size()];
        ScalarType[] types = new ScalarType[sorted.size()];
        Combine[] ops = new Combine[sorted.size()];
        int i = 0;
        for (Map.Entry<Integer, Combine> w : sorted.entrySet()) {
            attributes[i] = w.getKey();
            types[i] = model.attributes().get(w.getKey()).type();
            ops[i++] = w.getValue();
        }
        return new IncomingWrites(attributes, types, ops, kills);
    }

    /** {@return the bytes of one row: a value of every attribute written, and a byte for the kill} */
    public long rowBytes() {
        long bytes = kills ? 1 : 0;
        for (ScalarType t : types) {
            bytes += t.bytes();
        }
        return bytes;
    }

    /**
     * {@return a new column of {@code n} values of written attribute {@code i}, each the identity of its combination}
     *
     * @param i the attribute's index in {@link #attributes}
     * @param n the values
     */
    public Object identityColumn(int i, int n) {
        Object column = types[i].newArray(n);
        for (int k = 0; k < n; k++) {
            setIdentity(column, k, ops[i]);
        }
        return column;
    }

    /**
     * Writes rows {@code slots[0 .. n)} of the incoming columns {@code incoming} (by attribute ordinal; a column of
     * every attribute written) and death intents {@code killed} into {@code buffer}, as the class comment lays them
     * out; clears the death intents written.
     *
     * @param incoming the incoming columns, by attribute ordinal
     * @param killed the death intents, by slot (read only with {@link #kills})
     * @param slots the rows, in order
     * @param n how many of {@code slots}
     * @param buffer where to write, at least {@code n * rowBytes()} bytes from {@code offset}
     * @param offset the byte offset in {@code buffer} to start at
     */
    public void pack(Object[] incoming, boolean[] killed, int[] slots, int n, MemorySegment buffer, long offset) {
        long at = offset;
        for (int i = 0; i < attributes.length; i++) {
            Object column = incoming[attributes[i]];
            for (int k = 0; k < n; k++) {
                at = put(buffer, at, column, slots[k]);
            }
        }
        if (kills) {
            for (int k = 0; k < n; k++) {
                buffer.set(ValueLayout.JAVA_BYTE, at++, (byte) (killed[slots[k]] ? 1 : 0));
                killed[slots[k]] = false;
            }
        }
    }

    /**
     * Combines rows packed by {@link #pack} from {@code buffer} into rows {@code slots[0 .. n)} of the incoming columns
     * {@code incoming} and death intents {@code killed}: sums add (two's complement), minima and maxima keep the
     * least and the greatest as {@link Math#min} and {@link Math#max} do, kills add up.
     *
     * @param incoming the incoming columns, by attribute ordinal
     * @param killed the death intents, by slot (written only with {@link #kills})
     * @param slots the rows, in the order they were packed
     * @param n how many of {@code slots}
     * @param buffer where to read, at least {@code n * rowBytes()} bytes from {@code offset}
     * @param offset the byte offset in {@code buffer} to start at
     */
    public void combine(Object[] incoming, boolean[] killed, int[] slots, int n, MemorySegment buffer, long offset) {
        long at = offset;
        for (int i = 0; i < attributes.length; i++) {
            Object column = incoming[attributes[i]];
            Combine op = ops[i];
            for (int k = 0; k < n; k++) {
                at = combine(buffer, at, column, slots[k], op);
            }
        }
        if (kills) {
            for (int k = 0; k < n; k++) {
                killed[slots[k]] |= buffer.get(ValueLayout.JAVA_BYTE, at++) != 0;
            }
        }
    }

    private static long put(MemorySegment buffer, long at, Object column, int slot) {
        switch (column) {
            case int[] c -> buffer.set(ValueLayout.JAVA_INT_UNALIGNED, at, c[slot]);
            case long[] c -> buffer.set(ValueLayout.JAVA_LONG_UNALIGNED, at, c[slot]);
            case float[] c -> buffer.set(ValueLayout.JAVA_FLOAT_UNALIGNED, at, c[slot]);
            case double[] c -> buffer.set(ValueLayout.JAVA_DOUBLE_UNALIGNED, at, c[slot]);
            default -> throw new IllegalArgumentException("column=" + column.getClass().getSimpleName()
                    + " is not written by other agents");
        }
        return at + bytes(column);
    }

    private static long combine(MemorySegment buffer, long at, Object column, int slot, Combine op) {
        switch (column) {
            case int[] c -> {
                int v = buffer.get(ValueLayout.JAVA_INT_UNALIGNED, at);
                c[slot] = op == Combine.SUM ? c[slot] + v : op == Combine.MIN ? Math.min(c[slot], v)
                        : Math.max(c[slot], v);
            }
            case long[] c -> {
                long v = buffer.get(ValueLayout.JAVA_LONG_UNALIGNED, at);
                c[slot] = op == Combine.SUM ? c[slot] + v : op == Combine.MIN ? Math.min(c[slot], v)
                        : Math.max(c[slot], v);
            }
            case float[] c -> {
                float v = buffer.get(ValueLayout.JAVA_FLOAT_UNALIGNED, at);
                c[slot] = op == Combine.SUM ? c[slot] + v : op == Combine.MIN ? Math.min(c[slot], v)
                        : Math.max(c[slot], v);
            }
            case double[] c -> {
                double v = buffer.get(ValueLayout.JAVA_DOUBLE_UNALIGNED, at);
                c[slot] = op == Combine.SUM ? c[slot] + v : op == Combine.MIN ? Math.min(c[slot], v)
                        : Math.max(c[slot], v);
            }
            default -> throw new IllegalArgumentException("column=" + column.getClass().getSimpleName()
                    + " is not written by other agents");
        }
        return at + bytes(column);
    }

    private static int bytes(Object column) {
        return column instanceof long[] || column instanceof double[] ? 8 : 4;
    }

    private static void setIdentity(Object column, int k, Combine op) {
        switch (column) {
            case int[] c -> c[k] = (int) op.identityBits(ScalarType.INT);
            case long[] c -> c[k] = op.identityBits(ScalarType.LONG);
            case float[] c -> c[k] = Float.intBitsToFloat((int) op.identityBits(ScalarType.FLOAT));
            case double[] c -> c[k] = Double.longBitsToDouble(op.identityBits(ScalarType.DOUBLE));
            default -> throw new IllegalArgumentException("column=" + column.getClass().getSimpleName()
                    + " is not written by other agents");
        }
    }
}
