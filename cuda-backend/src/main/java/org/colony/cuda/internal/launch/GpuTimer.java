package org.colony.cuda.internal.launch;

import java.lang.foreign.MemorySegment;
import org.colony.cuda.internal.bind.Driver;
import org.colony.cuda.internal.bind.StreamCalls;
import org.colony.runtime.spi.Closeables;

/** Times launches and copies on the device with CUDA events, for benchmarks. */
public final class GpuTimer {

    private GpuTimer() {
    }

    /** Milliseconds per launch of a kernel over {@code reps} launches (2-D grid). */
    public static double kernel(long function, int gx, int gy, int bx, int by, MemorySegment params, int reps) {
        long start = StreamCalls.createEvent();
        long end = StreamCalls.createEvent();
        try {
            StreamCalls.recordEvent(start);
            for (int i = 0; i < reps; i++) {
                Driver.launch(function, gx, Math.min(gy, 65535), 1, bx, by, 1, 0, 0L, params, "benchmark");
            }
            StreamCalls.recordEvent(end);
            return StreamCalls.elapsed(start, end) / reps;
        } finally {
            Closeables.closeAll(() -> StreamCalls.destroyEvent(start), () -> StreamCalls.destroyEvent(end));
        }
    }

    /**
     * Device time between {@link #start()} and {@link #stopMillis()}: events recorded on the stream the
     * backend launches on, so it measures the device's work, not the host's.
     */
    public static final class Span implements AutoCloseable {
        private final long start = StreamCalls.createEvent();
        private final long end = StreamCalls.createEvent();

        /** Records the start event. */
        public Span start() {
            StreamCalls.recordEvent(start);
            return this;
        }

        /** Records the end event, waits for it and returns the milliseconds since the start event. */
        public double stopMillis() {
            StreamCalls.recordEvent(end);
            return StreamCalls.elapsed(start, end);
        }

        @Override
        public void close() {
            Closeables.closeAll(() -> StreamCalls.destroyEvent(start), () -> StreamCalls.destroyEvent(end));
        }
    }

    /** Milliseconds per device-to-device copy of {@code bytes}. */
    public static double copy(long dst, long src, long bytes, int reps) {
        long start = StreamCalls.createEvent();
        long end = StreamCalls.createEvent();
        try {
            StreamCalls.recordEvent(start);
            for (int i = 0; i < reps; i++) {
                Driver.copyOnDevice(dst, src, bytes);
            }
            StreamCalls.recordEvent(end);
            return StreamCalls.elapsed(start, end) / reps;
        } finally {
            Closeables.closeAll(() -> StreamCalls.destroyEvent(start), () -> StreamCalls.destroyEvent(end));
        }
    }
}
