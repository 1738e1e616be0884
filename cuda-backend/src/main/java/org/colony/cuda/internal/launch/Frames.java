package org.colony.cuda.internal.launch;

import static java.lang.foreign.MemoryLayout.PathElement.groupElement;
import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;

import java.lang.foreign.MemoryLayout;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.StructLayout;
import org.colony.cuda.internal.device.DeviceErrors;
import org.colony.kernel.Call;
import org.colony.kernel.Layout;

/**
 * Writes {@code colony::Frame} ({@code colony.cuh}) field by field, by name ({@link #LAYOUT}): 11 longs, then 14
 * ints, 144 bytes. {@code FramesTest} checks every field's name, order and offset against the header.
 */
public final class Frames {

    /** {@code struct Frame} of {@code colony.cuh}, field for field. */
    public static final StructLayout LAYOUT = MemoryLayout.structLayout(
            JAVA_LONG.withName("base"),
            JAVA_LONG.withName("strideY"),
            JAVA_LONG.withName("strideZ"),
            JAVA_LONG.withName("seed"),
            JAVA_LONG.withName("epoch"),
            JAVA_LONG.withName("time"),
            JAVA_LONG.withName("error"),
            JAVA_LONG.withName("rows"),
            JAVA_LONG.withName("pitch"),
            JAVA_LONG.withName("placePitch"),
            JAVA_LONG.withName("gate"),
            JAVA_INT.withName("dims"),
            JAVA_INT.withName("size0"),
            JAVA_INT.withName("size1"),
            JAVA_INT.withName("size2"),
            JAVA_INT.withName("origin0"),
            JAVA_INT.withName("origin1"),
            JAVA_INT.withName("origin2"),
            JAVA_INT.withName("extent0"),
            JAVA_INT.withName("extent1"),
            JAVA_INT.withName("extent2"),
            JAVA_INT.withName("pad"),
            JAVA_INT.withName("wrap"),
            JAVA_INT.withName("march"),
            JAVA_INT.withName("step")).withName("Frame");

    /** The frame's size in bytes. */
    public static final long BYTES = LAYOUT.byteSize();
    /** The frame's size in 8-byte words. */
    private static final int WORDS = (int) (BYTES / 8);

    private static final long BASE = offset("base");
    private static final long STRIDE_Y = offset("strideY");
    private static final long STRIDE_Z = offset("strideZ");
    private static final long SEED = offset("seed");
    private static final long EPOCH = offset("epoch");
    private static final long TIME = offset("time");
    private static final long ERROR = offset("error");
    private static final long ROWS = offset("rows");
    private static final long PITCH = offset("pitch");
    private static final long PLACE_PITCH = offset("placePitch");
    private static final long GATE = offset("gate");
    private static final long DIMS = offset("dims");
    private static final long SIZE0 = offset("size0");
    private static final long SIZE1 = offset("size1");
    private static final long SIZE2 = offset("size2");
    private static final long ORIGIN0 = offset("origin0");
    private static final long ORIGIN1 = offset("origin1");
    private static final long ORIGIN2 = offset("origin2");
    private static final long EXTENT0 = offset("extent0");
    private static final long EXTENT1 = offset("extent1");
    private static final long EXTENT2 = offset("extent2");
    private static final long PAD = offset("pad");
    private static final long WRAP = offset("wrap");
    private static final long MARCH = offset("march");
    private static final long STEP = offset("step");

    private Frames() {
    }

    /** The byte offset of field {@code field} in the frame. */
    public static long offset(String field) {
        return LAYOUT.byteOffset(groupElement(field));
    }

    /**
     * Fills a frame. A step's frame carries the call as the step sees it ({@link Call#seenBy}): the seed and the
     * epoch only when it draws random numbers, the time only when it reads {@code time()}, so the launches of a step
     * repeat from tick to tick and a CUDA graph replays them without changing a parameter.
     *
     * @param rows the block's rows (places) or the live agents (agents)
     * @param pitch the element pitch of the kernel's own array attributes
     * @param placePitch for agent kernels, the element pitch of the places' array attributes
     * @param who the step that runs, as {@link DeviceErrors#who}, or {@link DeviceErrors#NO_STEP}
     */
    public static void write(MemorySegment frame, Layout layout, long seed, long epoch, long time, long error,
            long rows, long pitch, long placePitch, int who) {
        write(frame, layout, seed, epoch, time, error, rows, pitch, placePitch, 1, who);
    }

