package org.colony.cuda.internal.store;

import java.lang.foreign.MemorySegment;
import java.util.List;
import org.colony.runtime.grid.Region;

/**
 * Device memory as the runtime's device transports carry it: a device address as a {@link MemorySegment} that is
 * never read on the host, and such memory cut into pieces one after another.
 */
final class DeviceSlices {

    private DeviceSlices() {
    }

    /** Device memory, as the transport carries it. */
    @SuppressWarnings("restricted") // a device address as a segment, never read on the host
    static MemorySegment device(long pointer, long bytes) {
        return MemorySegment.ofAddress(pointer).reinterpret(bytes);
    }

    /** Device memory from {@code base} on, cut into pieces of {@code bytes[i]} one after another. */
    static MemorySegment[] pieces(long base, long[] bytes) {
        MemorySegment[] out = new MemorySegment[bytes.length];
        long at = base;
        for (int i = 0; i < out.length; i++) {
            out[i] = device(at, bytes[i]);
            at += bytes[i];
        }
        return out;
    }

    /** The bytes of each region's counts, 4 a cell. */
    static long[] countBytes(List<Region> regions) {
        return regions.stream().mapToLong(r -> 4 * Math.max(0, r.cells())).toArray();
    }

    /** The cells of all {@code regions} (none for an empty one). */
    static long cells(List<Region> regions) {
        long cellsIn = 0;
        for (Region r : regions) {
            cellsIn += Math.max(0, r.cells());
        }
        return cellsIn;
    }
}
