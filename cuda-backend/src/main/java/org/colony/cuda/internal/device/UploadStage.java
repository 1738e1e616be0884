package org.colony.cuda.internal.device;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import org.colony.cuda.internal.bind.CudaException;
import org.colony.cuda.internal.bind.Driver;

/**
 * Page-locked host memory that small uploads go through without waiting for the device. A copy from ordinary
 * (pageable) host memory first waits until the device has finished everything queued before it; from here the copy
 * is queued on the stream the kernels run on and the host goes on. The bytes of a queued copy stay untouched until
 * the owner knows the device is past it ({@link #deviceWaited}, called after any wait for the device), or, when the
 * space runs out first, until a wait here.
 *
 * <p>Where the driver refuses page-locked memory (a limit on locked memory), uploads fall back to ordinary copies,
 * which wait. One owner (an agent collection on one device) uses it from one thread at a time, with its device
 * current.
 */
public final class UploadStage implements AutoCloseable {

    private MemorySegment pinned;
    private long used;

    /** A stage of {@code bytes} of page-locked host memory, grown when an upload needs more. */
    public UploadStage(long bytes) {
        this(bytes, true);
    }

    /** With {@code pageLocked} false, every upload is an ordinary copy (as where page-locked memory is refused). */
    public UploadStage(long bytes, boolean pageLocked) {
        this.pinned = pageLocked ? allocate(Math.max(4096, bytes)) : null;
    }

    /** Queues a copy of {@code src[offset, offset + bytes)} to device address {@code dst}. */
    public void upload(long dst, MemorySegment src, long offset, long bytes) {
        if (bytes == 0) {
            return;
        }
        MemorySegment slice = take(bytes);
        if (slice == null) {
            try (Arena arena = Arena.ofConfined()) {
                MemorySegment host = arena.allocate(bytes, 8);
                MemorySegment.copy(src, offset, host, 0, bytes);
                Driver.copyToDevice(dst, host, bytes);
            }
            return;
        }
        MemorySegment.copy(src, offset, slice, 0, bytes);
        Driver.copyToDeviceAsync(dst, slice, bytes);
    }

    /** Queues a copy of {@code values} to device address {@code dst}. */
    public void upload(long dst, int[] values) {
        upload(dst, MemorySegment.ofArray(values), 0, 4L * values.length);
    }

    /** Queues a copy of {@code values} to device address {@code dst}. */
    public void upload(long dst, long[] values) {
        upload(dst, MemorySegment.ofArray(values), 0, 8L * values.length);
    }

    /** The owner waited for the device: every copy queued so far is done, and the space is free again. */
    public void deviceWaited() {
        used = 0;
    }

    /** Space for {@code bytes} bytes, or null where no page-locked memory is to be had. */
    private MemorySegment take(long bytes) {
        long aligned = (bytes + 15) & ~15L;
        if (pinned == null) {
            return null;
        }
        if (used + aligned > pinned.byteSize()) {
            Driver.synchronize(); // the queued copies still read the space
            used = 0;
            if (aligned > pinned.byteSize()) {
                MemorySegment larger = allocate(Math.max(aligned, 2 * pinned.byteSize()));
                if (larger == null) {
                    return null;
                }
                Driver.freeHost(pinned);
                pinned = larger;
            }
        }
        MemorySegment slice = pinned.asSlice(used, bytes);
        used += aligned;
        return slice;
    }

    private static MemorySegment allocate(long bytes) {
        try {
            return Driver.allocateHost(bytes);
        } catch (CudaException e) {
            return null;
        }
    }

    /** The page-locked bytes held. */
    public long bytes() {
        return pinned == null ? 0 : pinned.byteSize();
    }

    @Override
    public void close() {
        if (pinned != null) {
            try {
                Driver.synchronize();
            } finally {
                Driver.freeHost(pinned);
                pinned = null;
            }
        }
    }
}
