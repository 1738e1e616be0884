package org.colony.cuda.internal.launch;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import org.colony.cuda.internal.bind.Driver;
import org.colony.cuda.internal.bind.StreamCalls;
import org.colony.cuda.internal.device.CudaDevice;
import org.colony.kernel.StepInfo;
import org.colony.runtime.spi.Closeables;
import org.colony.runtime.spi.DeviceTimings;

/**
 * Device time of step calls for {@code --profile}: while a {@link DeviceTimings} is set, the stores record
 * a CUDA event before and after each call's launches on the stream they launch on, and the pairs are read
 * later (every {@value #BATCH} calls, and when timing stops), so timing does not make the host wait after
 * every call. While none is set, {@link #on()} is false and the stores launch exactly as without it.
 */
public final class LaunchTimer implements AutoCloseable {

    static final int BATCH = 256;

    private record Pending(String name, long start, long end) {
    }

    private final CudaDevice device;
    private final ArrayDeque<Long> free = new ArrayDeque<>();
    private final List<Pending> pending = new ArrayList<>();
    private DeviceTimings sink;

    /** A timer of the stores on {@code device}; its events belong to that device's context. */
    LaunchTimer(CudaDevice device) {
        this.device = device;
    }

    /** Whether calls are being timed. */
    public boolean on() {
        return sink != null;
    }

    /** Records a start event; returns it for {@link #stop}. Only while {@link #on()}. */
    public long start() {
        device.makeCurrent();
        long e = event();
        StreamCalls.recordEvent(e);
        return e;
    }

    /** Records the end event of a call started with {@link #start()}. */
    public void stop(String name, long startEvent) {
        device.makeCurrent();
        long e = event();
        StreamCalls.recordEvent(e);
        pending.add(new Pending(name, startEvent, e));
        if (pending.size() >= BATCH) {
            flush();
        }
    }

    /**
     * Starts timing one call of a step: its start event while the timer is on, else 0 and nothing recorded (no
     * allocation, no device call), for {@link #end}.
     */
    public long begin() {
        return on() ? start() : 0L;
    }

    /** Ends a call {@link #begin} started: while the timer is on, its device time under {@code model.step}. */
    public void end(long begun, String model, StepInfo step) {
        if (on()) {
            stop(model + "." + step.name(), begun);
        }
    }

    /** Starts delivering timings to {@code timings}, or with null delivers the pending ones and stops. */
    public void deliverTo(DeviceTimings timings) {
        if (timings == null) {
            flush();
        }
        sink = timings;
    }

    private long event() {
        Long e = free.poll();
        return e != null ? e : StreamCalls.createEvent();
    }

    private void flush() {
        if (pending.isEmpty()) {
            return;
        }
        // The events belong to this device's context: read them there, whatever another library (NCCL, between the
        // GPUs of one process) left current, and leave the thread's context as it was.
        long before = Driver.currentContext();
        Driver.setCurrent(device.context());
        try {
            read();
        } finally {
            Driver.setCurrent(before);
        }
    }

    private void read() {
        for (Pending p : pending) {
            double ms = StreamCalls.elapsed(p.start(), p.end());
            if (sink != null) {
                sink.record(p.name(), ms);
            }
            free.add(p.start());
            free.add(p.end());
        }
        pending.clear();
    }

    @Override
    public void close() {
        for (Pending p : pending) {
            free.add(p.start());
            free.add(p.end());
        }
        pending.clear();
        List<AutoCloseable> events = new ArrayList<>();
        for (long e : free) {
            events.add(() -> StreamCalls.destroyEvent(e));
        }
        try {
            Closeables.closeAll(events);
        } finally {
            free.clear();
            sink = null;
        }
    }
}
