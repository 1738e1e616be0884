package org.colony.cuda.internal.store;

import org.colony.cuda.internal.bind.Driver;
import org.colony.cuda.internal.launch.CudaContext;
import org.colony.cuda.internal.launch.KernelParams;

/**
 * A partition's stream of its own, beside the context's, so that the kernels of a device's partitions run side by side
 * (a partition's kernel may fill only part of the device, or end in a partly filled last wave): work on it begins
 * after everything given to the context's stream so far ({@link #begin}), and the context's stream waits for it at
 * {@link #join}, which the partitioned collection calls once every partition of the device launched its kernel. No
 * host wait either way. Made on the first launch, in the block's context (which must be current).
 */
final class SideStream implements AutoCloseable {

    private long stream;
    private long fork;
    private long done;
    /** Whether work was given to the stream that the context's stream has not been made to wait for. */
    private boolean due;

    /**
     * Launches a kernel on the stream ({@link CudaContext#launchOn}), after everything given to the context's stream so
     * far; {@link #join} orders the context's stream after it.
     */
    void launch(CudaContext cx, long function, int gx, int gy, int bx, int by, int sharedBytes, KernelParams params,
            String name) {
        cx.launchOn(begin(), function, gx, gy, 1, bx, by, 1, sharedBytes, params, name);
        Driver.recordEvent(done, stream);
        due = true;
    }

    /** {@return the stream, after an event on the context's stream that its next work waits for} */
    private long begin() {
        if (stream == 0) {
            // non-blocking: an event recorded on the legacy stream (the next partition's fork) would otherwise wait
            // for this stream's work, and the partitions' kernels would run one after the other
            stream = Driver.createStream(1);
            fork = Driver.createFence();
            done = Driver.createFence();
        }
        Driver.recordEvent(fork, 0L);
        Driver.waitEvent(stream, fork);
        return stream;
    }

    /** Makes the context's stream wait for the work given to this one, without the host waiting. */
    void join() {
        if (due) {
            Driver.waitEvent(0L, done);
            due = false;
        }
    }

    /** Joins, and the host waits for the stream's work: before what that work uses is freed. */
    void await() {
        if (stream != 0) {
            join();
            Driver.synchronizeStream(stream);
        }
    }

    @Override
    public void close() {
        if (stream != 0) {
            await(); // before the block frees the columns and modules its work uses
            Driver.destroyStream(stream);
            Driver.destroyEvent(fork);
            Driver.destroyEvent(done);
            stream = 0;
        }
    }
}
