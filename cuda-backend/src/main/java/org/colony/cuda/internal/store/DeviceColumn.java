package org.colony.cuda.internal.store;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import org.colony.cuda.internal.device.DeviceBuffer;
import org.colony.cuda.internal.device.DeviceErrors;
import org.colony.cuda.internal.launch.CudaContext;
import org.colony.cuda.internal.launch.Grids;
import org.colony.cuda.internal.launch.KernelParams;
import org.colony.kernel.ScalarType;
import org.colony.runtime.reduce.Bins;

/**
 * Counts the values of a column on the device into bins ({@code colony_bin_counts} in {@code support.cu}, the
 * arithmetic of {@link Bins#bin}), so only the counts are downloaded. The values are {@code rows} rows of {@code
 * length} elements: row {@code r} starts at element {@code base + (r % extent1) * strideY + (r / extent1) * strideZ}
 * (the owned cells of a place block), or one row from element 0 (the first slots of an agent column).
 *
 * @param column the device address of the column's element 0
 * @param type the column's type
 * @param rows the number of rows
 * @param length the values in a row
 * @param extent1 the rows of a plane
 * @param base the element where row 0 starts
 * @param strideY the elements from a row to the next of its plane
 * @param strideZ the elements from a plane to the next
 */
record DeviceBins(long column, ScalarType type, long rows, long length, int extent1, long base, long strideY,
        long strideZ) {

    private static final String KERNEL = "colony_bin_counts";

    /** {@return the first {@code count} elements of {@code column}, as one row} */
    static DeviceBins slots(long column, ScalarType type, long count) {
        return new DeviceBins(column, type, 1, count, 1, 0, 0, 0);
    }

    /**
     * {@return the counts of the values in {@code bins}: the bins, then below, above and NaN, as {@link Bins#count}
     * gives them for the same values} Waits for the device and reports its errors.
     *
     * @param cx the context the column lives in
     * @param params the parameter list to launch with (begun here)
     * @param errors the device's error record
     * @param bins the bins
     */
    long[] count(CudaContext cx, KernelParams params, DeviceErrors errors, Bins bins) {
        long[] out = new long[bins.counts()];
        long values = rows * length;
        if (values == 0) {
            return out;
        }
        try (DeviceBuffer counts = DeviceBuffer.zeroed(8L * out.length); Arena arena = Arena.ofConfined()) {
            KernelParams p = params.begin();
            p.add(column).addInt(type.ordinal()).add(rows).add(length).addInt(extent1).add(base).add(strideY)
                    .add(strideZ).add(bins.lo(), ScalarType.DOUBLE).add(bins.hi(), ScalarType.DOUBLE)
                    .addInt(bins.bins()).add(counts.pointer());
            cx.launch(cx.support().function(KERNEL), Grids.blocks(values), 1, 1, Grids.THREADS, 1, 1, p, false,
                    KERNEL);
            MemorySegment host = arena.allocate(8L * out.length);
            counts.download(host, 0, host.byteSize());
            errors.check();
            MemorySegment.copy(host, ValueLayout.JAVA_LONG, 0, out, 0, out.length);
        }
        return out;
    }
}
