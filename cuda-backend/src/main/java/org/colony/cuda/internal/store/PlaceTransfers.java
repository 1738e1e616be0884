package org.colony.cuda.internal.store;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.reflect.Array;
import org.colony.cuda.internal.bind.Driver;
import org.colony.cuda.internal.device.DeviceBuffer;
import org.colony.cuda.internal.device.DeviceErrors;
import org.colony.kernel.AttributeInfo;
import org.colony.kernel.Layout;
import org.colony.runtime.grid.Grid;
import org.colony.runtime.storage.HostCopy;

/**
 * Copies between a block's columns on the device and the driver's arrays: a whole element of an attribute (the
 * block's owned cells, in the grid's order), or one value. The column's stored halo is left out both ways.
 */
final class PlaceTransfers {

    /** A run of owned cells of one row: where it is stored, its global index, its length. */
    @FunctionalInterface
    private interface Row {
        void accept(long storage, long global, int length);
    }

    private final Grid grid;
    private final DeviceErrors errors;

    PlaceTransfers(Grid grid, DeviceErrors errors) {
        this.grid = grid;
        this.errors = errors;
    }

    /** Copies element {@code element} of {@code column} (owned cells of {@code layout}) into {@code target}. */
    void read(DeviceBuffer column, AttributeInfo info, Layout layout, long pitch, int element, Object target) {
        try (Arena a = Arena.ofConfined()) {
            MemorySegment host = a.allocate((long) info.type().bytes() * pitch);
            column.download(host, (long) element * pitch * info.type().bytes(), host.byteSize());
            errors.check();
            forEachRow(layout, (storage, global, length) -> HostCopy.fromSegment(host, storage * info.type().bytes(),
                    target, (int) global, length, info.type()));
        }
    }

    /** Copies {@code source} into element {@code element} of {@code column} (owned cells of {@code layout}). */
    void write(DeviceBuffer column, AttributeInfo info, Layout layout, long pitch, int element, Object source) {
        try (Arena a = Arena.ofConfined()) {
            MemorySegment host = a.allocate((long) info.type().bytes() * pitch);
            forEachRow(layout, (storage, global, length) -> HostCopy.toSegment(source, (int) global, host,
                    storage * info.type().bytes(), length, info.type()));
            Driver.copyToDevice(column.pointer() + (long) element * pitch * info.type().bytes(), host,
                    host.byteSize());
        }
    }

    /** {@return the value of element {@code element} of {@code column} at the grid's place {@code index}} */
    Object value(DeviceBuffer column, AttributeInfo info, Layout layout, long pitch, int element, long index) {
        int x = (int) (index % grid.size(0));
        long rest = index / grid.size(0);
        int y = (int) (rest % grid.size(1));
        int z = (int) (rest / grid.size(1));
        long storage = layout.storageIndex(x - layout.origin0(), y - layout.origin1(), z - layout.origin2());
        try (Arena a = Arena.ofConfined()) {
            MemorySegment host = a.allocate(8);
            int bytes = info.type().bytes();
            column.download(host, ((long) element * pitch + storage) * bytes, bytes);
            errors.check();
            Object one = info.type().newArray(1);
            HostCopy.fromSegment(host, 0, one, 0, 1, info.type());
            return Array.get(one, 0);
        }
    }

    private void forEachRow(Layout layout, Row row) {
        for (int r = 0; r < layout.rows(); r++) {
            int ly = r % layout.extent1();
            int lz = r / layout.extent1();
            long global = grid.index(layout.origin0(), layout.origin1() + ly, layout.origin2() + lz);
            row.accept(layout.storageIndex(0, ly, lz), global, layout.extent0());
        }
    }
}
