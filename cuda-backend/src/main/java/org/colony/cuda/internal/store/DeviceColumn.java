package org.colony.cuda.internal.store;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import org.colony.ColonyException;
import org.colony.cuda.internal.bind.Driver;
import org.colony.cuda.internal.device.DeviceBuffer;
import org.colony.cuda.internal.device.DeviceErrors;
import org.colony.cuda.internal.launch.CudaContext;
import org.colony.cuda.internal.launch.Grids;
import org.colony.cuda.internal.launch.KernelParams;
import org.colony.kernel.ScalarType;
import org.colony.runtime.reduce.Bins;
import org.colony.runtime.reduce.ColumnAccumulator;
import org.colony.runtime.reduce.Extremes;

/**
 * The values of a column on the device, and their statistics computed there so only the results are downloaded: the
 * counts in bins ({@code colony_bin_counts} in {@code support.cu}, the arithmetic of {@link Bins#bin}), the
 * extremes ({@code colony_extremes}, the order of {@link Extremes}) and the partial reductions ({@code colony_reduce},
 * exact sums as {@link ColumnAccumulator} keeps them, with the extremes). The values are {@code rows} rows of {@code
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
record DeviceColumn(long column, ScalarType type, long rows, long length, int extent1, long base, long strideY,
        long strideZ) {

    private static final String BINS = "colony_bin_counts";
    private static final String EXTREMES = "colony_extremes";
    private static final String REDUCE = "colony_reduce";
    /**
     * The most blocks of a reduction: more values per thread let a thread add more of them in registers before it
     * adds its digits to its block's in shared memory.
     */
    private static final int REDUCE_BLOCKS = 1024;

    /** {@return the first {@code count} elements of {@code column}, as one row} */
    static DeviceColumn slots(long column, ScalarType type, long count) {
        return new DeviceColumn(column, type, 1, count, 1, 0, 0, 0);
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
    long[] histogram(CudaContext cx, KernelParams params, DeviceErrors errors, Bins bins) {
        if (rows * length == 0) {
            return new long[bins.counts()];
        }
        try (DeviceBuffer counts = DeviceBuffer.pooled(histogramBytes(bins))) {
            return histogram(cx, params, errors, bins, counts.pointer());
        }
    }

    /** {@return the device memory {@link #histogram} counts in: the counts, then the device's error record} */
    static long histogramBytes(Bins bins) {
        return 8L * bins.counts() + DeviceErrors.BYTES;
    }

    /**
     * As {@link #histogram(CudaContext, KernelParams, DeviceErrors, Bins)}, counting in {@code counts}: device memory
     * of {@link #histogramBytes} bytes whose counts are zero, for a caller that keeps such room (zeroed by a kernel,
     * so that its launches and these are one run of launches).
     */
    long[] histogram(CudaContext cx, KernelParams params, DeviceErrors errors, Bins bins, long counts) {
        long[] out = new long[bins.counts()];
        long values = rows * length;
        if (values == 0) {
            return out;
        }
        try (Arena arena = Arena.ofConfined()) {
            count(cx, params, bins, counts, 0L);
            MemorySegment host = download(cx, params, counts, 8L * out.length, errors, arena);
            MemorySegment.copy(host, ValueLayout.JAVA_LONG, 0, out, 0, out.length);
        }
        return out;
    }

    /**
     * Launches the count of {@link #histogram} into {@code counts} (zeroed, {@link #histogramBytes} bytes), leaving out
     * a value where the byte of {@code skip} at its element's index (from {@link #column}) is set: for the one row of
     * an agent column, its slot ({@code skip} 0: none). No wait; nothing where there are no values.
     *
     * @param cx the context the column lives in
     * @param params the parameter list to launch with (begun here)
     * @param bins the bins
     * @param counts where the counts go
     * @param skip a byte a value, or 0
     */
    void count(CudaContext cx, KernelParams params, Bins bins, long counts, long skip) {
        long values = rows * length;
        if (values == 0) {
            return;
        }
        KernelParams p = params.begin();
        p.add(column).addInt(type.ordinal()).add(rows).add(length).addInt(extent1).add(base).add(strideY)
                .add(strideZ).add(bins.lo(), ScalarType.DOUBLE).add(bins.hi(), ScalarType.DOUBLE)
                .addInt(bins.bins()).add(counts).add(skip);
        cx.launch(cx.support().function(BINS), Grids.blocks(values), 1, 1, Grids.THREADS, 1, 1, p, false, BINS);
    }

    /**
     * {@return the least and greatest values and their count, as {@code Extremes.of(reduce)} gives them on the host
     * (a NaN as the canonical NaN)} Waits for the device and reports its errors.
     *
     * @param cx the context the column lives in
     * @param params the parameter list to launch with (begun here)
     * @param errors the device's error record
     */
    Extremes extremes(CudaContext cx, KernelParams params, DeviceErrors errors) {
        long values = rows * length;
        long[] words = words(cx, params, errors, EXTREMES, Grids.blocks(values), 3);
        if (type.isFloating()) {
            boolean none = values == 0 || words[2] != 0;
            return new Extremes(none ? Double.NaN : ReductionWords.fromKey(~words[0]),
                    none ? Double.NaN : ReductionWords.fromKey(words[1]), 0, 0, values);
        }
        long least = ~words[0] ^ Long.MIN_VALUE;
        long greatest = words[1] ^ Long.MIN_VALUE;
        return new Extremes(values == 0 ? Double.NaN : least, values == 0 ? Double.NaN : greatest, least, greatest,
                values);
    }

    /**
     * {@return the partial reduction (exact sum, extremes, count) that {@link ColumnAccumulator#addRow} makes of the
     * same values on the host, reduced on the device so only {@link ReductionWords#WORDS} words are downloaded} Waits
     * for the device and reports its errors.
     *
     * @param cx the context the column lives in
     * @param params the parameter list to launch with (begun here)
     * @param errors the device's error record
     */
    ColumnAccumulator partial(CudaContext cx, KernelParams params, DeviceErrors errors) {
        long values = rows * length;
        if (values > ReductionWords.MOST_VALUES) {
            throw new ColonyException("a column too long to reduce on the device: values=" + values + " most="
                    + ReductionWords.MOST_VALUES);
        }
        int blocks = Math.min(Grids.blocks(values), REDUCE_BLOCKS);
        return ReductionWords.accumulator(type, values, words(cx, params, errors, REDUCE, blocks, ReductionWords.WORDS));
    }

    /**
     * {@return the {@code count} words a kernel of this column's parameters, then the words' address, combined into
     * them from zeros; zeros without a launch where there are no values} Waits for the device and reports its errors.
     */
    private long[] words(CudaContext cx, KernelParams params, DeviceErrors errors, String kernel, int blocks,
            int count) {
        long[] words = new long[count];
        if (rows * length == 0) {
            return words;
        }
        long bytes = 8L * count;
        try (DeviceBuffer out = DeviceBuffer.pooled(bytes + DeviceErrors.BYTES); Arena arena = Arena.ofConfined()) {
            KernelParams p = params.begin();
            p.add(column).addInt(type.ordinal()).add(rows).add(length).addInt(extent1).add(base).add(strideY)
                    .add(strideZ).add(out.pointer());
            cx.launch(cx.support().function(kernel), blocks, 1, 1, Grids.THREADS, 1, 1, p, false, kernel);
            MemorySegment host = download(cx, params, out.pointer(), bytes, errors, arena);
            MemorySegment.copy(host, ValueLayout.JAVA_LONG, 0, words, 0, count);
        }
        return words;
    }

    /**
     * Downloads the first {@code bytes} of {@code result} with the device's error record behind them
     * ({@link CudaContext#copyErrorsTo}: one wait brings both) and throws for a failure the record holds.
     */
    private static MemorySegment download(CudaContext cx, KernelParams params, long result, long bytes,
            DeviceErrors errors, Arena arena) {
        cx.copyErrorsTo(result + bytes, params);
        MemorySegment host = arena.allocate(bytes + DeviceErrors.BYTES, 8);
        Driver.copyToHost(host, result, host.byteSize());
        errors.check(host.asSlice(bytes, DeviceErrors.BYTES));
        return host;
    }
}
