package org.colony.cuda.internal.store;

import org.colony.cuda.internal.bind.Driver;
import org.colony.cuda.internal.bind.StreamCalls;
import org.colony.cuda.internal.launch.CudaContext;
import org.colony.cuda.internal.launch.KernelParams;

/**
 * A partition's stream of its own, beside the context's, so that the kernels of a device's partitions run side by side
 * (a partition's kernel may fill only part of the device, or end in a partly filled last wave): work on it begins
 * after everything given to the context's stream so far ({@link #begin}), and the context's stream waits for it at
 * {@link #join}, which the partitioned collection calls once every partition of the device launched its kernel. No
 * host wait either way. Made on the first launch, in the block's context (which must be current).
 *
 * <p>One partition of a device (the first to launch, which claims the context's stream: {@code
 * CudaContext.claimStream}) runs on the context's stream itself: its launch waits for the {@link #join}, after the
 * others' launches, so that their streams do not wait for its kernel, and its kernel starts right after what the
 * context's stream ran before (the halo's copies) rather than after a wait between streams (8 µs on an H100, each step
 * of GameOfLife at once on 2 partitions). It gives the stream back when it closes.
 */
final class SideStream implements AutoCloseable {

    /** Whether this block's first launch decided where its work runs: the context's stream or its own. */
    private boolean decided;
    /** The context whose stream this block claimed (null where it runs on its own, or has not launched). */
    private CudaContext claimed;
    private long stream;
    private long fork;
    private long done;
    /** Whether work was given to the stream that the context's stream has not been made to wait for. */
    private boolean due;
    /** On the context's stream: the launch {@link #join} issues (null where none waits). */
    private Runnable pending;

    /**
     * Launches a kernel on the stream ({@link CudaContext#launchOn}), after everything given to the context's stream so
     * far; {@link #join} orders the context's stream after it. On the context's own stream the launch waits for
     * {@link #join} (the caller's parameters stay as they are until then: no other launch of its block comes between).
     */
    void launch(CudaContext cx, long function, int gx, int gy, int bx, int by, int sharedBytes, KernelParams params,
            String name) {
        if (!decided) {
            decided = true;
            claimed = cx.claimStream() ? cx : null;
        }
        if (claimed != null) {
            if (pending != null) { // (its parameters are the caller's, which this launch has rewritten)
                throw new IllegalStateException("a partition's launch on the context's stream waits for its join");
            }
            pending = () -> cx.launchOn(0L, function, gx, gy, 1, bx, by, 1, sharedBytes, params, name);
            return;
        }
        cx.launchOn(begin(), function, gx, gy, 1, bx, by, 1, sharedBytes, params, name);
        StreamCalls.recordEvent(done, stream);
        due = true;
    }

    private void issue() {
        if (pending != null) {
            Runnable launch = pending;
            pending = null;
            launch.run();
        }
    }

    /** {@return the stream, after an event on the context's stream that its next work waits for} */
    private long begin() {
        if (stream == 0) {
            // non-blocking: an event recorded on the legacy stream (the next partition's fork) would otherwise wait
            // for this stream's work, and the partitions' kernels would run one after the other
            stream = StreamCalls.createStream(1);
            fork = StreamCalls.createFence();
            done = StreamCalls.createFence();
        }
        StreamCalls.recordEvent(fork, 0L);
        StreamCalls.waitEvent(stream, fork);
        return stream;
    }

    /** Makes the context's stream wait for the work given to this one, without the host waiting. */
    void join() {
        issue();
        if (due) {
            StreamCalls.waitEvent(0L, done);
            due = false;
        }
    }

    /** Joins, and the host waits for the stream's work: before what that work uses is freed. */
    void await() {
        join();
        if (stream != 0) {
            StreamCalls.synchronizeStream(stream);
        } else if (claimed != null) {
            Driver.synchronize(); // (the context's stream)
        }
    }

    @Override
    public void close() {
        try {
            await(); // before the block frees the columns and modules its work uses
            if (stream != 0) {
                StreamCalls.destroyStream(stream);
                StreamCalls.destroyEvent(fork);
                StreamCalls.destroyEvent(done);
                stream = 0;
            }
        } finally {
            if (claimed != null) {
                claimed.releaseStream();
                claimed = null;
            }
        }
    }
}
