package org.colony.cuda.internal.store;

import java.lang.foreign.MemorySegment;
import java.util.Arrays;

/**
 * Column copies gathered into one launch of {@code colony_copy_rows} (their table uploaded without waiting):
 * {@link #add} them, then {@link #launch}.
 */
final class RowCopies {

    private final AgentDevice device;
    private final String table;
    private long[] entries = new long[8 * 8];
    private int count;
    private long most;

    /**
     * @param device the collection's device, whose agent scratch holds the table and whose stage uploads it
     * @param table the name of the table's scratch buffer, one per call site (queued tables stay untouched)
     */
    RowCopies(AgentDevice device, String table) {
        this.device = device;
        this.table = table;
    }

    /**
     * Adds the copy of {@code n} rows of {@code columns} elements of {@code size} bytes: row j of {@code dst} from
     * row {@code map[j]} of {@code src} (j where {@code map} is 0), column c at {@code c * pitch} elements.
     */
    RowCopies add(long src, long dst, long map, long n, long srcPitch, long dstPitch, int columns, int size) {
        if (n == 0) {
            return this;
        }
        if (8 * (count + 1) > entries.length) {
            entries = Arrays.copyOf(entries, 2 * entries.length);
        }
        int at = 8 * count++;
        entries[at] = src;
        entries[at + 1] = dst;
        entries[at + 2] = map;
        entries[at + 3] = n;
        entries[at + 4] = srcPitch;
        entries[at + 5] = dstPitch;
        entries[at + 6] = columns;
        entries[at + 7] = size;
        most = Math.max(most, n);
        return this;
    }

    /** Launches the copies added, one row of blocks each; nothing when none was added. */
    void launch() {
        if (count == 0) {
            return;
        }
        long bytes = 64L * count;
        long onDevice = device.pool().get(table, bytes);
        device.stage().upload(onDevice, MemorySegment.ofArray(entries), 0, bytes);
        device.run("colony_copy_rows", most, count, p -> p.add(onDevice));
    }
}
