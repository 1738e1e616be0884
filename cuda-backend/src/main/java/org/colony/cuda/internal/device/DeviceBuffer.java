package org.colony.cuda.internal.device;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import org.colony.cuda.internal.bind.Driver;

/** A block of device memory, freed on {@link #close()}. */
public final class DeviceBuffer implements AutoCloseable {

    private final long pointer;
    private final long bytes;
    private final boolean pooled;
    private boolean freed;

    private DeviceBuffer(long pointer, long bytes, boolean pooled) {
        this.pointer = pointer;
        this.bytes = bytes;
        this.pooled = pooled;
    }

    /** Allocates {@code bytes} bytes, set to zero. */
    public static DeviceBuffer zeroed(long bytes) {
        long p = MemoryPool.allocateOutside(bytes);
        Driver.memset8(p, (byte) 0, Math.max(1, bytes));
        return new DeviceBuffer(p, bytes, false);
    }

    /**
     * Allocates {@code bytes} bytes, set to zero, from the device's memory pool in stream order: for buffers that
     * come and go with a population (agent columns, their scratch), whose allocation and release must not wait
     * for the device. {@link #close()} returns the memory to the pool, where the next such buffer finds it; the
     * pool gives it back to the device when a plain allocation or a memory estimate needs it.
     */
    public static DeviceBuffer pooled(long bytes) {
        if (!MemoryPool.supported()) {
            return zeroed(bytes);
        }
        long p = MemoryPool.allocate(bytes);
        Driver.memset8(p, (byte) 0, Math.max(1, bytes));
        return new DeviceBuffer(p, bytes, true);
    }

    /** The device address. */
    public long pointer() {
        return pointer;
    }

    /** The size in bytes. */
    public long bytes() {
        return bytes;
    }

    /** Copies {@code src} (host memory) to offset {@code offset}. */
    public void upload(MemorySegment src, long offset) {
        Driver.copyToDevice(pointer + offset, src, src.byteSize());
    }

    /** Copies {@code length} bytes from offset {@code offset} to {@code dst} (host memory). */
    public void download(MemorySegment dst, long offset, long length) {
        Driver.copyToHost(dst, pointer + offset, length);
    }

    /** Sets every byte to zero. */
    public void clear() {
        Driver.memset8(pointer, (byte) 0, Math.max(1, bytes));
    }

    /** Copies a Java array's bytes to the start of the buffer. */
    public void upload(byte[] data) {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment s = arena.allocate(data.length);
            MemorySegment.copy(data, 0, s, ValueLayout.JAVA_BYTE, 0, data.length);
            upload(s, 0);
        }
    }

    @Override
    public void close() {
        if (!freed) {
            freed = true;
            if (pooled) {
                MemoryPool.free(pointer);
            } else {
                Driver.free(pointer);
            }
        }
    }
}
