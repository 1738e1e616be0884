package org.colony.cuda.internal.device;

import org.colony.ColonyException;
import org.colony.cuda.internal.bind.Driver;
import org.colony.cuda.internal.bind.Streams;
import org.colony.runtime.spi.WorkFailure;

/**
 * One GPU with its primary context, made current on the calling thread before each use. Drive a device
 * from platform threads: a context is current per OS thread, which a virtual thread does not keep. One
 * thread may drive several devices; it remembers which context it made current last.
 */
public final class CudaDevice implements AutoCloseable {

    private static final int ATTRIBUTE_MULTIPROCESSORS = 16;
    /** {@code CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_BLOCK_OPTIN}. */
    private static final int ATTRIBUTE_SHARED_PER_BLOCK_OPTIN = 97;
    private static final int ATTRIBUTE_MAJOR = 75;
    private static final int ATTRIBUTE_MINOR = 76;
    /** The context this thread made current last through {@link #makeCurrent()} (0: none yet). */
    private static final ThreadLocal<long[]> CURRENT = ThreadLocal.withInitial(() -> new long[1]);

    private final int ordinal;
    private final int handle;
    private final String name;
    private final int major;
    private final int minor;
    private final int multiprocessors;
    private final int sharedPerBlock;
    private final long totalMemory;
    private final long context;
    /** The thread that opened the device: with per-thread streams, the only one that may use it. */
    private final Thread owner;
    /** Whether the simulation is being released: then any thread may make the context current. */
    private volatile boolean releasing;
    private boolean closed;

    private CudaDevice(int ordinal) {
        this.ordinal = ordinal;
        this.handle = Driver.device(ordinal);
        this.name = Driver.deviceName(handle);
        this.major = Driver.attribute(handle, ATTRIBUTE_MAJOR);
        this.minor = Driver.attribute(handle, ATTRIBUTE_MINOR);
        this.multiprocessors = Driver.attribute(handle, ATTRIBUTE_MULTIPROCESSORS);
        this.sharedPerBlock = Driver.attribute(handle, ATTRIBUTE_SHARED_PER_BLOCK_OPTIN);
        this.totalMemory = Driver.totalMemory(handle);
        this.context = Driver.retainPrimaryContext(handle);
        this.owner = Thread.currentThread();
    }

    /**
     * Opens device {@code ordinal}.
     *
     * @throws ColonyException if there is no such device
     */
    public static CudaDevice open(int ordinal) {
        EarlyContext.await();
        Driver.init();
        int count = Driver.deviceCount();
        if (ordinal < 0 || ordinal >= count) {
            StringBuilder names = new StringBuilder();
            for (int i = 0; i < count; i++) {
                names.append(i == 0 ? "" : ", ").append(i).append(": ").append(Driver.deviceName(Driver.device(i)));
            }
            throw new ColonyException("--device=" + ordinal + " does not exist; this machine has " + count
                    + " CUDA device" + (count == 1 ? "" : "s") + (count == 0 ? "" : " (" + names + ")"));
        }
        CudaDevice d = new CudaDevice(ordinal);
        EarlyContext.handOver(ordinal);
        d.makeCurrent();
        MemoryPool.keepFreedMemory();
        return d;
    }

    /** A call of a device's simulation from a thread other than its owner's, with per-thread streams. */
    static final class OwnerFailure extends ColonyException implements WorkFailure {
        private static final long serialVersionUID = 1L;

        OwnerFailure(String message) {
            super(message);
        }
    }

    /** Makes this device's context current on the calling thread. */
    public void makeCurrent() {
        checkOpen();
        if (Streams.PER_THREAD && !releasing && Thread.currentThread() != owner) {
            // A failure, not a refusal: the call that met it may have begun (taken its random stream, say).
            throw new OwnerFailure("thread '" + Thread.currentThread().getName() + "' uses a CUDA simulation of "
                    + "thread '" + owner.getName() + "': with per-thread streams (colony.cuda.perThreadStreams, set by "
                    + "mass sweep --parallel on a GPU) a simulation's device work stays on the thread that created it");
        }
        long[] current = CURRENT.get();
        if (current[0] != context) {
            if (Thread.currentThread().isVirtual()) {
                throw new ColonyException("a CUDA simulation must be driven from a platform thread, not a virtual thread");
            }
            Driver.setCurrent(context);
            current[0] = context;
        }
    }

    /**
     * Makes this device's context current on the calling thread to release what the simulation holds, from any thread:
     * with per-thread streams, a thread other than the owner first waits for all the context's work (the owner's
     * stream included), so nothing freed is still in use, and from then on may use the device (only to release it).
     */
    public void makeCurrentToRelease() {
        checkOpen();
        if (Streams.PER_THREAD && !releasing && Thread.currentThread() != owner) {
            releasing = true;
            makeCurrent();
            Driver.synchronizeContext();
            return;
        }
        releasing = true;
        makeCurrent();
    }

    /** Throws if the device is closed. */
    public void checkOpen() {
        if (closed) {
            throw new ColonyException("the CUDA device " + ordinal + " is closed");
        }
    }

    /**
     * The primary context's handle, for code that switches contexts itself: such code must leave the
     * thread's current context as it found it, or the next {@link #makeCurrent()} may skip the switch.
     */
    public long context() {
        return context;
    }

    /** The architecture NVRTC compiles for: {@code sm_90}. */
    public String architecture() {
        return "sm_" + major + minor;
    }

    /** The device's ordinal. */
    public int ordinal() {
        return ordinal;
    }

    /** The device's name. */
    public String name() {
        return name;
    }

    /** Multiprocessors. */
    public int multiprocessors() {
        return multiprocessors;
    }

    /** The most shared memory a block may take, dynamic shared memory included (bytes). */
    public int sharedPerBlock() {
        return sharedPerBlock;
    }

    /** Total memory in bytes. */
    public long totalMemory() {
        return totalMemory;
    }

    /**
     * Free device memory in bytes, counting what the device's memory pool holds unused: pooled allocations take it
     * first, and a plain allocation that finds the device full has the pool give it back.
     */
    public long freeMemory() {
        makeCurrent();
        return Driver.memoryInfo()[0] + MemoryPool.spare();
    }

    /** Waits for all work on the device. */
    public void synchronize() {
        makeCurrent();
        Driver.synchronize();
    }

    @Override
    public void close() {
        if (!closed) {
            closed = true;
            long[] current = CURRENT.get();
            if (current[0] == context) {
                current[0] = 0;
            }
            Driver.releasePrimaryContext(handle);
        }
    }

    @Override
    public String toString() {
        return name + " (device " + ordinal + ", " + architecture() + ")";
    }
}
