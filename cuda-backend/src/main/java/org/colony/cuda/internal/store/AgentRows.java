package org.colony.cuda.internal.store;

import org.colony.cuda.internal.device.DeviceBuffer;
import org.colony.kernel.AttributeInfo;
import org.colony.kernel.ModelInfo;

/**
 * A block of an agent collection's rows packed for a copy in one piece: some of its columns (ids, places, ...), then
 * each attribute's element columns, column after column, every column 16-byte aligned. The movers between partitions
 * ({@link MoverRows}), the children born on other partitions' places ({@link CrossBirths}) and the agents staged
 * through host memory ({@link AgentHostBridge}) travel so; the copies between such rows and the columns are added to a
 * {@link RowCopies}. No kernel reads the rows as a struct.
 */
final class AgentRows {

    /** The collection's model, whose attributes follow the columns before them. */
    private final ModelInfo model;
    /** The collection's columns, their buffers and slots read at each copy (they change with the population). */
    private final DeviceAgentColumns columns;
    /** The bytes of an element of each column before the attributes, in their order. */
    private final int[] sizes;

    /**
     * @param model the collection's model
     * @param columns the collection's columns (null where only the layout is asked for)
     * @param sizes the bytes of an element of each column before the attributes (one element a row), in their order
     */
    AgentRows(ModelInfo model, DeviceAgentColumns columns, int... sizes) {
        this.model = model;
        this.columns = columns;
        this.sizes = sizes.clone();
    }

    /** {@return rows of ids and places (8 bytes each), then the attributes} */
    static AgentRows placed(ModelInfo model, DeviceAgentColumns columns) {
        return new AgentRows(model, columns, 8, 8);
    }

    /** {@return rows of ids, places (8 bytes each) and ordinals (4 bytes), then the attributes} */
    static AgentRows ordered(ModelInfo model, DeviceAgentColumns columns) {
        return new AgentRows(model, columns, 8, 8, 4);
    }

    /** {@return the index in {@link #layout} of attribute {@code a}'s first column} */
    int attribute(int a) {
        return sizes.length + a;
    }

    /**
     * {@return where each column of {@code c} rows starts, in bytes: the columns before the attributes, then each
     * attribute's element columns (attribute a at {@link #attribute}), every column 16-byte aligned; the last entry
     * is the size of the whole}
     */
    long[] layout(long c) {
        int attributes = model.attributes().size();
        long[] at = new long[sizes.length + attributes + 1];
        for (int i = 0; i < sizes.length; i++) {
            at[i + 1] = at[i] + align(sizes[i] * c);
        }
        for (int a = 0; a < attributes; a++) {
            AttributeInfo info = model.attributes().get(a);
            at[attribute(a) + 1] = at[attribute(a)] + align((long) info.type().bytes() * info.columns() * c);
        }
        return at;
    }

    /** {@return the bytes of {@code c} rows (none for none)} */
    long bytes(long c) {
        return c == 0 ? 0 : layout(c)[sizes.length + model.attributes().size()];
    }

    /**
     * Adds the copies of {@code c} agents into the rows at {@code rows}: row j from slot {@code first + map[j]}
     * (slot {@code first + j} where {@code map} is 0), of {@code fixed} (the columns before the attributes, in their
     * order) and of every attribute.
     */
    void gather(RowCopies copies, long rows, long first, long map, long c, DeviceBuffer... fixed) {
        long[] lay = layout(c);
        long slots = columns.slots();
        for (int i = 0; i < sizes.length; i++) {
            copies.add(fixed[i].pointer() + (long) sizes[i] * first, rows + lay[i], map, c, slots, c, 1, sizes[i]);
        }
        DeviceBuffer[] current = columns.current();
        for (int a = 0; a < current.length; a++) {
            AttributeInfo info = model.attributes().get(a);
            int size = info.type().bytes();
            copies.add(current[a].pointer() + (long) size * first, rows + lay[attribute(a)], map, c, slots, c,
                    info.columns(), size);
        }
    }

    /**
     * Adds the copies of the {@code c} rows at {@code rows} into slots {@code [to, to + c)}: the columns before the
     * attributes into {@code fixed} (in their order; one that is null is not copied), the attributes into theirs.
     */
    void scatter(RowCopies copies, long rows, long to, long c, DeviceBuffer... fixed) {
        long[] lay = layout(c);
        long slots = columns.slots();
        for (int i = 0; i < sizes.length; i++) {
            if (fixed[i] != null) {
                copies.add(rows + lay[i], fixed[i].pointer() + (long) sizes[i] * to, 0L, c, c, slots, 1, sizes[i]);
            }
        }
        DeviceBuffer[] current = columns.current();
        for (int a = 0; a < current.length; a++) {
            AttributeInfo info = model.attributes().get(a);
            int size = info.type().bytes();
            copies.add(rows + lay[attribute(a)], current[a].pointer() + (long) size * to, 0L, c, c, slots,
                    info.columns(), size);
        }
    }

    /** {@code bytes} rounded up to 16. */
    static long align(long bytes) {
        return (bytes + 15) & ~15L;
    }
}
