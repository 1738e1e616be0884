package org.colony.cuda.internal.launch;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import org.colony.kernel.ScalarType;

/**
 * The parameters of one kernel launch, built in native memory: each parameter's value in a slot, and the
 * array of slot addresses that {@code cuLaunchKernel} reads. The driver copies the values at launch, so
 * one instance is reused from launch to launch.
 */
public final class KernelParams {

    private static final int SLOT = 8;
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
    }

    /** Starts a new list: the frame first. */
    public KernelParams begin() {
        count = 0;
        pointers.setAtIndex(ValueLayout.ADDRESS, 0, frame);
        return this;
    }

    /** The frame's memory, to fill in. */
    public MemorySegment frame() {
        return frame;
    }

    private MemorySegment next() {
        if (count >= capacity) {
            throw new IllegalStateException("more than " + capacity + " kernel parameters");
        }
        MemorySegment slot = values.asSlice((long) SLOT * count, SLOT);
        // A narrower value leaves the rest of the slot zero rather than what the slot held before, so equal
        // parameters are equal bytes (CUDA graphs compare the bytes of snapshots).
        slot.set(ValueLayout.JAVA_LONG, 0, 0L);
        pointers.setAtIndex(ValueLayout.ADDRESS, count + 1, slot);
        count++;
        return slot;
    }

    /** A device pointer or a 64-bit value. */
    public KernelParams add(long value) {
        next().set(ValueLayout.JAVA_LONG, 0, value);
        return this;
    }

    /** A 32-bit value. */
    public KernelParams addInt(int value) {
        next().set(ValueLayout.JAVA_INT, 0, value);
        return this;
    }

    /** A 32-bit float. */
    public KernelParams addFloat(float value) {
        next().set(ValueLayout.JAVA_FLOAT, 0, value);
        return this;
    }

    /** A one-byte boolean. */
    public KernelParams addBoolean(boolean value) {
        next().set(ValueLayout.JAVA_BOOLEAN, 0, value);
        return this;
    }

    /** A boxed step argument of the given type. */
    public KernelParams add(Object value, ScalarType type) {
        MemorySegment slot = next();
        switch (type) {
            case BOOLEAN -> slot.set(ValueLayout.JAVA_BOOLEAN, 0, (Boolean) value);
            case BYTE -> slot.set(ValueLayout.JAVA_BYTE, 0, (Byte) value);
            case SHORT -> slot.set(ValueLayout.JAVA_SHORT, 0, (Short) value);
            case INT -> slot.set(ValueLayout.JAVA_INT, 0, (Integer) value);
            case LONG -> slot.set(ValueLayout.JAVA_LONG, 0, (Long) value);
            case FLOAT -> slot.set(ValueLayout.JAVA_FLOAT, 0, (Float) value);
            case DOUBLE -> slot.set(ValueLayout.JAVA_DOUBLE, 0, (Double) value);
        }
        return this;
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
