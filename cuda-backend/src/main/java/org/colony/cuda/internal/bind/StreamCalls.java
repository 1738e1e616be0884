package org.colony.cuda.internal.bind;

import static java.lang.foreign.ValueLayout.JAVA_FLOAT;
import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;

/**
 * The driver's streams and events ({@code cuStreamCreateWithPriority}, {@code cuStreamWaitEvent},
 * {@code cuEventRecord}, {@code cuEventElapsedTime} and their kin), bound in {@link Driver} like its other functions
 * and checked by its helper: what orders work across streams and times it on the device.
 */
public final class StreamCalls {

    private StreamCalls() {
    }

    /**
     * Creates a stream in the current context with the greatest priority the device offers: its blocks are
     * scheduled before those of stream 0 as multiprocessors free up (halo transfers among interior work).
     */
    public static long createUrgentStream(int flags) {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment least = arena.allocate(JAVA_INT);
            MemorySegment greatest = arena.allocate(JAVA_INT);
            Driver.check((int) Driver.CU_CTX_GET_STREAM_PRIORITY_RANGE.invokeExact(least, greatest),
                    "cuCtxGetStreamPriorityRange");
            return createStream(flags, greatest.get(JAVA_INT, 0));
        } catch (Throwable t) {
            throw Driver.rethrow(t, "cuCtxGetStreamPriorityRange");
        }
    }

    /**
     * Creates a stream in the current context with the default priority ({@code flags} 0: blocking, 1: non-blocking).
     */
    public static long createStream(int flags) {
        return createStream(flags, 0);
    }

    private static long createStream(int flags, int priority) {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment s = arena.allocate(JAVA_LONG);
            Driver.check((int) Driver.CU_STREAM_CREATE_WITH_PRIORITY.invokeExact(s, flags, priority),
                    "cuStreamCreateWithPriority");
            return s.get(JAVA_LONG, 0);
        } catch (Throwable t) {
            throw Driver.rethrow(t, "cuStreamCreateWithPriority");
        }
    }

    /** Waits for the work queued on {@code stream}. */
    public static void synchronizeStream(long stream) {
        try {
            Driver.check((int) Driver.CU_STREAM_SYNCHRONIZE.invokeExact(stream), "cuStreamSynchronize");
        } catch (Throwable t) {
            throw Driver.rethrow(t, "cuStreamSynchronize");
        }
    }

    /**
     * Makes later work on {@code stream} (0: the legacy default stream) wait for {@code event}, without the host
     * waiting.
     */
    public static void waitEvent(long stream, long event) {
        try {
            Driver.check((int) Driver.CU_STREAM_WAIT_EVENT.invokeExact(stream, event, 0), "cuStreamWaitEvent");
        } catch (Throwable t) {
            throw Driver.rethrow(t, "cuStreamWaitEvent");
        }
    }

    /** Creates an event for ordering only ({@code CU_EVENT_DISABLE_TIMING}). */
    public static long createFence() {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment e = arena.allocate(JAVA_LONG);
            Driver.check((int) Driver.CU_EVENT_CREATE.invokeExact(e, 2), "cuEventCreate");
            return e.get(JAVA_LONG, 0);
        } catch (Throwable t) {
            throw Driver.rethrow(t, "cuEventCreate");
        }
    }

    /** Destroys {@code stream} (work queued on it still runs). */
    public static void destroyStream(long stream) {
        try {
            Driver.check((int) Driver.CU_STREAM_DESTROY.invokeExact(stream), "cuStreamDestroy_v2");
        } catch (Throwable t) {
            throw Driver.rethrow(t, "cuStreamDestroy_v2");
        }
    }

    /** Creates an event that can time ({@link #elapsed}). */
    public static long createEvent() {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment e = arena.allocate(JAVA_LONG);
            Driver.check((int) Driver.CU_EVENT_CREATE.invokeExact(e, 0), "cuEventCreate");
            return e.get(JAVA_LONG, 0);
        } catch (Throwable t) {
            throw Driver.rethrow(t, "cuEventCreate");
        }
    }

    /** Records {@code event} on the legacy default stream. */
    public static void recordEvent(long event) {
        recordEvent(event, 0L);
    }

    /** Records {@code event} on {@code stream} (0: the legacy default stream). */
    public static void recordEvent(long event, long stream) {
        try {
            Driver.check((int) Driver.CU_EVENT_RECORD.invokeExact(event, stream), "cuEventRecord");
        } catch (Throwable t) {
            throw Driver.rethrow(t, "cuEventRecord");
        }
    }

    /** Waits until the device has done the work queued before {@code event} was last recorded. */
    public static void synchronizeEvent(long event) {
        try {
            Driver.check((int) Driver.CU_EVENT_SYNCHRONIZE.invokeExact(event), "cuEventSynchronize");
        } catch (Throwable t) {
            throw Driver.rethrow(t, "cuEventSynchronize");
        }
    }

    /**
     * Waits until the device has done the work queued before {@code event}, which must have been recorded already:
     * launches a graph recorder held since stay held (the wait needs none of them, and a partition's own launches
     * queued after its read may join another partition's in one graph).
     */
    public static void awaitRecorded(long event) {
        try {
            Driver.check((int) Driver.CU_EVENT_SYNCHRONIZE_RECORDED.invokeExact(event), "cuEventSynchronize");
        } catch (Throwable t) {
            throw Driver.rethrow(t, "cuEventSynchronize");
        }
    }

    /** {@return the milliseconds between two recorded events} Waits for {@code end}. */
    public static float elapsed(long start, long end) {
        try (Arena arena = Arena.ofConfined()) {
            Driver.check((int) Driver.CU_EVENT_SYNCHRONIZE.invokeExact(end), "cuEventSynchronize");
            MemorySegment ms = arena.allocate(JAVA_FLOAT);
            Driver.check((int) Driver.CU_EVENT_ELAPSED_TIME.invokeExact(ms, start, end), "cuEventElapsedTime_v2");
            return ms.get(JAVA_FLOAT, 0);
        } catch (Throwable t) {
            throw Driver.rethrow(t, "cuEventElapsedTime_v2");
        }
    }

    /** Destroys {@code event}. */
    public static void destroyEvent(long event) {
        try {
            Driver.check((int) Driver.CU_EVENT_DESTROY.invokeExact(event), "cuEventDestroy_v2");
        } catch (Throwable t) {
            throw Driver.rethrow(t, "cuEventDestroy_v2");
        }
    }
}
