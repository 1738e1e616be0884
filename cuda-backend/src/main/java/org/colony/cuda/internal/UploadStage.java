package org.colony.cuda.internal;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;

/**
 * Page-locked host memory that small uploads go through without waiting for the device. A copy from ordinary
 * (pageable) host memory first waits until the device has finished everything queued before it; from here the copy
 * is queued on the stream the kernels run on and the host goes on. The bytes of a queued copy stay untouched until
 * the owner knows the device is past it ({@link #deviceWaited}, called after any wait for the device), or, when the
 * space runs out first, until a wait here.
 *
 * <p>One owner (an agent collection on one device) uses it from one thread at a time, with its device current.
 */
final class UploadStage implements AutoCloseable {

    private MemorySegment pinned;
    private long used;

    UploadStage(long bytes) {
        this.pinned = Driver.allocateHost(Math.max(4096, bytes));
    }

    /** Queues a copy of {@code src[offset, offset + bytes)} to device address {@code dst}. */
    void upload(long dst, MemorySegment src, long offset, long bytes) {
        if (bytes == 0) {
            return;
        }
        MemorySegment slice = take(bytes);
        MemorySegment.copy(src, offset, slice, 0, bytes);
        Driver.copyToDeviceAsync(dst, slice, bytes);
    }

    /** Queues a copy of {@code values} to device address {@code dst}. */
    void upload(long dst, int[] values) {
        if (values.length == 0) {
            return;
        }
        MemorySegment slice = take(4L * values.length);
        MemorySegment.copy(values, 0, slice, ValueLayout.JAVA_INT, 0, values.length);
        Driver.copyToDeviceAsync(dst, slice, 4L * values.length);
    }

    /** Queues a copy of {@code values} to device address {@code dst}. */
    void upload(long dst, long[] values) {
        if (values.length == 0) {
            return;
        }
        MemorySegment slice = take(8L * values.length);
        MemorySegment.copy(values, 0, slice, ValueLayout.JAVA_LONG, 0, values.length);
        Driver.copyToDeviceAsync(dst, slice, 8L * values.length);
    }

    /** The owner waited for the device: every copy queued so far is done, and the space is free again. */
    void deviceWaited() {
        used = 0;
    }

    private MemorySegment take(long bytes) {
        long aligned = (bytes + 15) & ~15L;
        if (used + aligned > pinned.byteSize()) {
            Driver.synchronize(); // the queued copies still read the space
            used = 0;
            if (aligned > pinned.byteSize()) {
                Driver.freeHost(pinned);
                pinned = Driver.allocateHost(Math.max(aligned, 2 * pinned.byteSize()));
            }
        }
        MemorySegment slice = pinned.asSlice(used, bytes);
        used += aligned;
        return slice;
    }

    /** The page-locked bytes held. */
    long bytes() {
        return pinned.byteSize();
    }

    @Override
    public void close() {
        if (pinned != null) {
            Driver.synchronize();
            Driver.freeHost(pinned);
            pinned = null;
        }
    }
}
