package org.colony.cuda.internal.store;

import org.colony.kernel.ModelInfo;

/**
 * The rows of agents that move between partitions on the device: their layout in the buffers the device transport
 * carries ({@link AgentRows}: ids, new places, attributes), and the copies between those buffers and the columns,
 * each batch in one launch ({@link RowCopies}).
 */
final class MoverRows {

    /** In {@link AgentRows#layout} of these rows: where the ids start, and where the new places start. */
    private static final int IDS = 0;
    private static final int PLACES = 1;

    private final AgentDevice device;
    private final ModelInfo model;
    private final DeviceAgentColumns columns;
    /** The layout of the rows, and their copies. */
    private final AgentRows rows;

    MoverRows(AgentDevice device, ModelInfo model, DeviceAgentColumns columns) {
        this.device = device;
        this.model = model;
        this.columns = columns;
        this.rows = AgentRows.placed(model, columns);
    }

    /** Bytes of {@code c} rows sent between partitions. */
    long bytes(long c) {
        return rows.bytes(c);
    }

    /**
     * Gathers the rows of the movers to each partition into {@code into}, partition after partition: {@code counts[q]}
     * of them, whose slots {@code slotLists} lists partition after partition (ids, new places, attributes).
     */
    void pack(long[] counts, long slotLists, long into) {
        long at = 0;
        RowCopies copies = new RowCopies(device, "round.outTable");
        for (long rowCount : counts) {
            if (rowCount == 0) {
                continue;
            }
            rows.gather(copies, into, 0, slotLists + 4 * at, rowCount, columns.ids(), columns.targets());
            at += rowCount;
            into += rows.bytes(rowCount);
        }
        copies.launch();
    }

    /**
     * Copies the new places of the requests received ({@code counts[s]} from sender s, their rows at {@code from})
     * into {@code requests} and their ids into {@code ids}, after the first {@code n} of each, sender after sender;
     * where the model has a {@code @Priority} attribute, its values too, into the slots after the first {@code n} of
     * its column (which the arrivals overwrite later), so that the requests are ranked by it.
     */
    void unpackRequests(long[] counts, long from, long requests, long ids, long n) {
        long at = n;
        RowCopies copies = new RowCopies(device, "round.inTable");
        for (long rowCount : counts) {
            if (rowCount > 0) {
                long[] lay = rows.layout(rowCount);
                copies.add(from + lay[PLACES], requests + 8 * at, 0L, rowCount, rowCount, rowCount, 1, 8);
                copies.add(from + lay[IDS], ids + 8 * at, 0L, rowCount, rowCount, rowCount, 1, 8);
                int ranked = model.priority();
                if (ranked >= 0) {
                    int size = model.attributes().get(ranked).type().bytes();
                    copies.add(from + lay[rows.attribute(ranked)],
                            columns.current()[ranked].pointer() + (long) size * at, 0L, rowCount, rowCount,
                            columns.slots(), 1, size);
                }
                at += rowCount;
                from += rows.bytes(rowCount);
            }
        }
        copies.launch();
    }

    /**
     * Puts the rows received ({@code counts[s]} from sender s, at {@code from}) into the slots after the first
     * {@code n}, sender after sender: places and attributes (the ids are in place already, see
     * {@link #unpackRequests}). Each sender's rows end a run: its end goes into {@code bounds} after the
     * {@code runCount} runs there; returns the runs then.
     */
    int unpackArrivals(long[] counts, long from, long n, int[] bounds, int runCount) {
        long to = n;
        RowCopies copies = new RowCopies(device, "round.arriveTable");
        for (long rowCount : counts) {
            if (rowCount == 0) {
                continue;
            }
            // (their ids are in place: settleRound put them there, as it settles every round that receives)
            rows.scatter(copies, from, to, rowCount, null, columns.locations());
            to += rowCount;
            from += rows.bytes(rowCount);
            bounds[runCount + 1] = (int) to;
            runCount++;
        }
        copies.launch();
        return runCount;
    }
}
