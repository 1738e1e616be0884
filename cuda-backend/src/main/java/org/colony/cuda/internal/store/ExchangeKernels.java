package org.colony.cuda.internal.store;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import org.colony.cuda.internal.device.DeviceBuffer;
import org.colony.cuda.internal.device.DeviceErrors;
import org.colony.cuda.internal.launch.CudaContext;
import org.colony.cuda.internal.launch.Frames;
import org.colony.cuda.internal.launch.KernelParams;
import org.colony.kernel.Layout;
import org.colony.runtime.grid.Region;

/**
 * The copies between a block's element columns and the device buffers partitions exchange: a box of cells packed or
 * unpacked ({@code colony_pack_}, {@code colony_unpack_}) or copied straight into another block's column on the device
 * ({@code colony_copy_}), a list of cells gathered ({@code colony_cells_}), a torus's halo filled from its own cells
 * ({@code colony_wrap_fill_}), and the buffers themselves, which the block closes with its own.
 */
final class ExchangeKernels {

    private final CudaContext cx;
    private final KernelParams params;
    private final DeviceErrors errors;
    private final List<DeviceBuffer> buffers = new ArrayList<>();
    /** The storage indices this block of a partitioned graph sends, by the array the runtime names them with. */
    private final Map<int[], DeviceBuffer> gathers = new IdentityHashMap<>();

    /**
     * @param cx the block's context
     * @param params the block's kernel parameters, begun again for each launch
     * @param errors where the kernels report a failure
     */
    ExchangeKernels(CudaContext cx, KernelParams params, DeviceErrors errors) {
        this.cx = cx;
        this.params = params;
        this.errors = errors;
    }

    /** {@return a zeroed exchange buffer of {@code bytes} bytes in device memory, as a segment of its address} */
    @SuppressWarnings("restricted") // a device address as a segment, never read on the host
    MemorySegment buffer(long bytes) {
        DeviceBuffer b = DeviceBuffer.zeroed(Math.max(8, bytes));
        buffers.add(b);
        return MemorySegment.ofAddress(b.pointer()).reinterpret(bytes);
    }

    /**
     * Copies the cells {@code cells} (storage indices) of the element column at {@code column}, each {@code size}
     * bytes, in their order into {@code buffer} at {@code offset}; the indices go to the device once per array.
     */
    void gather(long column, int size, int[] cells, MemorySegment buffer, long offset) {
        if (cells.length == 0) {
            return;
        }
        DeviceBuffer indices = gathers.get(cells);
        if (indices == null) {
            indices = DeviceBuffer.zeroed(4L * cells.length);
            buffers.add(indices);
            try (Arena staging = Arena.ofConfined()) {
                MemorySegment host = staging.allocate(4L * cells.length, 8);
                MemorySegment.copy(cells, 0, host, ValueLayout.JAVA_INT, 0, cells.length);
                indices.upload(host, 0);
            }
            gathers.put(cells, indices);
        }
        KernelParams p = params.begin();
        p.add(column).add(indices.pointer()).addInt(cells.length).add(buffer.address() + offset);
        launch("colony_cells_" + size, cells.length, p, false);
    }

    /**
     * Runs {@code kernel} (pack or unpack, by its prefix) over the box {@code region} of the element column at
     * {@code column}, each cell {@code size} bytes, and {@code buffer} at {@code offset}.
     */
    void box(String kernel, long column, int size, Layout layout, long pitch, Region region, MemorySegment buffer,
            long offset) {
        boxNamed(kernel + size, column, layout, pitch, region, buffer, offset);
    }

    /**
     * As {@link #box} with {@code colony_pack_1}, reading the owned cells of a boolean column kept as bits at
     * {@code bits} ({@link BitColumns}; {@code colony_pack_from_bits}).
     */
    void packFromBits(long bits, Layout layout, long pitch, Region region, MemorySegment buffer, long offset) {
        boxNamed("colony_pack_from_bits", bits, layout, pitch, region, buffer, offset);
    }

    private void boxNamed(String kernel, long column, Layout layout, long pitch, Region region, MemorySegment buffer,
            long offset) {
        long cells = region.cells();
        if (cells == 0) {
            return;
        }
        KernelParams boxParams = framed(layout, pitch);
        boxParams.add(column);
        boxParams.add(buffer.address() + offset);
        int[] lo = region.lo();
        int[] hi = region.hi();
        boxParams.addInt(lo[0]).addInt(lo[1]).addInt(lo[2]).addInt(hi[0] - lo[0]).addInt(hi[1] - lo[1])
                .addInt(hi[2] - lo[2]);
        launch(kernel, cells, boxParams, true);
    }