    /**
     * Fills a frame for a place kernel that runs on the box {@code lo .. hi} of the block's owned cells only
     * (local coordinates): the frame describes the box as if it were the block, with the block's strides.
     */
    public static void writeBox(MemorySegment frame, Layout layout, int[] lo, int[] hi, long seed, long epoch,
            long time, long error, long pitch, int march, int who) {
        write(frame, layout, seed, epoch, time, error, (long) (hi[1] - lo[1]) * (hi[2] - lo[2]), pitch, 0, march,
                who);
        frame.set(JAVA_LONG, BASE, layout.base() + lo[0] + (long) lo[1] * layout.strideY()
                + (long) lo[2] * layout.strideZ());
        frame.set(JAVA_INT, ORIGIN0, layout.origin0() + lo[0]);
        frame.set(JAVA_INT, ORIGIN1, layout.origin1() + lo[1]);
        frame.set(JAVA_INT, ORIGIN2, layout.origin2() + lo[2]);
        frame.set(JAVA_INT, EXTENT0, hi[0] - lo[0]);
        frame.set(JAVA_INT, EXTENT1, hi[1] - lo[1]);
        frame.set(JAVA_INT, EXTENT2, hi[2] - lo[2]);
    }

    /**
     * Fills a frame for a kernel that walks {@code march} rows per thread: built in a Java array and copied in one go,
     * since a run's first launches run in the interpreter, where each field written to native memory on its own is a
     * long way through method handles.
     */
    public static void write(MemorySegment frame, Layout layout, long seed, long epoch, long time, long error,
            long rows, long pitch, long placePitch, int march, int who) {
        long[] f = new long[WORDS];
        f[(int) (BASE >>> 3)] = layout.base();
        f[(int) (STRIDE_Y >>> 3)] = layout.strideY();
        f[(int) (STRIDE_Z >>> 3)] = layout.strideZ();
        f[(int) (SEED >>> 3)] = seed;
        f[(int) (EPOCH >>> 3)] = epoch;
        f[(int) (TIME >>> 3)] = time;
        f[(int) (ERROR >>> 3)] = error;
        f[(int) (ROWS >>> 3)] = rows;
        f[(int) (PITCH >>> 3)] = pitch;
        f[(int) (PLACE_PITCH >>> 3)] = placePitch;
        putInt(f, DIMS, layout.dims());
        putInt(f, SIZE0, layout.size0());
        putInt(f, SIZE1, layout.size1());
        putInt(f, SIZE2, layout.size2());
        putInt(f, ORIGIN0, layout.origin0());
        putInt(f, ORIGIN1, layout.origin1());
        putInt(f, ORIGIN2, layout.origin2());
        putInt(f, EXTENT0, layout.extent0());
        putInt(f, EXTENT1, layout.extent1());
        putInt(f, EXTENT2, layout.extent2());
        putInt(f, PAD, layout.pad());
        putInt(f, WRAP, layout.wrap() ? 1 : 0);
        putInt(f, MARCH, march);
        putInt(f, STEP, who);
        MemorySegment.copy(f, 0, frame, JAVA_LONG, 0, WORDS);
    }

    /**
     * Gates an agent step's launch on a count on the device: the step does nothing where the jlong at {@code count}
     * is 0 when it runs ({@code colony::gatedOff}); {@code write} leaves a frame without a gate.
     */
    public static void gate(MemorySegment frame, long count) {
        frame.set(JAVA_LONG, GATE, count);
    }

    /** Puts an int field at byte {@code offset} into the frame's words (little-endian, as every CUDA host is). */
    private static void putInt(long[] words, long offset, int value) {
        words[(int) (offset >>> 3)] |= Integer.toUnsignedLong(value) << ((offset & 4) * 8);
    }
}
