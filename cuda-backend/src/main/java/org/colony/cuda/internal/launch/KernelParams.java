package org.colony.cuda.internal.launch;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.ByteOrder;
import org.colony.kernel.ScalarType;

/**
 * The parameters of one kernel launch, built in native memory: each parameter's value in a slot of 8 bytes, and the
 * array of slot addresses that {@code cuLaunchKernel} reads, written once (slot {@code i} is always at the same
 * address). The driver copies the values at launch, so one instance is reused from launch to launch. A value is one
 * 8-byte write, narrower ones zero-extended in the little-endian order of every CUDA host, so equal parameters are
 * equal bytes (CUDA graphs compare the bytes of snapshots): a run's first launches run in the interpreter, where every
 * access to native memory is a long way through method handles.
 */
public final class KernelParams {

    private static final int SLOT = 8;

    static {
        if (ByteOrder.nativeOrder() != ByteOrder.LITTLE_ENDIAN) {
            throw new IllegalStateException("CUDA kernel parameters are written for a little-endian host");
        }
    }

    private final MemorySegment values;
    private final MemorySegment pointers;
    private final MemorySegment frame;
    private int count;
    private final int capacity;

    /** Parameters with a frame of {@code frameBytes} and up to {@code capacity} other values. */
    public KernelParams(Arena arena, long frameBytes, int capacity) {
        this.capacity = capacity;
        this.frame = arena.allocate(frameBytes, 16);
        this.values = arena.allocate((long) SLOT * capacity, 16);
        this.pointers = arena.allocate(ValueLayout.ADDRESS, capacity + 1L);
        pointers.setAtIndex(ValueLayout.ADDRESS, 0, frame);
        for (int i = 0; i < capacity; i++) {
            pointers.setAtIndex(ValueLayout.JAVA_LONG, i + 1, values.address() + (long) SLOT * i);
        }
    }

    /** Starts a new list: the frame first. */
    public KernelParams begin() {
        count = 0;
        return this;
    }

    /** The frame's memory, to fill in. */
    public MemorySegment frame() {
        return frame;
    }

    /** Puts the next parameter's 8 bytes. */
    private KernelParams put(long bits) {
        if (count >= capacity) {
            throw new IllegalStateException("more than " + capacity + " kernel parameters");
        }
        values.set(ValueLayout.JAVA_LONG, (long) SLOT * count++, bits);
        return this;
    }

    /** A device pointer or a 64-bit value. */
    public KernelParams add(long value) {
        return put(value);
    }

    /** A 32-bit value. */
    public KernelParams addInt(int value) {
        return put(Integer.toUnsignedLong(value));
    }

    /** A 32-bit float. */
    public KernelParams addFloat(float value) {
        return put(Integer.toUnsignedLong(Float.floatToRawIntBits(value)));
    }

    /** A one-byte boolean. */
    public KernelParams addBoolean(boolean value) {
        return put(value ? 1 : 0);
    }

    /** A boxed step argument of the given type. */
    public KernelParams add(Object value, ScalarType type) {
        return put(switch (type) {
            case BOOLEAN -> (Boolean) value ? 1 : 0;
            case BYTE -> Byte.toUnsignedLong((Byte) value);
            case SHORT -> Short.toUnsignedLong((Short) value);
            case INT -> Integer.toUnsignedLong((Integer) value);
            case LONG -> (Long) value;
            case FLOAT -> Integer.toUnsignedLong(Float.floatToRawIntBits((Float) value));
            case DOUBLE -> Double.doubleToRawLongBits((Double) value);
        });
    }

    /** The array of parameter addresses. */
    public MemorySegment pointers() {
        return pointers;
    }

    /** The array of parameter addresses without the frame, for kernels that take none. */
    public MemorySegment pointersWithoutFrame() {
        return pointers.asSlice(ValueLayout.ADDRESS.byteSize());
    }

    /** The number of parameters added since {@link #begin()}, not counting the frame. */
    public int count() {
        return count;
    }

    /** The frame's size in bytes. */
    public int frameBytes() {
        return (int) frame.byteSize();
    }

    /**
     * A copy of the values as {@link Launch} keeps them: the frame (when {@code withFrame}), then the parameters
     * in 8-byte slots.
     */
    public byte[] snapshot(boolean withFrame) {
        int f = withFrame ? frameBytes() : 0;
        byte[] b = new byte[f + SLOT * count];
        if (withFrame) {
            MemorySegment.copy(frame, ValueLayout.JAVA_BYTE, 0, b, 0, f);
        }
        MemorySegment.copy(values, ValueLayout.JAVA_BYTE, 0, b, f, SLOT * count);
        return b;
    }
}
