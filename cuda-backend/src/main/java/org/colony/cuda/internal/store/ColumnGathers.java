package org.colony.cuda.internal.store;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.colony.cuda.internal.device.DeviceBuffer;
import org.colony.runtime.spi.Closeables;

/**
 * The gathers of a compaction that keeps the columns' size: each column gathered through a map of slots into a spare
 * buffer of its size, which becomes the column, while the old column becomes a spare (no copy back). Up to
 * {@link #PER_LAUNCH} columns go in one launch of {@code colony_gather_columns} (one row of blocks a column), so
 * every column of a launch needs a spare of its own: the spares are kept by size, as many of a size as one launch
 * gathered columns of it (a launch's old columns are spares for the next launch of the call: it runs after).
 */
final class ColumnGathers {

    /** The most columns one launch gathers (the kernel's parameters). */
    static final int PER_LAUNCH = 8;
    /** The most element columns of one buffer a launch gathers (a byte of the kernel's parameters each). */
    private static final int MOST_ELEMENTS = 255;

    private final AgentDevice device;
    private final Map<Long, Deque<DeviceBuffer>> spares = new HashMap<>();

    ColumnGathers(AgentDevice device) {
        this.device = device;
    }

    /**
     * Gathers the first {@code n} slots of each column through {@code map} (new slot to old slot; every column's
     * pitch is {@code pitch} elements), in launches of up to {@link #PER_LAUNCH} columns; returns the new columns, in
     * order, and keeps the old ones as spares. Column {@code i} holds {@code elements[i]} element columns of
     * {@code sizes[i]} bytes (1, 2, 4 or 8).
     */
    DeviceBuffer[] gather(DeviceBuffer[] columns, int[] sizes, int[] elements, long map, long n, long pitch) {
        DeviceBuffer[] out = columns.clone();
        if (n == 0) {
            return out;
        }
        List<Integer> batch = new ArrayList<>();
        for (int i = 0; i < columns.length; i++) {
            out[i] = spare(columns[i].bytes());
            if (elements[i] > MOST_ELEMENTS) { // (an array attribute of more elements: a launch of its own)
                device.gather(columns[i].pointer(), out[i].pointer(), map, n, pitch, pitch, elements[i], sizes[i]);
                keep(columns[i]);
                continue;
            }
            batch.add(i);
            if (batch.size() == PER_LAUNCH) {
                launch(batch, columns, out, sizes, elements, map, n, pitch);
                batch.clear();
            }
        }
        launch(batch, columns, out, sizes, elements, map, n, pitch);
        return out;
    }

    /** Keeps a column a launch has read as a spare (later launches of the device run after it). */
    private void keep(DeviceBuffer old) {
        spares.computeIfAbsent(old.bytes(), b -> new ArrayDeque<>()).push(old);
    }

    /** One launch for the columns {@code batch} names (none: nothing). */
    private void launch(List<Integer> batch, DeviceBuffer[] from, DeviceBuffer[] to, int[] sizes, int[] elements,
            long map, long n, long pitch) {
        if (batch.isEmpty()) {
            return;
        }
        long sizeBytes = 0;
        long elementBytes = 0;
        for (int k = 0; k < batch.size(); k++) {
            sizeBytes |= (long) sizes[batch.get(k)] << (8 * k);
            elementBytes |= (long) elements[batch.get(k)] << (8 * k);
        }
        long s = sizeBytes;
        long e = elementBytes;
        device.run("colony_gather_columns", n, batch.size(), p -> {
            p.add(map).add(n).add(pitch).add(s).add(e);
            for (int k = 0; k < PER_LAUNCH; k++) {
                p.add(k < batch.size() ? from[batch.get(k)].pointer() : 0L);
                p.add(k < batch.size() ? to[batch.get(k)].pointer() : 0L);
            }
        });
        for (int i : batch) {
            keep(from[i]);
        }
    }

    /** A spare buffer of {@code bytes} bytes (a new one where none is kept). */
    private DeviceBuffer spare(long bytes) {
        Deque<DeviceBuffer> kept = spares.get(bytes);
        return kept == null || kept.isEmpty() ? DeviceBuffer.pooled(bytes) : kept.pop();
    }

    /** Bytes the spares hold. */
    long bytes() {
        long b = 0;
        for (Deque<DeviceBuffer> kept : spares.values()) {
            for (DeviceBuffer spare : kept) {
                b += spare.bytes();
            }
        }
        return b;
    }

    /** Frees the spares. */
    void close() {
        List<DeviceBuffer> all = new ArrayList<>();
        spares.values().forEach(all::addAll);
        spares.clear();
        Closeables.closeAll(all);
    }
}
