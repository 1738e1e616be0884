package org.colony.cuda.internal.store;

import static java.lang.foreign.MemoryLayout.PathElement.groupElement;
import static java.lang.foreign.ValueLayout.JAVA_LONG;

import java.lang.foreign.MemoryLayout;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.StructLayout;
import java.util.Arrays;

/**
 * Column copies gathered into one launch of {@code colony_copy_rows} (their table in its parameters, or uploaded
 * without waiting where it is larger):
 * {@link #add} them, then {@link #launch}. The table is one {@link #ENTRY} per copy, as {@code support.cu} reads it.
 */
final class RowCopies {

    /**
     * One entry of the table {@code colony_copy_rows} reads ({@code support.cu}), one per row of blocks: copy
     * {@code n} rows of {@code columns} elements of {@code size} bytes, row j of {@code dst} from row {@code map[j]} of
     * {@code src}, pitches in elements.
     */
    static final StructLayout ENTRY = MemoryLayout.structLayout(
            JAVA_LONG.withName("src"),
            JAVA_LONG.withName("dst"),
            JAVA_LONG.withName("map"),
            JAVA_LONG.withName("n"),
            JAVA_LONG.withName("srcPitch"),
            JAVA_LONG.withName("dstPitch"),
            JAVA_LONG.withName("columns"),
            JAVA_LONG.withName("size")).withName("entry");

    /** The longs of one entry. */
    private static final int LONGS = (int) (ENTRY.byteSize() / Long.BYTES);
    private static final int SRC = index("src");
    private static final int DST = index("dst");
    private static final int MAP = index("map");
    private static final int N = index("n");
    private static final int SRC_PITCH = index("srcPitch");
    private static final int DST_PITCH = index("dstPitch");
    private static final int COLUMNS = index("columns");
    private static final int SIZE = index("size");

    private final AgentDevice device;
    private final String table;
    private long[] entries = new long[8 * LONGS];
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
        if (LONGS * (count + 1) > entries.length) {
            entries = Arrays.copyOf(entries, 2 * entries.length);
        }
        int at = LONGS * count++;
        entries[at + SRC] = src;
        entries[at + DST] = dst;
        entries[at + MAP] = map;
        entries[at + N] = n;
        entries[at + SRC_PITCH] = srcPitch;
        entries[at + DST_PITCH] = dstPitch;
        entries[at + COLUMNS] = columns;
        entries[at + SIZE] = size;
        most = Math.max(most, n);
        return this;
    }

    /** The index of field {@code field} in the longs of an entry. */
    static int index(String field) {
        return (int) (ENTRY.byteOffset(groupElement(field)) / Long.BYTES);
    }

    /**
     * Launches the copies added, one row of blocks each; nothing when none was added. A table that fits in the
     * parameters ({@link AgentDevice#TABLE_LONGS}) goes with the launch, a larger one is uploaded first.
     */
    void launch() {
        if (count == 0) {
            return;
        }
        if (LONGS * count <= AgentDevice.TABLE_LONGS) {
            device.runWithTable("colony_copy_rows_inline", most, count, entries, LONGS * count, p -> { });
            return;
        }
        long bytes = ENTRY.byteSize() * count;
        long onDevice = device.pool().get(table, bytes);
        device.stage().upload(onDevice, MemorySegment.ofArray(entries), 0, bytes);
        device.run("colony_copy_rows", most, count, p -> p.add(onDevice));
    }
}