    /**
     * Copies the box {@code region} of the element column at {@code column} (of the block laid out as {@code layout})
     * into the box {@code into}, of the same shape, of the element column at {@code target} of a block on the same
     * device laid out as {@code targetLayout} ({@code colony_copy_}): a pack and the receiver's unpack in one.
     */
    void copy(long column, int size, Layout layout, long pitch, Region region, long target, Layout targetLayout,
            Region into) {
        copyNamed("colony_copy_" + size, column, layout, pitch, region, target, targetLayout, into);
    }

    /**
     * As {@link #copy} of a boolean column, reading the owned cells of one kept as bits at {@code bits}
     * ({@link BitColumns}; {@code colony_copy_from_bits}).
     */
    void copyFromBits(long bits, Layout layout, long pitch, Region region, long target, Layout targetLayout,
            Region into) {
        copyNamed("colony_copy_from_bits", bits, layout, pitch, region, target, targetLayout, into);
    }

    private void copyNamed(String kernel, long column, Layout layout, long pitch, Region region, long target,
            Layout targetLayout, Region into) {
        long cells = region.cells();
        if (cells == 0) {
            return;
        }
        KernelParams p = framed(layout, pitch);
        int[] lo = region.lo();
        int[] hi = region.hi();
        int[] to = into.lo();
        p.add(column).add(target).add(targetLayout.base()).add(targetLayout.strideY()).add(targetLayout.strideZ());
        p.addInt(lo[0]).addInt(lo[1]).addInt(lo[2]).addInt(to[0]).addInt(to[1]).addInt(to[2]);
        p.addInt(hi[0] - lo[0]).addInt(hi[1] - lo[1]).addInt(hi[2] - lo[2]);
        launch(kernel, cells, p, true);
    }

    /**
     * Fills every halo cell of the element column at {@code column} of a block holding a whole torus with the owned
     * cell it wraps to ({@code colony_wrap_fill_}).
     */
    void wrapFill(long column, int size, Layout layout, long pitch) {
        KernelParams p = framed(layout, pitch);
        p.add(column);
        launch("colony_wrap_fill_" + size, wrapHaloCells(layout), p, true);
    }

    /**
     * Packs the owned cells of the boolean column at {@code column} into {@code bits} ({@code colony_bits_pack}, laid
     * out as {@link BitColumns} says).
     */
    void packBits(long column, long bits, Layout layout) {
        KernelParams p = framed(layout, layout.storedCells());
        p.add(column).add(bits);
        launch("colony_bits_pack", BitColumns.words(layout) * 32, p, true);
    }

    /** Unpacks {@code bits} into the owned cells of the boolean column at {@code column} ({@code colony_bits_unpack}). */
    void unpackBits(long bits, long column, Layout layout) {
        KernelParams p = framed(layout, layout.storedCells());
        p.add(bits).add(column);
        launch("colony_bits_unpack", (long) layout.extent0() * layout.extent1(), p, true);
    }

    /** {@return the parameters of a launch, begun with the frame of a block laid out as {@code layout}} */
    private KernelParams framed(Layout layout, long pitch) {
        KernelParams p = params.begin();
        Frames.write(p.frame(), layout, 0, 0, 0, errors.pointer(), layout.rows(), pitch, 0, DeviceErrors.NO_STEP);
        return p;
    }

    /**
     * Launches support kernel {@code kernel} over {@code cells} cells, blocks of 256 threads (each walking on by the
     * grid where the cells are more than its most blocks); {@code frame}: its parameters begin with a frame.
     */
    private void launch(String kernel, long cells, KernelParams p, boolean frame) {
        int blocks = (int) Math.min(65535L * 16, (cells + 255) / 256);
        cx.launch(cx.support().function(kernel), Math.max(1, blocks), 1, 1, 256, 1, 1, p, frame, kernel);
    }

    /** {@return the halo cells of a block, as {@code colony_wrap_fill} walks them (support.cu)} */
    static long wrapHaloCells(Layout l) {
        long slabs = l.dims() >= 3 ? 2L * l.pad() * l.stored0() * l.stored1() : 0;
        long rows = l.dims() >= 2 ? (long) l.extent2() * 2 * l.pad() * l.stored0() : 0;
        return slabs + rows + (long) l.extent2() * l.extent1() * 2 * l.pad();
    }

    /** {@return the exchange buffers and gathered indices, for the block to close} */
    List<DeviceBuffer> buffers() {
        return buffers;
    }
}
