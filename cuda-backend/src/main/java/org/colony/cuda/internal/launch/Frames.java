package org.colony.cuda.internal.launch;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import org.colony.cuda.internal.device.DeviceErrors;
import org.colony.kernel.Layout;

/** Writes {@code colony::Frame} (colony.cuh) field by field: 10 longs, then 14 ints, 136 bytes. */
public final class Frames {

    /** The frame's size in bytes. */
    public static final long BYTES = 136;

    private Frames() {
    }

    /**
     * Fills a frame. A step's frame carries the call as the step sees it ({@link org.colony.kernel.Call#seenBy}):
     * the seed and the epoch only when it draws random numbers, the time only when it reads {@code time()}, so
     * the launches of a step repeat from tick to tick and a CUDA graph replays them without changing a parameter.
     *
     * @param rows the block's rows (places) or the live agents (agents)
     * @param pitch the element pitch of the kernel's own array attributes
     * @param placePitch for agent kernels, the element pitch of the places' array attributes
     * @param who the step that runs, as {@link DeviceErrors#who}, or {@link DeviceErrors#NO_STEP}
     */
    public static void write(MemorySegment f, Layout l, long seed, long epoch, long time, long error, long rows,
            long pitch, long placePitch, int who) {
        write(f, l, seed, epoch, time, error, rows, pitch, placePitch, 1, who);
    }

    /**
     * Fills a frame for a place kernel that runs on the box {@code lo .. hi} of the block's owned cells only
     * (local coordinates): the frame describes the box as if it were the block, with the block's strides.
     */
    public static void writeBox(MemorySegment f, Layout l, int[] lo, int[] hi, long seed, long epoch, long time,
            long error, long pitch, int march, int who) {
        write(f, l, seed, epoch, time, error, (long) (hi[1] - lo[1]) * (hi[2] - lo[2]), pitch, 0, march, who);
        f.set(ValueLayout.JAVA_LONG, 0, l.base() + lo[0] + (long) lo[1] * l.strideY() + (long) lo[2] * l.strideZ());
        int[] box = {l.origin0() + lo[0], l.origin1() + lo[1], l.origin2() + lo[2], hi[0] - lo[0], hi[1] - lo[1],
            hi[2] - lo[2]};
        for (int i = 0; i < box.length; i++) {
            f.set(ValueLayout.JAVA_INT, 80 + 4L * (4 + i), box[i]);
        }
    }

    /** Fills a frame for a kernel that walks {@code march} rows per thread. */
    public static void write(MemorySegment f, Layout l, long seed, long epoch, long time, long error, long rows,
            long pitch, long placePitch, int march, int who) {
        f.set(ValueLayout.JAVA_LONG, 0, l.base());
        f.set(ValueLayout.JAVA_LONG, 8, l.strideY());
        f.set(ValueLayout.JAVA_LONG, 16, l.strideZ());
        f.set(ValueLayout.JAVA_LONG, 24, seed);
        f.set(ValueLayout.JAVA_LONG, 32, epoch);
        f.set(ValueLayout.JAVA_LONG, 40, time);
        f.set(ValueLayout.JAVA_LONG, 48, error);
        f.set(ValueLayout.JAVA_LONG, 56, rows);
        f.set(ValueLayout.JAVA_LONG, 64, pitch);
        f.set(ValueLayout.JAVA_LONG, 72, placePitch);
        int[] ints = {l.dims(), l.size0(), l.size1(), l.size2(), l.origin0(), l.origin1(), l.origin2(), l.extent0(),
            l.extent1(), l.extent2(), l.pad(), l.wrap() ? 1 : 0, march, who};
        for (int i = 0; i < ints.length; i++) {
            f.set(ValueLayout.JAVA_INT, 80 + 4L * i, ints[i]);
        }
    }
}
