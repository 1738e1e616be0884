package org.colony.cuda.internal.store;

import org.colony.cuda.internal.device.DeviceBuffer;
import org.colony.kernel.AttributeInfo;
import org.colony.kernel.ModelInfo;

/**
 * The rows of agents that move between partitions on the device: their layout in the buffers the device transport
 * carries, and the copies between those buffers and the columns, each batch in one launch ({@link RowCopies}).
 */
final class MoverRows {

    /** In {@link #layout}: where the ids start, where the new places start, and where attribute 0 starts. */
    static final int IDS = 0;
    static final int PLACES = 1;
    static final int ATTRIBUTES = 2;

    private final AgentDevice device;
    private final ModelInfo model;
    private final DeviceAgentColumns columns;

    MoverRows(AgentDevice device, ModelInfo model, DeviceAgentColumns columns) {
        this.device = device;
        this.model = model;
        this.columns = columns;
    }

    /**
     * Where the columns of {@code rowCount} rows sent between partitions start, in bytes: ids ({@link #IDS}), new places
     * ({@link #PLACES}), then each attribute's element columns (element after element, attribute a at
     * {@code ATTRIBUTES + a}), every column 16-byte aligned; the last entry is the size of the whole. The rows are
     * laid out here and copied by {@link RowCopies}; no kernel reads them as a struct.
     */
    long[] layout(long rowCount) {
        int attributes = columns.current().length;
        long[] at = new long[ATTRIBUTES + attributes + 1];
        at[IDS] = 0;
        at[PLACES] = at[IDS] + align(8 * rowCount);
        at[ATTRIBUTES] = at[PLACES] + align(8 * rowCount);
        for (int a = 0; a < attributes; a++) {
            AttributeInfo info = model.attributes().get(a);
            at[ATTRIBUTES + a + 1] = at[ATTRIBUTES + a] + align((long) info.type().bytes() * info.columns() * rowCount);
        }
        return at;
    }

    /** Bytes of {@code c} rows sent between partitions. */
    long bytes(long c) {
        return c == 0 ? 0 : layout(c)[ATTRIBUTES + columns.current().length];
    }

    private static long align(long bytes) {
        return (bytes + 15) & ~15L;
    }

    /**
     * Gathers the rows of the movers to each partition into {@code rows}, partition after partition: {@code counts[q]}
     * of them, whose slots {@code slotLists} lists partition after partition (ids, new places, attributes).
     */
    void pack(long[] counts, long slotLists, long rows) {
        long at = 0;
        RowCopies copies = new RowCopies(device, "round.outTable");
        DeviceBuffer[] current = columns.current();
        long slots = columns.slots();
        for (long rowCount : counts) {
            if (rowCount == 0) {
                continue;
            }
            long[] lay = layout(rowCount);
            long map = slotLists + 4 * at;
            copies.add(columns.ids().pointer(), rows + lay[IDS], map, rowCount, slots, rowCount, 1, 8);
            copies.add(columns.targets().pointer(), rows + lay[PLACES], map, rowCount, slots, rowCount, 1, 8);
            for (int a = 0; a < current.length; a++) {
                AttributeInfo info = model.attributes().get(a);
                copies.add(current[a].pointer(), rows + lay[ATTRIBUTES + a], map, rowCount, slots, rowCount,
                        info.columns(), info.type().bytes());
            }
            at += rowCount;
            rows += lay[ATTRIBUTES + current.length];
        }
        copies.launch();
    }

    /**
     * Copies the new places of the requests received ({@code counts[s]} from sender s, their rows at {@code rows})
     * into {@code requests} and their ids into {@code ids}, after the first {@code n} of each, sender after sender;
     * where the model has a {@code @Priority} attribute, its values too, into the slots after the first {@code n} of
     * its column (which the arrivals overwrite later), so that the requests are ranked by it.
     */
    void unpackRequests(long[] counts, long rows, long requests, long ids, long n) {
        long at = n;
        RowCopies copies = new RowCopies(device, "round.inTable");
        for (long rowCount : counts) {
            if (rowCount > 0) {
                long[] lay = layout(rowCount);
                copies.add(rows + lay[PLACES], requests + 8 * at, 0L, rowCount, rowCount, rowCount, 1, 8);
                copies.add(rows + lay[IDS], ids + 8 * at, 0L, rowCount, rowCount, rowCount, 1, 8);
                int ranked = model.priority();
                if (ranked >= 0) {
                    int size = model.attributes().get(ranked).type().bytes();
                    copies.add(rows + lay[ATTRIBUTES + ranked], columns.current()[ranked].pointer() + (long) size * at,
                            0L, rowCount, rowCount, columns.slots(), 1, size);
                }
                at += rowCount;
                rows += lay[ATTRIBUTES + columns.current().length];
            }
        }
        copies.launch();
    }

    /**
     * Puts the rows received ({@code counts[s]} from sender s, at {@code rows}) into the slots after the first
     * {@code n}, sender after sender: places and attributes (the ids are in place already, see
     * {@link #unpackRequests}). Each sender's rows end a run: its end goes into {@code bounds} after the
     * {@code runCount} runs there; returns the runs then.
     */
    int unpackArrivals(long[] counts, long rows, long n, int[] bounds, int runCount) {
        long to = n;
        RowCopies copies = new RowCopies(device, "round.arriveTable");
        DeviceBuffer[] current = columns.current();
        long slots = columns.slots();
        for (long rowCount : counts) {
            if (rowCount == 0) {
                continue;
            }
            long[] lay = layout(rowCount);
            // (their ids are in place: settleRound put them there, as it settles every round that receives)
            copies.add(rows + lay[PLACES], columns.locations().pointer() + 8 * to, 0L, rowCount, rowCount, slots, 1, 8);
            for (int a = 0; a < current.length; a++) {
                AttributeInfo info = model.attributes().get(a);
                int size = info.type().bytes();
                copies.add(rows + lay[ATTRIBUTES + a], current[a].pointer() + (long) size * to, 0L, rowCount,
                        rowCount, slots, info.columns(), size);
            }
            to += rowCount;
            rows += lay[ATTRIBUTES + current.length];
            bounds[runCount + 1] = (int) to;
            runCount++;
        }
        copies.launch();
        return runCount;
    }
}
